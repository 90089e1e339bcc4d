import type { TSESTree } from '@typescript-eslint/utils';
import { createRule, DOCS_BASE_URL } from './create-rule.js';
import { analyseFile, mayUseGlean } from '../uses/analysis.js';
import type { Use } from '../model/use.js';
import { planFixes } from '../fixes/plan.js';
import { statusOf, todayUtc, type Lifecycle } from '../model/lifecycle.js';
import { describeDays, describeReplacement, subjectOf } from '../model/messages.js';
import { builtinRegister } from '../register/items.js';
import { settingsOf } from './settings-error.js';
import { isIgnored, itemNames } from './settings.js';

/**
 * The two lifecycle rules, `no-removed` and `no-deprecated`, are this one rule with a different
 * lifecycle: they share the file analysis and each reports only the uses in its own lifecycle, so one
 * use is never reported twice.
 */

export type LifecycleMessageIds =
  | 'removed'
  | 'dueSoon'
  | 'deprecated'
  | 'switchToReplacement'
  | 'switchToReplacementChecked'
  | 'renameField'
  | 'renameFieldChecked'
  | 'removeField';

export interface LifecycleOptions {
  /** Also autofix the mechanical rewrites (endpoint swaps) that are otherwise suggestions. */
  migrate?: boolean;
  /** Register ids or item names this rule skips. */
  ignore?: string[];
}

const DEFAULT_OPTIONS: [LifecycleOptions] = [{ migrate: false, ignore: [] }];
const SUGGESTION_IDS = { rename: 'renameField', renameChecked: 'renameFieldChecked', remove: 'removeField' } as const;

const ITEM_NAMES = [...new Set(builtinRegister.items.flatMap(itemNames))].sort();

export function createLifecycleRule(rule: {
  name: string;
  lifecycle: Exclude<Lifecycle, 'upcoming'>;
  description: string;
  recommendedSeverity: 'error' | 'warn';
}) {
  return createRule<[LifecycleOptions], LifecycleMessageIds>({
    name: rule.name,
    meta: {
      type: 'problem',
      docs: { description: rule.description, recommended: true, recommendedSeverity: rule.recommendedSeverity },
      fixable: 'code',
      hasSuggestions: true,
      defaultOptions: DEFAULT_OPTIONS,
      schema: [
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            migrate: {
              type: 'boolean',
              description:
                'Also apply the mechanical rewrites (endpoint swaps) as autofixes, for a reviewed one-off migration.',
            },
            ignore: {
              type: 'array',
              description: 'Register ids or item names this rule skips.',
              items: {
                // ESLint prints the schema errors of invalid options, but not an enum's values: the
                // second branch, which no real entry matches, makes the error name the doc listing them.
                anyOf: [
                  { type: 'string', enum: ITEM_NAMES },
                  { type: 'string', pattern: `^an id or name listed in ${DOCS_BASE_URL}/${rule.name}.md#register-items$` },
                ],
              },
              uniqueItems: true,
            },
          },
        },
      ],
      messages: {
        removed: '{{subject}} was removed on {{removal}} ({{when}}); {{replacement}}.',
        dueSoon:
          '{{subject}} is due for removal on {{removal}} ({{when}}, within settings.glean.escalateWithinDays); {{replacement}}.',
        deprecated: '{{subject}} is deprecated and will be removed on {{removal}} ({{when}}); {{replacement}}.',
        switchToReplacement: 'Switch to {{replacement}} (review the code that reads the response).',
        switchToReplacementChecked: 'Switch to {{replacement}} once you have checked that {{check}}.',
        renameField: 'Rename to `{{name}}`, then give it a value of its new shape.',
        renameFieldChecked: 'Rename to `{{name}}` once you have checked that {{check}}.',
        removeField: 'Remove `{{name}}`: the feature it belongs to is gone.',
      },
    },
    defaultOptions: DEFAULT_OPTIONS,
    create(context, [options]) {
      const settings = settingsOf(context);
      if (!mayUseGlean(context.sourceCode, settings.register, { filename: context.physicalFilename, cwd: context.cwd, rule: rule.name })) return {};
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
          for (const use of analyseFile(context.sourceCode, settings.register, { filename: context.physicalFilename, cwd: context.cwd }).uses) report(use, now);
        },
      };
    },
  });
}
