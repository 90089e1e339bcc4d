import type { TSESLint } from '@typescript-eslint/utils';
import { analyseFile, mayUseGlean } from '../uses/analysis.js';
import { findRunInputProblems } from '../uses/agent-runs.js';
import { addMissingFieldsFix, renameToFormFieldFix } from '../fixes/run-input-fixes.js';
import type { ProgramListener } from './create-rule.js';
import { settingsOf } from './settings-error.js';

/** What the agent-run-input rule (rules/agent-run-input.ts) does with one file. */

export type RunInputMessageIds = 'inputNotObject' | 'missingInput' | 'missingFields' | 'unknownField' | 'addMissingFields' | 'renameToFormField';

const list = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(', ');

export function runInputListeners(context: Readonly<TSESLint.RuleContext<RunInputMessageIds, []>>): ProgramListener {
  const settings = settingsOf(context);
  const { register, agentForms } = settings;
  if (!mayUseGlean(context.sourceCode, register, { filename: context.physicalFilename, cwd: context.cwd, settings })) return {};
  return {
    Program() {
      const { requests } = analyseFile(context.sourceCode, register, { filename: context.physicalFilename, cwd: context.cwd, settings });
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
}
