import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { analyseFile, mayUseGlean } from '../uses/analysis.js';
import type { Use } from '../model/use.js';
import { planFixes } from '../fixes/plan.js';
import { statusOf, todayUtc } from '../model/lifecycle.js';
import { describeDays, describeReplacement, subjectOf } from '../model/messages.js';
import { itemNames } from '../register/types.js';
import type { ProgramListener } from './create-rule.js';
import type { LifecycleMessageIds, LifecycleOptions, LifecycleRuleSpec } from './lifecycle-rule.js';
import { settingsOf } from './settings-error.js';
import { isIgnored } from './settings.js';

/**
 * What a lifecycle rule (lifecycle-rule.ts) does with one file: the uses the file analysis found, in
 * the rule's own lifecycle, reported with the fixes the fix policy offers.
 */

const SUGGESTION_IDS = { rename: 'renameField', renameChecked: 'renameFieldChecked', remove: 'removeField' } as const;

export function lifecycleListeners(
  rule: LifecycleRuleSpec,
  context: Readonly<TSESLint.RuleContext<LifecycleMessageIds, [LifecycleOptions]>>,
  options: LifecycleOptions,
): ProgramListener {
  const settings = settingsOf(context);
  if (!mayUseGlean(context.sourceCode, settings.register, { filename: context.physicalFilename, cwd: context.cwd, settings })) return {};
  const ignored = new Set(options.ignore ?? []);

  /** Same-file type properties already reported as uses of a renamed field. */
  const reportedDeclarations = new Set<TSESTree.Node>();
  const report = (use: Use, now: string): void => {
    if (isIgnored(use.item, settings) || itemNames(use.item).some((name) => ignored.has(name))) return;
    const status = statusOf(use.item, now, settings.escalateWithinDays);
    if (status.lifecycle !== rule.lifecycle) return;
    const messageId =
      rule.lifecycle === 'deprecated' ? 'deprecated' : status.daysToRemoval > 0 ? 'dueSoon' : 'removed';
    const plan = planFixes(use, context.sourceCode, context.filename);
    const rewrite = plan.rewrite;
    const data = {
      subject: subjectOf(use.item, use.via, use.owners),
      removal: use.item.removal,
      when: describeDays(status.daysToRemoval),
      replacement: describeReplacement(use.item.replacement, plan.upgrade),
    };
    const fix = plan.fix ?? (options.migrate && rewrite?.mechanical ? rewrite.fix : null);
    context.report({
      node: use.node,
      messageId,
      data,
      fix,
      suggest: [
        ...(rewrite
          ? [
              rewrite.check === undefined
                ? { messageId: 'switchToReplacement' as const, data: { replacement: rewrite.description }, fix: rewrite.fix }
                : {
                    messageId: 'switchToReplacementChecked' as const,
                    data: { replacement: rewrite.description, check: rewrite.check },
                    fix: rewrite.fix,
                  },
            ]
          : []),
        ...(plan.edits ?? []).map((edit) => ({
          messageId: SUGGESTION_IDS[edit.kind],
          data: edit.check === undefined ? { name: edit.name } : { name: edit.name, check: edit.check },
          fix: edit.fix,
        })),
      ],
    });
    // A same-file type that declares the field is a use too; the one fix renames both.
    for (const node of plan.alsoAt ?? []) {
      if (reportedDeclarations.has(node)) continue;
      reportedDeclarations.add(node);
      context.report({ node, messageId, data, fix });
    }
  };

  return {
    Program() {
      const now = settings.now ?? todayUtc();
      for (const use of analyseFile(context.sourceCode, settings.register, { filename: context.physicalFilename, cwd: context.cwd, settings }).uses) report(use, now);
    },
  };
}
