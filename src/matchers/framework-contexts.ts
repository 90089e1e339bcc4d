import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { findDeclared, findVariable, followImports, moduleLoadOf, staticKeyName, unwrap } from '../util/resolve.js';
import { walk } from '../util/walk.js';
import { isFunction, type FunctionNode } from '../flow/functions.js';
import { importedDeclaration, moduleSpecifierOf, recordOfProgram } from '../modules/index.js';
import { programOf } from '../util/linking.js';

/**
 * Clients a web framework keeps in its per-request context under a name its environment type gives:
 * Hono's `new Hono<{ Variables: { glean: Glean } }>()` (or `createMiddleware<Env>`), whose handlers
 * read the client with `c.get('glean')` or `c.var.glean`. The type is the user's own declaration (here
 * or in another module of the project), so the client is known without the type checker.
 */

/** Hono's modules: the app's class and its middleware factory. */
const HONO_SOURCES = new Set(['hono', 'hono/factory', 'hono/tiny', 'hono/quick']);

/** The app's methods that take handlers; each returns the app, so they chain. */
const HANDLER_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'options', 'all', 'on', 'use']);
/** A factory's (`createFactory<Env>()`) methods that take handlers. */
const FACTORY_METHODS = new Set(['createHandlers', 'createMiddleware']);
/** Hono's exports that carry an environment type: the app, the middleware and handler factories, a handler's `Context<Env>`. */
const ENV_CARRIERS = new Set(['Hono', 'createMiddleware', 'createFactory', 'Context']);

/**
 * Reads of a client a Hono context holds (`c.get('glean')`, `c.var.glean`) in the handlers of the
 * apps and middleware this module makes with an environment type that declares the client.
 * `isClientType` tells a member's type names the SDK's client (in the module that declares it).
 */
export function honoContextInstances(sourceCode: TSESLint.SourceCode, globalScope: TSESLint.Scope.Scope, isClientType: (type: TSESTree.TypeNode, scope: TSESLint.Scope.Scope) => boolean): TSESTree.Node[] {
  if (!sourceCode.text.includes('hono')) return [];
  const program = sourceCode.ast;
  const imported = new Map<string, string>();
  for (const statement of program.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || !HONO_SOURCES.has(statement.source.value)) continue;
    for (const specifier of statement.specifiers) {
      const name = specifier.type === AST_NODE_TYPES.ImportSpecifier && specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : undefined;
      if (name !== undefined && ENV_CARRIERS.has(name)) imported.set(specifier.local.name, name);
    }
  }
  if (imported.size === 0) return [];
  const reads: TSESTree.Node[] = [];
  for (const made of madeWithEnv(program, sourceCode, imported)) {
    const keys = clientVariables(made.env, globalScope, program, isClientType);
    if (keys.size === 0) continue;
    for (const handler of handlersOf(made.node, made.kind, globalScope)) reads.push(...contextReads(handler, keys, globalScope));
  }
  return reads;
}

interface MadeWithEnv {
  /** The app or factory made, the middleware's call, or a handler written with a `Context<Env>` parameter. */
  node: TSESTree.Node;
  kind: 'app' | 'middleware' | 'factory' | 'handler';
  env: TSESTree.TypeNode;
}

/**
 * `new Hono<Env>()`, `createMiddleware<Env>(handler)`, `createFactory<Env>()` and a function whose first
 * parameter is a `Context<Env>`, of the names imported from Hono.
 */
function madeWithEnv(program: TSESTree.Program, sourceCode: TSESLint.SourceCode, imported: ReadonlyMap<string, string>): MadeWithEnv[] {
  const found: MadeWithEnv[] = [];
  walk(program, sourceCode.visitorKeys, (node) => {
    if (isFunction(node)) {
      const annotation = node.params[0]?.type === AST_NODE_TYPES.Identifier ? node.params[0].typeAnnotation?.typeAnnotation : undefined;
      const env = annotation?.type === AST_NODE_TYPES.TSTypeReference && annotation.typeName.type === AST_NODE_TYPES.Identifier && imported.get(annotation.typeName.name) === 'Context' ? annotation.typeArguments?.params[0] : undefined;
      if (env) found.push({ node, kind: 'handler', env });
      return;
    }
    if ((node.type !== AST_NODE_TYPES.NewExpression && node.type !== AST_NODE_TYPES.CallExpression) || node.callee.type !== AST_NODE_TYPES.Identifier) return;
    const name = imported.get(node.callee.name);
    const env = node.typeArguments?.params[0];
    if (!env || name === undefined || name === 'Context') return;
    found.push({ node, kind: node.type === AST_NODE_TYPES.NewExpression ? 'app' : name === 'createFactory' ? 'factory' : 'middleware', env });
  });
  return found;
}

/** The keys of an environment type's `Variables` whose type is the client: `{ Variables: { glean: Glean } }`, also through aliases and interfaces, here or imported. */
function clientVariables(env: TSESTree.TypeNode, scope: TSESLint.Scope.Scope, program: TSESTree.Program, isClientType: (type: TSESTree.TypeNode, scope: TSESLint.Scope.Scope) => boolean): Set<string> {
  const outer = typeMembers(env, scope, program);
  const variables = outer?.members.find((member): member is TSESTree.TSPropertySignature => member.type === AST_NODE_TYPES.TSPropertySignature && propertyKey(member) === 'Variables');
  const inner = variables?.typeAnnotation && typeMembers(variables.typeAnnotation.typeAnnotation, outer!.scope, outer!.program);
  return new Set(inner ? clientKeys(inner, isClientType) : []);
}

/** The keys of a type's members whose type is the client (`glean: Glean`), asked in the scope the type is written in. */
export function clientKeys(shape: TypeShape, isClientType: (type: TSESTree.TypeNode, scope: TSESLint.Scope.Scope) => boolean): string[] {
  return shape.members.flatMap((member) => {
    if (member.type !== AST_NODE_TYPES.TSPropertySignature || !member.typeAnnotation || !isClientType(member.typeAnnotation.typeAnnotation, shape.scope)) return [];
    return propertyKey(member) ?? [];
  });
}

/** A type's members, with the scope and program they are written in. */
export interface TypeShape {
  members: readonly TSESTree.TypeElement[];
  scope: TSESLint.Scope.Scope;
  program: TSESTree.Program;
}

/** The members a type literal, or a type alias or interface it names (here or in another module), declares, with the scope they are written in. */
export function typeMembers(type: TSESTree.TypeNode, scope: TSESLint.Scope.Scope, program: TSESTree.Program, depth = 0): TypeShape | undefined {
  if (type.type === AST_NODE_TYPES.TSTypeLiteral) return { members: type.members, scope, program };
  if (depth > 3 || type.type !== AST_NODE_TYPES.TSTypeReference || type.typeName.type !== AST_NODE_TYPES.Identifier || type.typeArguments) return undefined;
  const definitions = findDeclared(scope, type.typeName)?.defs ?? [];
  const declaration = definitions.find((definition) => definition.type === 'Type')?.node;
  if (declaration?.type === AST_NODE_TYPES.TSInterfaceDeclaration) return { members: declaration.body.body, scope, program };
  if (declaration?.type === AST_NODE_TYPES.TSTypeAliasDeclaration) return typeMembers(declaration.typeAnnotation, scope, program, depth + 1);
  const binding = definitions.find((definition) => definition.type === 'ImportBinding');
  if (binding?.type !== 'ImportBinding' || binding.node.type !== AST_NODE_TYPES.ImportSpecifier || binding.parent.type !== AST_NODE_TYPES.ImportDeclaration) return undefined;
  const imported = binding.node.imported.type === AST_NODE_TYPES.Identifier ? binding.node.imported.name : binding.node.imported.value;
  const declared = importedDeclaration(program, binding.parent.source.value, imported);
  if (declared?.kind !== 'alias' && declared?.kind !== 'interface') return undefined;
  const home = recordOfProgram(programOf(declared.declaration));
  if (!home) return undefined;
  if (declared.kind === 'interface') return { members: declared.declaration.body.body, scope: home.globalScope, program: home.ast };
  return typeMembers(declared.declaration.typeAnnotation, home.globalScope, home.ast, depth + 1);
}

export function propertyKey(member: TSESTree.TSPropertySignature | TSESTree.TSMethodSignature): string | undefined {
  if (member.computed) return undefined;
  return member.key.type === AST_NODE_TYPES.Identifier ? member.key.name : member.key.type === AST_NODE_TYPES.Literal ? String(member.key.value) : undefined;
}

/**
 * The handlers an app or middleware runs: `createMiddleware<Env>(handler)`'s, and the functions its
 * handler methods are given (`app.get('/x', handler)`, chained `new Hono<Env>().get(…).post(…)`, and
 * through a `const` that keeps the app).
 */
function handlersOf(made: TSESTree.Node, kind: MadeWithEnv['kind'], scope: TSESLint.Scope.Scope): TSESTree.Node[] {
  if (kind === 'handler') return [made];
  if (kind === 'middleware') return (made as TSESTree.CallExpression).arguments.filter(isFunction);
  const methods = kind === 'factory' ? FACTORY_METHODS : HANDLER_METHODS;
  const handlers: TSESTree.Node[] = [];
  const fromApp = (app: TSESTree.Node): void => {
    let node = app;
    for (let depth = 0; depth < 64; depth++) {
      const member = node.parent;
      const call = member?.parent;
      if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== node || call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== member) break;
      if (!methods.has(staticKeyName(member) ?? '')) break;
      handlers.push(...call.arguments.filter(isFunction));
      // A factory's methods return handlers, not the factory: each call of it is its own.
      if (kind === 'factory') break;
      node = call;
    }
    // `const app = new Hono<Env>()` (or the chain's end kept): its later `app.get(…)` calls.
    const declarator = node.parent;
    if (declarator?.type === AST_NODE_TYPES.VariableDeclarator && declarator.init === node && declarator.id.type === AST_NODE_TYPES.Identifier && node === app) {
      for (const reference of findVariable(scope, declarator.id)?.references ?? []) if (reference.isRead()) fromApp(reference.identifier);
    }
  };
  fromApp(made);
  return handlers;
}

/** In a handler, the client its context holds: `c.get('glean')`, `c.var.glean`. */
function contextReads(handler: TSESTree.Node, keys: ReadonlySet<string>, scope: TSESLint.Scope.Scope): TSESTree.Node[] {
  const first = isFunction(handler) ? handler.params[0] : undefined;
  if (first?.type !== AST_NODE_TYPES.Identifier) return [];
  const reads: TSESTree.Node[] = [];
  for (const reference of findVariable(scope, first)?.references ?? []) {
    const member = reference.identifier.parent;
    if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier) continue;
    const name = staticKeyName(member);
    const call = member.parent;
    if (name === 'get' && call?.type === AST_NODE_TYPES.CallExpression && call.callee === member) {
      const [key] = call.arguments;
      if (key?.type === AST_NODE_TYPES.Literal && typeof key.value === 'string' && keys.has(key.value)) reads.push(call);
    } else if (name === 'var') {
      const read = member.parent;
      if (read?.type === AST_NODE_TYPES.MemberExpression && read.object === member && keys.has(staticKeyName(read) ?? '')) reads.push(read);
    }
  }
  return reads;
}

/**
 * Express's `app.locals` and `res.locals`, Koa's `ctx.state`, Slack Bolt's `context`: objects an app
 * shares with its handlers, whose keys middleware sets (`app.locals.glean = glean`, `context.glean =
 * glean` in `app.use(async ({ context, next }) => …)`) and handlers read (`req.app.locals.glean`).
 */
const SHARED_HOLDERS = new Set(['locals', 'state', 'context']);

/** A read of a key of such an object: `.locals.glean`, `.state.glean`; Bolt's listeners take `{ context }`. */
export const readsSharedKey = (text: string): boolean => /\.(?:locals|state|context)\.[A-Za-z_$]|[{,]\s*context\s*[,}]/.test(text);

/** A write of a key of such an object: `locals.glean = …`, `context.glean = …`. */
export const writesSharedKey = (text: string): boolean => /\b(?:locals|state|context)\.[A-Za-z_$][\w$]*\s*=[^=]/.test(text);

/**
 * Reads of a client kept under a key of an app's shared object: `req.app.locals.glean`,
 * `res.locals.glean`, `ctx.state.glean`, Bolt's `context.glean`, where this module or one of `writers`
 * (modules that may set such keys: see frameworkKeyWriters in uses/analysis.ts) assigns that key a
 * client (`isClient`), and no other value.
 */
export function sharedObjectInstances(
  sourceCode: TSESLint.SourceCode,
  writers: readonly TSESLint.SourceCode[],
  isClient: (value: TSESTree.Node, scope: TSESLint.Scope.Scope) => boolean,
): TSESTree.Node[] {
  if (!readsSharedKey(sourceCode.text)) return [];
  return keyedClientReads(sourceCode, writers, isClient, {
    writesText: writesSharedKey,
    written(node, scope) {
      if (node.type !== AST_NODE_TYPES.AssignmentExpression || node.operator !== '=') return undefined;
      const key = sharedKey(node.left, scope);
      // `res.locals.glean = app.locals.glean`: handed on from another shared key, what that one holds.
      return key === undefined || sharedKey(node.right, scope) !== undefined ? undefined : { key, value: node.right };
    },
    isHolder: isSharedHolder,
  });
}

/** Where an app keeps values under keys (a shared object, decorations), for keyedClientReads. */
interface KeyedHolder {
  /** Text that may give such a key a value. */
  writesText: (text: string) => boolean;
  /** The key a node gives a value, and the value: `locals.glean = glean`, `decorate('glean', glean)`. */
  written: (node: TSESTree.Node, scope: TSESLint.Scope.Scope) => { key: string; value: TSESTree.Node } | undefined;
  /** Whether an expression is what the keys are read from (`req.app.locals`, `fastify`). */
  isHolder: (node: TSESTree.Node, scope: TSESLint.Scope.Scope) => boolean;
}

/**
 * Reads of the keys that this module or one of `writers` gives a client, and never another value:
 * `holder.glean`, and the name `const { glean } = holder` binds.
 */
function keyedClientReads(
  sourceCode: TSESLint.SourceCode,
  writers: readonly TSESLint.SourceCode[],
  isClient: (value: TSESTree.Node, scope: TSESLint.Scope.Scope) => boolean,
  holder: KeyedHolder,
): TSESTree.Node[] {
  const clients = new Set<string>();
  const others = new Set<string>();
  for (const module of [sourceCode, ...writers]) {
    const scope = module.scopeManager?.globalScope;
    if (!scope || !holder.writesText(module.text)) continue;
    walk(module.ast, module.visitorKeys, (node) => {
      const written = holder.written(node, scope);
      if (written) (isClient(written.value, scope) ? clients : others).add(written.key);
    });
  }
  for (const key of others) clients.delete(key);
  const globalScope = sourceCode.scopeManager?.globalScope;
  if (clients.size === 0 || !globalScope) return [];
  const reads: TSESTree.Node[] = [];
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.VariableDeclarator && node.id.type === AST_NODE_TYPES.ObjectPattern && node.init && holder.isHolder(node.init, globalScope)) {
      for (const property of node.id.properties) {
        if (property.type !== AST_NODE_TYPES.Property || !clients.has(staticKeyName(property) ?? '') || property.value.type !== AST_NODE_TYPES.Identifier) continue;
        for (const reference of findVariable(globalScope, property.value)?.references ?? []) if (reference.isRead()) reads.push(reference.identifier);
      }
      return;
    }
    if (node.type !== AST_NODE_TYPES.MemberExpression || node.computed || !clients.has(staticKeyName(node) ?? '') || !holder.isHolder(node.object, globalScope)) return;
    const parent = node.parent;
    if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === node) return;
    reads.push(node);
  });
  return reads;
}

/** The key of `<x>.locals.<key>`, `<x>.state.<key>`, `<x>.context.<key>`, or `context.<key>` of a handler's `{ context }`. */
function sharedKey(node: TSESTree.Node, scope: TSESLint.Scope.Scope): string | undefined {
  if (node.type !== AST_NODE_TYPES.MemberExpression || node.computed) return undefined;
  return isSharedHolder(node.object, scope) ? staticKeyName(node) : undefined;
}

/** `<x>.locals`, `<x>.state`, `<x>.context`, or the `context` a handler destructures from its argument (Bolt's `async ({ context }) => …`). */
function isSharedHolder(node: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean {
  if (node.type === AST_NODE_TYPES.MemberExpression) return !node.computed && SHARED_HOLDERS.has(staticKeyName(node) ?? '');
  if (node.type !== AST_NODE_TYPES.Identifier || node.name !== 'context') return false;
  const definition = findVariable(scope, node)?.defs[0];
  const property = definition?.type === 'Parameter' ? definition.name.parent : undefined;
  return property?.type === AST_NODE_TYPES.Property && property.value === definition!.name && staticKeyName(property) === 'context' && property.parent.type === AST_NODE_TYPES.ObjectPattern;
}

/**
 * Fastify's decorations: a plugin gives the app a client under a name (`fastify.decorate('glean', glean)`),
 * and the route modules registered on the same app read it (`fastify.glean`, `request.server.glean`, or
 * `this.glean` in a `function` handler). The plugin and the routes are usually sibling modules that the
 * server module imports and registers.
 */

/** Text that may read a decoration: a Fastify module, or a request's `server`. */
export const readsDecoratedKey = (text: string): boolean => /fastify|\.server\.[A-Za-z_$]/i.test(text);

/** Text that decorates an app: `.decorate('glean', …)`. */
export const decoratesKey = (text: string): boolean => /\.decorate\(\s*['"`]/.test(text);

/**
 * Reads of a client an app is decorated with, where this module or one of `writers` (modules registered
 * beside it, or registering it) decorates that name with a client (`isClient`) and never with another
 * value. The app is read as a function's parameter (`async function routes(fastify)`), a `Fastify()` kept
 * in a variable, a request's or reply's `server`, or `this` in a `function` handler.
 */
export function decoratedInstances(
  sourceCode: TSESLint.SourceCode,
  writers: readonly TSESLint.SourceCode[],
  isClient: (value: TSESTree.Node, scope: TSESLint.Scope.Scope) => boolean,
): TSESTree.Node[] {
  if (!readsDecoratedKey(sourceCode.text)) return [];
  return keyedClientReads(sourceCode, writers, isClient, {
    writesText: decoratesKey,
    written(node) {
      if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(node.callee) !== 'decorate') return undefined;
      const [name, value] = node.arguments;
      return name?.type === AST_NODE_TYPES.Literal && typeof name.value === 'string' && value ? { key: name.value, value } : undefined;
    },
    isHolder: holdsApp,
  });
}

/** Whether an expression is where a Fastify module keeps its app (see decoratedInstances). */
function holdsApp(node: TSESTree.Node, globalScope: TSESLint.Scope.Scope): boolean {
  if (node.type === AST_NODE_TYPES.MemberExpression) return !node.computed && staticKeyName(node) === 'server';
  if (node.type === AST_NODE_TYPES.ThisExpression) return isHandlerThis(node);
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  const definition = findVariable(globalScope, node)?.defs[0];
  if (definition?.type === 'Parameter') return true;
  if (definition?.type !== 'Variable' || definition.node.id !== definition.name) return false;
  const init = definition.node.init;
  if (init?.type !== AST_NODE_TYPES.CallExpression) return false;
  // `Fastify()` of `import Fastify from 'fastify'` or `const Fastify = require('fastify')`; `require('fastify')()`.
  return (init.callee.type === AST_NODE_TYPES.Identifier && importedFrom(init.callee, globalScope) === 'fastify') || requiredModule(init.callee) === 'fastify';
}

/** `this` in a `function` given to a call (a route handler, where Fastify binds the app), not in a class or object method. */
function isHandlerThis(node: TSESTree.ThisExpression): boolean {
  let fn: TSESTree.Node | undefined = node.parent;
  while (fn && fn.type !== AST_NODE_TYPES.FunctionExpression && fn.type !== AST_NODE_TYPES.FunctionDeclaration) {
    if (fn.type === AST_NODE_TYPES.PropertyDefinition || fn.type === AST_NODE_TYPES.StaticBlock) return false;
    fn = fn.parent;
  }
  return fn?.type === AST_NODE_TYPES.FunctionExpression && fn.parent?.type === AST_NODE_TYPES.CallExpression && fn.parent.arguments.includes(fn);
}

/** The module a name is imported or required from (`import Fastify from 'fastify'`, `const Fastify = require('fastify')`). */
function importedFrom(identifier: TSESTree.Identifier, globalScope: TSESLint.Scope.Scope): string | undefined {
  const variable = findVariable(globalScope, identifier);
  return variable ? moduleSpecifierOf(variable) : undefined;
}

/** The module `require('m')` loads. */
function requiredModule(node: TSESTree.Node): string | undefined {
  const load = moduleLoadOf(node);
  const source = load?.type === AST_NODE_TYPES.CallExpression ? load.arguments[0] : undefined;
  return source?.type === AST_NODE_TYPES.Literal && typeof source.value === 'string' ? source.value : undefined;
}

/**
 * Express's request: a middleware gives each request a client under a key (`req.glean = new Glean(…)` in
 * `(req, res, next) => …`, typed by `declare global { namespace Express { interface Request { glean: Glean } } }`),
 * and the handlers of the same app read it (`req.glean.client.…`, `const { glean } = req`). The request is
 * the first parameter, named `req` or `request`, of a function that takes a response too.
 */
export const readsRequestKey = (text: string): boolean => /\breq(?:uest)?\.[A-Za-z_$]|\}\s*=\s*req(?:uest)?\b/.test(text);

/** A write of a key of a request: `req.glean = …`. */
export const writesRequestKey = (text: string): boolean => /\breq(?:uest)?\.[A-Za-z_$][\w$]*\s*=[^=]/.test(text);

/** Reads of a client a middleware keeps on the request (see readsRequestKey), where this module or one of `writers` gives that key a client and no other value. */
export function requestKeyInstances(
  sourceCode: TSESLint.SourceCode,
  writers: readonly TSESLint.SourceCode[],
  isClient: (value: TSESTree.Node, scope: TSESLint.Scope.Scope) => boolean,
): TSESTree.Node[] {
  if (!readsRequestKey(sourceCode.text)) return [];
  return keyedClientReads(sourceCode, writers, isClient, {
    writesText: writesRequestKey,
    written(node, scope) {
      if (node.type !== AST_NODE_TYPES.AssignmentExpression || node.operator !== '=' || node.left.type !== AST_NODE_TYPES.MemberExpression || node.left.computed) return undefined;
      const key = isHandledRequest(node.left.object, scope) ? staticKeyName(node.left) : undefined;
      return key === undefined ? undefined : { key, value: node.right };
    },
    isHolder: isHandledRequest,
  });
}

/** `req` or `request`, the first parameter of a function that takes at least one more (the response): a handler's or middleware's request. */
function isHandledRequest(node: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean {
  if (node.type !== AST_NODE_TYPES.Identifier || (node.name !== 'req' && node.name !== 'request')) return false;
  const definition = findVariable(scope, node)?.defs[0];
  if (definition?.type !== 'Parameter') return false;
  const fn = definition.node;
  return isFunction(fn) && fn.params.length >= 2 && fn.params[0] === definition.name;
}

/** Text that may read a client an app's shared object, decoration or request keeps. */
export const readsFrameworkKey = (text: string): boolean => readsSharedKey(text) || readsDecoratedKey(text) || readsRequestKey(text);

/** Text that may give an app's shared object, decoration or request a client. */
export const writesFrameworkKey = (text: string): boolean => writesSharedKey(text) || decoratesKey(text) || writesRequestKey(text);

/**
 * tRPC's context: `initTRPC.context<Context>().create()` types what each procedure's resolver is handed
 * as `ctx`; where `Context` declares a client (`{ glean: Glean }`, an alias or interface, here or
 * imported), a resolver of a procedure built on that root (`t.procedure`, or a `publicProcedure` kept
 * from it, here or imported; through `.input(…)`, `.use(…)` and the like) reads it as `ctx.glean`
 * (`({ ctx }) => …`, `(opts) => opts.ctx.glean`).
 */
export function trpcContextInstances(sourceCode: TSESLint.SourceCode, globalScope: TSESLint.Scope.Scope, isClientType: (type: TSESTree.TypeNode, scope: TSESLint.Scope.Scope) => boolean): TSESTree.Node[] {
  const text = sourceCode.text;
  if (!text.includes('ctx') || !/\.(?:query|mutation)\(/.test(text)) return [];
  const reads: TSESTree.Node[] = [];
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.MemberExpression) return;
    const kind = staticKeyName(node.callee);
    const resolver = node.arguments.at(-1);
    if ((kind !== 'query' && kind !== 'mutation') || !resolver || !isFunction(resolver)) return;
    const context = procedureContext(node.callee.object, globalScope);
    if (!context) return;
    const shape = typeMembers(context.type, context.scope, context.program);
    const keys = shape ? new Set(clientKeys(shape, isClientType)) : undefined;
    if (keys && keys.size > 0) reads.push(...resolverContextReads(resolver, keys, globalScope));
  });
  return reads;
}

/** The context type of the root a procedure is built on: `t.procedure.input(…)` of `const t = initTRPC.context<Context>().create()`. */
function procedureContext(chain: TSESTree.Node, scope: TSESLint.Scope.Scope, depth = 0): { type: TSESTree.TypeNode; scope: TSESLint.Scope.Scope; program: TSESTree.Program } | undefined {
  let node = unwrap(chain);
  // `.input(schema)`, `.use(middleware)`, `.meta(…)`: the procedure they are called on.
  while (node.type === AST_NODE_TYPES.CallExpression && node.callee.type === AST_NODE_TYPES.MemberExpression) node = unwrap(node.callee.object);
  if (depth > 4) return undefined;
  if (node.type === AST_NODE_TYPES.Identifier) {
    // `publicProcedure` kept from the root, here or imported.
    const kept = keptValue(node, scope);
    return kept ? procedureContext(kept.value, kept.scope, depth + 1) : undefined;
  }
  if (node.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(node) !== 'procedure' || node.object.type !== AST_NODE_TYPES.Identifier) return undefined;
  const root = keptValue(node.object, scope);
  if (!root) return undefined;
  // `initTRPC.context<Context>().create()`.
  const created = unwrap(root.value);
  if (created.type !== AST_NODE_TYPES.CallExpression || created.callee.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(created.callee) !== 'create') return undefined;
  const typed = unwrap(created.callee.object);
  if (typed.type !== AST_NODE_TYPES.CallExpression || typed.callee.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(typed.callee) !== 'context') return undefined;
  const init = typed.callee.object;
  const type = typed.typeArguments?.params[0];
  if (!type || init.type !== AST_NODE_TYPES.Identifier || init.name !== 'initTRPC') return undefined;
  return { type, scope: root.scope, program: programOf(typed) };
}

/** A `const`'s value once imports are followed, with the scope of the module it is written in. */
function keptValue(identifier: TSESTree.Identifier, scope: TSESLint.Scope.Scope): { value: TSESTree.Node; scope: TSESLint.Scope.Scope } | undefined {
  const variable = findVariable(scope, identifier);
  const linked = variable ? followImports(variable) : undefined;
  const definition = linked?.kind === 'variable' && linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
  if (definition?.type !== 'Variable' || !definition.node.init) return undefined;
  const program = programOf(definition.node);
  const home = program === programOf(identifier) ? scope : recordOfProgram(program)?.globalScope;
  return home ? { value: definition.node.init, scope: home } : undefined;
}

/** `ctx.glean` of a resolver's `({ ctx })`, or `opts.ctx.glean` of its `(opts)`. */
function resolverContextReads(resolver: FunctionNode, keys: ReadonlySet<string>, scope: TSESLint.Scope.Scope): TSESTree.Node[] {
  const param = resolver.params[0];
  const reads: TSESTree.Node[] = [];
  const keyRead = (holder: TSESTree.Node): void => {
    const member = holder.parent;
    if (member?.type === AST_NODE_TYPES.MemberExpression && member.object === holder && !member.computed && keys.has(staticKeyName(member) ?? '')) reads.push(member);
  };
  if (param?.type === AST_NODE_TYPES.ObjectPattern) {
    const ctx = param.properties.find((property): property is TSESTree.Property => property.type === AST_NODE_TYPES.Property && staticKeyName(property) === 'ctx');
    if (ctx?.value.type !== AST_NODE_TYPES.Identifier) return [];
    for (const reference of findVariable(scope, ctx.value)?.references ?? []) if (reference.isRead()) keyRead(reference.identifier);
  } else if (param?.type === AST_NODE_TYPES.Identifier) {
    for (const reference of findVariable(scope, param)?.references ?? []) {
      const member = reference.identifier.parent;
      if (reference.isRead() && member?.type === AST_NODE_TYPES.MemberExpression && member.object === reference.identifier && staticKeyName(member) === 'ctx') keyRead(member);
    }
  }
  return reads;
}
