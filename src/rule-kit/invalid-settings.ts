import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

const settingsReported = new WeakSet<TSESTree.Program>();

/** A malformed `settings.glean` is reported once per file, by whichever plugin rule runs first. */
export function reportInvalidSettings(
  context: Readonly<TSESLint.RuleContext<'invalidSettings', readonly unknown[]>>,
  problems: readonly string[],
): void {
  const program = context.sourceCode.ast;
  if (settingsReported.has(program)) return;
  settingsReported.add(program);
  context.report({
    loc: { line: 1, column: 0 },
    messageId: 'invalidSettings',
    data: { problems: problems.join('; ') },
  });
}
