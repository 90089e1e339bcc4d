import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';

/**
 * An input file of `register import` (an OpenAPI spec in YAML or JSON, or the developer site's JSON
 * feed), read with the line of every key kept, so that a problem names the file, the line and the key.
 */

export type KeyPath = readonly (string | number)[];

/** Input the importer cannot read: where (file, line, key) and what is wrong. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly key: string | undefined,
    readonly problem: string,
  ) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${key ? `${key}: ` : ''}${problem}`);
    this.name = 'ImportError';
  }
}

export class SourceDocument {
  private constructor(
    readonly file: string,
    readonly data: unknown,
    private readonly document: Document,
    private readonly lines: LineCounter,
  ) {}

  static read(file: string): SourceDocument {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ImportError(file, undefined, undefined, `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    if (/\.json$/i.test(file)) checkJson(file, text);
    const lines = new LineCounter();
    const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
    const [error] = document.errors;
    if (error) {
      const line = lines.linePos(error.pos[0]).line;
      throw new ImportError(file, line, undefined, `is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'} (${error.message.split('\n')[0]})`);
    }
    return new SourceDocument(file, document.toJS({ maxAliasCount: -1 }), document, lines);
  }

  /** The line of a key path: the node's own, or the nearest enclosing node's when it is missing. */
  lineOf(path: KeyPath): number | undefined {
    for (let length = path.length; length >= 0; length--) {
      const node = this.document.getIn(path.slice(0, length), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return this.lines.linePos(node.range[0]).line;
    }
    return undefined;
  }

  /** An `ImportError` at a key path. */
  error(path: KeyPath, problem: string): ImportError {
    return new ImportError(this.file, this.lineOf(path), keyText(path), problem);
  }
}

/** `paths./chat.post.x-glean-deprecated`, `endpoints[3].deprecations[0].removal`. */
export function keyText(path: KeyPath): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join('');
}

/** JSON is stricter than YAML (no trailing commas, no comments): a `.json` file must be JSON. */
function checkJson(file: string, text: string): void {
  try {
    JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
    throw new ImportError(file, line, undefined, `is not valid JSON (${message.replace(/ in JSON at position \d+.*$/, '')})`);
  }
}
