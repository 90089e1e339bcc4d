import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { CompiledRegister } from './compiled-register.js';
import { sdkTables } from '../sdk/index.js';
import { analyseUrls, type ResolvedRequest } from './endpoint-uses.js';
import { analyseFields } from './field-uses.js';
import { analyseSdk } from './sdk-uses.js';
import type { Use } from './use.js';

/**
 * Everything the plugin finds in one file, computed once and shared by every rule that asks (the two
 * lifecycle rules differ only in which uses they report).
 */
export interface FileAnalysis {
  uses: readonly Use[];
  requests: readonly ResolvedRequest[];
}

const EMPTY: FileAnalysis = { uses: [], requests: [] };
const cache = new WeakMap<TSESTree.Program, Map<CompiledRegister, FileAnalysis>>();

export function analyseFile(sourceCode: TSESLint.SourceCode, register: CompiledRegister): FileAnalysis {
  let byRegister = cache.get(sourceCode.ast);
  if (!byRegister) {
    byRegister = new Map();
    cache.set(sourceCode.ast, byRegister);
  }
  let analysis = byRegister.get(register);
  if (!analysis) {
    // The prefilter: a file that never names a Glean path costs one substring scan.
    analysis = register.mightUse(sourceCode.text) ? analyse(sourceCode, register) : EMPTY;
    byRegister.set(register, analysis);
  }
  return analysis;
}

function analyse(sourceCode: TSESLint.SourceCode, register: CompiledRegister): FileAnalysis {
  const urls = analyseUrls(sourceCode, register);
  const sdk = sourceCode.text.includes(sdkTables.packageName) ? analyseSdk(sourceCode, register, sdkTables) : undefined;
  const requests = sdk ? [...urls.requests, ...sdk.requests] : urls.requests;
  const fields = analyseFields(sourceCode, register, requests);
  return { uses: [...urls.uses, ...(sdk?.uses ?? []), ...fields], requests };
}
