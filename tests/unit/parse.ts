import tsParser from '@typescript-eslint/parser';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { Linter, type Rule, type SourceCode } from 'eslint';

/**
 * A module parsed the way a rule sees it (ESLint with typescript-eslint's parser: parent links and
 * scope analysis), for unit tests of the matchers: a test finds a node by its source text and calls
 * the matcher on it.
 */
export interface Parsed {
  globalScope: TSESLint.Scope.Scope;
  sourceCode: TSESLint.SourceCode;
  /** The `occurrence`-th (0-based) node of `type` whose source text is exactly `text`. */
  find<T extends TSESTree.Node['type']>(type: T, text: string, occurrence?: number): Extract<TSESTree.Node, { type: T }>;
  /** A node's source text. */
  textOf(node: TSESTree.Node | undefined): string | undefined;
}

export function parseModule(code: string): Parsed {
  let sourceCode: SourceCode | undefined;
  const capture: Rule.RuleModule = {
    create(context) {
      sourceCode = context.sourceCode;
      return {};
    },
  };
  const messages = new Linter({ configType: 'flat' }).verify(code, [
    {
      languageOptions: { parser: tsParser, sourceType: 'module' },
      plugins: { unit: { rules: { capture } } },
      rules: { 'unit/capture': 'error' },
    },
  ]);
  if (!sourceCode) throw new Error(`the code does not parse: ${messages.map((m) => m.message).join('; ')}`);
  const source = sourceCode;
  const globalScope = source.scopeManager.globalScope as unknown as TSESLint.Scope.Scope;
  const nodes: TSESTree.Node[] = [];
  const visit = (node: TSESTree.Node) => {
    nodes.push(node);
    for (const key of source.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof item === 'object' && 'type' in item) visit(item as TSESTree.Node);
      }
    }
  };
  visit(source.ast as unknown as TSESTree.Node);
  const textOf = (node: TSESTree.Node | undefined) => (node ? code.slice(node.range[0], node.range[1]) : undefined);
  return {
    globalScope,
    sourceCode: source as unknown as TSESLint.SourceCode,
    textOf,
    find(type, text, occurrence = 0) {
      const node = nodes.filter((candidate) => candidate.type === type && textOf(candidate) === text)[occurrence];
      if (!node) throw new Error(`no ${type} ${JSON.stringify(text)} (occurrence ${occurrence}) in the code`);
      return node as never;
    },
  };
}
