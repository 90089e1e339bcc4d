import type { ESLint, Linter } from 'eslint';
import { epochSettings } from './rule-kit/lifecycle-epoch.js';
import { rules, type RuleName } from './rules.js';

/**
 * Flat configs derived from rule metadata, never listed by hand:
 * - `recommended`: each rule with `meta.docs.recommended`, at its `meta.docs.recommendedSeverity`;
 * - `strict`: every rule an error (deprecated items too);
 * - `migrate`: recommended, plus the mechanical rewrites as autofixes (rules with a `migrate` option).
 */

type Severity = 'error' | 'warn';
type RuleEntry = Severity | [Severity, Record<string, unknown>];

// A type alias (not an interface) so it satisfies ESLint's `Record<string, Config>` for plugin configs.
export type GleanConfigs = {
  recommended: Linter.Config;
  strict: Linter.Config;
  migrate: Linter.Config;
};

function ruleEntries(
  entry: (name: RuleName, severity: Severity) => RuleEntry,
  { onlyRecommended }: { onlyRecommended: boolean },
): Linter.RulesRecord {
  return Object.fromEntries(
    Object.entries(rules)
      .filter(([, rule]) => !onlyRecommended || rule.meta.docs!.recommended)
      .map(([name, rule]) => [`glean/${name}`, entry(name as RuleName, rule.meta.docs!.recommendedSeverity)]),
  );
}

function acceptsMigrate(name: RuleName): boolean {
  const schema = rules[name].meta.schema;
  const first = Array.isArray(schema) ? (schema[0] as { properties?: Record<string, unknown> } | undefined) : undefined;
  return first?.properties?.migrate !== undefined;
}

export function createConfigs(plugin: ESLint.Plugin): GleanConfigs {
  const base = (name: string, entries: Linter.RulesRecord): Linter.Config => ({
    name: `glean/${name}`,
    plugins: { glean: plugin },
    rules: entries,
    // Keys ESLint's cache on the lifecycle epoch (see lifecycle-epoch.ts).
    settings: { glean: epochSettings },
  });
  return {
    recommended: base('recommended', ruleEntries((_, severity) => severity, { onlyRecommended: true })),
    strict: base('strict', ruleEntries(() => 'error', { onlyRecommended: false })),
    migrate: base(
      'migrate',
      ruleEntries((name, severity) => (acceptsMigrate(name) ? [severity, { migrate: true }] : severity), { onlyRecommended: true }),
    ),
  };
}
