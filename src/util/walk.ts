import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

/** Visits every node of a tree once, depth first, with the parser's own visitor keys. */
export function walk(
  root: TSESTree.Node,
  visitorKeys: TSESLint.SourceCode.VisitorKeys,
  visit: (node: TSESTree.Node) => void,
): void {
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    const keys = visitorKeys[node.type] ?? [];
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
