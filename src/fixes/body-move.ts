import { ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type { JsonValue, Replacement } from '../register/types.js';
import { findProperty, unwrap } from '../util/resolve.js';
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
): BodyMove | undefined {
  const move: BodyMove = { values: {}, edits: [] };
  for (const [param, key] of Object.entries(replacement.pathFromBody ?? {})) {
    const found = findProperty(body, key);
    if (!found || found === 'unknown' || found.property.computed) return undefined;
    const value = unwrap(found.value);
    // Moving a value with side effects would change when it is evaluated; comments would be lost.
    if (ASTUtils.hasSideEffect(value, sourceCode)) return undefined;
    if (sourceCode.getCommentsInside(found.property).length > 0) return undefined;
    const plain =
      value.type === 'Literal' && typeof value.value === 'string' && URL_SAFE.test(value.value) ? value.value : undefined;
    move.values[param] = { text: sourceCode.getText(value), ...(plain !== undefined ? { plain } : {}) };
    move.edits.push(removePropertyEdit(sourceCode, found.property));
  }
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
    move.edits.push(insertPropertyEdit(sourceCode, body, key, toSource(value)));
  }
  return move;
}

export function toSource(value: JsonValue): string {
  return typeof value === 'string' ? `'${value.replace(/[\\']/g, '\\$&')}'` : JSON.stringify(value);
}
