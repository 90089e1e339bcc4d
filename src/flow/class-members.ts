import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { staticKeyName } from '../util/resolve.js';
import { walk } from '../util/walk.js';

/** Class members as value flow sees them: a value kept in `this.field` shows up at every `this.field` read. */

export type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** A member's or class member's static name; `#name` for a private one (`this.#glean`). */
export function memberName(
  node: TSESTree.MemberExpression | TSESTree.MethodDefinition | TSESTree.PropertyDefinition,
): string | undefined {
  const key = node.type === AST_NODE_TYPES.MemberExpression ? node.property : node.key;
  if (key.type === AST_NODE_TYPES.PrivateIdentifier && !node.computed) return `#${key.name}`;
  return staticKeyName(node);
}

/** The class and field name of a `this.name` target. */
export function thisField(target: TSESTree.Node): { classNode: ClassNode; name: string } | undefined {
  if (target.type !== AST_NODE_TYPES.MemberExpression || target.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const name = memberName(target);
  const classNode = enclosingClass(target);
  return name !== undefined && classNode ? { classNode, name } : undefined;
}

/**
 * The innermost class around a node, by its parents: the node may be another module's, which
 * `sourceCode.getAncestors` of the linted file cannot walk under every runtime (oxlint's cannot).
 */
export function enclosingClass(node: TSESTree.Node): ClassNode | undefined {
  for (let current = node.parent; current; current = current.parent) if (isClass(current)) return current;
  return undefined;
}

export function isClass(node: TSESTree.Node | undefined): node is ClassNode {
  return node?.type === AST_NODE_TYPES.ClassDeclaration || node?.type === AST_NODE_TYPES.ClassExpression;
}

/**
 * The names a class's constructor declares as members by its parameters (`constructor(private readonly
 * glean: Glean, protected base = BASE)`), with their annotations and defaults on the identifier's parent.
 */
export function parameterProperties(classNode: ClassNode): TSESTree.Identifier[] {
  const names: TSESTree.Identifier[] = [];
  for (const member of classNode.body.body) {
    if (member.type !== AST_NODE_TYPES.MethodDefinition || member.kind !== 'constructor') continue;
    for (const param of member.value.params) {
      if (param.type !== AST_NODE_TYPES.TSParameterProperty) continue;
      const declared = param.parameter.type === AST_NODE_TYPES.AssignmentPattern ? param.parameter.left : param.parameter;
      if (declared.type === AST_NODE_TYPES.Identifier) names.push(declared);
    }
  }
  return names;
}

/** Every `this.name` read inside a class's own methods (not inside nested `function`s, which rebind `this`). */
export function thisReads(
  classNode: TSESTree.Node,
  name: string,
  except: TSESTree.Node | undefined,
  sourceCode: TSESLint.SourceCode,
): TSESTree.MemberExpression[] {
  const reads: TSESTree.MemberExpression[] = [];
  walk(classNode, sourceCode.visitorKeys, (node) => {
    if (
      node !== except &&
      node.type === AST_NODE_TYPES.MemberExpression &&
      node.object.type === AST_NODE_TYPES.ThisExpression &&
      memberName(node) === name &&
      ownClass(node) === classNode
    ) {
      reads.push(node);
    }
  });
  return reads;
}

/** The class whose `this` a node sees. */
export function ownClass(node: TSESTree.Node): TSESTree.Node | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ClassBody) return current.parent;
    if (
      (current.type === AST_NODE_TYPES.FunctionExpression || current.type === AST_NODE_TYPES.FunctionDeclaration) &&
      current.parent?.type !== AST_NODE_TYPES.MethodDefinition &&
      // `post = function (path) { … }`: a class field's function is called as a method.
      current.parent?.type !== AST_NODE_TYPES.PropertyDefinition
    ) {
      return undefined;
    }
  }
  return undefined;
}
