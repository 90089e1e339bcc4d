import { createRule } from '../src/rule-kit/create-rule.js';
import { analyseFile, mayUseGlean } from '../src/uses/analysis.js';
import { findRunInputProblems } from '../src/uses/agent-runs.js';
import { addMissingFieldsFix, renameToFormFieldFix } from '../src/fixes/run-input-fixes.js';
import { settingsOf } from '../src/rule-kit/settings-error.js';

const list = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(', ');

export default createRule({
  name: 'agent-run-input',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require agent-run requests to send an `input` object with every field of the agent\'s input form',
      recommended: true,
      recommendedSeverity: 'error',
    },
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
    const { register, agentForms } = settingsOf(context);
    if (!mayUseGlean(context.sourceCode, register, { filename: context.physicalFilename, cwd: context.cwd, rule: 'agent-run-input' })) return {};
    return {
      Program() {
        const { requests } = analyseFile(context.sourceCode, register, { filename: context.physicalFilename, cwd: context.cwd });
        for (const problem of findRunInputProblems(context.sourceCode, requests, agentForms)) {
          switch (problem.kind) {
            case 'inputNotObject':
              context.report({ node: problem.node, messageId: 'inputNotObject', data: { actual: problem.actual } });
              break;
            case 'missingInput':
              context.report({ node: problem.node, messageId: 'missingInput', data: { agent: problem.agent, fields: list(problem.fields) } });
              break;
            case 'missingFields': {
              const missing = list(problem.missing);
              context.report({
                node: problem.node,
                messageId: 'missingFields',
                data: { agent: problem.agent, missing },
                suggest: [{ messageId: 'addMissingFields', data: { missing }, fix: addMissingFieldsFix(problem, context.sourceCode) }],
              });
              break;
            }
            case 'unknownField': {
              const rename = renameToFormFieldFix(problem, context.sourceCode);
              context.report({
                node: problem.node,
                messageId: 'unknownField',
                data: { field: problem.field, agent: problem.agent, fields: list(problem.fields) },
                suggest: rename ? [{ messageId: 'renameToFormField', data: { name: problem.closest! }, fix: rename }] : [],
              });
              break;
            }
          }
        }
      },
    };
  },
});
