import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { sdkTables } from '../sdk/index.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import { analyseUrls } from './endpoint-uses.js';
import type { ResolvedRequest } from '../model/request.js';
import { findFieldHits, usesFromHits } from './field-uses.js';
import { analyseSdk } from './sdk-uses.js';
import { findTypedFieldHits, typedFieldServices } from './typed-fields.js';
import type { Use } from '../model/use.js';
import { FileMemo } from '../util/file-memo.js';
import { releaseScopeIndex } from '../util/resolve.js';

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
 * The prefilter's answers for the file being linted, by register. Keyed by the file's text and its
 * `SourceCode`, never by its tree: under oxlint, reading `sourceCode.ast` deserialises the whole tree
 * (under ESLint it is already there), and most files are decided by their text alone. ESLint gives each
 * file a new `SourceCode`; oxlint hands every file the same one, with a new text.
 */
let prefilterFile: { sourceCode: TSESLint.SourceCode; text: string; byRegister: Map<CompiledRegister, boolean> } | undefined;

/**
 * The analysis of the file being linted, by register. A new file, seen first by the prefilter, releases
 * the last one's (and, with it, its tree): otherwise the last file that uses Glean would stay reachable
 * while the linter goes through the files after it.
 */
const analyses = new FileMemo<TSESTree.Program, Map<CompiledRegister, FileAnalysis>>();

function prefilterOf(sourceCode: TSESLint.SourceCode): Map<CompiledRegister, boolean> {
  const text = sourceCode.text;
  if (prefilterFile?.sourceCode !== sourceCode || prefilterFile.text !== text) {
    analyses.clear();
    releaseScopeIndex();
    prefilterFile = { sourceCode, text, byRegister: new Map() };
  }
  return prefilterFile.byRegister;
}

/**
 * The prefilter: a file that never names a Glean path or the SDK costs one substring scan. With type
 * information, a file that names a deprecated field is also looked at (its objects may be SDK types).
 */
export function mayUseGlean(sourceCode: TSESLint.SourceCode, register: CompiledRegister): boolean {
  // Every rule asks before it registers a listener; the text is scanned once per file.
  const byRegister = prefilterOf(sourceCode);
  let may = byRegister.get(register);
  if (may === undefined) {
    may = register.mightUse(sourceCode.text) || typedFieldServices(sourceCode, register) !== undefined;
    byRegister.set(register, may);
  }
  return may;
}

export function analyseFile(sourceCode: TSESLint.SourceCode, register: CompiledRegister): FileAnalysis {
  if (!mayUseGlean(sourceCode, register)) return EMPTY;
  const byRegister = analyses.get(sourceCode.ast, () => new Map());
  let analysis = byRegister.get(register);
  if (!analysis) {
    analysis = analyse(sourceCode, register);
    byRegister.set(register, analysis);
  }
  return analysis;
}

function analyse(sourceCode: TSESLint.SourceCode, register: CompiledRegister): FileAnalysis {
  // A file that only imports the SDK (no URL text) has no URL to evaluate.
  const urls = register.mightNameUrl(sourceCode.text) ? analyseUrls(sourceCode, register) : EMPTY;
  const sdk = sourceCode.text.includes(sdkTables.packageName) ? analyseSdk(sourceCode, register, sdkTables) : undefined;
  const requests = sdk ? [...urls.requests, ...sdk.requests] : urls.requests;
  const hits = findFieldHits(sourceCode, register, requests);
  const services = typedFieldServices(sourceCode, register);
  // Data flow found by the AST comes first: its hits know more (e.g. the operation for user items).
  if (services) hits.push(...findTypedFieldHits(sourceCode, register, services));
  return { uses: [...urls.uses, ...(sdk?.uses ?? []), ...usesFromHits(hits, register)], requests };
}
