import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES } from '../util/packages.js';
import { isStringLiteral } from '../matchers/string-pattern.js';
import { TYPE_ONLY, walk } from '../util/walk.js';

/**
 * The nodes of a module the analysis looks at one by one: its calls (every call with an argument may
 * be a request), its object literals (requests described in data) and its standalone strings. Taken
 * in one walk and kept as long as the tree lives: a module the linted file calls into is looked at for
 * many linted files.
 */
export interface Inventory {
  calls: readonly (TSESTree.CallExpression | TSESTree.NewExpression)[];
  objects: readonly TSESTree.ObjectExpression[];
  strings: readonly TSESTree.Node[];
}

const inventories = new WeakMap<TSESTree.Program, Inventory>();

export function inventoryOf(sourceCode: TSESLint.SourceCode): Inventory {
  let inventory = inventories.get(sourceCode.ast);
  if (inventory) return inventory;
  const calls: (TSESTree.CallExpression | TSESTree.NewExpression)[] = [];
  const objects: TSESTree.ObjectExpression[] = [];
  const strings: TSESTree.Node[] = [];
  walk(
    sourceCode.ast,
    sourceCode.visitorKeys,
    (node) => {
      if (node.type === AST_NODE_TYPES.CallExpression || node.type === AST_NODE_TYPES.NewExpression) calls.push(node);
      else if (node.type === AST_NODE_TYPES.ObjectExpression) objects.push(node);
      else if (isStandaloneString(node)) strings.push(node);
    },
    TYPE_ONLY,
  );
  inventory = { calls, objects, strings };
  inventories.set(sourceCode.ast, inventory);
  return inventory;
}

/** Literals, templates and `+` chains that are not part of a larger string expression or a key. */
function isStandaloneString(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (isStringLiteral(node)) {
    if (parent?.type === AST_NODE_TYPES.Property && parent.key === node && !parent.computed) return false;
    if (
      parent?.type === AST_NODE_TYPES.ImportDeclaration ||
      parent?.type === AST_NODE_TYPES.ExportAllDeclaration ||
      parent?.type === AST_NODE_TYPES.ExportNamedDeclaration ||
      parent?.type === AST_NODE_TYPES.ImportExpression ||
      parent?.type === AST_NODE_TYPES.TSLiteralType ||
      parent?.type === AST_NODE_TYPES.TSExternalModuleReference ||
      parent?.type === AST_NODE_TYPES.ImportAttribute
    ) {
      return false;
    }
  } else if (node.type === AST_NODE_TYPES.TemplateLiteral) {
    if (parent?.type === AST_NODE_TYPES.TSLiteralType) return false;
  } else if (node.type !== AST_NODE_TYPES.BinaryExpression || node.operator !== '+') {
    return false;
  }
  if (parent?.type === AST_NODE_TYPES.BinaryExpression && parent.operator === '+') return false;
  if (parent?.type === AST_NODE_TYPES.TemplateLiteral) return false;
  return true;
}

