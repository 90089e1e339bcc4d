import { AST_NODE_TYPES, astUtils } from './packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { FileMemo } from './file-memo.js';
import { followingLinker, linker, programOf, type Linked, type LinkedModule } from './linking.js';

/** Same-file static resolution: what a name or a table entry stands for, when it cannot change. */

type Scope = TSESLint.Scope.Scope;

/**
 * The innermost scope of a node, found from a file's global scope. eslint-utils' lookups given the
 * global scope search down the scope tree from the top at every call, which on a large file (thousands
 * of functions) makes each lookup linear in its size; this map makes it a walk up the node's parents.
 */
const scopesByGlobal = new FileMemo<Scope, Map<TSESTree.Node, Scope>>();

/** Drops the index of the last file's scopes (called when the next file starts). */
export function releaseScopeIndex(): void {
  scopesByGlobal.clear();
}

export function innermostScope(scope: Scope, node: TSESTree.Node): Scope {
  let global: Scope = scope;
  while (global.upper) global = global.upper;
  const byBlock = blocksOf(global);
  for (let current: TSESTree.Node | undefined = node; current; current = current.parent) {
    const found = byBlock.get(current);
    // A function's parameters and name live in its own scope; anything else in the block's scope.
    if (found) return found;
  }
  // A node of another module (followed through an import) is looked up in that module's scopes.
  const program = programOf(node);
  if (program === global.block) return global;
  const foreign = linker()?.scopesOf(program);
  if (!foreign) return global;
  const blocks = foreign.blocks();
  for (let current: TSESTree.Node | undefined = node; current; current = current.parent) {
    const found = blocks.get(current);
    if (found) return found;
  }
  return foreign.globalScope;
}

/** The linted file's index lives in the one-file memo; another module's lives with that module. */
function blocksOf(global: Scope): Map<TSESTree.Node, Scope> {
  const cached = scopesByGlobal.peek(global);
  if (cached) return cached;
  const foreign = linker()?.scopesOf(global.block as TSESTree.Program);
  return foreign ? foreign.blocks() : scopesByGlobal.get(global, () => indexBlocks(global));
}

/** The innermost scope of each node that makes one, for a tree's global scope. */
export function indexBlocks(global: Scope): Map<TSESTree.Node, Scope> {
  const blocks = new Map<TSESTree.Node, Scope>();
  const stack: Scope[] = [global];
  while (stack.length > 0) {
    const current = stack.pop()!;
    // A named function expression has two scopes on its block, its name's and (inside it) the
    // function's own: keep the function's.
    if (!blocks.has(current.block) || current.type !== 'function-expression-name') blocks.set(current.block, current);
    stack.push(...current.childScopes);
  }
  return blocks;
}

/** The name a member chain starts from, through instances made inline: `new ns.Api(base).post` → `ns`. */
export function leftmostName(node: TSESTree.Node): TSESTree.Identifier | undefined {
  let root = unwrap(node);
  while (root.type === AST_NODE_TYPES.MemberExpression || root.type === AST_NODE_TYPES.NewExpression) {
    root = unwrap(root.type === AST_NODE_TYPES.MemberExpression ? root.object : root.callee);
  }
  return root.type === AST_NODE_TYPES.Identifier ? root : undefined;
}

/** `astUtils().findVariable` from the node's own scope (fast on large files), read as a value (see asValue). */
export function findVariable(scope: Scope, identifier: TSESTree.Identifier): TSESLint.Scope.Variable | null {
  const variable = astUtils().findVariable(innermostScope(scope, identifier), identifier);
  return variable && asValue(variable);
}

/** `astUtils().findVariable` from the node's own scope, with every declaration, types included. */
export function findDeclared(scope: Scope, identifier: TSESTree.Identifier): TSESLint.Scope.Variable | null {
  return astUtils().findVariable(innermostScope(scope, identifier), identifier);
}

const valueViews = new WeakMap<TSESLint.Scope.Variable, TSESLint.Scope.Variable>();

/**
 * A name that is both a value and a type (`const Path = { … } as const; type Path = …`,
 * `interface Config` beside `const Config`) read as the value: the same variable without its type's
 * declaration, so that the value's one definition is followed as any constant's is.
 */
export function asValue(variable: TSESLint.Scope.Variable): TSESLint.Scope.Variable {
  if (variable.defs.length < 2 || !variable.defs.some((def) => def.type === 'Type')) return variable;
  let view = valueViews.get(variable);
  if (!view) {
    view = Object.create(variable, { defs: { value: variable.defs.filter((def) => def.type !== 'Type') } }) as TSESLint.Scope.Variable;
    valueViews.set(variable, view);
  }
  return view;
}

/** `astUtils().getStaticValue` from the node's own scope (fast on large files). */
export function staticValue(node: TSESTree.Node, scope: Scope): { value: unknown } | null {
  return astUtils().getStaticValue(node, innermostScope(scope, node));
}

/** A wrapper that does not change a value, only its type: `x as T`, `x!`, `x satisfies T`, `<T>x`. */
export function isTypeWrapper(
  node: TSESTree.Node,
): node is TSESTree.TSAsExpression | TSESTree.TSSatisfiesExpression | TSESTree.TSNonNullExpression | TSESTree.TSTypeAssertion | TSESTree.TSInstantiationExpression {
  switch (node.type) {
    // `fetcher<Agent>`: the same function, its type arguments given.
    case AST_NODE_TYPES.TSInstantiationExpression:
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSSatisfiesExpression:
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.TSTypeAssertion:
      return true;
    default:
      return false;
  }
}

/** `null` or `undefined` written out: a variable's or a field's empty start, before its value is given. */
export function isEmptyValue(node: TSESTree.Node): boolean {
  const value = unwrap(node);
  return (value.type === AST_NODE_TYPES.Literal && value.value === null) || (value.type === AST_NODE_TYPES.Identifier && value.name === 'undefined');
}

/** An assignment whose result is its right side, or the value kept before it (`x = v`, `x ??= v`, `x ||= v`: made on first use). */
export function assignsValue(assignment: TSESTree.AssignmentExpression): boolean {
  return assignment.operator === '=' || assignment.operator === '??=' || assignment.operator === '||=';
}

/** Strips the wrappers that do not change a value (see isTypeWrapper). */
export function unwrap(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (isTypeWrapper(current)) current = current.expression;
  return current;
}

/** The outermost of the wrappers that do not change a value around `node` (`node` itself if none). */
export function withTypeWrappers(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.parent && isTypeWrapper(current.parent)) current = current.parent;
  return current;
}

/**
 * The initializer of a variable that holds one value for its whole life: a `const`, or a `let`/`var`
 * that is never written after its declaration. Across modules, an imported name is the exporting
 * module's constant (or its exported expression: `export default {…}`, `module.exports = …`).
 * Undefined for parameters, whole modules and anything else.
 */
export function constantInitializer(
  identifier: TSESTree.Identifier,
  scope: Scope,
): TSESTree.Expression | undefined {
  const variable = findVariable(scope, identifier);
  const linked = variable && followImports(variable);
  if (!linked || linked.kind === 'module') return undefined;
  if (linked.kind === 'value') return linked.node as TSESTree.Expression;
  return initializerOf(linked.variable);
}

function initializerOf(variable: TSESLint.Scope.Variable): TSESTree.Expression | undefined {
  if (variable.defs.length !== 1) return undefined;
  const def = variable.defs[0]!;
  if (def.type !== 'Variable' || !def.node.init) return undefined;
  if (def.parent.kind !== 'const' && variable.references.some((ref) => ref.isWrite() && !ref.init)) return undefined;
  if (isMutatedThroughMembers(variable, def.node.init)) return undefined;
  if (def.node.id.type === AST_NODE_TYPES.Identifier) return def.node.init;
  // `const { a } = a`, or a cycle of such names across modules: each is looked into once at a time.
  if (destructuring.has(variable)) return undefined;
  destructuring.add(variable);
  try {
    return destructuredValue(def.name, def.node.id, def.node.init, variable.scope);
  } finally {
    destructuring.delete(variable);
  }
}

const destructuring = new Set<TSESLint.Scope.Variable>();

/**
 * `const { answers, rest: REST } = ENDPOINTS` (also nested: `{ glean: { restBase } } = config`): the
 * table's entry, as `ENDPOINTS.answers` would be; a default where the table has no such entry, or where
 * the object is the environment (`const { GLEAN_URL = '…/rest/api/v1' } = process.env`).
 */
function destructuredValue(name: TSESTree.Identifier, pattern: TSESTree.Node, init: TSESTree.Expression, scope: Scope): TSESTree.Expression | undefined {
  const keys: string[] = [];
  let fallback: TSESTree.Expression | undefined;
  let node: TSESTree.Node = name;
  while (node !== pattern) {
    const parent: TSESTree.Node | undefined = node.parent;
    if (parent?.type === AST_NODE_TYPES.AssignmentPattern && parent.left === node) {
      // Only the default of the name itself; one on an enclosing pattern is for a missing object.
      if (keys.length === 0) fallback = parent.right;
      node = parent;
      continue;
    }
    if (parent?.type !== AST_NODE_TYPES.Property || parent.value !== node || parent.parent.type !== AST_NODE_TYPES.ObjectPattern) return undefined;
    const key = staticKeyName(parent, scope);
    if (key === undefined) return undefined;
    keys.unshift(key);
    node = parent.parent;
  }
  if (keys.length === 0) return undefined;
  if (fallback && keys.length === 1 && isEnvironment(unwrap(init))) return fallback;
  let value: TSESTree.Node = init;
  for (const key of keys) {
    const object = resolveObject(value, scope);
    if (!object) return undefined;
    const found = findProperty(object, key, scope) ?? getterOf(object, key, scope);
    if (found === 'unknown') return undefined;
    if (!found) return key === keys.at(-1) ? fallback : undefined;
    value = found.value;
  }
  return value as TSESTree.Expression;
}

/** `process.env`. */
function isEnvironment(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.MemberExpression &&
    !node.computed &&
    node.object.type === AST_NODE_TYPES.Identifier &&
    node.object.name === 'process' &&
    node.property.type === AST_NODE_TYPES.Identifier &&
    node.property.name === 'env'
  );
}

/** The value an exported name stands for: a constant's initializer, or a function or class it declares. */
export function linkedValueNode(linked: Linked): TSESTree.Node | undefined {
  if (linked.kind === 'value') return linked.node;
  if (linked.kind === 'module') return undefined;
  const def = linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
  if (def?.type === 'FunctionName' || def?.type === 'ClassName' || def?.type === 'TSEnumName') return def.node;
  return initializerOf(linked.variable);
}

/** Imports, and names bound to `require('./x')` or `await import('./x')`, are looked up where they are defined. */
export function isModuleBinding(variable: TSESLint.Scope.Variable): boolean {
  const def = variable.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type === 'ImportBinding') return true;
  if (def?.type !== 'Variable' || !def.node.init) return false;
  return moduleLoadOf(def.node.init) !== undefined;
}

/** `require('x')` or `import('x')` (awaited or not) with a literal specifier. */
export function moduleLoadOf(node: TSESTree.Node): TSESTree.CallExpression | TSESTree.ImportExpression | undefined {
  let value = unwrap(node);
  if (value.type === AST_NODE_TYPES.AwaitExpression) value = unwrap(value.argument);
  if (value.type === AST_NODE_TYPES.ImportExpression) return value.source.type === AST_NODE_TYPES.Literal ? value : undefined;
  if (
    value.type === AST_NODE_TYPES.CallExpression &&
    value.callee.type === AST_NODE_TYPES.Identifier &&
    value.callee.name === 'require' &&
    value.arguments.length === 1 &&
    value.arguments[0]!.type === AST_NODE_TYPES.Literal
  ) {
    return value;
  }
  return undefined;
}

/**
 * What a variable stands for once imports are followed to the module that defines it (through
 * re-exports and chains of imports): a variable of that module, an exported expression, or a whole
 * module. A variable that is not an import is itself; an import that cannot be linked is undefined.
 */
export function followImports(variable: TSESLint.Scope.Variable): Linked | undefined {
  let current: Linked = { kind: 'variable', variable };
  for (let depth = 0; depth < 16; depth++) {
    if (current.kind !== 'variable' || !isModuleBinding(current.variable)) return current;
    const next: Linked | undefined = followingLinker()?.linkVariable(current.variable);
    if (!next) return undefined;
    current = next;
  }
  return undefined;
}

/** `TABLE.key = …` or `delete TABLE.key` anywhere makes an object table unsafe to read statically. */
function isMutatedThroughMembers(variable: TSESLint.Scope.Variable, init: TSESTree.Expression): boolean {
  return variable.references.some((ref) => {
    let node: TSESTree.Node = ref.identifier;
    while (node.parent?.type === AST_NODE_TYPES.MemberExpression && node.parent.object === node) node = node.parent;
    if (node === ref.identifier) return false;
    const parent = node.parent;
    const written =
      (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === node) ||
      (parent?.type === AST_NODE_TYPES.UnaryExpression && parent.operator === 'delete') ||
      (parent?.type === AST_NODE_TYPES.UpdateExpression && parent.argument === node);
    return written && !setsInstanceDefault(ref.identifier, init);
  });
}

/** Keys of an HTTP client's defaults that hold its base URL. */
const BASE_DEFAULTS = new Set(['baseURL', 'baseUrl', 'prefixUrl', 'prefix']);

/**
 * `http.defaults.headers.common.Authorization = …` on an instance a call made (`axios.create({ baseURL })`):
 * a default other than the base, which leaves the instance what it was made as.
 */
function setsInstanceDefault(identifier: TSESTree.Node, init: TSESTree.Expression): boolean {
  if (unwrap(init).type !== AST_NODE_TYPES.CallExpression && unwrap(init).type !== AST_NODE_TYPES.AwaitExpression) return false;
  const keys: (string | undefined)[] = [];
  for (let node: TSESTree.Node = identifier; node.parent?.type === AST_NODE_TYPES.MemberExpression && node.parent.object === node; node = node.parent) keys.push(node.parent.computed ? undefined : staticKeyName(node.parent));
  return keys[0] === 'defaults' && keys.length > 1 && keys.every((key) => key !== undefined && !BASE_DEFAULTS.has(key));
}

/** The static name of a property key or member, e.g. `a.b`, `a['b']`, `{ 'b': 1 }`; undefined if computed. */
export function staticKeyName(
  node: TSESTree.Property | TSESTree.MemberExpression | TSESTree.MethodDefinition | TSESTree.PropertyDefinition,
  scope?: Scope,
): string | undefined {
  // Only a computed key is evaluated; looking up the scope of every plain key cost more than the rest.
  return astUtils().getPropertyName(node, scope && node.computed ? innermostScope(scope, node) : undefined) ?? undefined;
}

/** Follows identifiers and wrappers to the expression that produced a value, within the file. */
export function resolveExpression(node: TSESTree.Node, scope: Scope, depth = 24): TSESTree.Node {
  let current = frozen(unwrap(node));
  for (let i = 0; i < depth && current.type === AST_NODE_TYPES.Identifier; i++) {
    const init = constantInitializer(current, scope);
    if (!init) break;
    current = frozen(unwrap(init));
  }
  return current;
}

/** `Object.freeze(value)` is `value`. */
function frozen(node: TSESTree.Node): TSESTree.Node {
  if (
    node.type === AST_NODE_TYPES.CallExpression &&
    node.arguments.length === 1 &&
    node.arguments[0]!.type !== AST_NODE_TYPES.SpreadElement &&
    node.callee.type === AST_NODE_TYPES.MemberExpression &&
    node.callee.object.type === AST_NODE_TYPES.Identifier &&
    node.callee.object.name === 'Object' &&
    staticKeyName(node.callee) === 'freeze'
  ) {
    return unwrap(node.arguments[0]!);
  }
  return node;
}

/**
 * Resolves an expression to an object literal (through constants, `TABLE.key` lookups, and the call of
 * a factory whose one return is an object literal: `makeWorkers(sdk).sheets`).
 */
export function resolveObject(node: TSESTree.Node, scope: Scope, depth = 24): TSESTree.ObjectExpression | undefined {
  const resolved = resolveExpression(node, scope, depth);
  if (resolved.type === AST_NODE_TYPES.ObjectExpression) return resolved;
  if (depth <= 0) return undefined;
  if (resolved.type === AST_NODE_TYPES.MemberExpression) {
    const value = memberValue(resolved, scope, depth - 1);
    return value ? resolveObject(value, scope, depth - 1) : undefined;
  }
  if (resolved.type === AST_NODE_TYPES.CallExpression) {
    // `require('./config')` of a module that assigns `module.exports = { … }`: that object.
    const load = moduleLoadOf(resolved);
    const loaded = load && followingLinker()?.linkModuleCall(load);
    if (load) {
      const value = loaded && loaded.kind !== 'module' ? linkedValueNode(loaded) : undefined;
      return value ? resolveObject(value, scope, depth - 1) : undefined;
    }
    const returned = factoryReturn(resolved, scope);
    return returned ? resolveObject(returned, scope, depth - 1) : undefined;
  }
  return undefined;
}

/** The module `require('./x')` (or `await import('./x')`) gives when it is a namespace, not an assigned `module.exports`. */
function loadedModuleOf(node: TSESTree.Node): LinkedModule | undefined {
  const load = moduleLoadOf(node);
  const linked = load && followingLinker()?.linkModuleCall(load);
  return linked?.kind === 'module' ? linked.module : undefined;
}

/**
 * What a call of a plain function (declared, or a constant arrow or function expression, here or
 * imported) returns when the function has exactly one `return` (or is an arrow with an expression
 * body) and is not async or a generator. Its values may depend on the parameters: only their shape
 * is known.
 */
function factoryReturn(call: TSESTree.CallExpression, scope: Scope): TSESTree.Node | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(scope, callee);
  const linked = variable && followImports(variable);
  const fn = linked && linkedValueNode(linked);
  if (!fn || (fn.type !== AST_NODE_TYPES.FunctionDeclaration && fn.type !== AST_NODE_TYPES.FunctionExpression && fn.type !== AST_NODE_TYPES.ArrowFunctionExpression)) return undefined;
  if (fn.async || fn.generator) return undefined;
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return fn.body;
  // A table's factory is asked once per member read (`big(i).base + big(i).answers`): its body is walked once.
  const known = onlyReturns.get(fn);
  if (known !== undefined) return known ?? undefined;
  const found = onlyReturn(fn.body);
  onlyReturns.set(fn, found ?? null);
  return found;
}

const onlyReturns = new WeakMap<TSESTree.Node, TSESTree.Node | null>();

/**
 * The argument of a function body's one `return`, if it has exactly one. Only statements are looked
 * through (a `return` is one), without the parser's visitor keys, which this layer does not have; with
 * a stack, not recursion: a generated `else if` chain can be thousands deep.
 */
function onlyReturn(body: TSESTree.BlockStatement): TSESTree.Node | undefined {
  let returned: TSESTree.Node | undefined;
  let returns = 0;
  const stack: TSESTree.Node[] = [body];
  while (stack.length > 0 && returns <= 1) {
    const node = stack.pop()!;
    // A nested function's or class's returns are its own.
    if (node !== body && (node.type === AST_NODE_TYPES.FunctionDeclaration || node.type === AST_NODE_TYPES.ClassDeclaration)) continue;
    if (node.type === AST_NODE_TYPES.ReturnStatement) {
      returns++;
      returned = node.argument ?? undefined;
      continue;
    }
    for (const key of STATEMENT_KEYS) {
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) stack.push(...(child as TSESTree.Node[]));
      else if (child && typeof child === 'object' && 'type' in child) stack.push(child as TSESTree.Node);
    }
  }
  return returns === 1 ? returned : undefined;
}

const STATEMENT_KEYS = ['body', 'consequent', 'alternate', 'block', 'handler', 'finalizer', 'cases'];

/**
 * The value expression of `name` in an object literal, or undefined when it is absent or when a
 * spread after the last definition could override it (`unknown`).
 */
export function findProperty(
  object: TSESTree.ObjectExpression,
  name: string,
  scope?: Scope,
): { property: TSESTree.Property; value: TSESTree.Node } | 'unknown' | undefined {
  for (let i = object.properties.length - 1; i >= 0; i--) {
    const property = object.properties[i]!;
    if (property.type === AST_NODE_TYPES.SpreadElement) return 'unknown';
    const key = staticKeyName(property, scope);
    if (key === undefined) {
      if (property.computed) return 'unknown';
      continue;
    }
    if (key === name && property.kind === 'init') return { property, value: property.value };
  }
  return undefined;
}

/** The value of a member read from a same-file object table: `PATHS.answers`, `API['agents'].search`. */
export function memberValue(
  member: TSESTree.MemberExpression,
  scope: Scope,
  depth = 24,
): TSESTree.Node | undefined {
  const key = staticKeyName(member, scope);
  if (key === undefined || depth <= 0) return undefined;
  // `config.BASE` of `import * as config from './config'`, or `require('./config').BASE`: the module's export.
  const module = member.object.type === AST_NODE_TYPES.Identifier ? linkedModuleOf(member.object, scope) : loadedModuleOf(member.object);
  if (module) {
    const exported = module.exported(key);
    return exported && linkedValueNode(exported);
  }
  // `GleanPath.Answers` of a TypeScript enum (here or imported): the member's initializer.
  const enumeration = member.object.type === AST_NODE_TYPES.Identifier ? enumOf(member.object, scope) : undefined;
  if (enumeration) return enumeration.body.members.find((item) => (item.id.type === AST_NODE_TYPES.Identifier ? item.id.name : item.id.value) === key)?.initializer;
  const object = resolveObject(member.object, scope, depth - 1);
  if (!object) return parsedDefault(member.object, key, scope);
  const found = findProperty(object, key, scope) ?? getterOf(object, key, scope);
  return found && found !== 'unknown' ? found.value : undefined;
}

/**
 * `env.GLEAN_BASE` of `const env = z.object({ GLEAN_BASE: z.string().default('…/rest/api/v1') })
 * .parse(process.env)`: the default a zod schema gives a variable the environment may not set, as
 * `process.env.GLEAN_BASE ?? '…'` is read. Only for a schema parsing the environment.
 */
function parsedDefault(holder: TSESTree.Node, key: string, scope: Scope): TSESTree.Node | undefined {
  const name = unwrap(holder);
  const init = name.type === AST_NODE_TYPES.Identifier ? constantInitializer(name, scope) : undefined;
  let parsed = init && unwrap(init);
  if (parsed?.type === AST_NODE_TYPES.AwaitExpression) parsed = unwrap(parsed.argument);
  if (parsed?.type !== AST_NODE_TYPES.CallExpression || parsed.callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const method = staticKeyName(parsed.callee);
  const [input] = parsed.arguments;
  if ((method !== 'parse' && method !== 'parseAsync') || !input || !isEnvironment(unwrap(input))) return undefined;
  // The schema, written there or kept in a constant, through the calls that keep its shape (`.strict()`).
  let schema: TSESTree.Node | undefined = unwrap(parsed.callee.object);
  for (let step = 0; schema && step < 4; step++) {
    if (schema.type === AST_NODE_TYPES.Identifier) {
      const value = constantInitializer(schema, scope);
      schema = value && unwrap(value);
    }
    else if (schema.type === AST_NODE_TYPES.CallExpression && schema.callee.type === AST_NODE_TYPES.MemberExpression && staticKeyName(schema.callee) !== 'object') schema = unwrap(schema.callee.object);
    else break;
  }
  if (schema?.type !== AST_NODE_TYPES.CallExpression || schema.callee.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(schema.callee) !== 'object') return undefined;
  const shape = schema.arguments[0] && resolveObject(schema.arguments[0], scope);
  const field = shape && findProperty(shape, key, scope);
  if (!field || field === 'unknown') return undefined;
  // `z.string().url().default('…')`: the `.default(…)` call in the field's chain.
  for (let call = unwrap(field.value); call.type === AST_NODE_TYPES.CallExpression && call.callee.type === AST_NODE_TYPES.MemberExpression; call = unwrap(call.callee.object)) {
    if (staticKeyName(call.callee) === 'default') {
      const value = call.arguments[0];
      return value && value.type !== AST_NODE_TYPES.SpreadElement && !isFunctionLike(value) ? value : undefined;
    }
  }
  return undefined;
}

function isFunctionLike(node: TSESTree.Node): boolean {
  return node.type === AST_NODE_TYPES.ArrowFunctionExpression || node.type === AST_NODE_TYPES.FunctionExpression;
}

/** The enum a name stands for, declared once (a merged declaration's members may be anywhere). */
function enumOf(identifier: TSESTree.Identifier, scope: Scope): TSESTree.TSEnumDeclaration | undefined {
  const variable = findVariable(scope, identifier);
  if (!variable || (variable.defs.length === 1 && variable.defs[0]!.type !== 'TSEnumName' && variable.defs[0]!.type !== 'ImportBinding')) return undefined;
  const linked = followImports(variable);
  const node = linked && linkedValueNode(linked);
  return node?.type === AST_NODE_TYPES.TSEnumDeclaration ? node : undefined;
}

/** `{ get rest() { return GLEAN_REST; } }`: a getter with one `return`, as the value it returns. */
function getterOf(object: TSESTree.ObjectExpression, name: string, scope: Scope): { value: TSESTree.Node } | undefined {
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property || property.kind !== 'get' || staticKeyName(property, scope) !== name) continue;
    const body = (property.value as TSESTree.FunctionExpression).body;
    const only = body.body.length === 1 ? body.body[0] : undefined;
    return only?.type === AST_NODE_TYPES.ReturnStatement && only.argument ? { value: only.argument } : undefined;
  }
  return undefined;
}

/** The module a name stands for (`import * as m`, `const m = require('./m')` of an ES module), if any. */
export function linkedModuleOf(identifier: TSESTree.Identifier, scope: Scope): LinkedModule | undefined {
  const variable = findVariable(scope, identifier);
  const linked = variable && followImports(variable);
  return linked?.kind === 'module' ? linked.module : undefined;
}
