import { parse } from '@typescript-eslint/typescript-estree';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { confineFix } from '../../src/fixes/plan.js';

/**
 * A fix never edits another module: value flow reaches other modules' nodes, whose ranges are offsets
 * in another file's text. A fix that asks to edit one gives up (ESLint then applies nothing).
 */

function program(code: string): TSESTree.Program {
  const ast = parse(code, { range: true }) as TSESTree.Program;
  const setParents = (node: TSESTree.Node, parent?: TSESTree.Node): void => {
    if (parent) (node as { parent?: TSESTree.Node }).parent = parent;
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as TSESTree.Node).type === 'string' && child !== parent) setParents(child as TSESTree.Node, node);
      }
    }
  };
  setParents(ast);
  return ast;
}

/** A fixer that records what it is asked to do. */
function recordingFixer(): { fixer: TSESLint.RuleFixer; edits: string[] } {
  const edits: string[] = [];
  const fixer = {
    replaceText: (node: TSESTree.Node, text: string) => {
      edits.push(`${node.range.join('-')}→${text}`);
      return { range: node.range, text };
    },
  } as unknown as TSESLint.RuleFixer;
  return { fixer, edits };
}

const firstKey = (ast: TSESTree.Program): TSESTree.Node => {
  const declaration = ast.body[0] as TSESTree.VariableDeclaration;
  return ((declaration.declarations[0]!.init as TSESTree.ObjectExpression).properties[0] as TSESTree.Property).key;
};

describe('confineFix', () => {
  const linted = program("const payload = { snippet: 'x' };");
  const other = program("const shared = { snippet: 'y' };");

  it('applies an edit of the linted file', () => {
    const { fixer, edits } = recordingFixer();
    const result = confineFix((f) => f.replaceText(firstKey(linted), 'text'), linted)(fixer);
    expect(result).toEqual({ range: [18, 25], text: 'text' });
    expect(edits).toEqual(['18-25→text']);
  });

  it('gives up rather than edit a node of another module, even one at the same offsets', () => {
    const { fixer, edits } = recordingFixer();
    const result = confineFix((f) => [f.replaceText(firstKey(linted), 'text'), f.replaceText(firstKey(other), 'text')], linted)(fixer);
    expect(result).toBeNull();
    expect(edits).toEqual(['18-25→text']);
  });
});
