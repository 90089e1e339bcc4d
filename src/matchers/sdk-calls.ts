import { CALL, CONSTRUCT, ESM, READ, ReferenceTracker } from '@eslint-community/eslint-utils';
import { AST_NODE_TYPES } from '@typescript-eslint/types';
import * as ASTUtils from '@typescript-eslint/utils/ast-utils';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { SdkHook, SdkOperation, SdkTables } from '../sdk/types.js';
import { findVariable } from '../util/resolve.js';
import { iterateUndeclaredRequireReferences } from '../util/undeclared-require.js';
import { walk } from '../util/walk.js';
import { enclosingClass, memberName, thisField, thisReads } from '../flow/class-members.js';
import { callsOfFunction, isFunction } from '../flow/functions.js';

/**
 * Finds calls into the official SDK, `@gleanwork/api-client`, by reference tracking from its imports
 * (never by names a local variable could share):
 * - methods of a `Glean` instance (`glean.client.agents.run(…)`), followed through aliases,
 *   destructuring, class fields (`this.glean`), and same-file factories and getters that return an
 *   instance or one of its sub-clients;
 * - standalone functions (`@gleanwork/api-client/funcs/clientAgentsRun.js`);
 * - React Query hooks and the helpers that make requests (`@gleanwork/api-client/react-query`):
 *   `useX`, `prefetchX`, `buildXQuery`, `buildXMutation`.
 */

export interface SdkCall {
  call: TSESTree.CallExpression;
  operation: SdkOperation;
  kind: 'method' | 'func' | 'hook';
  hook?: SdkHook;
  /** The arguments in the order of the SDK method's parameters (a func's client is dropped). */
  args: readonly TSESTree.CallExpressionArgument[];
  /** For a method called through its full chain: the expression that is the `Glean` instance. */
  root?: TSESTree.Node;
  /** How the call names the operation, for messages: `client.agents.run`, `clientAgentsRun`. */
  name: string;
}

type Info = { operation: SdkOperation; kind: SdkCall['kind']; hook?: SdkHook };
type TraceNode = Record<string | symbol, unknown>;

interface Traces {
  /** Properties of a `Glean` instance down to its methods. */
  instance: TraceNode;
  /** Imports: the `Glean` class, standalone functions and hooks. */
  imports: TraceNode;
}

const tracesByTables = new WeakMap<SdkTables, Traces>();

/** Trace maps are built once per SDK table. */
function tracesFor(tables: SdkTables): Traces {
  let traces = tracesByTables.get(tables);
  if (traces) return traces;
  const instance: TraceNode = {};
  // `ESM` marks the modules as ES modules, so named imports are their exports (not `default.name`).
  const imports: TraceNode = { [tables.packageName]: { [ESM]: true, Glean: { [CONSTRUCT]: true } } };
  const add = (moduleId: string, name: string, info: Info): void => {
    const module = (imports[moduleId] ??= { [ESM]: true }) as TraceNode;
    module[name] = { [CALL]: info };
  };
  for (const operation of tables.operations) {
    for (const chain of [operation.chain, ...(operation.chains ?? [])]) {
      let node = instance;
      chain.forEach((key, index) => {
        node = (node[key] ??= {}) as TraceNode;
        if (index === chain.length - 1) node[CALL] = { operation, kind: 'method' } satisfies Info;
        // Sub-clients are reported as reads so their aliases through returns and fields can be followed.
        else node[READ] ??= true;
      });
    }
    for (const suffix of ['.js', '']) {
      add(`${tables.packageName}/funcs/${operation.func}${suffix}`, operation.func, { operation, kind: 'func' });
    }
    for (const hook of operation.hooks) {
      const info: Info = { operation, kind: 'hook', hook };
      add(`${tables.packageName}/react-query`, hook.name, info);
      for (const suffix of ['.js', '']) {
        // `<func>` re-exports what `<func>.core` declares.
        add(`${tables.packageName}/react-query/${operation.func}${suffix}`, hook.name, info);
        if (hook.core) add(`${tables.packageName}/react-query/${operation.func}.core${suffix}`, hook.name, info);
      }
    }
  }
  traces = { instance, imports };
  tracesByTables.set(tables, traces);
  return traces;
}

/**
 * The arguments in the order of the operation's parameters: a standalone function's client, a
 * prefetch helper's query client and client, a query builder's client are dropped; mutation hooks
 * and builders take the request later, in `mutate`.
 */
function argumentsOf(call: TSESTree.CallExpression, kind: SdkCall['kind'], hook: SdkHook | undefined): readonly TSESTree.CallExpressionArgument[] {
  if (kind === 'func') return call.arguments.slice(1);
  switch (hook?.kind) {
    case 'mutation':
    case 'mutationBuilder':
      return [];
    case 'prefetch':
      return call.arguments.slice(2);
    case 'queryBuilder':
      return call.arguments.slice(1);
    default:
      return call.arguments;
  }
}

function subtree(trace: TraceNode, path: readonly string[]): TraceNode | undefined {
  let node: TraceNode | undefined = trace;
  for (const key of path) node = node?.[key] as TraceNode | undefined;
  return node;
}

export function findSdkCalls(sourceCode: TSESLint.SourceCode, tables: SdkTables): SdkCall[] {
  const globalScope = sourceCode.scopeManager?.globalScope;
  if (!globalScope) return [];
  const traces = tracesFor(tables);
  // eslint-utils is typed for ESTree; the typescript-eslint tree is a superset of it.
  const tracker = new ReferenceTracker(globalScope as never);
  const calls: SdkCall[] = [];
  const seeds: { node: TSESTree.Node; path: string[] }[] = [];

  const found = [
    ...tracker.iterateEsmReferences(traces.imports as never),
    ...tracker.iterateCjsReferences(traces.imports as never),
    ...iterateUndeclaredRequireReferences(tracker, globalScope, traces.imports),
  ] as unknown as { node: TSESTree.Node; type: symbol; info: Info | true }[];
  for (const reference of found) {
    if (reference.type === CONSTRUCT) seeds.push({ node: reference.node, path: [] });
    else if (reference.type === CALL && reference.info !== true) {
      const { operation, kind, hook } = reference.info;
      const call = reference.node as TSESTree.CallExpression;
      calls.push({
        call,
        operation,
        kind,
        ...(hook ? { hook } : {}),
        args: argumentsOf(call, kind, hook),
        name: kind === 'hook' ? hook!.name : operation.func,
      });
    }
  }

  // Values typed as a `Glean` (`constructor(private glean: Glean)`, `function f(glean: Glean)`) are
  // instances too: the annotation names the imported class, so this is still reference tracking.
  for (const node of annotatedInstances(sourceCode, globalScope, tables.packageName)) seeds.push({ node, path: [] });

  const visited = new Set<string>();
  // One call is reached once per seed that flows into it (`let glean = new Glean(a)` and a later
  // `glean = new Glean(b)`, `flag ? new Glean(a) : new Glean(b)`): it is one call.
  const methodCalls = new Set<TSESTree.CallExpression>();
  while (seeds.length > 0) {
    const seed = seeds.pop()!;
    const key = `${seed.node.range.join(':')}|${seed.path.join('.')}`;
    if (visited.has(key)) continue;
    visited.add(key);
    const trace = subtree(traces.instance, seed.path);
    if (!trace) continue;
    for (const escaped of escapes(seed.node, sourceCode)) seeds.push({ node: escaped, path: seed.path });
    const references = tracker.iteratePropertyReferences(seed.node as never, trace as never) as unknown as Iterable<{
      node: TSESTree.Node;
      path: string[];
      type: symbol;
      info: Info | true;
    }>;
    for (const reference of references) {
      const path = [...seed.path, ...reference.path];
      if (reference.type === READ) {
        for (const escaped of escapes(reference.node, sourceCode)) seeds.push({ node: escaped, path });
        continue;
      }
      if (reference.type !== CALL || reference.info === true) continue;
      const call = reference.node as TSESTree.CallExpression;
      if (methodCalls.has(call)) continue;
      methodCalls.add(call);
      const root = seed.path.length === 0 ? stripMembers(call.callee, reference.path.length) : undefined;
      calls.push({
        call,
        operation: reference.info.operation,
        kind: 'method',
        args: call.arguments,
        ...(root ? { root } : {}),
        name: path.join('.'),
      });
    }
  }
  return calls;
}

/** `a.b.c.d` with 3 members stripped is `a`; undefined when the chain is shorter or computed. */
function stripMembers(callee: TSESTree.Node, count: number): TSESTree.Node | undefined {
  let node: TSESTree.Node = callee;
  for (let i = 0; i < count; i++) {
    if (node.type === AST_NODE_TYPES.ChainExpression) node = node.expression;
    if (node.type !== AST_NODE_TYPES.MemberExpression || node.computed) return undefined;
    node = node.object;
  }
  return node;
}

/**
 * Where else a value shows up that the reference tracker does not follow: the calls of a function or
 * getter that returns it, and `this.field` reads of a class field it is stored in — also when the
 * value is first kept in a variable (`shared = new Glean(); return shared;`, `api = glean` in a field).
 */
function escapes(value: TSESTree.Node, sourceCode: TSESLint.SourceCode, seen = new Set<TSESTree.Node>()): TSESTree.Node[] {
  let node = value;
  while (
    node.parent &&
    (node.parent.type === AST_NODE_TYPES.TSAsExpression ||
      node.parent.type === AST_NODE_TYPES.TSNonNullExpression ||
      node.parent.type === AST_NODE_TYPES.TSSatisfiesExpression ||
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
  const variable = ASTUtils.findVariable(sourceCode.getScope(id), id);
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

/** Reads of parameters, variables and class fields whose declared type is the SDK's `Glean` class. */
function annotatedInstances(
  sourceCode: TSESLint.SourceCode,
  globalScope: TSESLint.Scope.Scope,
  packageName: string,
): TSESTree.Node[] {
  const reads: TSESTree.Node[] = [];
  // Only a file that imports the class (or the whole package as a namespace) can name it in a type.
  if (!importsGleanClass(sourceCode.ast, packageName)) return reads;
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.TSTypeReference || !namesGleanClass(node.typeName, globalScope, packageName)) return;
    let annotation: TSESTree.Node | undefined = node.parent;
    while (annotation?.type === AST_NODE_TYPES.TSUnionType) annotation = annotation.parent;
    if (annotation?.type !== AST_NODE_TYPES.TSTypeAnnotation) return;
    const owner = annotation.parent;
    if (owner?.type === AST_NODE_TYPES.PropertyDefinition) {
      const name = memberName(owner);
      if (name !== undefined) reads.push(...thisReads(owner.parent.parent, name, undefined, sourceCode));
      return;
    }
    if (owner?.type !== AST_NODE_TYPES.Identifier) return;
    const variable = findVariable(globalScope, owner);
    for (const reference of variable?.references ?? []) if (reference.isRead()) reads.push(reference.identifier);
    // `constructor(private glean: Glean)` also declares the field `this.glean`.
    if (owner.parent?.type === AST_NODE_TYPES.TSParameterProperty) {
      const classNode = enclosingClass(owner, sourceCode);
      if (classNode) reads.push(...thisReads(classNode, owner.name, undefined, sourceCode));
    }
  });
  return reads;
}

function importsGleanClass(program: TSESTree.Program, packageName: string): boolean {
  return program.body.some(
    (statement) =>
      statement.type === AST_NODE_TYPES.ImportDeclaration &&
      statement.source.value === packageName &&
      statement.specifiers.some(
        (specifier) =>
          specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier ||
          (specifier.type === AST_NODE_TYPES.ImportSpecifier &&
            (specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value) === 'Glean'),
      ),
  );
}

/** `Glean` imported from the SDK (`import { Glean }`, `import type { Glean as G }`), or `sdk.Glean`. */
function namesGleanClass(typeName: TSESTree.EntityName, globalScope: TSESLint.Scope.Scope, packageName: string): boolean {
  const local = typeName.type === AST_NODE_TYPES.TSQualifiedName ? typeName.left : typeName;
  if (local.type !== AST_NODE_TYPES.Identifier) return false;
  const definition = findVariable(globalScope, local)?.defs[0];
  if (definition?.type !== 'ImportBinding' || definition.parent.type !== AST_NODE_TYPES.ImportDeclaration) return false;
  if (definition.parent.source.value !== packageName) return false;
  const specifier = definition.node;
  if (typeName.type === AST_NODE_TYPES.TSQualifiedName) {
    return specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier && typeName.right.name === 'Glean';
  }
  return (
    specifier.type === AST_NODE_TYPES.ImportSpecifier &&
    (specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value) === 'Glean'
  );
}
