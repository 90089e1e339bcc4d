import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { constantInitializer, findProperty, findVariable, followImports, linkedValueNode, memberValue, resolveExpression, resolveObject, staticKeyName, unwrap, withTypeWrappers } from '../util/resolve.js';
import { enclosingClass, isClass, memberName, ownClass, parameterProperties, thisReads, type ClassNode } from './class-members.js';
import { declaredVariables, programOf, visitorKeysFor } from '../util/linking.js';
import { usesElsewhere } from '../modules/program.js';
import { isModuleExports } from '../modules/exports.js';
import { recordOfProgram } from '../modules/module-cache.js';

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
export function resolveFunction(node: TSESTree.Node, scope: TSESLint.Scope.Scope, depth = 0): FunctionNode | undefined {
  if (isFunction(node)) return node;
  // `api.search` of `import * as api` (or of an object table): the function the member holds.
  if (node.type === AST_NODE_TYPES.MemberExpression && depth < 4) {
    const held = memberValue(node, scope);
    return held ? resolveFunction(unwrap(held), scope, depth + 1) : undefined;
  }
  if (node.type !== AST_NODE_TYPES.Identifier) return undefined;
  const value = linkedValue(node, scope);
  return value && isFunction(value) ? value : undefined;
}

/**
 * What a name stands for once imports are followed: a constant's initializer, a function or class
 * declaration, an exported expression (see followImports).
 */
function linkedValue(identifier: TSESTree.Identifier, scope: TSESLint.Scope.Scope): TSESTree.Node | undefined {
  const variable = findVariable(scope, identifier);
  const linked = variable && followImports(variable);
  if (!linked) return undefined;
  if (linked.kind === 'variable') {
    // A function declared once, or held in a variable's only definition (`let` included, as before).
    const definition = linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
    if (definition?.type === 'FunctionName' || definition?.type === 'ClassName') return definition.node;
    if (definition?.type === 'Variable' && definition.node.init) return unwrap(definition.node.init);
    return undefined;
  }
  return linkedValueNode(linked);
}

/** The innermost function around a node. */
export function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunction(current)) return current;
  return undefined;
}

/**
 * Where a function's result shows up: the calls of a named function or of a function held in a
 * `const`, the `this.method()` calls of a class method, and the `this.getter` reads of a getter — in
 * its own file and, for what a module exports, in the other modules of the analysis that import it.
 */
export function callsOfFunction(fn: FunctionNode, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const parent = fn.parent;
  if (parent?.type === AST_NODE_TYPES.MethodDefinition && !parent.computed) {
    const name = memberName(parent);
    if (name === undefined) return [];
    const classNode = parent.parent.parent;
    const reads = parent.static ? staticReads(classNode, name, sourceCode) : methodReads(classNode, name, sourceCode);
    if (parent.kind === 'get') return reads;
    return calledOnly(reads, sourceCode);
  }
  // `post = (path) => fetch(this.base + path, …)`: a class field holding a function is called as a method.
  if (parent?.type === AST_NODE_TYPES.PropertyDefinition && parent.value === fn && !parent.computed) {
    const name = memberName(parent);
    if (name === undefined) return [];
    const classNode = parent.parent.parent;
    return calledOnly(parent.static ? staticReads(classNode, name, sourceCode) : methodReads(classNode, name, sourceCode), sourceCode);
  }
  // `useMutation({ mutationFn: (vars) => … })`: React Query calls it with what `mutate(vars)` is given.
  const runner = runnerCallOf(fn);
  if (runner) return runnerCalls(runner, sourceCode);
  // `useSWR(key, (url) => …)`: SWR calls it with the key, the runner's first argument.
  const keyed = keyedRunnerOf(fn);
  if (keyed) return fn.params.length <= 1 ? [keyed] : [];
  // `const api = { post(path, body) { … } }`: the calls `api.post(…)`; and, for `module.exports = { post(…) { … } }`,
  // the calls of the modules that take it by its key (`http.post(…)`, `const { post } = require(…)`).
  if (parent?.type === AST_NODE_TYPES.Property && parent.value === fn && parent.parent.type === AST_NODE_TYPES.ObjectExpression) {
    const name = staticKeyName(parent);
    return name === undefined ? [] : [...calledOnly(keptMemberReads(objectReads(parent.parent, sourceCode), name), sourceCode), ...callsThrough(usesElsewhere(fn), sourceCode, fn)];
  }
  const variable = namedVariable(fn, sourceCode);
  // `export default (…) => …`, `module.exports = function (…) {…}`: known elsewhere by its node.
  return callsThrough(variable ? readsEverywhere(variable) : usesElsewhere(fn), sourceCode, fn);
}

/** The calls made through reads of a function: called there, through `.bind`, or named as a React Query runner. */
function callsThrough(reads: readonly TSESTree.Node[], sourceCode: TSESLint.SourceCode, fn: FunctionNode): TSESTree.Node[] {
  return reads.flatMap((read) => {
    const call = callOf(read);
    if (call) return [call];
    const bound = boundCalls(read, sourceCode);
    if (bound) return bound.calls;
    // `useMutation({ mutationFn: search })`: the function named rather than written inline.
    const named = read.parent?.type === AST_NODE_TYPES.Property && read.parent.value === read ? runnerCall(read.parent) : undefined;
    if (named) return runnerCalls(named, sourceCode);
    // `useSWR(key, getJson)`: SWR calls it with the key (a fetcher of one parameter only: the runner's other arguments are not its).
    const keyed = keyedRunnerOf(read);
    return keyed && fn.params.length <= 1 ? [keyed] : [];
  });
}

/**
 * Binds a function's parameters to one call's arguments: a name (also with a default, or a
 * constructor's parameter property) to its argument, and the names an object pattern takes
 * (`{ path, method = 'POST' }`) to the properties of an argument written as, or kept in, an object
 * literal. From a spread argument on, positions are unknown: nothing more is bound. With `defaults`,
 * a parameter (or a pattern's name) given no value is bound to its default.
 */
export function bindArguments(
  fn: FunctionNode,
  args: readonly TSESTree.CallExpressionArgument[],
  bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>,
  sourceCode: TSESLint.SourceCode,
  scope: TSESLint.Scope.Scope,
  defaults = false,
): void {
  const declared = declaredVariables(fn, sourceCode);
  const bind = (name: TSESTree.Identifier, value: TSESTree.Node | undefined): void => {
    const variable = value && declared.find((candidate) => candidate.name === name.name);
    if (variable) bindings.set(variable, value);
  };
  const spreadAt = args.findIndex((argument) => argument.type === AST_NODE_TYPES.SpreadElement);
  fn.params.forEach((param, index) => {
    if (spreadAt !== -1 && index >= spreadAt) return;
    const declaredParam = param.type === AST_NODE_TYPES.TSParameterProperty ? param.parameter : param;
    const target = declaredParam.type === AST_NODE_TYPES.AssignmentPattern ? declaredParam.left : declaredParam;
    const value = args[index] ?? (defaults && declaredParam.type === AST_NODE_TYPES.AssignmentPattern ? declaredParam.right : undefined);
    if (!value) return;
    if (target.type === AST_NODE_TYPES.Identifier) {
      bind(target, value);
      return;
    }
    // `post(['/listanswers', body])` of `([path, body]) => …` (a data layer's key handed to its fetcher).
    if (target.type === AST_NODE_TYPES.ArrayPattern) {
      const array = resolveExpression(value, scope);
      if (array.type !== AST_NODE_TYPES.ArrayExpression) return;
      const spreadFrom = array.elements.findIndex((element) => element?.type === AST_NODE_TYPES.SpreadElement);
      target.elements.forEach((element, at) => {
        if (!element || (spreadFrom !== -1 && at >= spreadFrom)) return;
        const local = element.type === AST_NODE_TYPES.AssignmentPattern ? element.left : element;
        const item = array.elements[at];
        if (local.type === AST_NODE_TYPES.Identifier) bind(local, item ?? (defaults && element.type === AST_NODE_TYPES.AssignmentPattern ? element.right : undefined));
      });
      return;
    }
    // `request({ path: '/listanswers' })` of `function request({ path, method = 'POST' })`.
    const object = target.type === AST_NODE_TYPES.ObjectPattern ? resolveObject(value, scope) : undefined;
    if (!object) return;
    for (const property of (target as TSESTree.ObjectPattern).properties) {
      if (property.type !== AST_NODE_TYPES.Property) continue;
      const key = staticKeyName(property);
      const local = property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
      if (key === undefined || local.type !== AST_NODE_TYPES.Identifier) continue;
      const found = findProperty(object, key, scope);
      // A spread after which the key may be anything: unknown.
      if (found === 'unknown') continue;
      bind(local, found?.value ?? (defaults && property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.right : undefined));
    }
  });
}

/** Every read of a variable: its own references, and the reads of it in the analysis's other modules. */
export function readsEverywhere(variable: TSESLint.Scope.Variable | undefined): TSESTree.Node[] {
  if (!variable) return [];
  const own = variable.references.flatMap((reference) => (reference.isRead() ? [reference.identifier as TSESTree.Node] : []));
  return [...own, ...usesElsewhere(variable)];
}

/**
 * How often a function declared by name (`function show`, `const show = …`) is handed on as a value
 * rather than called (`onSuccess: show`, `list.forEach(show)`): code it is handed to may call it with
 * other values than the file's own calls do.
 */
export function timesPassedOn(fn: FunctionNode, sourceCode: TSESLint.SourceCode): number {
  return readsEverywhere(namedVariable(fn, sourceCode)).filter((read) => !isCalled(read, sourceCode) && !isCommonJsExport(read)).length;
}

/**
 * Where a CommonJS module exports a function (`module.exports = { show }`, `exports.show = show`,
 * `module.exports = show`): not a hand-off, as `export function show` is none; what the importers do with
 * it is counted where they read it (usesElsewhere).
 */
function isCommonJsExport(read: TSESTree.Node): boolean {
  const property = read.parent;
  const value = property?.type === AST_NODE_TYPES.Property && property.value === read && !property.computed && property.parent.type === AST_NODE_TYPES.ObjectExpression ? property.parent : read;
  const assignment = value.parent;
  if (assignment?.type !== AST_NODE_TYPES.AssignmentExpression || assignment.operator !== '=' || assignment.right !== value) return false;
  const target = assignment.left;
  if (isModuleExports(target)) return true;
  // `exports.show = show`, `module.exports.show = show`: a name, not an object of names.
  return value === read && target.type === AST_NODE_TYPES.MemberExpression && ((target.object.type === AST_NODE_TYPES.Identifier && target.object.name === 'exports') || isModuleExports(target.object));
}

function isCalled(read: TSESTree.Node, sourceCode: TSESLint.SourceCode): boolean {
  if (callOf(read) !== undefined) return true;
  const bound = boundCalls(read, sourceCode);
  return bound !== undefined && !bound.handedOn;
}

/** The call that runs a function read there: `read(…)`, or `read.call(…)` / `read.apply(…)` with known arguments. */
function callOf(read: TSESTree.Node): TSESTree.CallExpression | undefined {
  const parent = read.parent;
  return parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === read ? parent : indirectCall(read);
}

/** The arguments `fn.call(self, …)` and `fn.apply(self, [ … ])` hand the function, by the calls callsOfFunction found that way. */
const indirectArguments = new WeakMap<TSESTree.CallExpression, readonly TSESTree.CallExpressionArgument[]>();

/**
 * `gleanPost.call(null, path, body)`, `gleanPost.apply(null, [path, body])`: a call of the function
 * read, whose arguments are known (an `apply` whose array is not written out is not: the function is
 * then handed on, as far as its callers' values go).
 */
function indirectCall(read: TSESTree.Node): TSESTree.CallExpression | undefined {
  const member = read.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== read || member.computed || member.property.type !== AST_NODE_TYPES.Identifier) return undefined;
  const call = member.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== member) return undefined;
  const known = indirectArguments.get(call);
  if (known) return call;
  let args: readonly TSESTree.CallExpressionArgument[] | undefined;
  if (member.property.name === 'call' && call.arguments[0]?.type !== AST_NODE_TYPES.SpreadElement) args = call.arguments.slice(1);
  if (member.property.name === 'apply' && call.arguments.length === 2) {
    const list = unwrap(call.arguments[1]!);
    if (list.type === AST_NODE_TYPES.ArrayExpression && list.elements.every((element) => element !== null)) args = list.elements as TSESTree.CallExpressionArgument[];
  }
  if (!args) return undefined;
  indirectArguments.set(call, args);
  return call;
}

/** The arguments a call of a function found by callsOfFunction hands it: its own, or those of `.call`/`.apply`, after those `.bind` gave. */
export function argumentsOf(call: TSESTree.CallExpression | TSESTree.NewExpression): readonly TSESTree.CallExpressionArgument[] {
  if (call.type !== AST_NODE_TYPES.CallExpression) return call.arguments;
  return boundArguments.get(call) ?? indirectArguments.get(call) ?? call.arguments;
}

/** The arguments the calls of a bound function hand the function it binds: the bound ones first. */
const boundArguments = new WeakMap<TSESTree.CallExpression, readonly TSESTree.CallExpressionArgument[]>();

/**
 * `const post = request.bind(null, 'POST')`, read at `request`: the calls of `post` (also through
 * `.call`/`.apply`, here and in the analysis's other modules), which run `request` with `'POST'` before
 * their own arguments, and whether `post` is also handed on (its callers are then not all known, as for
 * a function handed on). Undefined when the read is not such a `.bind`, or `post` is assigned again.
 */
function boundCalls(read: TSESTree.Node, sourceCode: TSESLint.SourceCode): { calls: TSESTree.CallExpression[]; handedOn: boolean } | undefined {
  const bindCall = bindCallOf(read);
  return bindCall && callsThroughBind(bindCall, sourceCode);
}

/**
 * The calls of the `const` a `.bind(…)` call is kept in, here and in the analysis's other modules, each
 * noted with the arguments it hands the bound function (argumentsOf), and whether the `const` is also
 * handed on. Undefined when the bind is not kept in a name, or the name is assigned again.
 */
export function callsThroughBind(bindCall: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): { calls: TSESTree.CallExpression[]; handedOn: boolean } | undefined {
  const reads = boundReads(bindCall, sourceCode);
  if (!reads) return undefined;
  const calls: TSESTree.CallExpression[] = [];
  let handedOn = false;
  for (const boundRead of reads) {
    const call = callOf(boundRead);
    if (!call) {
      handedOn = true;
      continue;
    }
    noteBound(call, bindCall);
    calls.push(call);
  }
  return { calls, handedOn };
}

/**
 * Where what a `.bind(…)` made is read: the reads of the `const` it is kept in, or of the member of an
 * object table it is kept in (`const api = { post: call.bind(null, 'POST') }`: `api.post`; also by the
 * modules that take it by its key from `module.exports = { post: … }`). Undefined when it is kept
 * elsewhere, or may be replaced (the name assigned again, the member written).
 */
function boundReads(bindCall: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): TSESTree.Node[] | undefined {
  const holder = bindCall.parent;
  if (holder?.type === AST_NODE_TYPES.VariableDeclarator && holder.init === bindCall) {
    const variable = variableOf(holder, sourceCode);
    if (!variable || variable.references.some((reference) => reference.isWrite() && !reference.init)) return undefined;
    return readsEverywhere(variable);
  }
  if (holder?.type === AST_NODE_TYPES.Property && holder.value === bindCall && holder.parent.type === AST_NODE_TYPES.ObjectExpression) {
    const key = staticKeyName(holder);
    const objectReadsHere = key === undefined ? undefined : objectReads(holder.parent, sourceCode);
    if (key === undefined || objectReadsHere!.some((read) => isWrittenMember(read, key))) return undefined;
    return [...memberReads(objectReadsHere!, key), ...usesElsewhere(bindCall)];
  }
  // `post = this.call.bind(this, 'POST')`: a class field, read as `this.post` and on instances; unless something writes it.
  if (holder?.type === AST_NODE_TYPES.PropertyDefinition && holder.value === bindCall && !holder.computed) {
    const name = memberName(holder);
    if (name === undefined) return undefined;
    const classNode = holder.parent.parent;
    const reads = holder.static ? staticReads(classNode, name, sourceCode) : methodReads(classNode, name, sourceCode);
    return reads.some((read) => isWrittenMember(read.object, name)) ? undefined : reads;
  }
  return undefined;
}

/** `fn.bind(self, …)` read at `fn`, with no spread among what it binds. */
function bindCallOf(read: TSESTree.Node): TSESTree.CallExpression | undefined {
  const member = read.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== read || member.computed || member.property.type !== AST_NODE_TYPES.Identifier || member.property.name !== 'bind') return undefined;
  const call = member.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== member) return undefined;
  return call.arguments.some((argument) => argument.type === AST_NODE_TYPES.SpreadElement) ? undefined : call;
}

function noteBound(call: TSESTree.CallExpression, bindCall: TSESTree.CallExpression): void {
  if (boundArguments.has(call)) return;
  boundArguments.set(call, [...bindCall.arguments.slice(1), ...(indirectArguments.get(call) ?? call.arguments)]);
  bindsOfCalls.set(call, bindCall);
}

const bindsOfCalls = new WeakMap<TSESTree.CallExpression, TSESTree.CallExpression>();

/** The `.bind` a call runs its function through (`request.bind(null, 'POST')` for `post(path)`), once resolveCallee or callsOfFunction saw it. */
export function bindOfCall(call: TSESTree.CallExpression | TSESTree.NewExpression): TSESTree.CallExpression | undefined {
  return call.type === AST_NODE_TYPES.CallExpression ? bindsOfCalls.get(call) : undefined;
}

/** The `.bind(…)` call a name holds (`search` of `export const search = api.search.bind(api)`, also imported), whatever it binds. */
export function bindCallHeld(name: TSESTree.Node, scope: TSESLint.Scope.Scope): TSESTree.CallExpression | undefined {
  const node = unwrap(name);
  // `api.post` of `const api = { post: call.bind(null, 'POST') }` (here, imported or required): what the member holds.
  const held = node.type === AST_NODE_TYPES.Identifier ? linkedValue(node, scope) : node.type === AST_NODE_TYPES.MemberExpression ? memberValue(node, scope) : undefined;
  const value = held && unwrap(held);
  if (value?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(value.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && bindCallOf(callee.object) === value ? value : undefined;
}

/**
 * The function a name bound with `.bind` runs (`post` of `const post = request.bind(null, 'POST')`,
 * also imported), and that `.bind` call.
 */
function boundFunction(holder: TSESTree.Node, scope: TSESLint.Scope.Scope): { fn: FunctionNode; bindCall: TSESTree.CallExpression } | undefined {
  const bindCall = bindCallHeld(holder, scope);
  const fn = bindCall && functionBoundBy(bindCall, scope);
  return fn && { fn, bindCall: bindCall! };
}

/** What a `.bind(…)` call binds: `request` of `request.bind(null, 'POST')`, `api.send` of `api.send.bind(api)`. */
export function boundTarget(bindCall: TSESTree.CallExpression): TSESTree.Node {
  return unwrap((unwrap(bindCall.callee) as TSESTree.MemberExpression).object);
}

/** The function a `.bind(…)` call binds: a named function, or a method bound with its object (`api.send.bind(api)`, `this.call.bind(this)`). */
function functionBoundBy(bindCall: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): FunctionNode | undefined {
  // The `.bind` may be another module's: its name is looked up there.
  const home = recordOfProgram(programOf(bindCall))?.globalScope ?? scope;
  const bound = boundTarget(bindCall);
  if (bound.type !== AST_NODE_TYPES.MemberExpression) return resolveFunction(bound, home);
  const method = memberName(bound);
  return method === undefined ? undefined : memberFunction(bound, method, home).fn;
}

/** The variable a function declaration, or a `const` holding a function, declares. */
function namedVariable(fn: FunctionNode, sourceCode: TSESLint.SourceCode): TSESLint.Scope.Variable | undefined {
  const parent = fn.parent;
  let id: TSESTree.Node | null | undefined;
  if (fn.type === AST_NODE_TYPES.FunctionDeclaration) id = fn.id;
  else if (parent?.type === AST_NODE_TYPES.VariableDeclarator) id = parent.id;
  if (id?.type !== AST_NODE_TYPES.Identifier) return undefined;
  const name = id.name;
  return declaredVariables(fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn : parent!, sourceCode).find((variable) => variable.name === name);
}

/** Visits every expression a function returns (an arrow's expression body, or each `return x`). */
export function forEachReturned(fn: FunctionNode, sourceCode: TSESLint.SourceCode, visit: (returned: TSESTree.Node) => void): void {
  if (fn.type === AST_NODE_TYPES.ArrowFunctionExpression && fn.expression) {
    visit(fn.body);
    return;
  }
  // A helper many calls lead to (a shared `encodeJSON`, a path filler) is walked once: trees do not change.
  let returned = returnedValues.get(fn);
  if (!returned) {
    returned = [];
    const visitorKeys = visitorKeysFor(fn, sourceCode.visitorKeys);
    const stack: TSESTree.Node[] = [fn.body];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type === AST_NODE_TYPES.ReturnStatement) {
        if (node.argument) returned.push(node.argument);
        continue;
      }
      // A nested function's returns are its own.
      if (node !== fn.body && isFunction(node)) continue;
      for (const key of visitorKeys[node.type] ?? []) {
        const child = (node as unknown as Record<string, unknown>)[key];
        for (const c of Array.isArray(child) ? child : [child]) {
          if (c && typeof (c as TSESTree.Node).type === 'string') stack.push(c as TSESTree.Node);
        }
      }
    }
    returnedValues.set(fn, returned);
  }
  for (const value of returned) visit(value);
}

/** What each function walked so far returns, in the order forEachReturned visits it. */
const returnedValues = new WeakMap<FunctionNode, TSESTree.Node[]>();

/**
 * The calls of the function a call returns: `make(base)('POST')`, or of a constant that keeps it
 * (`const glean = make(base)`; `glean('POST')`, here and in the analysis's other modules).
 */
export function appliedCalls(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): TSESTree.CallExpression[] {
  return resultReads(call, sourceCode).flatMap((read) => {
    const parent = read.parent;
    return parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === read ? [parent] : [];
  });
}

/** A call's result, and each read of a constant it initialises (`const workers = makeWorkers(glean)`). */
function resultReads(call: TSESTree.Node, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const declarator = call.parent;
  // `exports.gleanClient = clientOn(base)`, `module.exports = { workers: makeWorkers(sdk) }`: also where other modules take it.
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== call) return [call, ...usesElsewhere(call)];
  const variable = variableOf(declarator, sourceCode);
  if (!variable || variable.references.some((reference) => reference.isWrite() && !reference.init)) return [];
  return readsEverywhere(variable);
}

function variableOf(declarator: TSESTree.VariableDeclarator, sourceCode: TSESLint.SourceCode): TSESLint.Scope.Variable | undefined {
  const id = declarator.id;
  return id.type === AST_NODE_TYPES.Identifier ? declaredVariables(declarator, sourceCode).find((variable) => variable.name === id.name) : undefined;
}

/** The calls among reads of a function (`api.post` of `api.post(…)`, also `api.post.call(api, …)`, and the calls of `api.post.bind(api)` kept in a `const`). */
function calledOnly(reads: readonly TSESTree.Node[], sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  return reads.flatMap((read) => callOf(read) ?? boundCalls(read, sourceCode)?.calls ?? []);
}

/**
 * The reads of an object literal kept in a constant (`const api = {…}`; `api`), or returned by a factory
 * with one `return` (`function makeWorkers(sdk) { return {…} }`; `makeWorkers(glean)`, and a constant
 * that keeps its result), here and in the other modules.
 */
function objectReads(object: TSESTree.ObjectExpression, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const holder = object.parent;
  const factory = holder?.type === AST_NODE_TYPES.ReturnStatement ? enclosingFunction(holder) : holder?.type === AST_NODE_TYPES.ArrowFunctionExpression && holder.body === object ? holder : undefined;
  if (factory) {
    // Another `return` may hand out another object, whose member the same read gets instead.
    let returns = 0;
    forEachReturned(factory, sourceCode, () => returns++);
    return returns === 1 ? callsOfFunction(factory, sourceCode).flatMap((call) => resultReads(call, sourceCode)) : [];
  }
  if (holder?.type !== AST_NODE_TYPES.VariableDeclarator || holder.id.type !== AST_NODE_TYPES.Identifier) return [];
  return readsEverywhere(variableOf(holder, sourceCode));
}

/** Whether a read of a holder writes its member `key` (`holder.key = …`, `delete holder.key`, `holder.key++`): then the member may hold something else. */
export function isWrittenMember(place: TSESTree.Node, key: string): boolean {
  const member = place.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== place || memberName(member) !== key) return false;
  const parent = member.parent;
  return (
    (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === member) ||
    (parent?.type === AST_NODE_TYPES.UnaryExpression && parent.operator === 'delete') ||
    parent?.type === AST_NODE_TYPES.UpdateExpression
  );
}

/** `holder.member` among reads of a holder; none when one of them writes that member (it may hold another value then). */
function keptMemberReads(reads: readonly TSESTree.Node[], member: string): TSESTree.MemberExpression[] {
  return reads.some((read) => isWrittenMember(read, member)) ? [] : memberReads(reads, member);
}

/** `holder.member` among reads of a holder. */
function memberReads(reads: readonly TSESTree.Node[], member: string): TSESTree.MemberExpression[] {
  return reads.flatMap((read) => {
    const parent = read.parent;
    return parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === read && memberName(parent) === member ? [parent] : [];
  });
}

/** `ClassName.member` reads of a static member. */
function staticReads(classNode: TSESTree.Node, name: string, sourceCode: TSESLint.SourceCode): TSESTree.MemberExpression[] {
  return memberReads(readsEverywhere(classVariable(classNode, sourceCode)), name);
}

/**
 * A method's `this.name` and `instance.name` reads, in its class and in the classes that extend it
 * without a member of that name (`class GleanApi extends BaseHttp`: `this.post(…)`, `api.post(…)`).
 */
function methodReads(classNode: TSESTree.Node, name: string, sourceCode: TSESLint.SourceCode, depth = 0): TSESTree.MemberExpression[] {
  const reads = [...thisReads(classNode, name, undefined, sourceCode), ...instanceReads(classNode, name, sourceCode)];
  if (depth >= 3) return reads;
  for (const read of classReads(classNode, sourceCode)) {
    const subclass = read.parent;
    if (isClass(subclass) && subclass.superClass === read && !subclass.body.body.some((member) => (member.type === AST_NODE_TYPES.MethodDefinition || member.type === AST_NODE_TYPES.PropertyDefinition) && !member.static && memberName(member) === name)) {
      reads.push(...methodReads(subclass, name, sourceCode, depth + 1));
    }
  }
  return reads;
}

/**
 * `instance.member` reads, where the instance is a variable initialised with `new ClassName(…)` — in the
 * class's file or in a module that imports the class — or such a variable exported and imported.
 */
export function instanceReads(classNode: TSESTree.Node, name: string, sourceCode: TSESLint.SourceCode): TSESTree.MemberExpression[] {
  const scope = sourceCode.scopeManager!.globalScope!;
  const abstract = classNode.type === AST_NODE_TYPES.ClassDeclaration && classNode.abstract;
  return readsEverywhere(classVariable(classNode, sourceCode)).flatMap((read) => {
    // `constructor(private readonly search: SearchService)`, `(s: SearchService) => …`: an instance declared by its class (see annotatedClass).
    if (read.parent?.type === AST_NODE_TYPES.TSTypeReference) return abstract ? [] : memberReads(annotatedReads(read.parent, sourceCode), name);
    let made: TSESTree.Node = read.parent!;
    if (made?.type !== AST_NODE_TYPES.NewExpression || made.callee !== read) return [];
    while (made.parent && (made.parent.type === AST_NODE_TYPES.TSAsExpression || made.parent.type === AST_NODE_TYPES.TSNonNullExpression)) made = made.parent;
    // `new GleanHttp(base).post(…)`: an instance made where it is used (also after steps that return it: `.withAuth(token).post(…)`).
    const inline = memberReads(fluentSteps([made], scope), name);
    if (inline.length > 0) return inline;
    const holder = made.parent;
    // `return { search: new SearchWorker(sdk) }`: `makeWorkers(glean).search.run(q)`.
    if (holder?.type === AST_NODE_TYPES.Property && holder.value === made && holder.parent.type === AST_NODE_TYPES.ObjectExpression) {
      const key = staticKeyName(holder);
      if (key === undefined) return [];
      // `module.exports = { gleanHttp: new GleanHttp(base) }`: also read by the modules that take it by its key.
      return [...keptMemberReads(keptMemberReads(objectReads(holder.parent, sourceCode), key), name), ...keptMemberReads(usesElsewhere(made), name)];
    }
    if (holder?.type !== AST_NODE_TYPES.VariableDeclarator || holder.init !== made) return [];
    const reads = readsEverywhere(variableOf(holder, sourceCode));
    return reads.some((kept) => isWrittenMember(kept, name)) ? [] : memberReads(fluentSteps(reads, scope), name);
  });
}

/**
 * The reads of what a class's name annotates: a function's parameter, a constructor's parameter
 * property (read as `this.name` in its class too) or a field declared without a value.
 */
function annotatedReads(reference: TSESTree.TSTypeReference, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const annotation = reference.parent;
  if (reference.typeArguments || annotation?.type !== AST_NODE_TYPES.TSTypeAnnotation || annotation.typeAnnotation !== reference) return [];
  const holder = annotation.parent;
  if (holder?.type === AST_NODE_TYPES.PropertyDefinition && !holder.static && !holder.value) {
    const name = memberName(holder);
    return name === undefined ? [] : thisReads(holder.parent.parent, name, undefined, sourceCode);
  }
  if (holder?.type !== AST_NODE_TYPES.Identifier) return [];
  const declared = holder.parent?.type === AST_NODE_TYPES.AssignmentPattern && holder.parent.left === holder ? holder.parent : holder;
  const property = declared.parent?.type === AST_NODE_TYPES.TSParameterProperty ? declared.parent : undefined;
  const fn = (property ?? declared).parent;
  if (!isFunction(fn) || !fn.params.includes((property ?? declared) as TSESTree.Parameter)) return [];
  const variable = declaredVariables(fn, sourceCode).find((candidate) => candidate.name === holder.name);
  const own = variable?.references.flatMap((ref) => (ref.isRead() ? [ref.identifier as TSESTree.Node] : [])) ?? [];
  const classNode = property ? enclosingClass(fn) : undefined;
  return classNode ? [...own, ...thisReads(classNode, holder.name, undefined, sourceCode)] : own;
}

/**
 * The places an instance is read, and the results of the calls on it of methods that return `this`
 * (a fluent chain's steps: `client.withAuth(token)`), a few steps deep.
 */
function fluentSteps(reads: readonly TSESTree.Node[], scope: TSESLint.Scope.Scope): TSESTree.Node[] {
  const found = [...reads];
  for (let index = 0; index < found.length && found.length < reads.length * MAX_CHAIN; index++) {
    const member = found[index]!.parent;
    const call = member?.type === AST_NODE_TYPES.MemberExpression && member.object === found[index] ? member.parent : undefined;
    if (call?.type === AST_NODE_TYPES.CallExpression && call.callee === member && returnsThis(call, scope)) found.push(call);
  }
  return found;
}

/** The reads of the name a class is declared with (here and in the analysis's other modules). */
export function classReads(classNode: TSESTree.Node, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  return readsEverywhere(classVariable(classNode, sourceCode));
}

function classVariable(classNode: TSESTree.Node, sourceCode: TSESLint.SourceCode): TSESLint.Scope.Variable | undefined {
  if (classNode.type === AST_NODE_TYPES.ClassDeclaration && classNode.id) {
    const name = classNode.id.name;
    return declaredVariables(classNode, sourceCode).find((variable) => variable.name === name);
  }
  if (classNode.type === AST_NODE_TYPES.ClassExpression && classNode.parent?.type === AST_NODE_TYPES.VariableDeclarator) {
    return variableOf(classNode.parent, sourceCode);
  }
  return undefined;
}

/**
 * The same-file function a call runs: a named function or a function in a `const`, `this.method()`,
 * `object.method()` of a same-file object literal, `instance.method()` of a same-file `new Class()`,
 * and `Class.method()` of a static method.
 */
export function resolveCallee(call: TSESTree.CallExpression | TSESTree.NewExpression, scope: TSESLint.Scope.Scope): FunctionNode | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) {
    const fn = resolveFunction(callee, scope);
    if (fn || call.type !== AST_NODE_TYPES.CallExpression) return fn;
    // `post(path)` of `const post = request.bind(null, 'POST')`: request runs, given 'POST' first.
    const bound = boundFunction(callee, scope);
    if (bound) noteBound(call, bound.bindCall);
    return bound?.fn;
  }
  const name = memberName(callee);
  if (name === undefined) return undefined;
  const object = unwrap(callee.object);
  const { fn: held, ofClass } = memberFunction(callee, name, scope);
  if (held || call.type !== AST_NODE_TYPES.CallExpression) return held;
  if (ofClass) {
    // `api.post(path)` of a class field `post = this.call.bind(this, 'POST')`.
    const bound = boundField(callee, name, scope);
    if (bound) noteBound(call, bound.bindCall);
    return bound?.fn;
  }
  if (name !== 'call' && name !== 'apply') {
    // `api.post(path)` of `const api = { post: request.bind(null, 'POST') }`.
    const bound = boundFunction(callee, scope);
    if (bound) noteBound(call, bound.bindCall);
    return bound?.fn;
  }
  // `gleanPost.call(null, path, body)`: gleanPost runs, with the arguments after `this`.
  const fn = resolveFunction(object, scope);
  if (fn) return indirectCall(object) === call ? fn : undefined;
  const bound = boundFunction(object, scope);
  if (!bound || indirectCall(object) !== call) return undefined;
  noteBound(call, bound.bindCall);
  return bound.fn;
}

/**
 * The function a member names: `this.method` (up the class chain), a method of the class of an
 * instance (`new Api()`, a constant holding one) or a static one, or what an object table or a
 * module's namespace holds (`api.post`, `http.gleanPost`). `ofClass`: the member is a class's,
 * whether or not the class has that method.
 */
function memberFunction(callee: TSESTree.MemberExpression, name: string, scope: TSESLint.Scope.Scope): { fn?: FunctionNode; ofClass: boolean } {
  const receiver = memberClass(callee, scope);
  if (receiver) return { fn: inheritedMethodOf(receiver.classNode, name, receiver.isStatic, scope), ofClass: true };
  // `this.name` outside a class: nothing known.
  if (unwrap(callee.object).type === AST_NODE_TYPES.ThisExpression) return { ofClass: true };
  // `api.post(…)` of an object table, `http.gleanPost(…)` of `require('./http')`: the function the member holds.
  return { fn: resolveFunction(callee, scope), ofClass: false };
}

/** The class a member is looked up on: the enclosing class for `this.name`, else receiverClass's. */
function memberClass(callee: TSESTree.MemberExpression, scope: TSESLint.Scope.Scope): { classNode: ClassNode; isStatic: boolean } | undefined {
  const object = unwrap(callee.object);
  if (object.type !== AST_NODE_TYPES.ThisExpression) return receiverClass(object, scope);
  const classNode = enclosingClass(callee);
  return classNode && { classNode, isStatic: false };
}

/**
 * The function a class field bound with `.bind` runs (`post = this.call.bind(this, 'POST')`, up the
 * class chain), for a member call on the class's `this` or an instance, and that `.bind` call.
 */
function boundField(callee: TSESTree.MemberExpression, name: string, scope: TSESLint.Scope.Scope): { fn: FunctionNode; bindCall: TSESTree.CallExpression } | undefined {
  const receiver = memberClass(callee, scope);
  if (!receiver) return undefined;
  for (const classNode of classChain(receiver.classNode, scope)) {
    const field = classNode.body.body.find(
      (member): member is TSESTree.PropertyDefinition => member.type === AST_NODE_TYPES.PropertyDefinition && member.static === receiver.isStatic && !member.computed && memberName(member) === name,
    );
    if (!field) continue;
    const value = field.value && unwrap(field.value);
    if (value?.type !== AST_NODE_TYPES.CallExpression) return undefined;
    const bindCallee = unwrap(value.callee);
    if (bindCallee.type !== AST_NODE_TYPES.MemberExpression || bindCallOf(bindCallee.object) !== value) return undefined;
    const fn = functionBoundBy(value, scope);
    return fn && { fn, bindCall: value };
  }
  return undefined;
}

/**
 * The class whose method a member call on `object` runs: the class itself (`Api.post`, `ns.Api.post`:
 * a static method) or an instance of it (`new Api()`, a constant holding one, `ns.api` of a module
 * that exports one).
 */
function receiverClass(object: TSESTree.Node, scope: TSESLint.Scope.Scope, depth = 0): { classNode: ClassNode; isStatic: boolean } | undefined {
  const node = unwrap(object);
  if (node.type === AST_NODE_TYPES.NewExpression) {
    const classNode = resolveClass(node.callee, scope);
    return classNode && { classNode, isStatic: false };
  }
  // `new FilterBuilder().negate().build()`: a method that returns `this` hands on its receiver.
  if (node.type === AST_NODE_TYPES.CallExpression && depth < MAX_CHAIN && returnsThis(node, scope)) {
    return receiverClass((unwrap(node.callee) as TSESTree.MemberExpression).object, scope, depth + 1);
  }
  let value: TSESTree.Node | undefined;
  if (node.type === AST_NODE_TYPES.Identifier) {
    const classNode = classOf(node, scope);
    if (classNode) return { classNode, isStatic: true };
    value = constantInitializer(node, scope);
  } else if (node.type === AST_NODE_TYPES.MemberExpression) {
    value = memberValue(node, scope);
  }
  let made = value && unwrap(value);
  // `http.GleanApi` of `module.exports = { GleanApi }`: the name the object holds.
  if (made?.type === AST_NODE_TYPES.Identifier) {
    const classNode = classOf(made, scope);
    if (classNode) return { classNode, isStatic: true };
    const init = constantInitializer(made, scope);
    made = init && unwrap(init);
  }
  if (!made) {
    const declared = annotatedClass(node, scope);
    return declared && { classNode: declared, isStatic: false };
  }
  if (made.type === AST_NODE_TYPES.ClassDeclaration || made.type === AST_NODE_TYPES.ClassExpression) return { classNode: made, isStatic: true };
  if (made.type !== AST_NODE_TYPES.NewExpression) return undefined;
  const instanceClass = resolveClass(made.callee, scope);
  return instanceClass && { classNode: instanceClass, isStatic: false };
}

/**
 * Packages whose default export (or named export) runs a callback until it settles and resolves to its
 * result: `pRetry(() => …)`, async-retry's `retry(async (bail) => …)`, exponential-backoff's `backOff(…)`.
 */
const CALLBACK_RESULT_PACKAGES: Readonly<Record<string, string>> = { 'p-retry': 'pRetry', 'async-retry': 'default', 'exponential-backoff': 'backOff' };

/**
 * Whether a call resolves to what the callback it is given returns: a retry package's (see
 * CALLBACK_RESULT_PACKAGES), or a helper of the project whose every `return` gives the result of
 * calling that parameter (`async (fn) => fn()`, `for (;;) { try { return await fn(); } catch {} }`).
 * Whether the result comes wrapped in a promise: 'promise' for a package or an async helper.
 */
export function callbackResultOf(call: TSESTree.CallExpression, callback: TSESTree.Node, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): 'promise' | 'same' | undefined {
  const index = call.arguments.indexOf(callback as TSESTree.CallExpressionArgument);
  if (index === -1) return undefined;
  const callee = unwrap(call.callee);
  if (index === 0 && callee.type === AST_NODE_TYPES.Identifier && packageRunsCallback(callee, scope)) return 'promise';
  const fn = resolveCallee(call, scope);
  const param = fn?.params[index];
  if (!fn || param?.type !== AST_NODE_TYPES.Identifier) return undefined;
  let returns = 0;
  let others = 0;
  forEachReturned(fn, sourceCode, (returned) => {
    let value = unwrap(returned);
    if (value.type === AST_NODE_TYPES.AwaitExpression) value = unwrap(value.argument);
    const called = value.type === AST_NODE_TYPES.CallExpression ? unwrap(value.callee) : undefined;
    if (called?.type === AST_NODE_TYPES.Identifier && called.name === param.name && findVariable(scope, called)?.defs[0]?.name === param) returns += 1;
    else others += 1;
  });
  if (returns === 0 || others > 0) return undefined;
  return fn.async ? 'promise' : 'same';
}

function packageRunsCallback(callee: TSESTree.Identifier, scope: TSESLint.Scope.Scope): boolean {
  const definition = findVariable(scope, callee)?.defs[0];
  if (definition?.type !== 'ImportBinding' || definition.parent?.type !== AST_NODE_TYPES.ImportDeclaration) return false;
  const expected = CALLBACK_RESULT_PACKAGES[definition.parent.source.value];
  if (expected === undefined) return false;
  const specifier = definition.node;
  if (specifier.type === AST_NODE_TYPES.ImportDefaultSpecifier) return true;
  return specifier.type === AST_NODE_TYPES.ImportSpecifier && (specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value) === expected;
}

/** How many calls of methods that return `this` a fluent chain may run through (`builder.a().b().build()`). */
export const MAX_CHAIN = 8;

/**
 * The class a value is declared as where no `new` says which instance it is: a parameter
 * (`function list(api: GleanApi)`), a constructor's parameter property or a field a framework injects
 * (`constructor(private readonly cfg: ConfigService)`, `@Inject() http!: GleanHttp`), read as
 * `this.cfg`. Only a class of the project, not an abstract one (some subclass is the instance).
 */
export function annotatedClass(object: TSESTree.Node, scope: TSESLint.Scope.Scope): ClassNode | undefined {
  const typeName = annotatedTypeName(object, scope);
  const classNode = typeName && resolveClass(typeName, scope);
  return classNode && !(classNode.type === AST_NODE_TYPES.ClassDeclaration && classNode.abstract) ? classNode : undefined;
}

/** The name of the type a parameter, parameter property or bare field is annotated with (`ConfigService`), when it is a plain name. */
export function annotatedTypeName(object: TSESTree.Node, scope: TSESLint.Scope.Scope): TSESTree.Identifier | undefined {
  const node = unwrap(object);
  let annotation: TSESTree.TypeNode | undefined;
  if (node.type === AST_NODE_TYPES.Identifier) {
    const variable = findVariable(scope, node);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (def?.type !== 'Parameter' || def.name.type !== AST_NODE_TYPES.Identifier) return undefined;
    annotation = def.name.typeAnnotation?.typeAnnotation;
  } else if (node.type === AST_NODE_TYPES.MemberExpression && node.object.type === AST_NODE_TYPES.ThisExpression) {
    const name = memberName(node);
    // The class whose `this` it is: not one around an object's method or a `function` (`{ load() { this.api… } }`).
    const own = ownClass(node);
    const classNode = isClass(own) ? own : undefined;
    annotation = classNode && name !== undefined ? declaredMemberType(classNode, name) : undefined;
  }
  if (annotation?.type !== AST_NODE_TYPES.TSTypeReference || annotation.typeName.type !== AST_NODE_TYPES.Identifier || annotation.typeArguments) return undefined;
  return annotation.typeName;
}

/** The type a class declares an instance member with, when the declaration gives it no value: a parameter property, a bare field. */
function declaredMemberType(classNode: ClassNode, name: string): TSESTree.TypeNode | undefined {
  for (const member of classNode.body.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && !member.value && memberName(member) === name) return member.typeAnnotation?.typeAnnotation;
  }
  return parameterProperties(classNode).find((declared) => declared.name === name)?.typeAnnotation?.typeAnnotation;
}

/** Whether a call runs a method of its receiver's class whose every `return` gives `this` (a fluent builder's step). */
export function returnsThis(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const fn = resolveCallee(call, scope);
  if (!fn || fn.parent?.type !== AST_NODE_TYPES.MethodDefinition || fn.type === AST_NODE_TYPES.ArrowFunctionExpression) return false;
  // A method's own statements, without a file's visitor keys (the method may be another module's).
  let returns = 0;
  const stack: unknown[] = [fn.body];
  while (stack.length > 0) {
    const node = stack.pop() as TSESTree.Node;
    if (node.type === AST_NODE_TYPES.ReturnStatement) {
      if (!node.argument || unwrap(node.argument).type !== AST_NODE_TYPES.ThisExpression) return false;
      returns += 1;
      continue;
    }
    if (node !== fn.body && isFunction(node)) continue;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'parent') continue;
      for (const item of Array.isArray(child) ? child : [child]) if (item && typeof (item as TSESTree.Node).type === 'string') stack.push(item);
    }
  }
  return returns > 0;
}

/** The class a name stands for (declared here or imported, or a namespace's export: `ns.Api`), or a class written at the node. */
export function resolveClass(node: TSESTree.Node, scope: TSESLint.Scope.Scope): ClassNode | undefined {
  const value = unwrap(node);
  if (value.type === AST_NODE_TYPES.ClassExpression || value.type === AST_NODE_TYPES.ClassDeclaration) return value;
  if (value.type === AST_NODE_TYPES.Identifier) return classOf(value, scope);
  if (value.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const held = memberValue(value, scope);
  const found = held && unwrap(held);
  if (found?.type === AST_NODE_TYPES.ClassExpression || found?.type === AST_NODE_TYPES.ClassDeclaration) return found;
  return found?.type === AST_NODE_TYPES.Identifier ? classOf(found, scope) : undefined;
}

function classOf(identifier: TSESTree.Identifier, scope: TSESLint.Scope.Scope): ClassNode | undefined {
  const value = linkedValue(identifier, scope);
  return value?.type === AST_NODE_TYPES.ClassDeclaration || value?.type === AST_NODE_TYPES.ClassExpression ? value : undefined;
}

/** A class's method, or the one it inherits from the classes it extends (here or imported). */
function inheritedMethodOf(classNode: ClassNode, name: string, isStatic: boolean, scope: TSESLint.Scope.Scope): FunctionNode | undefined {
  for (const current of classChain(classNode, scope)) {
    const method = methodOf(current, name, isStatic);
    if (method) return method;
  }
  return undefined;
}

/** A class and the classes it extends, nearest first, a few deep (each resolved only when reached). */
function* classChain(classNode: ClassNode, scope: TSESLint.Scope.Scope): Generator<ClassNode> {
  let current: ClassNode | undefined = classNode;
  for (let depth = 0; current && depth < 5; depth++) {
    yield current;
    current = current.superClass ? resolveClass(current.superClass, scope) : undefined;
  }
}

function methodOf(classNode: ClassNode, name: string, isStatic: boolean): FunctionNode | undefined {
  for (const member of classNode.body.body) {
    if (member.type === AST_NODE_TYPES.MethodDefinition && member.kind === 'method' && member.static === isStatic && memberName(member) === name && isFunction(member.value)) return member.value;
    if (member.type === AST_NODE_TYPES.PropertyDefinition && member.static === isStatic && memberName(member) === name && member.value && isFunction(member.value)) return member.value;
  }
  return undefined;
}

/**
 * The parameter of the function or constructor a call or `new` hands `argument` to, when both are
 * known: `new GleanService(glean)`'s `constructor(sdk)`, `register(app, glean)`'s `function register(app, g)`
 * (declared here or in another module), a class without a constructor of its own passing it to its
 * base class's. Undefined after a spread argument, or when the callee is not found.
 */
export function parameterOf(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  argument: TSESTree.Node,
  scope: TSESLint.Scope.Scope,
): { fn: FunctionNode; param: TSESTree.Parameter } | undefined {
  const fn =
    call.type === AST_NODE_TYPES.NewExpression
      ? constructorOf(resolveClass(call.callee, scope), scope)
      : call.callee.type === AST_NODE_TYPES.Super
        ? baseConstructorOf(call, scope)
        : resolveCallee(call, scope);
  // `run.call(null, glean)`, `run.apply(null, [glean])`: the arguments after `this` (resolveCallee found them).
  const args = argumentsOf(call);
  const index = args.indexOf(argument as TSESTree.CallExpressionArgument);
  if (index === -1 || args.slice(0, index).some((earlier) => earlier.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  const param = fn?.params[index];
  // A rest parameter takes this argument and others with it, as an array.
  return fn && param && param.type !== AST_NODE_TYPES.RestElement ? { fn, param } : undefined;
}

/** `super(sdk)`'s constructor: the one of the class the enclosing class extends. */
function baseConstructorOf(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): FunctionNode | undefined {
  const classNode = enclosingClass(call);
  return classNode?.superClass ? constructorOf(resolveClass(classNode.superClass, scope), scope) : undefined;
}

/** A class's constructor, or, for a class without one, the constructor of the class it extends (a few levels). */
function constructorOf(classNode: ClassNode | undefined, scope: TSESLint.Scope.Scope, depth = 0): FunctionNode | undefined {
  if (!classNode || depth > 3) return undefined;
  for (const member of classNode.body.body) {
    // Not an overload's signature (TypeScript): the constructor with a body.
    if (member.type === AST_NODE_TYPES.MethodDefinition && member.kind === 'constructor' && isFunction(member.value)) return member.value;
  }
  return classNode.superClass ? constructorOf(resolveClass(classNode.superClass, scope), scope, depth + 1) : undefined;
}

/**
 * The values a parameter receives: the argument at the same index of each same-file call of its
 * function, and its default. Undefined when the parameter is not a plain (or defaulted) name of a
 * function whose calls are all known here.
 */
export function parameterValues(param: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): { calls: TSESTree.Node[]; values: TSESTree.Node[] } | undefined {
  const holder = param.parent?.type === AST_NODE_TYPES.AssignmentPattern && param.parent.left === param ? param.parent : param;
  const fn = holder.parent;
  if (!fn || !isFunction(fn)) return undefined;
  const index = fn.params.indexOf(holder as TSESTree.Parameter);
  if (index === -1) return undefined;
  const calls = callsOfFunction(fn, sourceCode).filter((call): call is TSESTree.CallExpression => call.type === AST_NODE_TYPES.CallExpression);
  const values: TSESTree.Node[] = [];
  for (const call of calls) {
    const argument = argumentsOf(call)[index];
    if (argument && argument.type !== AST_NODE_TYPES.SpreadElement) values.push(argument);
  }
  if (holder.type === AST_NODE_TYPES.AssignmentPattern) values.push(holder.right);
  return { calls, values };
}

/**
 * Library calls that take a function in an options object and run it when a method of their result is
 * called: React Query's `useMutation({ mutationFn })` runs `mutationFn(vars)` for `mutate(vars)`.
 */
const RUNNERS: Readonly<Record<string, { key: string; methods: readonly string[] }>> = {
  useMutation: { key: 'mutationFn', methods: ['mutate', 'mutateAsync'] },
  // Queries run their function themselves; what it resolves to is the result's `.data`.
  useQuery: { key: 'queryFn', methods: [] },
  useSuspenseQuery: { key: 'queryFn', methods: [] },
};

/**
 * A query hook's `select` (`useQuery({ queryFn, select: (data) => data.results })`): handed what the
 * query function resolves to; the hook's `.data` is what it returns. A function of this file.
 */
export function querySelectOf(runner: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): FunctionNode | undefined {
  const name = calleeName(runner);
  const options = runner.arguments[0];
  if (name === undefined || RUNNERS[name]?.key !== 'queryFn' || options?.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const select = options.properties.find((property): property is TSESTree.Property => property.type === AST_NODE_TYPES.Property && staticKeyName(property) === 'select');
  return select ? resolveFunction(unwrap(select.value), scope) : undefined;
}

/** The option keys under which a runner takes the function it runs (`mutationFn`, `queryFn`). */
export const RUNNER_OPTION_KEYS: ReadonlySet<string> = new Set(Object.values(RUNNERS).map((runner) => runner.key));

/**
 * Library calls that take their function as an argument and run it with their first (SWR 2's
 * `useSWR(key, fetcher)` runs `fetcher(key)`, the key as it is, and holds what it resolves to in `.data`):
 * by name, the position of the function.
 */
const KEYED_RUNNERS: Readonly<Record<string, number>> = { useSWR: 1, useSWRImmutable: 1 };

/** Whether a call is a keyed runner's (`useSWR(key, fetcher)`): the fetcher's call by its key, not its result. */
export function isKeyedRunnerCall(call: TSESTree.Node): boolean {
  return call.type === AST_NODE_TYPES.CallExpression && keyedFetcherOf(call) !== undefined;
}

/** The fetcher a keyed runner's call is given (`getJson` of `useSWR(key, getJson)`), after a key it can hand on. */
export function keyedFetcherOf(call: TSESTree.CallExpression): TSESTree.CallExpressionArgument | undefined {
  const name = calleeName(call);
  const at = name === undefined ? undefined : KEYED_RUNNERS[name];
  return at !== undefined && call.arguments[0]?.type !== AST_NODE_TYPES.SpreadElement ? call.arguments[at] : undefined;
}

/** `useSWR(key, fetcher)` when `node` is the fetcher there. */
export function keyedRunnerOf(node: TSESTree.Node): TSESTree.CallExpression | undefined {
  const fetcher = withTypeWrappers(node);
  const call = fetcher.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && keyedFetcherOf(call) === fetcher ? call : undefined;
}

/** The name a call's callee ends in: `useSWR` of `useSWR(…)`, `useMutation` of `rq.useMutation(…)`. */
function calleeName(call: TSESTree.CallExpression): string | undefined {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.Identifier ? callee.name : callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
}

/**
 * The library calls that run a function from their options and hold what it resolves to in their
 * result's `.data`: `useMutation({ mutationFn })`, `useQuery({ queryFn })` — the function written there,
 * or named there (`mutationFn: gleanSearch`, also when imported from another module).
 */
export function runnersOf(fn: FunctionNode, sourceCode: TSESLint.SourceCode): TSESTree.CallExpression[] {
  const inline = runnerCallOf(fn) ?? keyedRunnerOf(fn);
  if (inline) return [inline];
  const variable = namedVariable(fn, sourceCode);
  const reads = variable ? readsEverywhere(variable) : usesElsewhere(fn);
  return reads.flatMap((read) => {
    const runner = read.parent?.type === AST_NODE_TYPES.Property && read.parent.value === read ? runnerCall(read.parent) : keyedRunnerOf(read);
    return runner ? [runner] : [];
  });
}

/** The library call that runs a function given in its options (`useMutation({ mutationFn: fn })`), if any. */
export function runnerCallOf(fn: FunctionNode): TSESTree.CallExpression | undefined {
  const parent = fn.parent;
  return parent?.type === AST_NODE_TYPES.Property && parent.value === fn ? runnerCall(parent) : undefined;
}

function runnerCall(property: TSESTree.Property): TSESTree.CallExpression | undefined {
  const call = property.parent.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments[0] !== property.parent) return undefined;
  const name = calleeName(call);
  const runner = name === undefined ? undefined : RUNNERS[name];
  return runner && staticKeyName(property) === runner.key ? call : undefined;
}

/** The method calls on a runner's result that run its function: `m.mutate(v)`, `const { mutateAsync } = …; mutateAsync(v)`. */
function runnerCalls(runner: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const name = calleeName(runner);
  const scope = sourceCode.scopeManager?.globalScope;
  const methods = new Set(name === undefined ? [] : (RUNNERS[name]?.methods ?? []));
  return scope ? methodCallsOf(runner, methods, scope).map(({ call }) => call) : [];
}

/**
 * The calls of a value's methods named `names`, wherever the value is kept: `useX().mutate(v)`,
 * `const m = useX(); m.mutate(v)`, `const { mutateAsync } = useX(); mutateAsync(v)`.
 */
export function methodCallsOf(value: TSESTree.Node, names: ReadonlySet<string>, scope: TSESLint.Scope.Scope): { name: string; call: TSESTree.CallExpression }[] {
  const found: { name: string; call: TSESTree.CallExpression }[] = [];
  const onMember = (object: TSESTree.Node): void => {
    const member = object.parent;
    if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== object) return;
    const name = staticKeyName(member, scope);
    const call = member.parent;
    if (name !== undefined && names.has(name) && call?.type === AST_NODE_TYPES.CallExpression && call.callee === member) found.push({ name, call });
  };
  const readsOf = (identifier: TSESTree.Identifier): TSESTree.Identifier[] =>
    (findVariable(scope, identifier)?.references ?? []).flatMap((reference) => (reference.isRead() && reference.identifier !== identifier ? [reference.identifier as TSESTree.Identifier] : []));
  onMember(value);
  const declarator = value.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== value) return found;
  if (declarator.id.type === AST_NODE_TYPES.Identifier) {
    for (const read of readsOf(declarator.id)) onMember(read);
  } else if (declarator.id.type === AST_NODE_TYPES.ObjectPattern) {
    for (const property of declarator.id.properties) {
      if (property.type !== AST_NODE_TYPES.Property || property.value.type !== AST_NODE_TYPES.Identifier) continue;
      const name = staticKeyName(property, scope);
      if (name === undefined || !names.has(name)) continue;
      for (const read of readsOf(property.value)) {
        const call = read.parent;
        if (call?.type === AST_NODE_TYPES.CallExpression && call.callee === read) found.push({ name, call });
      }
    }
  }
  return found;
}

/** Redux Toolkit's maker of an async thunk: `createAsyncThunk(type, payloadCreator)`. */
const ASYNC_THUNK = 'createAsyncThunk';

/** The `createAsyncThunk(type, fn)` call whose payload creator `fn` is, written there. */
export function asyncThunkOf(fn: FunctionNode): TSESTree.CallExpression | undefined {
  const call = fn.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.arguments[1] === fn && calleeName(call) === ASYNC_THUNK ? call : undefined;
}

/** Whether an expression is (or names) a `createAsyncThunk(…)` call: an async thunk, here or imported. */
export function isAsyncThunk(node: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean {
  const value = unwrap(resolveExpression(node, scope) ?? node);
  return value.type === AST_NODE_TYPES.CallExpression && calleeName(value) === ASYNC_THUNK;
}

/**
 * Where an async thunk's settled payload goes (`const runSearch = createAsyncThunk(…)`, here or in the
 * analysis's other modules): the reducers `builder.addCase(runSearch.fulfilled, (state, action) => …)`
 * hands it as `action.payload`, and the `dispatch(runSearch(q)).unwrap()` calls that resolve to it.
 */
export function thunkPayloadReaders(thunk: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): { reducers: FunctionNode[]; unwrapped: TSESTree.CallExpression[] } {
  const reducers: FunctionNode[] = [];
  const unwrapped: TSESTree.CallExpression[] = [];
  const declarator = thunk.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== thunk || declarator.id.type !== AST_NODE_TYPES.Identifier) return { reducers, unwrapped };
  for (const read of readsEverywhere(findVariable(scope, declarator.id) ?? undefined)) {
    const parent = read.parent;
    if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === read && staticKeyName(parent) === 'fulfilled') {
      const addCase = parent.parent;
      const reducer = addCase?.type === AST_NODE_TYPES.CallExpression && addCase.arguments[0] === parent && calleeName(addCase) === 'addCase' ? addCase.arguments[1] : undefined;
      if (reducer && isFunction(reducer)) reducers.push(reducer);
    }
    // `dispatch(runSearch(q)).unwrap()`
    const dispatched = parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === read ? parent.parent : undefined;
    const unwrapMember = dispatched?.type === AST_NODE_TYPES.CallExpression && dispatched.arguments[0] === parent ? dispatched.parent : undefined;
    const unwrapCall = unwrapMember?.type === AST_NODE_TYPES.MemberExpression && unwrapMember.object === dispatched && staticKeyName(unwrapMember) === 'unwrap' ? unwrapMember.parent : undefined;
    if (unwrapCall?.type === AST_NODE_TYPES.CallExpression && unwrapCall.callee === unwrapMember) unwrapped.push(unwrapCall);
  }
  return { reducers, unwrapped };
}
