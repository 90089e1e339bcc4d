import { AST_NODE_TYPES, astUtils, communityUtils } from '../util/packages.js';
import { identityOf } from '../util/linking.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { SdkHook, SdkOperation, SdkTables } from '../sdk/types.js';
import { iterateUndeclaredRequireReferences } from '../util/undeclared-require.js';
import { escapes, instanceOf, isHandedIn, parameterPatternReads } from '../flow/escapes.js';
import type { ClassNode } from '../flow/class-members.js';
import { annotatedInstances, contextTypedInstances, frameworkContextInstances, importedShapeInstances, inheritedInstances, keyedHandedInstances, linkedInstances, mapHeldInstances, typedInstances } from './sdk-instances.js';
import { recordOfProgram } from '../modules/index.js';
import { asValue, findVariable } from '../util/resolve.js';
import { argumentsOf as handedArguments, callsThroughBind } from '../flow/functions.js';

/**
 * Finds calls into the official SDK, `@gleanwork/api-client`, by reference tracking from its imports
 * (never by names a local variable could share):
 * - methods of a `Glean` instance (`glean.client.agents.run(…)`), followed through aliases,
 *   destructuring, class fields (`this.glean`), and same-file factories and getters that return an
 *   instance or one of its sub-clients; also called through `.call(…)` or `.apply(…)`, or bound with
 *   `.bind(…)` (the method itself, as it is bound, is the use);
 * - standalone functions (`@gleanwork/api-client/funcs/clientAgentsRun.js`);
 * - React Query hooks and the helpers that make requests (`@gleanwork/api-client/react-query`):
 *   `useX`, `prefetchX`, `buildXQuery`, `buildXMutation`.
 * Where an instance goes beyond what the tracker follows (returns, fields) is the flow layer's
 * (`flow/escapes.ts`); instances known by their declared type are `sdk-instances.ts`'s.
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
  /**
   * For a method called on a sub-client or client destructured into a variable from a `Glean` kept in
   * one (`const { agents } = glean.client; agents.retrieve(id)`): that `Glean`'s name, which the call's
   * scope sees as the same variable.
   */
  rootName?: string;
  /** How the call names the operation, for messages: `client.agents.run`, `clientAgentsRun`. */
  name: string;
  /**
   * Made on a client the function or class was handed by a caller (`new GleanService(glean)`'s
   * `this.sdk`): callers the analysis does not see may hand it something else.
   */
  handed?: boolean;
  /**
   * A method called through `Function.prototype` (`retrieve.call(agents, id)`, `.apply(agents, [id])`)
   * or bound (`retrieve.bind(agents)`: `call` is the `bind`, `args` the arguments it binds, and what
   * it returns is a function, not the response). Never rewritten.
   */
  indirect?: Indirect;
  /**
   * For a method bound to a `const` (`const search = glean.client.search.query.bind(glean.client.search)`):
   * the calls of that constant in this file, each a request with the bound arguments first.
   */
  boundCalls?: readonly { call: TSESTree.CallExpression; args: readonly TSESTree.CallExpressionArgument[] }[];
}

type Indirect = 'call' | 'apply' | 'bind';
const INDIRECT: readonly Indirect[] = ['call', 'apply', 'bind'];

type Info = { operation: SdkOperation; kind: SdkCall['kind']; hook?: SdkHook; indirect?: Indirect };
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
  const { CALL, CONSTRUCT, ESM, READ } = communityUtils();
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
        if (index === chain.length - 1) {
          node[CALL] = { operation, kind: 'method' } satisfies Info;
          for (const indirect of INDIRECT) node[indirect] = { [CALL]: { operation, kind: 'method', indirect } satisfies Info };
        }
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

/**
 * The arguments an indirect call passes to the method: after `.call`'s and `.bind`'s `this`, the
 * elements of `.apply`'s array when it is written out (none known otherwise).
 */
function indirectArguments(call: TSESTree.CallExpression, indirect: Indirect): readonly TSESTree.CallExpressionArgument[] {
  if (indirect !== 'apply') return call.arguments.slice(1);
  const list = call.arguments[1];
  if (list?.type !== AST_NODE_TYPES.ArrayExpression || list.elements.some((element) => element === null)) return [];
  return list.elements as TSESTree.CallExpressionArgument[];
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
  const { CALL, CONSTRUCT, READ, ReferenceTracker } = communityUtils();
  // eslint-utils is typed for ESTree; the typescript-eslint tree is a superset of it.
  const tracker = new ReferenceTracker(globalScope as never);
  const calls: SdkCall[] = [];
  const seeds: { node: TSESTree.Node; path: string[]; handed?: boolean; made?: ClassNode }[] = [];

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
  // `clients.get(tenant)` of a `Map` of clients.
  seeds.push(...mapHeldInstances(sourceCode, globalScope, tables.packageName));
  // Such a client declared by a base class of another module, read in this module's subclass.
  seeds.push(...inheritedInstances(sourceCode, globalScope, tables.packageName));
  // Such a client declared by an interface or type of another module that this module types a parameter with (`ctx: CliContext`).
  for (const node of importedShapeInstances(sourceCode, globalScope, tables.packageName)) seeds.push({ node, path: [] });
  // Such a client a framework's request context holds (`c.get('glean')` of `new Hono<{ Variables: { glean: Glean } }>()`).
  for (const node of frameworkContextInstances(sourceCode, globalScope, tables.packageName)) seeds.push({ node, path: [] });
  // Such a client under a key of a context object that callers out of reach hand in (`ctx.glean` of a command registry's handler).
  for (const node of keyedHandedInstances(sourceCode, globalScope, tables.packageName)) seeds.push({ node, path: [], handed: true });
  // Such a client in a parameter a method is typed by its object's type (`const command: Command = { run(ctx) { … } }`).
  for (const node of contextTypedInstances(sourceCode, globalScope, tables.packageName)) seeds.push({ node, path: [] });
  // Instances made in another module of the project and imported here, or made from `await import()`.
  seeds.push(...linkedInstances(sourceCode, recordOfProgram(sourceCode.ast)?.path, tables.packageName));
  // With type information: receivers typed as one of the SDK's clients, wherever they came from.
  seeds.push(...typedInstances(sourceCode, tables));

  const visited = new Set<string>();
  // One call is reached once per seed that flows into it (`let glean = new Glean(a)` and a later
  // `glean = new Glean(b)`, `flag ? new Glean(a) : new Glean(b)`): it is one call.
  const methodCalls = new Map<TSESTree.CallExpression, SdkCall>();
  // A handed value's instance class is read as it is found: another escape through the same node may change it.
  const escapedSeed = (node: TSESTree.Node, path: string[], from: { handed?: boolean }) => {
    const made = instanceOf(node);
    return from.handed || isHandedIn(node) ? { node, path, handed: true, ...(made ? { made } : {}) } : { node, path };
  };
  while (seeds.length > 0) {
    const seed = seeds.pop()!;
    const key = `${identityOf(seed.node)}|${seed.path.join('.')}|${seed.handed === true}|${seed.made ? identityOf(seed.made) : ''}`;
    if (visited.has(key)) continue;
    visited.add(key);
    const trace = subtree(traces.instance, seed.path);
    if (!trace) continue;
    for (const escaped of escapes(seed.node, sourceCode, new Set(), seed.handed === true || isHandedIn(seed.node), seed.made)) seeds.push(escapedSeed(escaped, seed.path, seed));
    // A client handed to a parameter that destructures it (`function search({ client }, q)`): the
    // tracker starts from expressions, not from a parameter's pattern.
    for (const { key, reads } of parameterPatternReads(seed.node, sourceCode)) {
      if (subtree(trace, [key])) for (const read of reads) seeds.push(escapedSeed(read, [...seed.path, key], seed));
    }
    const references = tracker.iteratePropertyReferences(seed.node as never, trace as never) as unknown as Iterable<{
      node: TSESTree.Node;
      path: string[];
      type: symbol;
      info: Info | true;
    }>;
    for (const reference of references) {
      const path = [...seed.path, ...reference.path];
      if (reference.type === READ) {
        for (const escaped of escapes(reference.node, sourceCode, new Set(), seed.handed === true || isHandedIn(reference.node), instanceOf(reference.node))) seeds.push(escapedSeed(escaped, path, seed));
        continue;
      }
      if (reference.type !== CALL || reference.info === true) continue;
      const call = reference.node as TSESTree.CallExpression;
      const known = methodCalls.get(call);
      if (known) {
        // Reached as well by a client that is certainly Glean's.
        if (!seed.handed) delete known.handed;
        // First reached from a sub-client's type (type-aware mode): the instance it was taken from, as this seed tells.
        if (!known.root && known.rootName === undefined && seed.path.length === 0 && !known.indirect) {
          const rootName = destructuredRootName(call.callee, reference.path.length, sourceCode);
          if (rootName !== undefined) known.rootName = rootName;
        }
        continue;
      }
      const root = seed.path.length === 0 ? stripMembers(call.callee, reference.path.length) : undefined;
      const rootName = seed.path.length === 0 && !root ? destructuredRootName(call.callee, reference.path.length, sourceCode) : undefined;
      const { indirect } = reference.info;
      const sdkCall: SdkCall = {
        call,
        operation: reference.info.operation,
        kind: 'method',
        args: indirect ? indirectArguments(call, indirect) : call.arguments,
        ...(root ? { root } : {}),
        ...(rootName !== undefined ? { rootName } : {}),
        name: (indirect ? path.slice(0, -1) : path).join('.'),
        ...(seed.handed ? { handed: true } : {}),
        ...(indirect ? { indirect } : {}),
      };
      if (indirect === 'bind') {
        const boundCalls = callsOfBound(call, sourceCode);
        if (boundCalls.length > 0) sdkCall.boundCalls = boundCalls;
      }
      methodCalls.set(call, sdkCall);
      calls.push(sdkCall);
    }
  }
  return calls;
}

/**
 * The calls of the `const` a bound method is kept in (none when it is kept anywhere else), with the
 * bound arguments first: in this file and, when it is exported, in the analysis's other modules that
 * import it (`export const search = glean.client.search.query.bind(glean.client.search)`).
 */
function callsOfBound(bind: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): NonNullable<SdkCall['boundCalls']> {
  return (callsThroughBind(bind, sourceCode)?.calls ?? []).map((call) => ({ call, args: handedArguments(call) }));
}

/**
 * The name of the `Glean` a sub-client or client was taken from, for a call through it: destructured
 * (`const { agents } = glean.client; agents.retrieve(id)`, `const { client: { agents } } = glean`) or
 * aliased (`const client = glean.client`, also one alias of another). `depth` names lead from the
 * instance to the method. Only where no variable on the way, the instance's included, is ever assigned
 * again, and the call's scope sees the instance's variable: the rewrite (`glean.agents.get(id)`) then
 * names the same instance.
 */
function destructuredRootName(callee: TSESTree.Node, depth: number, sourceCode: TSESLint.SourceCode): string | undefined {
  const callScope = sourceCode.getScope(callee);
  let node: TSESTree.Node = callee;
  let remaining = depth;
  // Each step: the members written, then the variable that holds the rest of the chain.
  for (let step = 0; step < 4; step++) {
    for (;;) {
      if (node.type === AST_NODE_TYPES.ChainExpression) node = node.expression;
      if (node.type !== AST_NODE_TYPES.MemberExpression || remaining === 0) break;
      if (node.computed) return undefined;
      node = node.object;
      remaining -= 1;
    }
    if (node.type !== AST_NODE_TYPES.Identifier) return undefined;
    const variable = findVariable(sourceCode.getScope(node), node);
    if (!variable || !isNeverReassigned(variable)) return undefined;
    if (remaining === 0) {
      const seen = astUtils().findVariable(callScope, node.name);
      return seen && asValue(seen) === variable ? node.name : undefined;
    }
    const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
    if (definition?.type !== 'Variable' || !definition.node.init) return undefined;
    const keys = patternKeysTo(definition.node.id, definition.name);
    if (!keys || keys.length > remaining) return undefined;
    remaining -= keys.length;
    node = definition.node.init;
  }
  return undefined;
}

/** The keys an object pattern takes on the way to `target` (`{ client: { agents } }` → `client`, `agents`); undefined past a default, a rest or a computed key. */
function patternKeysTo(pattern: TSESTree.Node, target: TSESTree.Identifier): string[] | undefined {
  if (pattern === target) return [];
  if (pattern.type !== AST_NODE_TYPES.ObjectPattern) return undefined;
  for (const property of pattern.properties) {
    if (property.type !== AST_NODE_TYPES.Property || property.computed || property.key.type !== AST_NODE_TYPES.Identifier) continue;
    const below = patternKeysTo(property.value, target);
    if (below) return [property.key.name, ...below];
  }
  return undefined;
}

function isNeverReassigned(variable: TSESLint.Scope.Variable): boolean {
  return variable.references.every((reference) => !reference.isWrite() || reference.init === true);
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
