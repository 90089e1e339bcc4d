import type { ESLint, Rule } from 'eslint';
import { createConfigs, type GleanConfigs } from './configs.js';
import { builtinRegister } from './register/items.js';
import { PACKAGE_NAME, PACKAGE_VERSION } from './rule-kit/package-info.js';
import { rules, type RuleName } from './rules.js';

export interface GleanPlugin extends ESLint.Plugin {
  meta: { name: string; version: string; namespace: 'glean' };
  rules: Record<RuleName, Rule.RuleModule>;
  configs: GleanConfigs;
}

const plugin: GleanPlugin = {
  meta: { name: PACKAGE_NAME, version: PACKAGE_VERSION, namespace: 'glean' },
  // typescript-eslint's rule objects are ESLint rules with stricter types.
  rules: rules as unknown as Record<RuleName, Rule.RuleModule>,
  configs: {} as GleanConfigs,
};
plugin.configs = createConfigs(plugin);

/** The deprecation register the rules are built from (plain JSON-serialisable data). */
export const register = builtinRegister;
export type { Register, RegisterItem, EndpointItem, FieldItem, Replacement, Operation } from './register/types.js';
export default plugin;
// `require('eslint-plugin-glean')` (Node's require of an ES module) returns this export: the plugin
// itself, as a CommonJS config expects. CommonJS code reaches the register at
// `eslint-plugin-glean/register`.
export { plugin as 'module.exports' };
