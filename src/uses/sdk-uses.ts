import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { compileOperation } from '../matchers/operations.js';
import { findSdkCalls } from '../matchers/sdk-calls.js';
import { operationKey } from '../register/types.js';
import type { SdkTables } from '../sdk/types.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import type { UrlAnalysis } from './endpoint-uses.js';
import type { ResolvedRequest } from '../model/request.js';
import type { Use } from '../model/use.js';

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
      uses.push({ item, node: sdkCall.call.callee, method: operation.method, via: `${sdkCall.name}()`, site: { kind: 'sdk', call: sdkCall } });
    }
  }
  return { requests, uses };
}
