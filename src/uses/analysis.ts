import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { SDK_PACKAGE } from '../sdk/index.js';
import { sdkContextForFile } from '../sdk/installed.js';
import type { SdkContext } from '../sdk/versions.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import { analyseUrls } from './endpoint-uses.js';
import type { ResolvedRequest } from '../model/request.js';
import { findFieldHits, usesFromHits } from './field-uses.js';
import { analyseSdk } from './sdk-uses.js';
import { analyseLinkedModules } from './linked-modules.js';
import { carriesValues, gatesFor, importsSdk as importsSdkText } from './gates.js';
import { findTypedFieldHits, typedFieldServices } from './typed-fields.js';
import type { Use } from '../model/use.js';
import { FileMemo } from '../util/file-memo.js';
import { placeKey, programOf } from '../util/linking.js';
import { releaseScopeIndex, staticKeyName } from '../util/resolve.js';
import { exportedObjectLiterals, exportedStrings } from '../flow/exported-values.js';
import { evaluatePattern, flatten, hasText } from '../matchers/string-pattern.js';
import { beginLintedFile, enableLinking, enterFile, importersOf, importsMarkedModule, isScanned, moduleIsMarked, unmarkedFilesOnDisk, noteLinted, projectIsUnmarked, setLinkGate } from '../modules/index.js';
import { typeServices } from '../matchers/type-services.js';
import { isAbsolute } from 'node:path';

// Names imported from the project's other modules are followed into them (src/modules/).
enableLinking(true);

/**
 * Everything the plugin finds in one file, computed once and shared by every rule that asks (the two
 * lifecycle rules differ only in which uses they report).
 */
export interface FileAnalysis {
  uses: readonly Use[];
  requests: readonly ResolvedRequest[];
}

const EMPTY: FileAnalysis = { uses: [], requests: [] };

/**
 * The prefilter's answers for the file being linted, by register, and what it learnt of the project
 * from texts. Keyed by the file's text and its `SourceCode`, never by its tree: under oxlint, reading
 * `sourceCode.ast` deserialises the whole tree (under ESLint it is already there), and most files are
 * decided by their text alone. ESLint gives each file a new `SourceCode`; oxlint hands every file the
 * same one, with a new text.
 */
let prefilterFile:
  | { sourceCode: TSESLint.SourceCode; text: string; byRegister: Map<CompiledRegister, boolean>; context: Map<CompiledRegister, ModuleContext> }
  | undefined;

/**
 * The analysis of the file being linted, by register. A new file, seen first by the prefilter, releases
 * the last one's (and, with it, its tree): otherwise the last file that uses Glean would stay reachable
 * while the linter goes through the files after it.
 */
const analyses = new FileMemo<TSESTree.Program, Map<CompiledRegister, FileAnalysis>>();

function prefilterOf(sourceCode: TSESLint.SourceCode): NonNullable<typeof prefilterFile> {
  const text = sourceCode.text;
  if (prefilterFile?.sourceCode !== sourceCode || prefilterFile.text !== text) {
    analyses.clear();
    releaseScopeIndex();
    prefilterFile = { sourceCode, text, byRegister: new Map(), context: new Map() };
  }
  return prefilterFile;
}

/** Where the linted file is: its path on disk (ESLint's physical filename) and ESLint's working directory. */
export interface FileLocation {
  filename?: string;
  cwd?: string;
  /** The rule that asks: a rule asking again about the same file is a new lint of it (see unreadAndUnmarked). */
  rule?: string;
}

/**
 * What the file's analysis needs from the rest of the project: whether it imports a module that names
 * Glean, and the modules that import it and talk to Glean (where what it exports may be sent).
 */
interface ModuleContext {
  importsGlean: boolean;
  /** Whether it imports a module that names the SDK (or imports one that does): a client may come from there. */
  importsSdk: boolean;
  /** The modules that import this one (when it may write a deprecated field others send). */
  importers: readonly string[];
  /** Those of them that talk to Glean. */
  senders: readonly string[];
}

const NO_CONTEXT: ModuleContext = { importsGlean: false, importsSdk: false, importers: [], senders: [] };

/** A file on disk, whose imports can be resolved (not `<text>` or a test's bare `file.ts`). */
function projectPath(filename: string | undefined): string | undefined {
  return filename !== undefined && isAbsolute(filename) ? filename : undefined;
}

/** Export syntax of either module system. */
const EXPORTS = /\bexport\b|\bmodule\.exports\b|\bexports\.\w/;

/**
 * Read from texts alone, never parsed: the file's import specifiers (does one lead to a module that
 * names Glean?), and, when the file exports objects with a deprecated field's name as a key, the
 * project's files that import it and name Glean or import a module that does.
 */
function moduleContext(sourceCode: TSESLint.SourceCode, register: CompiledRegister, location: FileLocation): ModuleContext {
  const byRegister = prefilterOf(sourceCode).context;
  let context = byRegister.get(register);
  if (context === undefined) {
    const path = projectPath(location.filename);
    const root = location.cwd;
    const text = sourceCode.text;
    if (path !== undefined) {
      enterFile(path, text, sourceCode);
      noteLinted(path);
    }
    // A project that never names Glean: one read of its files instead of a walk of each file's imports.
    if (path === undefined || (root !== undefined && isScanned(root, path) && projectIsUnmarked(root, gatesFor(register).namesGlean, gatesFor(register).namesGleanKey))) {
      context = NO_CONTEXT;
    } else {
      const { providesGlean } = gatesFor(register);
      const importsGlean = importsMarkedModule(path, text, providesGlean, carriesValues);
      const mayBeSent = location.cwd !== undefined && EXPORTS.test(text) && register.mightWriteField(text);
      const importers = mayBeSent ? importersOf(path, location.cwd!) : [];
      const importsSdk = importsGlean && importsMarkedModule(path, text, importsSdkText, carriesValues);
      context = { importsGlean, importsSdk, importers, senders: importers.filter((importer) => moduleIsMarked(importer, register.marks)) };
    }
    byRegister.set(register, context);
  }
  return context;
}

/**
 * The prefilter: a file that never names a Glean path or the SDK, imports no project module that
 * does, and writes no deprecated field that such a module imports, costs a few substring scans and a
 * look at its import specifiers. With type information, a file that names a deprecated field is also
 * looked at (its objects may be SDK types).
 */
export function mayUseGlean(sourceCode: TSESLint.SourceCode, register: CompiledRegister, location: FileLocation = {}): boolean {
  return !unreadAndUnmarked(sourceCode, register, location) && textMayUseGlean(sourceCode, register, location);
}

function textMayUseGlean(sourceCode: TSESLint.SourceCode, register: CompiledRegister, location: FileLocation): boolean {
  // Every rule asks before it registers a listener; the text is scanned once per file.
  const byRegister = prefilterOf(sourceCode).byRegister;
  let may = byRegister.get(register);
  if (may === undefined) {
    may = register.mightUse(sourceCode.text) || typedFieldServices(sourceCode, register) !== undefined || isLinkedToGlean(moduleContext(sourceCode, register, location));
    byRegister.set(register, may);
  }
  return may;
}

/**
 * Under oxlint a file's text is decoded from the linter's buffer when a rule first reads it, a share of
 * what any text check costs there. A file need not be read when the project's unmarked verdict tested
 * it and it is unchanged on disk since (project-snapshot.ts): on its first lint in this process, the
 * linter read it from disk. A later lint of the same file (an editor's, with unsaved edits) reads the
 * text as usual; so does every lint where the text is already there (ESLint's) or types are known (a
 * typed file may name a field).
 */
function unreadAndUnmarked(sourceCode: TSESLint.SourceCode, register: CompiledRegister, { filename, cwd, rule }: FileLocation): boolean {
  if (rule === undefined || filename === undefined || cwd === undefined || !readsCost(sourceCode)) return false;
  // The rules of one lint ask in turn; a rule that asks again is linting the file again.
  const last = unreadLint;
  if (last !== undefined && last.path === filename && last.sourceCode === sourceCode && last.register === register && !last.askedBy.has(rule)) {
    last.askedBy.add(rule);
    return last.skip;
  }
  // Kept small: this runs for every file of a run, and the JIT compiles what runs hot into it.
  const skip = !noteLinted(filename) && unmarkedOnDisk(register, cwd, filename);
  unreadLint = { path: filename, sourceCode, register, askedBy: new Set([rule]), skip };
  return skip;
}

let unreadLint: { path: string; sourceCode: TSESLint.SourceCode; register: CompiledRegister; askedBy: Set<string>; skip: boolean } | undefined;

/** Whether the project's unmarked verdict (taken in this run or kept and checked) tested `path`. */
function unmarkedOnDisk(register: CompiledRegister, root: string, path: string): boolean {
  const { namesGlean, namesGleanKey } = gatesFor(register);
  return unmarkedFilesOnDisk(root, namesGlean, namesGleanKey).has(path);
}

let lastSource: { sourceCode: TSESLint.SourceCode; readsCost: boolean } | undefined;

/**
 * Whether reading `sourceCode.text` runs a getter (oxlint's) rather than reading a value already there
 * (ESLint's), in a file without type information (a typed file may name a field).
 */
function readsCost(sourceCode: TSESLint.SourceCode): boolean {
  if (lastSource?.sourceCode !== sourceCode) {
    let lazy = false;
    for (let owner: object | null = sourceCode; owner !== null && owner !== Object.prototype; owner = Object.getPrototypeOf(owner) as object | null) {
      const descriptor = Object.getOwnPropertyDescriptor(owner, 'text');
      if (descriptor) {
        lazy = descriptor.get !== undefined;
        break;
      }
    }
    lastSource = { sourceCode, readsCost: lazy && typeServices(sourceCode) === undefined };
  }
  return lastSource.readsCost;
}

function isLinkedToGlean(context: ModuleContext): boolean {
  return context.importsGlean || context.senders.length > 0;
}

export function analyseFile(sourceCode: TSESLint.SourceCode, register: CompiledRegister, location: FileLocation = {}): FileAnalysis {
  if (!textMayUseGlean(sourceCode, register, location)) return EMPTY;
  const byRegister = analyses.get(sourceCode.ast, () => new Map());
  let analysis = byRegister.get(register);
  if (!analysis) {
    analysis = analyse(sourceCode, register, location);
    byRegister.set(register, analysis);
  }
  return analysis;
}

function analyse(sourceCode: TSESLint.SourceCode, register: CompiledRegister, location: FileLocation): FileAnalysis {
  const path = projectPath(location.filename);
  const record = path !== undefined ? beginLintedFile(sourceCode, path) : undefined;
  setLinkGate(gatesFor(register).linkGate);
  const context = moduleContext(sourceCode, register, location);
  // Requests made through other modules' functions, and by the modules that import this one; they
  // evaluate some of this file's strings as URLs first.
  // Importers matter only if the file hands them an object that writes a deprecated field.
  let sent: Pick<ModuleContext, 'importers' | 'senders'> = context.senders.length > 0 && exportsFieldObjects(sourceCode, register) ? context : { importers: [], senders: [] };
  // A URL the file exports is sent with the method its importers give (`fetch(AGENT_URL, { method: 'POST' })`).
  if (sent.senders.length === 0 && path !== undefined && location.cwd !== undefined && register.mightNameUrl(sourceCode.text) && EXPORTS.test(sourceCode.text) && exportsUrls(sourceCode, register)) {
    const importers = importersOf(path, location.cwd);
    sent = { importers, senders: importers.filter((importer) => moduleIsMarked(importer, register.marks)) };
  }
  const linked = record ? analyseLinkedModules(record, register, sent) : undefined;
  // A file that only imports the SDK (no URL text, no project module with one) has no URL to evaluate.
  const linkedToGlean = context.importsGlean || sent.senders.length > 0;
  const urls = linkedToGlean || register.mightNameUrl(sourceCode.text) ? analyseUrls(sourceCode, register, linked?.consumed) : EMPTY;
  // The SDK version installed for the file, looked up only when the file may use the SDK.
  let installed: SdkContext | undefined;
  const sdkContext = () => (installed ??= sdkContextForFile(location.filename, location.cwd));
  const sdk = context.importsSdk || sent.senders.length > 0 || sourceCode.text.includes(SDK_PACKAGE) ? analyseSdk(sourceCode, register, sdkContext()) : undefined;
  const requests = [...urls.requests, ...(sdk?.requests ?? []), ...(linked?.requests ?? [])];
  const hits = findFieldHits(sourceCode, register, requests);
  const services = typedFieldServices(sourceCode, register);
  // Data flow found by the AST comes first: its hits know more (e.g. the operation for user items).
  if (services) hits.push(...findTypedFieldHits(sourceCode, register, services, sdkContext()));
  const uses = localUses(sourceCode.ast, [...(linked?.uses ?? []), ...urls.uses, ...(sdk?.uses ?? []), ...usesFromHits(hits, register)]);
  return { uses, requests };
}

/** Whether an object the module exports (or returns from what it exports) writes a deprecated field as a key. */
function exportsFieldObjects(sourceCode: TSESLint.SourceCode, register: CompiledRegister): boolean {
  const { names, valueFields } = register.fields;
  return exportedObjectLiterals(sourceCode).some((object) =>
    object.properties.some((property) => {
      if (property.type !== 'Property') return false;
      const key = staticKeyName(property);
      return key !== undefined && (names.has(key) || valueFields.has(key));
    }),
  );
}

/** Whether a value the module exports is a string (or holds one) that names a Glean operation: a URL its importers send. */
function exportsUrls(sourceCode: TSESLint.SourceCode, register: CompiledRegister): boolean {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope) return false;
  return exportedStrings(sourceCode).some((node) => {
    const pattern = evaluatePattern(node, scope);
    if (!hasText(pattern)) return false;
    const flat = flatten(pattern);
    return register.operations.mightMatch(flat.text) && register.operations.match(flat) !== undefined;
  });
}

/**
 * Following imports reaches other modules' nodes: what is written there is reported when that file is
 * linted. A use found twice (by this file's analysis and by a module it calls into) is one use; the
 * first found wins, the other modules' first, since they know the request's method.
 */
function localUses(ast: TSESTree.Program, uses: readonly Use[]): Use[] {
  const seen = new Set<string>();
  return uses.filter((use) => {
    if (programOf(use.node) !== ast) return false;
    const key = `${placeKey(use.node)}|${use.item.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
