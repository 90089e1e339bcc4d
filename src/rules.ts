import agentRunInput from '../rules/agent-run-input.js';
import noDeprecated from '../rules/no-deprecated.js';
import noRemoved from '../rules/no-removed.js';

/** Every rule of the plugin, by name. Configs and docs are derived from this table. */
export const rules = {
  'no-removed': noRemoved,
  'no-deprecated': noDeprecated,
  'agent-run-input': agentRunInput,
};

export type RuleName = keyof typeof rules;
