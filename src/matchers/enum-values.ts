import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { staticValue, unwrap } from '../util/resolve.js';

/**
 * Where a property's value is a string the code names: the places a deprecated enum value is used.
 * Each result is the expression that names the value (reported there) and the string it stands for.
 */

export interface NamedValue {
  node: TSESTree.Node;
  value: string;
}

const EQUALITY = new Set(['===', '!==', '==', '!=']);

/** The strings a property is given: `role: 'VIEWER'`, `roles: ['VIEWER']`, a same-file constant. */
export function assignedStrings(value: TSESTree.Node, scope: TSESLint.Scope.Scope): NamedValue[] {
  const node = unwrap(value);
  if (node.type === AST_NODE_TYPES.ArrayExpression) {
    return node.elements.flatMap((element) =>
      element && element.type !== AST_NODE_TYPES.SpreadElement ? staticString(element, scope) : [],
    );
  }
  return staticString(node, scope);
}

/**
 * The strings a value read from a response is compared with: `info.role === 'VIEWER'`,
 * `'VIEWER' !== role`, `switch (info.role) { case 'VIEWER': … }`.
 */
export function comparedStrings(read: TSESTree.Node, scope: TSESLint.Scope.Scope): NamedValue[] {
  let current = read;
  while (current.parent?.type === AST_NODE_TYPES.ChainExpression || current.parent?.type === AST_NODE_TYPES.TSNonNullExpression) {
    current = current.parent;
  }
  const parent = current.parent;
  if (parent?.type === AST_NODE_TYPES.BinaryExpression && EQUALITY.has(parent.operator)) {
    return staticString(parent.left === current ? parent.right : parent.left, scope);
  }
  if (parent?.type === AST_NODE_TYPES.SwitchStatement && parent.discriminant === current) {
    return parent.cases.flatMap((branch) => (branch.test ? staticString(branch.test, scope) : []));
  }
  return [];
}

function staticString(node: TSESTree.Node, scope: TSESLint.Scope.Scope): NamedValue[] {
  const found = staticValue(node, scope);
  return typeof found?.value === 'string' ? [{ node, value: found.value }] : [];
}
