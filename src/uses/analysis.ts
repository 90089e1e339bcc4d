import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { sdkTables } from '../sdk/index.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import { analyseUrls } from './endpoint-uses.js';
import type { ResolvedRequest } from '../model/request.js';
import { findFieldHits, usesFromHits } from './field-uses.js';
import { analyseSdk } from './sdk-uses.js';
import { analyseLinkedModules } from './linked-modules.js';
import { findTypedFieldHits, typedFieldServices } from './typed-fields.js';
import type { Use } from '../model/use.js';
import { FileMemo } from '../util/file-memo.js';
import { placeKey, programOf } from '../util/linking.js';
import { releaseScopeIndex } from '../util/resolve.js';
import { beginLintedFile, enableLinking, enterFile, importsMarkedModule } from '../modules/index.js';
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

interface FileState {
  prefilter: Map<CompiledRegister, boolean>;
  /** Whether the file imports a project module that names Glean (a client, a base URL, a wrapper). */
  importsGlean: Map<CompiledRegister, boolean>;
  analysis: Map<CompiledRegister, FileAnalysis>;
}

/**
 * One memo for both, so that the first rule to look at the next file releases this file's analysis
 * (and, with it, its tree): otherwise the last file that uses Glean stays reachable while ESLint lints
 * the files after it.
 */
const files = new FileMemo<TSESTree.Program, FileState>();

function stateOf(ast: TSESTree.Program): FileState {
  return files.get(ast, () => {
    releaseScopeIndex();
    return { prefilter: new Map(), importsGlean: new Map(), analysis: new Map() };
  });
}

/** A file on disk, whose imports can be resolved (not `<text>` or a test's bare `file.ts`). */
function projectPath(filename: string | undefined): string | undefined {
  return filename !== undefined && isAbsolute(filename) ? filename : undefined;
}

function importsGleanModule(sourceCode: TSESLint.SourceCode, register: CompiledRegister, filename: string | undefined): boolean {
  const byRegister = stateOf(sourceCode.ast).importsGlean;
  let imports = byRegister.get(register);
  if (imports === undefined) {
    const path = projectPath(filename);
    if (path !== undefined) enterFile(path, sourceCode.text);
    imports = path !== undefined && importsMarkedModule(path, sourceCode.text, register.marks);
    byRegister.set(register, imports);
  }
  return imports;
}

/**
 * The prefilter: a file that never names a Glean path or the SDK, and imports no project module that
 * does, costs one substring scan and a look at its import specifiers. With type information, a file
 * that names a deprecated field is also looked at (its objects may be SDK types).
 */
export function mayUseGlean(sourceCode: TSESLint.SourceCode, register: CompiledRegister, filename?: string): boolean {
  // Every rule asks before it registers a listener; the text is scanned once per file.
  const byRegister = stateOf(sourceCode.ast).prefilter;
  let may = byRegister.get(register);
  if (may === undefined) {
    may = register.mightUse(sourceCode.text) || typedFieldServices(sourceCode, register) !== undefined || importsGleanModule(sourceCode, register, filename);
    byRegister.set(register, may);
  }
  return may;
}

export function analyseFile(sourceCode: TSESLint.SourceCode, register: CompiledRegister, filename?: string): FileAnalysis {
  const byRegister = stateOf(sourceCode.ast).analysis;
  let analysis = byRegister.get(register);
  if (!analysis) {
    analysis = mayUseGlean(sourceCode, register, filename) ? analyse(sourceCode, register, filename) : EMPTY;
    byRegister.set(register, analysis);
  }
  return analysis;
}

function analyse(sourceCode: TSESLint.SourceCode, register: CompiledRegister, filename: string | undefined): FileAnalysis {
  const path = projectPath(filename);
  const record = path !== undefined ? beginLintedFile(sourceCode, path) : undefined;
  const importsGlean = importsGleanModule(sourceCode, register, filename);
  // Requests made through other modules' functions; they evaluate some of this file's strings as URLs first.
  const linked = record ? analyseLinkedModules(record, register) : undefined;
  // A file that only imports the SDK (no URL text, no project module with one) has no URL to evaluate.
  const urls = importsGlean || register.mightNameUrl(sourceCode.text) ? analyseUrls(sourceCode, register, linked?.consumed) : EMPTY;
  const sdk = importsGlean || sourceCode.text.includes(sdkTables.packageName) ? analyseSdk(sourceCode, register, sdkTables) : undefined;
  const requests = [...urls.requests, ...(sdk?.requests ?? []), ...(linked?.requests ?? [])];
  const hits = findFieldHits(sourceCode, register, requests);
  const services = typedFieldServices(sourceCode, register);
  // Data flow found by the AST comes first: its hits know more (e.g. the operation for user items).
  if (services) hits.push(...findTypedFieldHits(sourceCode, register, services));
  const uses = localUses(sourceCode.ast, [...(linked?.uses ?? []), ...urls.uses, ...(sdk?.uses ?? []), ...usesFromHits(hits, register)]);
  return { uses, requests };
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
