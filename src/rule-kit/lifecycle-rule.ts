import { createRule, DOCS_BASE_URL } from './create-rule.js';
import type { Lifecycle } from '../model/lifecycle.js';
import { builtinRegister } from '../register/items.js';
import { itemNames } from '../register/types.js';
import { loadImplementation } from './load-implementation.js';

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

const ITEM_NAMES = [...new Set(builtinRegister.items.flatMap(itemNames))].sort();

/** A lifecycle rule: its name and the lifecycle whose uses it reports. */
export interface LifecycleRuleSpec {
  name: string;
  lifecycle: Exclude<Lifecycle, 'upcoming'>;
}

export function createLifecycleRule(rule: LifecycleRuleSpec & { description: string; recommendedSeverity: 'error' | 'warn' }) {
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
      return loadImplementation().lifecycleListeners(rule, context, options);
    },
  });
}
