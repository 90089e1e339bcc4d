import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { buildSdkRewrite } from '../fixes/sdk-rewrite.js';
import { compileOperation, operationKey } from '../matchers/operations.js';
import { findSdkCalls, type SdkTables } from '../matchers/sdk-calls.js';
import type { CompiledRegister } from './compiled-register.js';
import type { ResolvedRequest, UrlAnalysis } from './endpoint-uses.js';
import type { Use } from './use.js';

/**
 * Deprecated operations reached through the SDK, and the requests SDK calls make (for field and
 * run-input detection). Identification is by reference tracking from the SDK's imports.
 */
export function analyseSdk(sourceCode: TSESLint.SourceCode, register: CompiledRegister, tables: SdkTables): UrlAnalysis {
  const requests: ResolvedRequest[] = [];
  const uses: Use[] = [];
  for (const sdkCall of findSdkCalls(sourceCode, tables)) {
    const { operation } = sdkCall;
    const key = operationKey(operation);
    const compiled = register.operations.operations.find((op) => op.key === key) ?? compileOperation(operation);
    const bodyIndex = operation.params.findIndex((param) => param.role === 'body');
    const body = bodyIndex === -1 ? undefined : sdkCall.args[bodyIndex];
    const response = sdkCall.kind === 'method' ? 'model' : sdkCall.kind === 'func' ? 'result' : 'none';
    const pathParams: Record<string, TSESTree.Node> = {};
    operation.params.forEach((param, index) => {
      const arg = sdkCall.args[index];
      if (param.role === 'path' && param.wire && arg && arg.type !== 'SpreadElement') pathParams[param.wire] = arg;
    });
    requests.push({ node: sdkCall.call, operations: [compiled], response, pathParams, ...(body ? { body } : {}) });
    for (const item of register.endpointsByOperation.get(key) ?? []) {
      const use: Use = { item, node: sdkCall.call.callee, method: operation.method, via: `${sdkCall.name}()` };
      const rewrite = buildSdkRewrite(sourceCode, sdkCall, item, tables);
      if (rewrite) use.rewrite = { fix: rewrite.fix, mechanical: true, description: rewrite.description };
      uses.push(use);
    }
  }
  return { requests, uses };
}
