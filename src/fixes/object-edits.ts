import { AST_NODE_TYPES, astUtils } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

/**
 * Token-aware edits of object literals that keep commas, layout and the other properties intact.
 * Each edit is a plain text edit, so it can become a fixer call or be applied to a copy of the text.
 */

type SourceCode = TSESLint.SourceCode;

/** A property name as source: bare when it is an identifier, else a single-quoted string. */
export function keyText(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name.replace(/[\\']/g, '\\$&')}'`;
}

export interface TextEdit {
  range: [number, number];
  text: string;
}

/**
 * The one way a property key is renamed: written the way the old key was (bare, quoted with the same
 * quote, `['computed']`); shorthand `{ old }` becomes `{ new: old }` (also with a default,
 * `{ old = 1 }`). Undefined when the key cannot be written that way (a computed expression).
 */
export function renamePropertyEdit(property: TSESTree.Property, to: string, sourceCode: SourceCode): TextEdit | undefined {
  if (property.shorthand) return { range: property.range, text: `${keyText(to)}: ${sourceCode.getText(property.value)}` };
  const key = renamedKey(property.key, to, sourceCode, property.computed);
  return key === undefined ? undefined : { range: property.key.range, text: key };
}

/** A key (or a computed member's property) `to`, written the way `key` is written. */
export function renamedKey(key: TSESTree.Node, to: string, sourceCode: SourceCode, computed: boolean): string | undefined {
  if (key.type === AST_NODE_TYPES.Identifier && !computed) return keyText(to);
  if (key.type === AST_NODE_TYPES.Literal && typeof key.value === 'string') {
    const quote = sourceCode.getText(key)[0]!;
    return `${quote}${to}${quote}`;
  }
  if (key.type === AST_NODE_TYPES.TemplateLiteral && key.expressions.length === 0) return `\`${to}\``;
  return undefined;
}

/** Removes a property together with the comma that separates it from its neighbour. */
export function removePropertyEdit(sourceCode: SourceCode, property: TSESTree.Node): TextEdit {
  const after = sourceCode.getTokenAfter(property);
  if (after && astUtils().isCommaToken(after)) {
    const next = sourceCode.getTokenAfter(after, { includeComments: true });
    // One line (`{ a, b }`): remove up to the next property. Own line: remove the line break before it.
    if (next && next.loc.start.line === after.loc.end.line) return { range: [property.range[0], next.range[0]], text: '' };
    const previous = sourceCode.getTokenBefore(property, { includeComments: true });
    return { range: [previous ? previous.range[1] : property.range[0], after.range[1]], text: '' };
  }
  const before = sourceCode.getTokenBefore(property);
  if (before && astUtils().isCommaToken(before)) return { range: [before.range[0], property.range[1]], text: '' };
  // The only property: leave `{}` rather than `{  }`.
  const open = before && before.value === '{' ? before : undefined;
  const close = after && after.value === '}' ? after : undefined;
  if (open && close && sourceCode.getCommentsInside(property.parent!).length === 0) return { range: [open.range[1], close.range[0]], text: '' };
  return { range: [property.range[0], property.range[1]], text: '' };
}

/** Adds `key: value` as the last property of an object literal, matching its one- or multi-line layout. */
export function insertPropertyEdit(
  sourceCode: SourceCode,
  object: TSESTree.ObjectExpression,
  key: string,
  valueText: string,
  last: TSESTree.Node | undefined = object.properties.at(-1),
): TextEdit {
  const text = `${keyText(key)}: ${valueText}`;
  if (!last) return { range: [object.range[0], object.range[1]], text: `{ ${text} }` };
  const comma = sourceCode.getTokenAfter(last);
  const hasTrailingComma = comma !== null && astUtils().isCommaToken(comma);
  const anchor = hasTrailingComma ? comma.range[1] : last.range[1];
  if (last.loc.start.line !== object.loc.start.line) {
    const indent = ' '.repeat(last.loc.start.column);
    return { range: [anchor, anchor], text: hasTrailingComma ? `\n${indent}${text},` : `,\n${indent}${text}` };
  }
  return { range: [anchor, anchor], text: hasTrailingComma ? ` ${text},` : `, ${text}` };
}

/** The source text of `node` with `edits` (inside it) applied. */
export function applyEdits(sourceCode: SourceCode, node: TSESTree.Node, edits: readonly TextEdit[]): string {
  let text = '';
  let position = node.range[0];
  for (const edit of [...edits].sort((a, b) => a.range[0] - b.range[0])) {
    text += sourceCode.text.slice(position, edit.range[0]) + edit.text;
    position = edit.range[1];
  }
  return text + sourceCode.text.slice(position, node.range[1]);
}

export function toFix(fixer: TSESLint.RuleFixer, edit: TextEdit): TSESLint.RuleFix {
  return fixer.replaceTextRange(edit.range, edit.text);
}
