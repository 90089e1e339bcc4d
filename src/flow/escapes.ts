import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { memberName, thisField, thisReads } from './class-members.js';
import { callsOfFunction, classReads, isFunction } from './functions.js';
import { findVariable, isTypeWrapper, staticKeyName } from '../util/resolve.js';
import { declaredVariables } from '../util/linking.js';
import { usesElsewhere } from '../modules/program.js';

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
    return name !== undefined ? [...thisReads(classNode, name, undefined, sourceCode), ...instanceMemberReads(classNode, name, sourceCode, seen)] : [];
  }
  // `const services = { glean: new Glean(…) }`: the value is `services.glean` wherever the object goes.
  if (parent.type === AST_NODE_TYPES.Property && parent.value === node && parent.kind === 'init' && parent.parent.type === AST_NODE_TYPES.ObjectExpression) {
    const key = staticKeyName(parent);
    return key === undefined ? [] : memberReadsOf(parent.parent, key, sourceCode, seen);
  }
  return [];
}

/**
 * The nodes where a value is read as itself: the value, each read of a variable it initialises (here
 * and, for an exported one, in the analysis's other modules), and where those escape to (returns,
 * fields), transitively.
 */
function placesOf(value: TSESTree.Node, sourceCode: TSESLint.SourceCode, seen: Set<TSESTree.Node>): TSESTree.Node[] {
  const places = [value];
  for (let i = 0; i < places.length && places.length < 256; i++) {
    const place = places[i]!;
    for (const next of [...variableReads(place, sourceCode), ...escapes(place, sourceCode, seen)]) {
      if (!places.includes(next)) places.push(next);
    }
  }
  return places;
}

/** The reads of the variable a value initialises (`const x = value` → every read of `x`). */
function variableReads(value: TSESTree.Node, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  let node = value;
  while (node.parent && isTypeWrapper(node.parent)) node = node.parent;
  const declarator = node.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== node || declarator.id.type !== AST_NODE_TYPES.Identifier) return [];
  const name = declarator.id.name;
  const variable = declaredVariables(declarator, sourceCode).find((candidate) => candidate.name === name);
  if (!variable) return [];
  // A variable written again may hold something else later.
  if (variable.references.some((reference) => reference.isWrite() && !reference.init)) return [];
  return [...variable.references.flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : [])), ...usesElsewhere(variable)];
}

/** `holder.key` wherever `holder` (an object or an instance) is read, and `const { key: x } = holder`'s `x`. */
function memberReadsOf(holder: TSESTree.Node, key: string, sourceCode: TSESLint.SourceCode, seen: Set<TSESTree.Node>): TSESTree.Node[] {
  const places = placesOf(holder, sourceCode, seen);
  // `services.glean = other`: another value may be read there.
  if (places.some((place) => isWrittenMember(place, key))) return [];
  return places.flatMap((place) => {
    const parent = place.parent;
    if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === place && memberName(parent) === key) return [parent];
    if (parent?.type !== AST_NODE_TYPES.VariableDeclarator || parent.init !== place || parent.id.type !== AST_NODE_TYPES.ObjectPattern) return [];
    const property = parent.id.properties.find((candidate) => candidate.type === AST_NODE_TYPES.Property && staticKeyName(candidate) === key);
    const id = property?.type === AST_NODE_TYPES.Property ? property.value : undefined;
    if (id?.type !== AST_NODE_TYPES.Identifier) return [];
    const variable = declaredVariables(parent, sourceCode).find((candidate) => candidate.name === id.name);
    return (variable?.references ?? []).flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : []));
  });
}

function isWrittenMember(place: TSESTree.Node, key: string): boolean {
  const member = place.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== place || memberName(member) !== key) return false;
  const parent = member.parent;
  return (
    (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === member) ||
    (parent?.type === AST_NODE_TYPES.UnaryExpression && parent.operator === 'delete') ||
    parent?.type === AST_NODE_TYPES.UpdateExpression
  );
}

/** `instance.name` of the class's instances: `new GleanService().glean`, `const s = new GleanService(); s.glean`. */
function instanceMemberReads(classNode: TSESTree.Node, name: string, sourceCode: TSESLint.SourceCode, seen: Set<TSESTree.Node>): TSESTree.Node[] {
  return classReads(classNode, sourceCode).flatMap((read) => {
    const made = read.parent;
    return made?.type === AST_NODE_TYPES.NewExpression && made.callee === read ? memberReadsOf(made, name, sourceCode, seen) : [];
  });
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
