import type { TSESTree } from '@typescript-eslint/utils';
import type { FieldItem } from '../register/types.js';
import type { Position } from './schema.js';

/** A deprecated field named in code, with what holds the name (for reports and fixes). */
export interface FieldHit {
  item: FieldItem;
  side: 'request' | 'response';
  /** Where to report: the property key, the member's property, or the pattern key. */
  node: TSESTree.Node;
  holder:
    | { kind: 'property'; property: TSESTree.Property; object: TSESTree.ObjectExpression }
    | { kind: 'assignment'; member: TSESTree.MemberExpression }
    | { kind: 'member'; member: TSESTree.MemberExpression }
    | { kind: 'pattern'; property: TSESTree.Property; pattern: TSESTree.ObjectPattern };
  /** The position of the object that owns the field. */
  owner: Position;
  /** Other values than the request's may reach the holder (a reassigned variable, a shared helper): never autofixed. */
  mixed?: boolean;
}
