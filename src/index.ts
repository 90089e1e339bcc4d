import type { ESLint, Rule } from 'eslint';
import { readFileSync } from 'node:fs';
import { createConfigs, type GleanConfigs } from './configs.js';
import { builtinRegister } from './register/items.js';
import { rules, type RuleName } from './rules.js';

/** The package's own package.json: one folder up from `src/` in a checkout, two from `dist/src/`. */
function readPackageJson(): { name: string; version: string } {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      const json = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (json.name === 'eslint-plugin-glean' && json.version) return { name: json.name, version: json.version };
    } catch {
      // Not this folder; try the next one.
    }
  }
  throw new Error('eslint-plugin-glean: cannot find its package.json');
}

const { name, version } = readPackageJson();

export interface GleanPlugin extends ESLint.Plugin {
  meta: { name: string; version: string; namespace: 'glean' };
  rules: Record<RuleName, Rule.RuleModule>;
  configs: GleanConfigs;
}

const plugin: GleanPlugin = {
  meta: { name, version, namespace: 'glean' },
  // typescript-eslint's rule objects are ESLint rules with stricter types.
  rules: rules as unknown as Record<RuleName, Rule.RuleModule>,
  configs: {} as GleanConfigs,
};
plugin.configs = createConfigs(plugin);

/** The deprecation register the rules are built from (plain JSON-serialisable data). */
export const register = builtinRegister;
export type { Register, RegisterItem, EndpointItem, FieldItem, Replacement, Operation } from './register/types.js';
export default plugin;
