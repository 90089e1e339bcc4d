import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { followImports, staticKeyName, unwrap } from '../util/resolve.js';
import { programOf } from '../util/linking.js';
import { walk } from '../util/walk.js';
import { analysisSources, importedAs, importedDeclaration, recordOfProgram } from '../modules/index.js';
import { isFunction, type FunctionNode } from './functions.js';
import { importOf, variableAt } from './module-names.js';

/**
 * tRPC: a router's procedure (`search: t.procedure.input(schema).query(async ({ input }) => …)`) is
 * called through a client typed by the router (`createTRPCClient<AppRouter>(…)`, `type AppRouter =
 * typeof appRouter`) as `trpc.search.query(input)`, which resolves to what the procedure's resolver
 * returns; React's `trpc.search.useQuery(input)` keeps it in the hook's `.data`. The client knows the
 * procedure only through the router's type, so the calls are tied to the resolver by the router's
 * keys: the client's member path names the procedure.
 */

/** How a client call gives the resolver's result: a promise of it, or a React Query hook that keeps it in `.data`. */
export type ProcedureCallKind = 'promise' | 'hook';

const CLIENT_CALLS: ReadonlyMap<string, { kind: ProcedureCallKind; procedure: string }> = new Map([
  ['query', { kind: 'promise', procedure: 'query' }],
  ['mutate', { kind: 'promise', procedure: 'mutation' }],
  ['useQuery', { kind: 'hook', procedure: 'query' }],
  ['useSuspenseQuery', { kind: 'hook', procedure: 'query' }],
]);
const CLIENT_MAKERS = new Set(['createTRPCClient', 'createTRPCProxyClient', 'createTRPCReact']);
const PROCEDURE_KINDS = new Set(['query', 'mutation']);
/** Text a module that calls a procedure holds. */
const CLIENT_CALL_TEXT = /\.(?:query|mutate|useQuery|useSuspenseQuery)\(/;

/** A client's call of a procedure, and the procedure's resolver. */
export interface ProcedureCall {
  call: TSESTree.CallExpression;
  resolver: FunctionNode;
  kind: ProcedureCallKind;
}

/** The resolver a tRPC client's call runs (`trpc.search.query(input)` → the function `.query(…)` of the router's `search` is given). */
export function procedureCallOf(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): ProcedureCall | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed) return undefined;
  const how = CLIENT_CALLS.get(staticKeyName(callee) ?? '');
  if (!how) return undefined;
  const path: string[] = [];
  let object = unwrap(callee.object);
  while (object.type === AST_NODE_TYPES.MemberExpression && !object.computed) {
    const key = staticKeyName(object);
    if (key === undefined) return undefined;
    path.unshift(key);
    object = unwrap(object.object);
  }
  if (object.type !== AST_NODE_TYPES.Identifier || path.length === 0) return undefined;
  const router = routerOfClient(object, sourceCode);
  const resolver = router && procedureAt(router, path, how.procedure, sourceCode);
  return resolver ? { call, resolver, kind: how.kind } : undefined;
}

/** The router a client is typed by: `createTRPCClient<AppRouter>(…)`, `AppRouter` a `typeof appRouter`, here or imported. */
function routerOfClient(client: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): TSESTree.CallExpression | undefined {
  const made = valueOf(client, sourceCode);
  if (made?.type !== AST_NODE_TYPES.CallExpression || made.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const maker = importOf(made.callee, sourceCode);
  if (!maker?.from.startsWith('@trpc/') || !CLIENT_MAKERS.has(maker.name)) return undefined;
  const typeArgument = made.typeArguments?.params[0];
  if (typeArgument?.type !== AST_NODE_TYPES.TSTypeReference || typeArgument.typeName.type !== AST_NODE_TYPES.Identifier) return undefined;
  const query = typeAliasOf(typeArgument.typeName, sourceCode)?.typeAnnotation;
  if (query?.type !== AST_NODE_TYPES.TSTypeQuery || query.exprName.type !== AST_NODE_TYPES.Identifier) return undefined;
  const router = valueOf(query.exprName, sourceCode);
  return router?.type === AST_NODE_TYPES.CallExpression && routerObject(router) ? router : undefined;
}

/** The type alias a type's name stands for: declared in the module, or imported (`import type { AppRouter } from '../server/root'`). */
function typeAliasOf(name: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): TSESTree.TSTypeAliasDeclaration | undefined {
  const variable = variableAt(name, sourceCode);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.node.type === AST_NODE_TYPES.TSTypeAliasDeclaration) return definition.node;
  const imported = variable && importedAs(variable);
  const declared = imported && importedDeclaration(programOf(name), imported.from, imported.name);
  return declared?.kind === 'alias' ? declared.declaration : undefined;
}

/** What a name stands for once imports are followed: its `const`'s value. */
function valueOf(identifier: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): TSESTree.Node | undefined {
  const variable = variableAt(identifier, sourceCode);
  const linked = variable ? followImports(variable) : undefined;
  if (linked?.kind !== 'variable') return undefined;
  const definition = linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
  return definition?.type === 'Variable' && definition.node.init ? unwrap(definition.node.init) : undefined;
}

/** A router's procedures: the object `t.router({ … })`, `router({ … })` or `createTRPCRouter({ … })` is given. */
function routerObject(call: TSESTree.CallExpression): TSESTree.ObjectExpression | undefined {
  const callee = unwrap(call.callee);
  const name = callee.type === AST_NODE_TYPES.Identifier ? callee.name : callee.type === AST_NODE_TYPES.MemberExpression ? staticKeyName(callee) : undefined;
  const [argument] = call.arguments;
  return name !== undefined && /router$/i.test(name) && call.arguments.length === 1 && argument?.type === AST_NODE_TYPES.ObjectExpression ? argument : undefined;
}

/** The resolver of the procedure at `path` in a router (through nested routers, here or imported), of the kind the client's call runs. */
function procedureAt(router: TSESTree.CallExpression, path: readonly string[], procedure: string, sourceCode: TSESLint.SourceCode): FunctionNode | undefined {
  let current: TSESTree.Node = router;
  for (const [index, key] of path.entries()) {
    const object = current.type === AST_NODE_TYPES.CallExpression ? routerObject(current) : undefined;
    const property = object?.properties.find((candidate): candidate is TSESTree.Property => candidate.type === AST_NODE_TYPES.Property && staticKeyName(candidate) === key);
    if (!property) return undefined;
    let value: TSESTree.Node | undefined = unwrap(property.value);
    if (value.type === AST_NODE_TYPES.Identifier) value = valueOf(value, sourceCode);
    if (value?.type !== AST_NODE_TYPES.CallExpression) return undefined;
    if (index < path.length - 1) {
      current = value;
      continue;
    }
    const callee = unwrap(value.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(callee) !== procedure || !PROCEDURE_KINDS.has(procedure)) return undefined;
    const resolver = value.arguments.at(-1);
    if (!resolver) return undefined;
    const fn = unwrap(resolver);
    if (isFunction(fn)) return fn;
    return fn.type === AST_NODE_TYPES.Identifier ? asFunction(valueOf(fn, sourceCode)) : undefined;
  }
  return undefined;
}

function asFunction(node: TSESTree.Node | undefined): FunctionNode | undefined {
  return node && isFunction(node) ? node : undefined;
}

/**
 * Whether a function is a procedure's resolver, given to `.query(…)` or `.mutation(…)` as its last
 * argument, written there or kept in a `const` (`.query(searchResolver)`): asked before any client is
 * looked for. `.query(withRetry(fn))` is not one.
 */
function isResolver(fn: FunctionNode, sourceCode: TSESLint.SourceCode): boolean {
  const parent = fn.parent;
  if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === fn && parent.id.type === AST_NODE_TYPES.Identifier) {
    return variableAt(parent.id, sourceCode)?.references.some((reference) => givenToProcedure(reference.identifier)) ?? false;
  }
  return givenToProcedure(fn);
}

function givenToProcedure(node: TSESTree.Node): boolean {
  const call = node.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments.at(-1) !== node) return false;
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && PROCEDURE_KINDS.has(staticKeyName(callee) ?? '');
}

/**
 * The client calls, in the linted file and the modules joined with it, that run a resolver: where what
 * it returns is read.
 */
export function procedureCallsOf(fn: FunctionNode, sourceCode: TSESLint.SourceCode): ProcedureCall[] {
  if (!isResolver(fn, sourceCode)) return [];
  const found: ProcedureCall[] = [];
  const modules = analysisSources(sourceCode);
  for (const module of modules) {
    if (!CLIENT_CALL_TEXT.test(module.text)) continue;
    for (const call of clientCalls(module)) {
      const procedureCall = procedureCallOf(call, sourceCode);
      if (procedureCall?.resolver === fn) found.push(procedureCall);
    }
  }
  return found;
}

const callsByProgram = new WeakMap<TSESTree.Program, TSESTree.CallExpression[]>();

/** A module's calls that may be a client's call of a procedure (`….query(…)`, `….mutate(…)`, `….useQuery(…)`). */
function clientCalls(module: TSESLint.SourceCode): TSESTree.CallExpression[] {
  let calls = callsByProgram.get(module.ast);
  if (!calls) {
    const found: TSESTree.CallExpression[] = [];
    walk(module.ast, module.visitorKeys, (node) => {
      if (node.type !== AST_NODE_TYPES.CallExpression) return;
      const callee = unwrap(node.callee);
      if (callee.type === AST_NODE_TYPES.MemberExpression && CLIENT_CALLS.has(staticKeyName(callee) ?? '') && callee.object.type === AST_NODE_TYPES.MemberExpression) found.push(node);
    });
    callsByProgram.set(module.ast, (calls = found));
  }
  return calls;
}

/** The module of the resolver a client's call runs, when it is not the caller's: joined to tell what the call resolves to. */
export function procedureModuleOf(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): TSESTree.Program | undefined {
  const resolved = procedureCallOf(call, sourceCode);
  const program = resolved && programOf(resolved.resolver);
  return program && program !== programOf(call) && recordOfProgram(program) ? program : undefined;
}
