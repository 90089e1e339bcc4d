import { ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';

/** Token-aware edits of object literals that keep commas, layout and the other properties intact. */

type Fixer = TSESLint.RuleFixer;
type SourceCode = TSESLint.SourceCode;

/** Removes a property together with the comma that separates it from its neighbour. */
export function removeProperty(fixer: Fixer, sourceCode: SourceCode, property: TSESTree.Node): TSESLint.RuleFix[] {
  const after = sourceCode.getTokenAfter(property);
  if (after && ASTUtils.isCommaToken(after)) {
    const next = sourceCode.getTokenAfter(after, { includeComments: true });
    // One line (`{ a, b }`): remove up to the next property. Own line: remove the line break before it.
    if (next && next.loc.start.line === after.loc.end.line) return [fixer.removeRange([property.range[0], next.range[0]])];
    const previous = sourceCode.getTokenBefore(property, { includeComments: true });
    return [fixer.removeRange([previous ? previous.range[1] : property.range[0], after.range[1]])];
  }
  const before = sourceCode.getTokenBefore(property);
  if (before && ASTUtils.isCommaToken(before)) return [fixer.removeRange([before.range[0], property.range[1]])];
  return [fixer.remove(property)];
}

/** Adds `key: value` as the last property of an object literal, matching its one- or multi-line layout. */
export function insertProperty(
  fixer: Fixer,
  sourceCode: SourceCode,
  object: TSESTree.ObjectExpression,
  key: string,
  valueText: string,
): TSESLint.RuleFix {
  const text = `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${valueText}`;
  const last = object.properties.at(-1);
  if (!last) return fixer.replaceText(object, `{ ${text} }`);
  const comma = sourceCode.getTokenAfter(last);
  const hasTrailingComma = comma !== null && ASTUtils.isCommaToken(comma);
  const multiline = last.loc.start.line !== object.loc.start.line;
  if (multiline) {
    const indent = ' '.repeat(last.loc.start.column);
    return hasTrailingComma
      ? fixer.insertTextAfter(comma, `\n${indent}${text},`)
      : fixer.insertTextAfter(last, `,\n${indent}${text}`);
  }
  return hasTrailingComma ? fixer.insertTextAfter(comma, ` ${text},`) : fixer.insertTextAfter(last, `, ${text}`);
}
