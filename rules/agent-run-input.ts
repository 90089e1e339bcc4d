import { createRule } from '../src/rule-kit/create-rule.js';
import { loadImplementation } from '../src/rule-kit/load-implementation.js';

export default createRule({
  name: 'agent-run-input',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require agent-run requests to send an `input` object with every field of the agent\'s input form',
      recommended: true,
      recommendedSeverity: 'error',
    },
    // The reports and their suggestions are made in src/rule-kit/run-input-listeners.ts, loaded on first use.
    // eslint-disable-next-line eslint-plugin/require-meta-has-suggestions
    hasSuggestions: true,
    schema: [],
    messages: {
      inputNotObject: "An agent run's `input` must be an object of form fields, not {{actual}}.",
      missingInput: 'Agent `{{agent}}` runs from an input form: the body needs `input` with every form field ({{fields}}).',
      missingFields: "Agent `{{agent}}`'s input form needs every field, optional ones too: {{missing}} missing.",
      unknownField: "`{{field}}` is not a field of agent `{{agent}}`'s input form ({{fields}}).",
      addMissingFields: 'Add {{missing}} as empty strings.',
      renameToFormField: 'Rename to `{{name}}`.',
    },
  },
  defaultOptions: [],
  create(context) {
    return loadImplementation().runInputListeners(context);
  },
});
