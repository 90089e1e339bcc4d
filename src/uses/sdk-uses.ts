import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { compileOperation } from '../matchers/operations.js';
import { findSdkCalls } from '../matchers/sdk-calls.js';
import { operationKey } from '../register/types.js';
import type { SdkContext } from '../sdk/versions.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import type { UrlAnalysis } from './endpoint-uses.js';
import type { ResolvedRequest } from '../model/request.js';
import type { Use } from '../model/use.js';
import type { CompiledOperation } from '../matchers/operations.js';
import type { SdkCall } from '../matchers/sdk-calls.js';
import { methodCallsOf } from '../flow/functions.js';
import { MUTATE_METHODS, mutationResultCallbacks, objectValues } from '../flow/values.js';
import { findProperty } from '../util/resolve.js';

/** A query hook's result holds the response in `.data`; a mutation's too, once it has run. */
function hookResponse(call: SdkCall): ResolvedRequest['response'] {
  const kind = call.hook?.kind;
  return kind === 'query' || kind === 'suspense' || kind === 'mutation' ? 'query' : 'none';
}

/**
 * The requests a mutation hook makes: each `mutate(variables)` / `mutateAsync(variables)` sends the
 * body named by the operation's body parameter (`{ chatRequest }`); `mutateAsync` resolves to the response.
 */
function mutationRequests(sourceCode: TSESLint.SourceCode, sdkCall: SdkCall, operation: CompiledOperation, sdk: SdkContext): ResolvedRequest[] {
  const scope = sourceCode.scopeManager?.globalScope;
  const bodyParam = sdkCall.operation.params.find((param) => param.role === 'body');
  if (!scope) return [];
  return methodCallsOf(sdkCall.call, MUTATE_METHODS, scope).map(({ name, call }) => {
    const variables = call.arguments[0];
    let body: TSESTree.Node | undefined;
    if (variables && variables.type !== 'SpreadElement' && bodyParam) {
      for (const object of objectValues(variables, scope, sourceCode)) {
        const found = findProperty(object, bodyParam.name, scope);
        if (found && found !== 'unknown') body = found.value;
      }
    }
    return { node: call, operations: [operation], response: name === 'mutateAsync' ? 'model' : 'none', pathParams: {}, sdk, ...(body ? { body } : {}) };
  });
}

/**
 * Deprecated operations reached through the SDK, and the requests SDK calls make (for field and
 * run-input detection). Identification is by reference tracking from the SDK's imports, with the
 * method names and argument shapes of the SDK version the file uses (`sdk`).
 */
export function analyseSdk(sourceCode: TSESLint.SourceCode, register: CompiledRegister, sdk: SdkContext): UrlAnalysis {
  const requests: ResolvedRequest[] = [];
  const uses: Use[] = [];
  for (const sdkCall of findSdkCalls(sourceCode, sdk.tables)) {
    const { operation } = sdkCall;
    const key = operationKey(operation);
    const compiled = register.operations.operations.find((op) => op.key === key) ?? compileOperation(operation);
    const bodyIndex = operation.params.findIndex((param) => param.role === 'body');
    /** The request a call with these arguments (in the order of the method's parameters) makes. */
    const requestOf = (node: TSESTree.Node, args: readonly TSESTree.CallExpressionArgument[], response: ResolvedRequest['response']): ResolvedRequest => {
      const body = bodyIndex === -1 ? undefined : args[bodyIndex];
      const pathParams: Record<string, TSESTree.Node> = {};
      operation.params.forEach((param, index) => {
        const arg = args[index];
        if (param.role === 'path' && param.wire && arg && arg.type !== 'SpreadElement') pathParams[param.wire] = arg;
      });
      return { node, operations: [compiled], response, pathParams, sdk, ...(body ? { body } : {}), ...(sdkCall.handed ? { clientMayBeOther: true } : {}) };
    };
    // A bound method returns a function; the responses are its calls' (below).
    const response = sdkCall.indirect === 'bind' ? 'none' : sdkCall.kind === 'method' ? 'model' : sdkCall.kind === 'func' ? 'result' : hookResponse(sdkCall);
    const scope = sourceCode.scopeManager?.globalScope;
    const resultCallbacks = sdkCall.hook?.kind === 'mutation' && scope ? mutationResultCallbacks(sdkCall.call, scope, sourceCode) : [];
    requests.push({ ...requestOf(sdkCall.call, sdkCall.args, response), ...(resultCallbacks.length > 0 ? { resultCallbacks } : {}) });
    if (sdkCall.hook?.kind === 'mutation') requests.push(...mutationRequests(sourceCode, sdkCall, compiled, sdk));
    // Each call of a bound method sends a request: its body and its response are that call's.
    for (const bound of sdkCall.boundCalls ?? []) requests.push(requestOf(bound.call, bound.args, 'model'));
    for (const item of register.endpointsByOperation.get(key) ?? []) {
      uses.push({ item, node: sdkCall.call.callee, method: operation.method, via: `${sdkCall.name}()`, site: { kind: 'sdk', call: sdkCall, sdk } });
    }
  }
  return { requests, uses };
}
