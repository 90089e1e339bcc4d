import { AST_NODE_TYPES, astUtils } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { JsonValue, Replacement } from '../register/types.js';
import { findProperty, unwrap } from '../util/resolve.js';
import { walk } from '../util/walk.js';
import { insertPropertyEdit, removePropertyEdit, type TextEdit } from './object-edits.js';

/**
 * The body half of an endpoint swap: properties that move out of the body into path parameters
 * (`agent_id`), and properties the new operation needs (`stream: true`). Undefined when the move is
 * not safe to make mechanically.
 */

export interface MovedValue {
  /** Source text of the value. */
  text: string;
  /** The value itself when it is a plain string that can be written into a path as is. */
  plain?: string;
}

export interface BodyMove {
  values: Record<string, MovedValue>;
  edits: TextEdit[];
}

const URL_SAFE = /^[A-Za-z0-9._~-]+$/;

export function planBodyMove(
  sourceCode: TSESLint.SourceCode,
  body: TSESTree.ObjectExpression,
  replacement: Extract<Replacement, { kind: 'endpoint' }>,
  /** Where a moved value's text is written (the URL), when that is not next to the body. */
  target?: TSESTree.Node,
): BodyMove | undefined {
  const move: BodyMove = { values: {}, edits: [] };
  const removed = new Set<TSESTree.Node>();
  for (const [param, key] of Object.entries(replacement.pathFromBody ?? {})) {
    const found = findProperty(body, key);
    if (!found || found === 'unknown' || found.property.computed) return undefined;
    const value = unwrap(found.value);
    // Moving a value with side effects would change when it is evaluated; comments would be lost.
    if (astUtils().hasSideEffect(value, sourceCode)) return undefined;
    if (sourceCode.getCommentsInside(found.property).length > 0) return undefined;
    // Written elsewhere, every name in the value must still mean the same variable, declared before.
    if (target && !namesMeanTheSameAt(value, target, sourceCode)) return undefined;
    const plain =
      value.type === 'Literal' && typeof value.value === 'string' && URL_SAFE.test(value.value) ? value.value : undefined;
    move.values[param] = { text: sourceCode.getText(value), ...(plain !== undefined ? { plain } : {}) };
    const removal = removePropertyEdit(sourceCode, found.property);
    if (sourceCode.getAllComments().some((c) => removal.range[0] < c.range[1] && c.range[0] < removal.range[1])) return undefined;
    move.edits.push(removal);
    removed.add(found.property);
  }
  // Additions go after the last property that stays; where that spot lies in a removal, the two edits
  // become one (ESLint rejects overlapping edits in one fix).
  const remaining = body.properties.filter((property) => !removed.has(property));
  for (const [key, value] of Object.entries(replacement.addToBody ?? {})) {
    const existing = findProperty(body, key);
    if (existing === 'unknown') return undefined;
    if (existing) {
      // A body that already says something else for the key is left for a person to decide.
      if (sourceCode.getText(existing.value) !== toSource(value) && sourceCode.getText(existing.value) !== JSON.stringify(value)) {
        return undefined;
      }
      continue;
    }
    if (remaining.length === 0 && removed.size > 0) return undefined;
    const insertion = insertPropertyEdit(sourceCode, body, key, toSource(value), remaining.at(-1));
    const anchor = insertion.range[0];
    const touched = move.edits.findIndex((edit) => edit.text === '' && edit.range[0] <= anchor && anchor <= edit.range[1]);
    if (touched === -1) {
      move.edits.push(insertion);
      continue;
    }
    const last = remaining.at(-1)!;
    const edit = move.edits[touched]!;
    const closing = sourceCode.getLastToken(body);
    const beforeClosing = closing && sourceCode.getTokenBefore(closing);
    const trailingComma = beforeClosing !== null && beforeClosing !== undefined && astUtils().isCommaToken(beforeClosing) ? ',' : '';
    const separator = last.loc.start.line !== body.loc.start.line ? `\n${' '.repeat(last.loc.start.column)}` : ' ';
    move.edits[touched] = {
      range: [last.range[1], edit.range[1]],
      text: `,${separator}${insertion.text.replace(/^[,\s]+|[,\s]+$/g, '')}${trailingComma}`,
    };
  }
  return move;
}

export function toSource(value: JsonValue): string {
  return typeof value === 'string' ? `'${value.replace(/[\\']/g, '\\$&')}'` : JSON.stringify(value);
}

/**
 * True when every name `value` reads resolves, at `target`, to the variable it resolves to where it
 * stands, and that variable is declared before `target` (a URL in a module constant cannot read a
 * function's local variable).
 */
function namesMeanTheSameAt(value: TSESTree.Node, target: TSESTree.Node, sourceCode: TSESLint.SourceCode): boolean {
  const here = sourceCode.getScope(value);
  const there = sourceCode.getScope(target);
  let same = true;
  walk(value, sourceCode.visitorKeys, (node) => {
    if (!same || node.type !== AST_NODE_TYPES.Identifier || !isRead(node)) return;
    const variable = astUtils().findVariable(here, node);
    if (variable !== astUtils().findVariable(there, node.name)) same = false;
    else if (variable && variable.defs.some((def) => def.type !== 'Parameter' && def.name.range[0] > target.range[0])) same = false;
  });
  return same;
}

/** An identifier that reads a variable: not a property name (`a.name`, `{ name: … }`). */
function isRead(node: TSESTree.Identifier): boolean {
  const parent = node.parent;
  if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.property === node && !parent.computed) return false;
  if (parent?.type === AST_NODE_TYPES.Property && parent.key === node && !parent.computed && !parent.shorthand) return false;
  return true;
}
