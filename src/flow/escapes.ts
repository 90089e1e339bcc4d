import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { memberName, thisField, thisReads } from './class-members.js';
import { callsOfFunction, isFunction } from './functions.js';
import { findVariable, isTypeWrapper } from '../util/resolve.js';

/**
 * Where else a value shows up that the reference tracker does not follow: the calls of a function or
 * getter that returns it, and `this.field` reads of a class field it is stored in — also when the
 * value is first kept in a variable (`shared = new Glean(); return shared;`, `api = glean` in a field).
 */
export function escapes(value: TSESTree.Node, sourceCode: TSESLint.SourceCode, seen = new Set<TSESTree.Node>()): TSESTree.Node[] {
  let node = value;
  while (
    node.parent &&
    (isTypeWrapper(node.parent) ||
      node.parent.type === AST_NODE_TYPES.AwaitExpression ||
      node.parent.type === AST_NODE_TYPES.LogicalExpression ||
      (node.parent.type === AST_NODE_TYPES.ConditionalExpression && node.parent.test !== node))
  ) {
    node = node.parent;
  }
  const parent = node.parent;
  if (!parent) return [];
  if (parent.type === AST_NODE_TYPES.ReturnStatement || (parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === node)) {
    return callsOfEnclosingFunction(parent, sourceCode);
  }
  if (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.right === node) {
    // `return (shared ??= new Glean())`: the assignment's own value escapes too.
    const own = escapes(parent, sourceCode, seen);
    if (parent.left.type === AST_NODE_TYPES.Identifier) return [...own, ...variableEscapes(parent.left, sourceCode, seen)];
    const field = thisField(parent.left, sourceCode);
    return field ? [...own, ...thisReads(field.classNode, field.name, parent.left, sourceCode)] : own;
  }
  if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node && parent.id.type === AST_NODE_TYPES.Identifier) {
    return variableEscapes(parent.id, sourceCode, seen);
  }
  if (parent.type === AST_NODE_TYPES.PropertyDefinition && parent.value === node && !parent.static) {
    const name = memberName(parent);
    const classNode = parent.parent.parent;
    return name !== undefined ? thisReads(classNode, name, undefined, sourceCode) : [];
  }
  return [];
}

/**
 * The escapes of a variable's reads. The tracker itself follows member calls on the variable; it does
 * not follow the variable into returns and fields.
 */
function variableEscapes(id: TSESTree.Identifier, sourceCode: TSESLint.SourceCode, seen: Set<TSESTree.Node>): TSESTree.Node[] {
  const variable = findVariable(sourceCode.scopeManager!.globalScope!, id);
  return (variable?.references ?? []).flatMap((reference) => {
    const read = reference.identifier;
    if (!reference.isRead() || seen.has(read)) return [];
    seen.add(read);
    return escapes(read, sourceCode, seen);
  });
}

/**
 * The calls (or getter reads) of the function that returns a value; for an `async` function, the
 * awaited calls (`(await getGlean()).client…`).
 */
function callsOfEnclosingFunction(from: TSESTree.Node, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  let fn: TSESTree.Node | undefined = from;
  while (fn && !isFunction(fn)) fn = fn.parent;
  if (!fn) return [];
  const async = fn.async;
  return callsOfFunction(fn, sourceCode).flatMap((call) => {
    // The tracker does not see through `await`; the result of an un-awaited async call is a promise.
    if (call.parent?.type === AST_NODE_TYPES.AwaitExpression) return [call.parent];
    return async ? [] : [call];
  });
}
