import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { readFileSync, statSync } from 'node:fs';
import { indexBlocks } from '../util/resolve.js';
import type { Linked } from '../util/linking.js';
import { analysedText, fullVisitorKeys, parseModule } from './parse.js';
import { isStale } from './freshness.js';
import { rememberLast } from '../util/last-text.js';

/**
 * The modules the analysis has looked into, by path: the linted file itself (ESLint's tree, whatever
 * the editor holds) and the project's other modules as they are on disk, parsed once and kept while
 * their file does not change. Every module is checked against the disk (size and modification time)
 * at most once per linted file, so the next lint of an importer sees an edit of the module it imports.
 */

export interface ModuleRecord {
  readonly path: string;
  readonly text: string;
  readonly ast: TSESTree.Program;
  readonly scopeManager: TSESLint.Scope.ScopeManager;
  readonly globalScope: TSESLint.Scope.Scope;
  /** The linted file's own SourceCode, or a stand-in with what the analysis reads of one. */
  readonly sourceCode: TSESLint.SourceCode;
  /** True for the file ESLint is linting now. */
  readonly linted: boolean;
  /**
   * Exports looked up during the current linted file's analysis, by name (null: not exported). They
   * may lead into other modules, which can change before the next file: see exportsNow.
   */
  exports: Map<string, Linked | null>;
  exportsTick: number;
  blockIndex?: Map<TSESTree.Node, TSESLint.Scope.Scope>;
}

interface Entry {
  stamp: string;
  checkedInTick: number;
  /** When its stamp was last read from the disk (a Date.now() time). */
  checkedAt: number;
  /** Parsed on first need (undefined: not yet; null: unreadable or unparsable). */
  record?: ModuleRecord | null;
  /** The module specifiers its text names (for the import gate, without parsing). */
  specifiers?: readonly string[];
  /** Verdicts of text predicates (the import gate's Glean markers), by predicate. */
  marks?: Map<(text: string) => boolean, boolean>;
  /** What its text exports by name, read without parsing (see exportedNamesOf). */
  exportedNames?: ExportedNames;
  /** The specifiers its text re-exports from. */
  reexports?: readonly string[];
}

/**
 * The names a module's text exports, read without parsing: enough to skip the modules of an
 * `export *` barrel that cannot hold a name (a barrel of hundreds of models re-exports each name from
 * one of them). `any`: the text may export any name (CommonJS, `export *` of its own).
 */
export type ExportedNames = ReadonlySet<string> | 'any';

/** Modules larger than this are bundles or generated data, not code that talks to Glean by hand. */
const MAX_BYTES = 1024 * 1024;
/** Bounds the memory the kept trees take; the least recently used go first. */
const MAX_KEPT_BYTES = 48 * 1024 * 1024;

const entries = new Map<string, Entry>();
let keptBytes = 0;
const recordsByProgram = new WeakMap<TSESTree.Program, ModuleRecord>();

let tick = 0;
let linted: ModuleRecord | undefined;

let enteredPath: string | undefined;
let enteredText: string | undefined;
/** What stands for one lint of the file: ESLint makes a new SourceCode for each (the same text linted again is a new lint). */
let enteredLint: object | undefined;

/**
 * Starts the lint of a file, from its path and text alone (cheap under every runtime), `lint` being
 * what stands for this lint (its SourceCode): every other module is checked against the disk again
 * from here on. Calling it again within the same lint changes nothing.
 */
export function enterFile(path: string, text: string, lint: object): void {
  if (path === enteredPath && text === enteredText && lint === enteredLint) return;
  enteredPath = path;
  enteredText = text;
  enteredLint = lint;
  tick += 1;
  linted = undefined;
}

/**
 * Whether the linted file's text is what its file on disk holds (an editor lints unsaved text): what is
 * kept on disk for later runs must rest on the disk's texts.
 */
export function enteredTextIsDisk(): boolean {
  if (enteredPath === undefined || enteredText === undefined) return true;
  try {
    return readFileSync(enteredPath, 'utf8') === enteredText;
  } catch {
    return false;
  }
}

export function currentTick(): number {
  return tick;
}

/** The linted file's own tree stands for its path, whatever the disk holds (an editor's unsaved text). */
export function beginLintedFile(sourceCode: TSESLint.SourceCode, path: string): ModuleRecord {
  enterFile(path, sourceCode.text, sourceCode);
  if (linted?.ast === sourceCode.ast) return linted;
  // The same text parsed again (ESLint's fix passes, another config): a new tree, so a new analysis.
  if (linted) tick += 1;
  const globalScope = sourceCode.scopeManager!.globalScope!;
  linted = {
    path,
    text: sourceCode.text,
    ast: sourceCode.ast,
    scopeManager: sourceCode.scopeManager!,
    globalScope,
    sourceCode,
    linted: true,
    exports: new Map(),
    exportsTick: tick,
  };
  recordsByProgram.set(sourceCode.ast, linted);
  return linted;
}

/** The file being linted, if a lint is under way. */
export function lintedRecord(): ModuleRecord | undefined {
  return linted;
}

/** Lets go of every kept module (for tests and benchmarks). */
export function forgetModules(): void {
  entries.clear();
  keptBytes = 0;
  linted = undefined;
  enteredPath = undefined;
  enteredText = undefined;
  enteredLint = undefined;
}

export function recordOfProgram(program: TSESTree.Program): ModuleRecord | undefined {
  return recordsByProgram.get(program);
}

/** The module at `path`, parsed; undefined when it cannot be read or parsed. */
export function moduleAt(path: string): ModuleRecord | undefined {
  if (linted?.path === path) return linted;
  const entry = freshEntry(path);
  if (!entry) return undefined;
  if (entry.record === undefined) {
    entry.record = load(path);
    keptBytes += entry.record?.text.length ?? 0;
    evict();
  }
  return entry.record ?? undefined;
}

/**
 * Whether a module's text passes `marked` (a cheap text test, such as the register's prefilter), and
 * the specifiers it imports, without parsing it; undefined when it cannot be read.
 */
export function textFacts(path: string, marked: (text: string) => boolean): { marked: boolean; specifiers: readonly string[] } | undefined {
  if (enteredPath === path && enteredText !== undefined) return { marked: marked(enteredText), specifiers: importSpecifiers(enteredText) };
  const entry = readEntry(path, marked);
  if (!entry) return undefined;
  let verdict = entry.marks!.get(marked);
  if (verdict === undefined) {
    const text = entryText(entry, path);
    if (text === undefined) return undefined;
    verdict = marked(text);
    entry.marks!.set(marked, verdict);
  }
  return { marked: verdict, specifiers: entry.specifiers! };
}

/**
 * A module's text as the linted file's analysis sees it (the linted file's own text, else what is
 * kept, else the disk), read without keeping anything: for a scan that reads each file once.
 */
export function moduleText(path: string): string | undefined {
  if (enteredPath === path && enteredText !== undefined) return enteredText;
  const kept = entries.get(path)?.record?.text;
  if (kept !== undefined) return kept;
  try {
    return analysedText(path, readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** What a module's text imports and re-exports, read without parsing (the project index's view of it). */
export function importFacts(path: string): { specifiers: readonly string[]; reexports: readonly string[] } | undefined {
  if (enteredPath === path && enteredText !== undefined) return { specifiers: importSpecifiers(enteredText), reexports: reexportsIn(enteredText) };
  const entry = readEntry(path);
  return entry && { specifiers: entry.specifiers!, reexports: entry.reexports! };
}

/**
 * The entry of a module whose text facts are known: read once (with every registered test taken on
 * that read), trusted as freshness.ts says rather than checked against the disk for each linted file;
 * what the analysis parses is checked for every one (moduleAt).
 */
function readEntry(path: string, marked?: (text: string) => boolean): Entry | undefined {
  const known = entries.get(path);
  if (known && known.specifiers && known.reexports && known.stamp !== 'unusable' && !isStale(known.checkedAt) && (!marked || known.marks?.has(marked))) return known;
  const entry = freshEntry(path);
  if (!entry) return undefined;
  if (entry.specifiers && entry.reexports && entry.marks && (!marked || entry.marks.has(marked))) return entry;
  const text = entryText(entry, path);
  if (text === undefined) return undefined;
  const marks = (entry.marks ??= new Map());
  for (const test of textTests) if (!marks.has(test)) marks.set(test, test(text));
  // A test the gates ask of few modules is taken when asked, not at every read (see registerTextTest).
  if (marked && !marks.has(marked)) marks.set(marked, marked(text));
  entry.specifiers ??= importSpecifiers(text);
  entry.reexports ??= reexportsIn(text);
  return entry;
}

function entryText(entry: Entry, path: string): string | undefined {
  try {
    return entry.record?.text ?? analysedText(path, readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const textTests = new Set<(text: string) => boolean>();

/**
 * A text test the gates will ask of nearly every module they meet: taken whenever a module's text is
 * read for any of them. A test asked of a few modules only is not registered: it is taken when asked
 * (reading the text again then costs less than taking it on every text of a large project).
 */
export function registerTextTest(test: (text: string) => boolean): void {
  textTests.add(test);
}

const REEXPORTS = /\bexport\s*(?:\*|\{[^}]*\}|\*\s*as\s+[\w$]+)\s*from\s*(['"])([^'"\n]+)\1/g;

/** The specifiers a module's text re-exports from (a barrel's `export * from './x'`), read without parsing. */
export function reexportSpecifiers(path: string): readonly string[] {
  return importFacts(path)?.reexports ?? [];
}

/** CommonJS barrels: `module.exports = require('./x')`, `{ ...require('./x') }`. */
const CJS_REEXPORTS = /(?:\bmodule\.exports\s*=\s*|\.\.\.\s*)require\s*\(\s*(['"])([^'"\n]+)\1/g;

function reexportsIn(text: string): string[] {
  return [...new Set([...text.matchAll(REEXPORTS), ...text.matchAll(CJS_REEXPORTS)].map((match) => match[2]!))];
}

/** Whether the module at `path` may export `name` (true when unreadable: the parse decides then). */
export function mayExport(path: string, name: string): boolean {
  if (enteredPath === path) return true;
  const entry = freshEntry(path);
  if (!entry) return false;
  if (entry.exportedNames === undefined) {
    try {
      entry.exportedNames = exportedNamesOf(entry.record?.text ?? analysedText(path, readFileSync(path, 'utf8')));
    } catch {
      return true;
    }
  }
  return entry.exportedNames === 'any' || entry.exportedNames.has(name);
}

const DECLARED_EXPORT = /\bexport\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:const\s+enum|const|let|var|function\*?|class|enum|abstract\s+class|type|interface)\s+([\w$]+)/g;
const LISTED_EXPORTS = /\bexport\s*(?:type\s*)?\{([^}]*)\}/g;

function exportedNamesOf(text: string): ExportedNames {
  if (/\bexport\s*\*\s*from\b|\bmodule\.exports\b|\bexports\.|\bexport\s*=/.test(text)) return 'any';
  const names = new Set<string>();
  for (const match of text.matchAll(DECLARED_EXPORT)) names.add(match[1]!);
  for (const match of text.matchAll(LISTED_EXPORTS)) {
    for (const item of match[1]!.split(',')) {
      const alias = item.trim().split(/\s+as\s+/).at(-1)?.replace(/^type\s+/, '').replace(/['"]/g, '').trim();
      if (alias) names.add(alias);
    }
  }
  if (/\bexport\s+default\b/.test(text)) names.add('default');
  return names;
}

/** `from '…'`, `import '…'`, `import('…')`, `require('…')`: what a text imports, read without parsing. */
const SPECIFIER = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*(['"])([^'"\n]+)\1/g;

// The linted file's text is asked about by several gates in a row.
export const importSpecifiers: (text: string) => string[] = rememberLast((text) => [...new Set(Array.from(text.matchAll(SPECIFIER), (match) => match[2]!))]);

/** The entry for `path`, checked against the disk once per linted file; undefined when the file cannot be used. */
function freshEntry(path: string): Entry | undefined {
  let entry = entries.get(path);
  if (entry && entry.checkedInTick === tick) {
    touch(path, entry);
    return entry.stamp === 'unusable' ? undefined : entry;
  }
  let stamp: string;
  try {
    const stats = statSync(path);
    stamp = stats.size > MAX_BYTES || !stats.isFile() ? 'unusable' : `${stats.size}:${stats.mtimeMs}`;
  } catch {
    stamp = 'unusable';
  }
  if (entry && entry.stamp === stamp) {
    entry.checkedInTick = tick;
    entry.checkedAt = Date.now();
    touch(path, entry);
  } else {
    if (entry) drop(path, entry);
    entry = { stamp, checkedInTick: tick, checkedAt: Date.now() };
    entries.set(path, entry);
  }
  return stamp === 'unusable' ? undefined : entry;
}

function load(path: string): ModuleRecord | null {
  let text: string;
  try {
    text = analysedText(path, readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
  const parsed = parseModule(path, text);
  if (!parsed) return null;
  const globalScope = parsed.scopeManager.globalScope!;
  const visitorKeys = fullVisitorKeys();
  const record: ModuleRecord = {
    path,
    text,
    ast: parsed.ast,
    scopeManager: parsed.scopeManager,
    globalScope,
    sourceCode: standInSourceCode(text, parsed.ast, parsed.scopeManager, visitorKeys),
    linted: false,
    exports: new Map(),
    exportsTick: tick,
  };
  recordsByProgram.set(parsed.ast, record);
  return record;
}

/** What the analysis reads of a SourceCode, for a module ESLint is not linting. */
function standInSourceCode(
  text: string,
  ast: TSESTree.Program,
  scopeManager: TSESLint.Scope.ScopeManager,
  visitorKeys: TSESLint.SourceCode.VisitorKeys,
): TSESLint.SourceCode {
  return {
    text,
    ast,
    scopeManager,
    visitorKeys,
    parserServices: {},
    getText: (node?: TSESTree.Node) => (node ? text.slice(node.range[0], node.range[1]) : text),
    getAncestors(node: TSESTree.Node) {
      const ancestors: TSESTree.Node[] = [];
      for (let current = node.parent; current; current = current.parent) ancestors.unshift(current);
      return ancestors;
    },
    getScope(node: TSESTree.Node) {
      for (let current: TSESTree.Node | undefined = node; current; current = current.parent) {
        const scope = scopeManager.acquire(current, true);
        if (scope) return scope.type === 'function-expression-name' ? scope.childScopes[0]! : scope;
      }
      return scopeManager.globalScope!;
    },
  } as unknown as TSESLint.SourceCode;
}

/** The export lookups of a record that still hold for the current linted file. */
export function exportsNow(record: ModuleRecord): Map<string, Linked | null> {
  if (record.exportsTick !== tick) {
    record.exports = new Map();
    record.exportsTick = tick;
  }
  return record.exports;
}

/** The scope index of a module (see innermostScope), built on first use. */
export function blocksOf(record: ModuleRecord): Map<TSESTree.Node, TSESLint.Scope.Scope> {
  record.blockIndex ??= indexBlocks(record.globalScope);
  return record.blockIndex;
}

function touch(path: string, entry: Entry): void {
  // A Map keeps insertion order: re-inserting makes this the most recently used.
  entries.delete(path);
  entries.set(path, entry);
}

function drop(path: string, entry: Entry): void {
  entries.delete(path);
  keptBytes -= entry.record?.text.length ?? 0;
}

/** Lets go of the least recently used trees (their text facts stay). */
function evict(): void {
  for (const entry of entries.values()) {
    if (keptBytes <= MAX_KEPT_BYTES) return;
    if (!entry.record) continue;
    keptBytes -= entry.record.text.length;
    entry.record = undefined;
  }
}
