import type { TSESLint } from '@typescript-eslint/utils';
import { readFileSync } from 'node:fs';
import { createConfigs } from './configs.js';
import { builtinRegister } from './register/items.js';
import { rules } from './rules.js';

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

const plugin = {
  meta: { name, version, namespace: 'glean' },
  rules,
  configs: {} as ReturnType<typeof createConfigs>,
};
plugin.configs = createConfigs(plugin as unknown as TSESLint.FlatConfig.Plugin);

/** The deprecation register the rules are built from (plain JSON-serialisable data). */
export const register = builtinRegister;
export { rules };
export type { Register, RegisterItem, EndpointItem, FieldItem, Replacement, Operation } from './register/types.js';
export default plugin;
