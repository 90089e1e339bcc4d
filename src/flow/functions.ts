import { AST_NODE_TYPES } from '@typescript-eslint/types';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { findVariable } from '../util/resolve.js';
import { memberName, thisReads } from './class-members.js';

/**
 * Functions as value flow sees them within one file: which function a callee or callback is, which
 * function a `return` leaves, where that function is called, and what it returns.
 */

export type FunctionNode = TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | TSESTree.FunctionDeclaration;

export function isFunction(node: TSESTree.Node): node is FunctionNode {
  return (
    node.type === AST_NODE_TYPES.ArrowFunctionExpression ||
    node.type === AST_NODE_TYPES.FunctionExpression ||
    node.type === AST_NODE_TYPES.FunctionDeclaration
  );
}

/** A function written at the node, or a same-file function a name refers to (one definition only). */
export function resolveFunction(node: TSESTree.Node, scope: TSESLint.Scope.Scope): FunctionNode | undefined {
  if (isFunction(node)) return node;
  if (node.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(scope, node);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type === 'FunctionName') return definition.node as FunctionNode;
  if (definition?.type === 'Variable' && definition.node.init && isFunction(definition.node.init)) return definition.node.init;
  return undefined;
}

/** The innermost function around a node. */
export function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunction(current)) return current;
  return undefined;
}

/**
 * Where a function's result shows up in the file: the calls of a named function or of a function
 * held in a `const`, the `this.method()` calls of a class method, and the `this.getter` reads of a getter.
 */
export function callsOfFunction(fn: FunctionNode, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const parent = fn.parent;
  if (parent?.type === AST_NODE_TYPES.MethodDefinition && !parent.static && !parent.computed) {
    const name = memberName(parent);
    if (name === undefined) return [];
    const reads = thisReads(parent.parent.parent, name, undefined, sourceCode);
    if (parent.kind === 'get') return reads;
    return reads.flatMap((read) => (read.parent?.type === AST_NODE_TYPES.CallExpression && read.parent.callee === read ? [read.parent] : []));
  }
  let id: TSESTree.Node | null | undefined;
  if (fn.type === AST_NODE_TYPES.FunctionDeclaration) id = fn.id;
  else if (parent?.type === AST_NODE_TYPES.VariableDeclarator) id = parent.id;
  if (id?.type !== AST_NODE_TYPES.Identifier) return [];
  const name = id.name;
  const declared = sourceCode.scopeManager?.getDeclaredVariables(fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn : parent!);
  const own = declared?.find((variable) => variable.name === name);
  return (own?.references ?? []).flatMap((reference) => {
    const call = reference.identifier.parent;
    return call?.type === AST_NODE_TYPES.CallExpression && call.callee === reference.identifier ? [call] : [];
  });
}

/** Visits every expression a function returns (an arrow's expression body, or each `return x`). */
export function forEachReturned(fn: FunctionNode, sourceCode: TSESLint.SourceCode, visit: (returned: TSESTree.Node) => void): void {
  if (fn.type === AST_NODE_TYPES.ArrowFunctionExpression && fn.expression) {
    visit(fn.body);
    return;
  }
  const stack: TSESTree.Node[] = [fn.body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === AST_NODE_TYPES.ReturnStatement) {
      if (node.argument) visit(node.argument);
      continue;
    }
    // A nested function's returns are its own.
    if (node !== fn.body && isFunction(node)) continue;
    for (const key of sourceCode.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) {
        if (c && typeof (c as TSESTree.Node).type === 'string') stack.push(c as TSESTree.Node);
      }
    }
  }
}
