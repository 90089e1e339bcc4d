import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { findVariable } from '../util/resolve.js';
import { programOf } from '../util/linking.js';
import { importedAs, recordOfProgram } from '../modules/index.js';

/**
 * Names as the module that writes them sees them: the linted file's own (its `sourceCode`), or a module
 * the analysis joined with it, where value flow reaches nodes of other modules' trees.
 */

/** The variable a name declares or reads, in the linted file or a module joined with it. */
export function variableAt(identifier: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): TSESLint.Scope.Variable | undefined {
  const program = programOf(identifier);
  const scope = program === sourceCode.ast ? sourceCode.scopeManager?.globalScope : recordOfProgram(program)?.globalScope;
  return (scope && findVariable(scope, identifier)) ?? undefined;
}

/** The package (or module) and exported name a name is imported or required as (`defineStore` of `import { defineStore } from 'pinia'`). */
export function importOf(identifier: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): { from: string; name: string } | undefined {
  const variable = variableAt(identifier, sourceCode);
  return variable ? importedAs(variable) : undefined;
}
