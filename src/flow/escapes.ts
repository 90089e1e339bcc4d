import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { isClass, memberName, thisField, thisReads, type ClassNode } from './class-members.js';
import { callsOfFunction, classReads, isFunction, isKeyedRunnerCall, isWrittenMember, parameterOf, resolveClass } from './functions.js';
import { findVariable, isTypeWrapper, staticKeyName, unwrap } from '../util/resolve.js';
import { declaredVariables, programOf } from '../util/linking.js';
import { usesElsewhere } from '../modules/program.js';
import { isModuleExports } from '../modules/exports.js';

/**
 * Where else a value shows up that the reference tracker does not follow: the calls of a function or
 * getter that returns it, and `this.field` reads of a class field it is stored in — also when the
 * value is first kept in a variable (`shared = new Glean(); return shared;`, `api = glean` in a field).
 */
export function escapes(
  value: TSESTree.Node,
  sourceCode: TSESLint.SourceCode,
  seen = new Set<TSESTree.Node>(),
  handed = handedIn.has(value),
  /** For a value a constructor was handed: the class of the instance being made (see instanceOf). */
  made: ClassNode | undefined = instanceClass.get(value),
): TSESTree.Node[] {
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
    // What a function was handed goes back to every caller of it (`pick(other)` as well as `pick(glean)`).
    return handed ? [] : callsOfEnclosingFunction(parent, sourceCode);
  }
  if (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.right === node) {
    // `return (shared ??= new Glean())`: the assignment's own value escapes too.
    const own = escapes(parent, sourceCode, seen, handed);
    if (parent.left.type === AST_NODE_TYPES.Identifier) return [...own, ...variableEscapes(parent.left, sourceCode, seen)];
    // `module.exports = { glean: new Glean() }`: the object is what its requirers hold (`const clients = require('./clients')`).
    if (isModuleExports(parent.left)) return [...own, ...usesElsewhere(node)];
    const field = thisField(parent.left);
    if (!field) return parent.left.type === AST_NODE_TYPES.MemberExpression ? [...own, ...assignedMemberReads(parent.left, sourceCode, seen)] : own;
    // A value a constructor was handed is kept by the instance being made: its class and the classes it
    // extends read it, not the other classes that extend the same base.
    const reads = handed ? instanceFieldReads(made, field.classNode, field.name, parent.left, sourceCode) : fieldReads(field.classNode, field.name, parent.left, sourceCode);
    return [...own, ...reads];
  }
  if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node && parent.id.type === AST_NODE_TYPES.Identifier) {
    return variableEscapes(parent.id, sourceCode, seen, handed);
  }
  if (parent.type === AST_NODE_TYPES.PropertyDefinition && parent.value === node && !parent.static) {
    const name = memberName(parent);
    const classNode = parent.parent.parent;
    return name !== undefined ? [...fieldReads(classNode, name, undefined, sourceCode), ...instanceMemberReads(classNode, name, sourceCode, seen)] : [];
  }
  // `new GleanService(glean)`, `register(app, glean)`: the value is the parameter there.
  if ((parent.type === AST_NODE_TYPES.CallExpression || parent.type === AST_NODE_TYPES.NewExpression) && parent.callee !== node) {
    return parameterReads(parent, node, sourceCode, made);
  }
  // `count.apply(null, [glean, 'wiki'])`: an element of the array `apply` is given (parameterOf checks the callee).
  if (parent.type === AST_NODE_TYPES.ArrayExpression && parent.parent?.type === AST_NODE_TYPES.CallExpression && parent.parent.arguments[1] === parent) {
    return parameterReads(parent.parent, node, sourceCode, made);
  }
  // `const services = { glean: new Glean(…) }`: the value is `services.glean` wherever the object goes.
  if (parent.type === AST_NODE_TYPES.Property && parent.value === node && parent.kind === 'init' && parent.parent.type === AST_NODE_TYPES.ObjectExpression) {
    const key = staticKeyName(parent);
    return key === undefined ? [] : memberReadsOf(parent.parent, key, sourceCode, seen);
  }
  return [];
}

/**
 * Where a value handed to a function or constructor is read there: each read of the parameter that
 * takes it, and, for a parameter property (`constructor(private glean)`), each `this.glean`. An object
 * pattern (`constructor({ glean })`) stands for itself: memberReadsOf reads its names. A parameter
 * written again may hold something else.
 */
function parameterReads(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  argument: TSESTree.Node,
  sourceCode: TSESLint.SourceCode,
  callerMade: ClassNode | undefined,
): TSESTree.Node[] {
  const scope = sourceCode.scopeManager!.globalScope!;
  // The instance a constructor's parameter belongs to: `new AgentJob(glean)`'s, passed on by `super(sdk)`.
  const made = call.type === AST_NODE_TYPES.NewExpression ? resolveClass(call.callee, scope) : call.callee.type === AST_NODE_TYPES.Super ? callerMade : undefined;
  const reads = parameterReadsOf(call, argument, sourceCode, made);
  for (const read of reads) markHanded(read, made);
  return reads;
}

/**
 * For a read of a constructor's parameter: the class of the instance being made, as the last escape
 * through it found it (one base constructor serves several classes): read it right away (instanceOf).
 */
let instanceClass = new WeakMap<TSESTree.Node, ClassNode>();

export function instanceOf(place: TSESTree.Node): ClassNode | undefined {
  return instanceClass.get(place);
}

/** What is read from a handed value (a member, a variable it initialises) was handed in too, to the same instance. */
function inheritHanding(from: TSESTree.Node, to: TSESTree.Node): void {
  if (handedIn.has(from)) markHanded(to, instanceClass.get(from));
}

function markHanded(place: TSESTree.Node, made: ClassNode | undefined): void {
  handedIn.add(place);
  if (made) instanceClass.set(place, made);
}

/**
 * The places escapes found through a parameter: other callers (in modules the analysis does not see)
 * may hand the function something else, so what is found there is not certainly Glean's.
 */
let handedIn = new WeakSet<TSESTree.Node>();

export function isHandedIn(place: TSESTree.Node): boolean {
  return handedIn.has(place);
}

/**
 * Starts the marks of a file's analysis afresh: another module's nodes, kept between lints, were
 * perhaps marked while another file was linted, and what one file's lint finds must not depend on
 * which files were linted before it.
 */
export function beginHandedMarks(): void {
  handedIn = new WeakSet();
  instanceClass = new WeakMap();
}

/** The trees whose functions a handed value is followed into (all, unless set). */
let parameterTrees: ReadonlySet<TSESTree.Program> | undefined;

/** Runs `work` with handed values followed only into the functions of `trees`. */
export function followingParametersInto<T>(trees: readonly TSESTree.Program[], work: () => T): T {
  const saved = parameterTrees;
  parameterTrees = new Set(trees);
  try {
    return work();
  } finally {
    parameterTrees = saved;
  }
}

function parameterReadsOf(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  argument: TSESTree.Node,
  sourceCode: TSESLint.SourceCode,
  made: ClassNode | undefined,
): TSESTree.Node[] {
  const found = parameterOf(call, argument, sourceCode.scopeManager!.globalScope!);
  if (!found || (parameterTrees && !parameterTrees.has(programOf(found.fn)))) return [];
  let param: TSESTree.Node = found.param;
  const fields: TSESTree.Node[] = [];
  if (param.type === AST_NODE_TYPES.TSParameterProperty) {
    param = param.parameter;
    const id = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
    const classNode = found.fn.parent?.parent?.parent;
    if (id.type === AST_NODE_TYPES.Identifier && isClass(classNode)) fields.push(...instanceFieldReads(made, classNode, id.name, undefined, sourceCode));
  }
  if (param.type === AST_NODE_TYPES.AssignmentPattern) param = param.left;
  // memberReadsAt reads the names the pattern binds.
  if (param.type === AST_NODE_TYPES.ObjectPattern) return [param];
  if (param.type !== AST_NODE_TYPES.Identifier) return fields;
  const name = param.name;
  const variable = declaredVariables(found.fn, sourceCode).find((candidate) => candidate.name === name);
  if (!variable || variable.references.some((reference) => reference.isWrite() && reference.identifier !== param)) return fields;
  return [...fields, ...ownReads(variable)];
}

/**
 * `this.name` reads in a class's methods and in those of the classes that extend it (here and in the
 * analysis's other modules): `class Child extends Base` reads what Base's constructor kept, unless
 * it sets the field itself.
 */
function fieldReads(classNode: TSESTree.Node, name: string, except: TSESTree.Node | undefined, sourceCode: TSESLint.SourceCode, depth = 0): TSESTree.Node[] {
  const reads: TSESTree.Node[] = thisReads(classNode, name, except, sourceCode);
  if (depth >= 3) return reads;
  for (const read of classReads(classNode, sourceCode)) {
    const subclass = read.parent;
    if (isClass(subclass) && subclass.superClass === read && !setsField(subclass, name, sourceCode)) {
      reads.push(...fieldReads(subclass, name, except, sourceCode, depth + 1));
    }
  }
  return reads;
}

/**
 * The `this.name` reads of one instance's class, `made`, and of the classes it extends up to `owner`
 * (the class that keeps the value): the methods that run on that instance. Without the instance's
 * class (a value handed to a method), the owner's own reads.
 */
function instanceFieldReads(made: ClassNode | undefined, owner: ClassNode, name: string, except: TSESTree.Node | undefined, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const scope = sourceCode.scopeManager!.globalScope!;
  const chain: ClassNode[] = [];
  for (let current = made; current && chain.length < 5; current = current.superClass ? resolveClass(current.superClass, scope) : undefined) {
    chain.push(current);
    if (current === owner) break;
  }
  if (chain.at(-1) !== owner) return thisReads(owner, name, except, sourceCode);
  // A subclass that sets the field itself reads its own value.
  return chain.flatMap((current) => (current === owner || !setsField(current, name, sourceCode) ? thisReads(current, name, except, sourceCode) : []));
}

/** Whether a class declares the field or assigns `this.name` in its own methods. */
function setsField(classNode: ClassNode, name: string, sourceCode: TSESLint.SourceCode): boolean {
  if (classNode.body.body.some((member) => member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && memberName(member) === name)) return true;
  return thisReads(classNode, name, undefined, sourceCode).some((member) => member.parent?.type === AST_NODE_TYPES.AssignmentExpression && member.parent.left === member);
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
    for (const next of [...variableReads(place, sourceCode), ...escapes(place, sourceCode, seen, handedIn.has(place), instanceClass.get(place))]) {
      inheritHanding(place, next);
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
  return [...ownReads(variable), ...usesElsewhere(variable)];
}

/**
 * `locals.glean = new Glean(…)` on a `const locals = {}` (Express's `app.locals` written out, a registry
 * of clients): the reads of `locals.glean` wherever the object goes, when this is the only value the
 * member is given (the literal does not set it, nothing else assigns it).
 */
function assignedMemberReads(target: TSESTree.MemberExpression, sourceCode: TSESLint.SourceCode, seen: Set<TSESTree.Node>): TSESTree.Node[] {
  const key = memberName(target);
  if (key === undefined || target.object.type !== AST_NODE_TYPES.Identifier) return [];
  // The member may be written in another module (`module.exports = { … }`): the lookup finds its scope there.
  const definition = findVariable(sourceCode.scopeManager!.globalScope!, target.object)?.defs;
  const declarator = definition?.length === 1 && definition[0]!.type === 'Variable' && definition[0]!.parent?.kind === 'const' ? definition[0]!.node : undefined;
  const init = declarator?.init ? unwrap(declarator.init) : undefined;
  if (init?.type !== AST_NODE_TYPES.ObjectExpression || init.properties.some((property) => property.type !== AST_NODE_TYPES.Property || staticKeyName(property) === key)) return [];
  const places = placesOf(init, sourceCode, seen);
  if (places.filter((place) => isWrittenMember(place, key)).length !== 1) return [];
  return places.flatMap((place) => memberReadsAt(place, key, sourceCode)).filter((read) => read !== target);
}

/** `holder.key` wherever `holder` (an object or an instance) is read, and `const { key: x } = holder`'s `x`. */
function memberReadsOf(holder: TSESTree.Node, key: string, sourceCode: TSESLint.SourceCode, seen: Set<TSESTree.Node>): TSESTree.Node[] {
  const places = placesOf(holder, sourceCode, seen);
  // `services.glean = other`: another value may be read there.
  if (places.some((place) => isWrittenMember(place, key))) return [];
  return places.flatMap((place) => {
    const reads = memberReadsAt(place, key, sourceCode);
    // What a parameter holds was handed in, and so are its members.
    for (const read of reads) inheritHanding(place, read);
    return reads;
  });
}

/** `place.key`, or the name a pattern binds `key` to, where `place` is a pattern or initialises one. */
function memberReadsAt(place: TSESTree.Node, key: string, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const parent = place.parent;
  if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === place && memberName(parent) === key) return [parent];
  // A parameter's pattern (see parameterReads): `constructor({ glean })`, `constructor({ glean } = {})`.
  if (place.type === AST_NODE_TYPES.ObjectPattern) {
    const fn = patternFunction(place);
    if (fn) return patternReads(place, key, fn, sourceCode);
  }
  if (parent?.type !== AST_NODE_TYPES.VariableDeclarator || parent.init !== place || parent.id.type !== AST_NODE_TYPES.ObjectPattern) return [];
  return patternReads(parent.id, key, parent, sourceCode);
}

/**
 * For a parameter's object pattern a value was handed to (`function search({ client }, q)` called with
 * `glean`): each static key it takes and the reads of the name it binds (handed in, like the value).
 * Empty for any other place.
 */
export function parameterPatternReads(place: TSESTree.Node, sourceCode: TSESLint.SourceCode): { key: string; reads: TSESTree.Node[] }[] {
  if (place.type !== AST_NODE_TYPES.ObjectPattern) return [];
  const fn = patternFunction(place);
  if (!fn) return [];
  return place.properties.flatMap((property) => {
    const key = property.type === AST_NODE_TYPES.Property ? staticKeyName(property) : undefined;
    if (key === undefined) return [];
    const reads = patternReads(place, key, fn, sourceCode);
    for (const read of reads) inheritHanding(place, read);
    return reads.length > 0 ? [{ key, reads }] : [];
  });
}

/** The function whose parameter a pattern is, with or without a default (`({ glean } = {})`). */
function patternFunction(pattern: TSESTree.ObjectPattern): TSESTree.Node | undefined {
  const parent = pattern.parent;
  const fn = parent?.type === AST_NODE_TYPES.AssignmentPattern && parent.left === pattern ? parent.parent : parent;
  return fn && isFunction(fn) ? fn : undefined;
}

/** The reads of the name an object pattern binds `key` to (`{ key: x }`, `{ key }`, `{ key = d }`); `declaration` declares it. */
function patternReads(pattern: TSESTree.ObjectPattern, key: string, declaration: TSESTree.Node, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const property = pattern.properties.find((candidate) => candidate.type === AST_NODE_TYPES.Property && staticKeyName(candidate) === key);
  let id = property?.type === AST_NODE_TYPES.Property ? property.value : undefined;
  if (id?.type === AST_NODE_TYPES.AssignmentPattern) id = id.left;
  if (id?.type !== AST_NODE_TYPES.Identifier) return [];
  const name = id.name;
  const variable = declaredVariables(declaration, sourceCode).find((candidate) => candidate.name === name);
  // A name written again may hold something else.
  if (!variable || variable.references.some((reference) => reference.isWrite() && reference.identifier !== id)) return [];
  return ownReads(variable);
}

/** A variable's reads in its own module. */
function ownReads(variable: TSESLint.Scope.Variable): TSESTree.Node[] {
  return variable.references.flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : []));
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
function variableEscapes(id: TSESTree.Identifier, sourceCode: TSESLint.SourceCode, seen: Set<TSESTree.Node>, handed = false): TSESTree.Node[] {
  const variable = findVariable(sourceCode.scopeManager!.globalScope!, id);
  return (variable?.references ?? []).flatMap((reference) => {
    const read = reference.identifier;
    if (!reference.isRead() || seen.has(read)) return [];
    seen.add(read);
    return escapes(read, sourceCode, seen, handed);
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
    // `useSWR(key, fetcher)` hands the fetcher its key; what the fetcher returns is the hook's `.data`, not the hook.
    if (isKeyedRunnerCall(call)) return [];
    // The tracker does not see through `await`; the result of an un-awaited async call is a promise.
    if (call.parent?.type === AST_NODE_TYPES.AwaitExpression) return [call.parent];
    return async ? [] : [call];
  });
}
