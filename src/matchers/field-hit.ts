import type { TSESTree } from '@typescript-eslint/utils';
import type { PropertyItem } from '../register/types.js';
import type { SdkContext } from '../sdk/versions.js';
import type { Position } from './schema.js';

/** A deprecated field (or enum value) named in code, with what holds the name (for reports and fixes). */
export interface FieldHit {
  item: PropertyItem;
  side: 'request' | 'response';
  /** Where to report: the property key, the member's property, the pattern key, or the enum value. */
  node: TSESTree.Node;
  holder:
    | { kind: 'property'; property: TSESTree.Property; object: TSESTree.ObjectExpression }
    | { kind: 'assignment'; member: TSESTree.MemberExpression }
    | { kind: 'member'; member: TSESTree.MemberExpression }
    | { kind: 'pattern'; property: TSESTree.Property; pattern: TSESTree.ObjectPattern }
    /** A deprecated enum value: the literal (or constant) that names it. */
    | { kind: 'value' };
  /** The position of the object that owns the field. */
  owner: Position;
  /** Set when a value other than Glean's may also reach the site: never autofixed then. */
  mayHoldOtherValues?: boolean;
  /** The payload of the request the field is sent in, when an HTTP client serialises it to JSON (no type checks it). */
  jsonPayload?: TSESTree.Node;
  /**
   * Set when the owner is a model of the SDK (an SDK call's request or response, a value typed with a
   * model type): that SDK version's types decide what may be fixed. Unset on the wire (HTTP clients).
   */
  sdk?: SdkContext;
}
