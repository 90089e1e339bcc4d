import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESTree } from '@typescript-eslint/utils';

/**
 * Type annotations a fix writes in TypeScript, built from the expression alone (no type
 * information needed): a type query names the value, so the annotation is the SDK's type where the
 * value is typed, the user's own type where they gave one, and an explicit `any` where the value is
 * untyped (a `res.json()` result), which strict `tsc` accepts where an unannotated callback
 * parameter is an implicit `any` (TS7006).
 */

/** Files whose fixes may carry type annotations. */
const TYPESCRIPT_FILE = /\.[cm]?tsx?$/i;
/** Single-file components, whose script block says its language (`<script setup lang="ts">`). */
const COMPONENT_FILE = /\.(?:vue|svelte)$/i;
const TYPESCRIPT_SCRIPT = /<script\b[^>]*\blang\s*=\s*["']?(?:ts|tsx|typescript)\b/i;

/** TypeScript by its extension, or a component whose script block is TypeScript (`vue-tsc` and `svelte-check` type-check it). */
export function acceptsTypeAnnotations(filename: string, text: string): boolean {
  return TYPESCRIPT_FILE.test(filename) || (COMPONENT_FILE.test(filename) && TYPESCRIPT_SCRIPT.test(text));
}

/** A type under construction: the type of a name (`typeof data`) or a type built on one. */
interface TypeText {
  text: string;
  /** A bare name: its type query keeps the value's narrowing where the code reads it. */
  name: boolean;
}

/**
 * The element type of array `array` read in place of `member` (`message.citations` →
 * `NonNullable<(typeof message)['fragments']>[number]`), or undefined when the object cannot be named
 * in a type: a chain that starts elsewhere than at a name (a call, `await`, `this`), or a computed
 * key that is neither a literal nor a name.
 */
export function elementTypeOf(member: TSESTree.MemberExpression, array: string): string | undefined {
  const holder = typeOf(member.object);
  return holder && `NonNullable<${indexed(holder, member, `'${array}'`)}>[number]`;
}

function typeOf(node: TSESTree.Expression): TypeText | undefined {
  switch (node.type) {
    case AST_NODE_TYPES.Identifier:
      return { text: node.name, name: true };
    case AST_NODE_TYPES.ChainExpression:
    case AST_NODE_TYPES.TSNonNullExpression:
      return typeOf(node.expression);
    case AST_NODE_TYPES.MemberExpression: {
      const object = typeOf(node.object);
      const index = node.computed ? indexTypeOf(node.property) : node.property.type === AST_NODE_TYPES.Identifier ? `'${node.property.name}'` : undefined;
      return object && index !== undefined ? { text: indexed(object, node, index), name: false } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * `object`'s type indexed by `index`, as `member` reads it. Past the name the steps are indexed
 * access types, not a type query (`typeof data.author.metadata` reports an optional property on the
 * way as an error of its own, TS2532), so the narrowing the code relies on is lost: each step drops
 * `null` and `undefined`. The name's own query keeps its narrowing, and needs that
 * only where the code reads past a nullish value (`?.`, `!`).
 */
function indexed(object: TypeText, member: TSESTree.MemberExpression, index: string): string {
  const nullable = member.optional || member.object.type === AST_NODE_TYPES.TSNonNullExpression;
  const holder = !object.name ? `NonNullable<${object.text}>` : nullable ? `NonNullable<typeof ${object.text}>` : `(typeof ${object.text})`;
  return `${holder}[${index}]`;
}

/** The index type of a computed key: a literal's own (`0`, `'key'`), or a name's type (`typeof i`). */
function indexTypeOf(key: TSESTree.Expression | TSESTree.PrivateIdentifier): string | undefined {
  if (key.type === AST_NODE_TYPES.Literal) {
    if (typeof key.value === 'number') return String(key.value);
    if (typeof key.value === 'string') return `'${key.value.replace(/[\\']/g, '\\$&')}'`;
    return undefined;
  }
  return key.type === AST_NODE_TYPES.Identifier ? `typeof ${key.name}` : undefined;
}
