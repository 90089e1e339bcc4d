import { AST_NODE_TYPES } from './packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { visitorKeysFor } from './linking.js';

/**
 * TypeScript nodes that hold types only: no call, object literal or string expression lives below
 * them, so a walk that looks for those can skip them (in typed code they are a good part of the tree).
 */
export const TYPE_ONLY = new Set<string>([
  AST_NODE_TYPES.TSTypeAnnotation,
  AST_NODE_TYPES.TSTypeParameterInstantiation,
  AST_NODE_TYPES.TSTypeParameterDeclaration,
  AST_NODE_TYPES.TSInterfaceDeclaration,
  AST_NODE_TYPES.TSTypeAliasDeclaration,
  AST_NODE_TYPES.TSTypeReference,
  AST_NODE_TYPES.TSUnionType,
  AST_NODE_TYPES.TSIntersectionType,
  AST_NODE_TYPES.TSTypeLiteral,
  AST_NODE_TYPES.TSFunctionType,
  AST_NODE_TYPES.TSTupleType,
  AST_NODE_TYPES.TSArrayType,
  AST_NODE_TYPES.TSTypeOperator,
  AST_NODE_TYPES.TSIndexedAccessType,
  AST_NODE_TYPES.TSLiteralType,
  AST_NODE_TYPES.TSTypeQuery,
  AST_NODE_TYPES.TSImportType,
  AST_NODE_TYPES.TSConditionalType,
  AST_NODE_TYPES.TSMappedType,
]);

/** Visits every node of a tree once, depth first, with the parser's own visitor keys; `skip` prunes subtrees. */
export function walk(
  root: TSESTree.Node,
  visitorKeys: TSESLint.SourceCode.VisitorKeys,
  visit: (node: TSESTree.Node) => void,
  skip?: ReadonlySet<string>,
): void {
  const keysOf = visitorKeysFor(root, visitorKeys);
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (skip?.has(node.type)) continue;
    visit(node);
    const keys = keysOf[node.type] ?? [];
    for (let k = keys.length - 1; k >= 0; k--) {
      const child = (node as unknown as Record<string, unknown>)[keys[k]!];
      if (Array.isArray(child)) {
        for (let i = child.length - 1; i >= 0; i--) {
          const element = child[i] as TSESTree.Node | null;
          if (element && typeof element.type === 'string') stack.push(element);
        }
      } else if (child && typeof (child as TSESTree.Node).type === 'string') {
        stack.push(child as TSESTree.Node);
      }
    }
  }
}
