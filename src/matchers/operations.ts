import { operationKey, type Operation } from '../register/types.js';
import { HOLE, type FlatPattern } from './string-pattern.js';

/**
 * Resolves URLs to Glean operations. Operation paths are templates whose `{param}` segments match any
 * one segment; other segments match exactly. Built once per register, then shared by every file.
 */

export interface CompiledOperation extends Operation {
  /** Template segments; null where the template has a parameter. */
  segments: (string | null)[];
  paramNames: (string | null)[];
  paramCount: number;
  key: string;
}

export interface UrlSegment {
  /** Offsets into the flat pattern text, end exclusive. */
  start: number;
  end: number;
  text: string;
}

export interface UrlMatch {
  /** The operations the path names, all equally specific; they differ only by method. */
  operations: CompiledOperation[];
  /** The URL's segments covered by the operation's path template, in order. */
  segments: UrlSegment[];
  /** Offsets of the matched path in the flat pattern: from its first `/` to the end of its last segment. */
  start: number;
  end: number;
}

export function compileOperation(operation: Operation): CompiledOperation {
  const raw = operation.path.split('/').slice(1);
  const paramNames = raw.map((segment) => (/^\{.+\}$/.test(segment) ? segment.slice(1, -1) : null));
  return {
    ...operation,
    segments: raw.map((segment, index) => (paramNames[index] === null ? segment : null)),
    paramNames,
    paramCount: paramNames.filter((name) => name !== null).length,
    key: operationKey(operation),
  };
}

export class OperationMatcher {
  readonly operations: readonly CompiledOperation[];
  /** Literal texts every operation path contains; a URL without any of them cannot match. */
  private readonly anchors: readonly string[];
  /** Texts one of which any file that names an operation in a literal must contain. */
  readonly fileTokens: readonly string[];

  constructor(operations: readonly Operation[]) {
    const unique = new Map<string, CompiledOperation>();
    for (const operation of operations) unique.set(operationKey(operation), compileOperation(operation));
    this.operations = [...unique.values()];
    this.anchors = [...new Set(this.operations.map(literalPrefix))];
    // Each anchor contains its own first three segments: a text without any of these few tokens
    // cannot contain one of the many anchors.
    this.fileTokens = [...new Set(this.anchors.map((anchor) => anchor.split('/').slice(1, 4).join('/')))];
  }

  /** Cheap test on a URL's text: can it name one of the operations at all? */
  mightMatch(input: string): boolean {
    // `${base}/listanswers` on a base that ends with a slash.
    const text = input.includes('//') ? input.replace(DOUBLED_SLASHES, '/') : input;
    // A path written from its first segment (`rest/api/v1/…`, a template whose leading slash a helper trims) is one too.
    return this.fileTokens.some((token) => text.includes(token)) && this.anchors.some((anchor) => text.includes(anchor) || text.startsWith(anchor.slice(1)));
  }

  match(flat: FlatPattern): UrlMatch | undefined {
    const segments = splitPath(flat.text, flat.text.includes('//') ? (first, second) => flat.partIndex[first] !== flat.partIndex[second] : undefined);
    if (!segments) return undefined;
    let best: { operations: CompiledOperation[]; from: number } | undefined;
    for (const operation of this.operations) {
      const from = segments.length - operation.segments.length;
      if (from < 0 || !matchesAt(operation, segments, from)) continue;
      if (!best || operation.paramCount < best.operations[0]!.paramCount) best = { operations: [operation], from };
      else if (operation.paramCount === best.operations[0]!.paramCount) best.operations.push(operation);
    }
    if (!best || gluedToWord(flat.text, segments, best.from)) return undefined;
    const matched = segments.slice(best.from);
    return { operations: best.operations, segments: matched, start: matched[0]!.start - 1, end: matched.at(-1)!.end };
  }
}

/**
 * `post_/api/index/v1/getdocumentstatus` (a fixture's name): a path glued to a word is not a URL. A
 * path written from its root, after a host, or after an unknown base (a hole) is one.
 */
function gluedToWord(text: string, segments: readonly UrlSegment[], from: number): boolean {
  if (from !== 1 || text.startsWith('/') || text.startsWith(HOLE) || AUTHORITY.test(text)) return false;
  const word = segments[0]!.text;
  return !word.includes(HOLE) && !/[.:]/.test(word);
}

/** The path up to its first parameter: `/rest/api/v1/agents/{agent_id}` → `/rest/api/v1/agents`. */
function literalPrefix(operation: CompiledOperation): string {
  const firstParam = operation.segments.indexOf(null);
  const literal = firstParam === -1 ? operation.segments : operation.segments.slice(0, firstParam);
  return `/${literal.join('/')}`;
}

function matchesAt(operation: CompiledOperation, segments: UrlSegment[], from: number): boolean {
  return operation.segments.every((expected, index) => {
    const actual = segments[from + index]!.text;
    // A parameter takes any non-empty segment; a literal segment must be written out in full.
    return expected === null ? actual.length > 0 : actual === expected;
  });
}

const AUTHORITY = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/[^/?#]*/;
/** Slashes doubled inside a path: not the `//` that starts an authority (after a scheme's colon, or at the start). The prefilter reads them as one; match decides where they count as one. */
const DOUBLED_SLASHES = /(?<=[^:/])\/{2,}/g;

/**
 * The path segments of a URL or path (scheme, host, query and fragment removed). A trailing slash is
 * ignored, and so is a slash doubled where `joined` says two pieces of text meet (a base's trailing
 * slash and a path's leading one: `…/v1/` + `/listanswers`); a doubled slash written in one piece
 * (`agents//schemas`) is an empty segment. Undefined when there is no path.
 */
export function splitPath(text: string, joined?: (firstSlash: number, secondSlash: number) => boolean): UrlSegment[] | undefined {
  // URLs hold no white space; a string with some is prose that may mention a path, not a use of it.
  if (/\s/.test(text)) return undefined;
  const authority = AUTHORITY.exec(text);
  const pathStart = authority ? authority[0].length : 0;
  let pathEnd = text.length;
  for (let i = pathStart; i < text.length; i++) {
    if (text[i] === '?' || text[i] === '#') {
      pathEnd = i;
      break;
    }
  }
  const segments: UrlSegment[] = [];
  let start = pathStart;
  // A path that starts with a segment directly (`rest/api/v1/…`, or `${base}/…`) still has segments.
  if (text[start] === '/') start++;
  for (let i = start; i <= pathEnd; i++) {
    if (i === pathEnd || text[i] === '/') {
      // `…/v1/` joined to `/listanswers`: no segment between the two slashes.
      if (!(i === start && i < pathEnd && start > pathStart && joined?.(start - 1, i))) segments.push({ start, end: i, text: text.slice(start, i) });
      start = i + 1;
    }
  }
  if (segments.length > 1 && segments.at(-1)!.text === '') segments.pop();
  return segments.length > 0 ? segments : undefined;
}
