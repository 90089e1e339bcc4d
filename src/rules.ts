import noDeprecated from '../rules/no-deprecated.js';
import noRemoved from '../rules/no-removed.js';

/** Every rule of the plugin, by name. Configs and docs are derived from this table. */
export const rules = {
  'no-removed': noRemoved,
  'no-deprecated': noDeprecated,
};

export type RuleName = keyof typeof rules;
