import type { TSESLint } from '@typescript-eslint/utils';
import type { RunInputProblem } from '../uses/agent-runs.js';
import { insertPropertyEdit, keyText, renamePropertyEdit, toFix } from './object-edits.js';

type Fix = TSESLint.ReportFixFunction;

/** Adds every missing form field as an empty string, so the run's form is complete (a suggestion). */
export function addMissingFieldsFix(
  problem: Extract<RunInputProblem, { kind: 'missingFields' }>,
  sourceCode: TSESLint.SourceCode,
): Fix {
  const { input, missing } = problem;
  if (input.properties.length === 0) {
    return (fixer) => fixer.replaceText(input, `{ ${missing.map((field) => `${keyText(field)}: ''`).join(', ')} }`);
  }
  const edits = missing.map((field) => insertPropertyEdit(sourceCode, input, field, "''"));
  return (fixer) => fixer.insertTextAfterRange(edits[0]!.range, edits.map((edit) => edit.text).join(''));
}

/** Renames a key that is likely a typo of a missing form field (a suggestion). */
export function renameToFormFieldFix(
  problem: Extract<RunInputProblem, { kind: 'unknownField' }>,
  sourceCode: TSESLint.SourceCode,
): Fix | undefined {
  const edit = problem.closest === undefined ? undefined : renamePropertyEdit(problem.property, problem.closest, sourceCode);
  return edit && ((fixer) => toFix(fixer, edit));
}
