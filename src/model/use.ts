import type { TSESTree } from '@typescript-eslint/utils';
import type { FieldHit } from '../matchers/field-hit.js';
import type { RequestSite } from '../matchers/http-requests.js';
import type { CompiledOperation, UrlMatch } from '../matchers/operations.js';
import type { SdkCall } from '../matchers/sdk-calls.js';
import type { FlatPattern } from '../matchers/string-pattern.js';
import type { HttpMethod, RegisterItem } from '../register/types.js';
import type { SdkContext } from '../sdk/versions.js';

/**
 * One use of a register item found in a file: what the lifecycle rules report. A use records what was
 * found and where; what to offer for it (autofix, suggestion, nothing) is decided later, by the fixes
 * layer, from `site`.
 */
export interface Use {
  item: RegisterItem;
  /** Where to report: the literal, key or call that names the item. */
  node: TSESTree.Node;
  /** How the code reaches the item when it does not name it, e.g. the SDK method `client.agents.run()`. */
  via?: string;
  /** The SDK schema types that hold the field here (fields), for the message. */
  owners?: readonly string[];
  /** The method the use sends with, when known (endpoints). */
  method?: HttpMethod;
  /** How the code names the item: what a fix would rewrite. */
  site: UseSite;
}

export type UseSite =
  /** A URL (literal, template, concatenation) that resolves to a deprecated operation. */
  | {
      kind: 'url';
      operation: CompiledOperation;
      flat: FlatPattern;
      match: UrlMatch;
      /** The requests that send to this URL. */
      sites: readonly RequestSite[];
      /** True when every request through the URL is known to use the deprecated operation's method. */
      methodKnown: boolean;
    }
  /** An SDK call (method, standalone function or hook) that reaches a deprecated operation, in the SDK version the file uses. */
  | { kind: 'sdk'; call: SdkCall; sdk: SdkContext }
  /** A deprecated field written as a key, read as a member, or destructured. */
  | { kind: 'field'; hit: FieldHit };
