import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { CompiledOperation } from '../matchers/operations.js';
import type { FunctionNode } from '../flow/functions.js';
import type { SdkContext } from '../sdk/versions.js';

/**
 * A request that reaches a Glean operation, whether through a URL or the SDK: the hook for field and
 * run-input detection.
 */
export interface ResolvedRequest {
  /** The call that sends the request (its value is the response), or an options object that describes one. */
  node: TSESTree.Node;
  /** The operations it reaches; several when the method cannot be known. */
  operations: CompiledOperation[];
  /** The payload expression, when the request has a visible body (inside `JSON.stringify(…)`). */
  body?: TSESTree.Node;
  /** Set when an HTTP client sends the body as JSON (the SDK's requests are typed by the SDK). */
  bodyIsJson?: boolean;
  /**
   * What the call returns: an HTTP client's response (`http`), the SDK's parsed model (`model`), a
   * standalone function's `Result` (`result`), a React Query result whose `.data` is the model
   * (`query`, not a promise), or nothing to follow (`none`).
   */
  response: 'http' | 'body' | 'model' | 'result' | 'query' | 'none';
  /** Functions called with the parsed response as their first argument (React Query's `onSuccess(data)`). */
  resultCallbacks?: FunctionNode[];
  /** An RTK Query endpoint's request: the hooks generated for it hold the body in `data`. */
  rtkEndpoint?: { api: TSESTree.CallExpression; endpoint: string };
  /**
   * For a request made inside a wrapper for one call of it: its response leaves the wrapper only to
   * that call (other calls make other requests).
   */
  exit?: { from: FunctionNode; to: TSESTree.Node };
  /** For a request made inside a wrapper for one call of it: the wrapper's parameters bound to that call's arguments. */
  bindings?: ReadonlyMap<TSESLint.Scope.Variable, TSESTree.Node>;
  /** Path parameters by wire name: known text, or the expression interpolated into the segment. */
  pathParams: Record<string, string | TSESTree.Node>;
  /** For a request made through the SDK: the SDK the file uses, whose version's types its body and response have. */
  sdk?: SdkContext;
  /** Made on a client handed in by callers (SdkCall.handed): what its body and response hold may not be Glean's. */
  clientMayBeOther?: boolean;
}
