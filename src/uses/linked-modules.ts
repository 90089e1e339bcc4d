import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES } from '../util/packages.js';
import { programOf } from '../util/linking.js';
import { constantInitializer, findVariable, isModuleBinding, staticKeyName, unwrap } from '../util/resolve.js';
import { TYPE_ONLY, walk } from '../util/walk.js';
import { isStale, joinProgram, moduleAt, moduleIsMarked, moduleSpecifierOf, recordOfProgram, resolveImport, textFacts, type ModuleRecord } from '../modules/index.js';
import { resolveCallee, resolveFunction, RUNNER_OPTION_KEYS, type FunctionNode } from '../flow/functions.js';
import { sdkContextForFile } from '../sdk/installed.js';
import { REQUEST_TEXT } from '../matchers/http-clients.js';
import { isClientInstanceCall } from '../matchers/http-requests.js';
import { importsSdk, reexports, SDK_METHOD_TEXT, sendsRequests } from './gates.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import type { ResolvedRequest } from '../model/request.js';
import type { Use } from '../model/use.js';
import { analyseUrls } from './endpoint-uses.js';
import { followingParametersInto } from '../flow/escapes.js';
import { analyseSdk } from './sdk-uses.js';
import { inventoryOf } from './inventory.js';

/**
 * The requests the linted file makes through functions of other modules: an imported wrapper
 * (`gleanPost(path, body)`), a helper that returns a response (`searchGlean(q)`), a class whose methods
 * send (`new GleanHttp(base).post(…)`). Those modules are analysed with the linted file (their calls
 * reach its arguments, their returns reach its reads); what they find in the linted file is kept, what
 * they find in their own code is reported when they are linted.
 */

export interface LinkedAnalysis {
  requests: ResolvedRequest[];
  uses: Use[];
  /** Strings of the linted file that those modules' requests evaluated as part of a URL that names a Glean operation. */
  consumed: ReadonlySet<TSESTree.Node>;
}

/** How far calls are followed: the linted file's callee, and the callee's callees (a wrapper over a wrapper). */
const MAX_DEPTH = 2;

export function analyseLinkedModules(
  linted: ModuleRecord,
  register: CompiledRegister,
  {
    importers,
    senders: senderPaths,
    onlyHandClients = false,
    through = [],
  }: {
    importers: readonly string[];
    senders: readonly string[];
    /**
     * The importers are analysed only for the clients they may hand the linted file's code: of their
     * requests, those it makes (its SDK calls on a handed client) are kept; their own requests, on
     * their own clients, are theirs to report and cost the linted file a follow of each response.
     */
    onlyHandClients?: boolean;
    /** Importers that hand on to the linted file's code what the senders hand them (a composition root). */
    through?: readonly string[];
  } = { importers: [], senders: [] },
): LinkedAnalysis {
  const requests: ResolvedRequest[] = [];
  const uses: Use[] = [];
  const consumed = new Set<TSESTree.Node>();
  const seen = new Set<ModuleRecord>([linted]);
  for (const path of importers) {
    const importer = moduleAt(path);
    if (importer) joinProgram(importer);
  }
  const senders = senderPaths.flatMap((path) => moduleAt(path) ?? []);
  for (const sender of senders) seen.add(sender);
  /**
   * A module whose functions may send: it names an HTTP client itself, imports the SDK (or a module
   * that does: a client made there), or is a barrel that passes on a module that sends. Glean paths
   * alone make a table, not a request.
   */
  const worthFollowing = (path: string): boolean =>
    textFacts(path, sendsRequests)?.marked === true || moduleIsMarked(path, importsSdk) || (textFacts(path, reexports)?.marked === true && moduleIsMarked(path, sendsRequests, reexports));
  // Importers looked at only for the clients they hand the linted file: what they call elsewhere is theirs.
  let level: ModuleRecord[] = onlyHandClients ? [linted] : [linted, ...senders];
  const found: ModuleRecord[] = [...senders];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: ModuleRecord[] = [];
    for (const record of level) {
      for (const callee of calledModules(record, worthFollowing, register)) {
        if (seen.has(callee)) continue;
        seen.add(callee);
        joinProgram(callee);
        found.push(callee);
        next.push(callee);
      }
    }
    level = next;
  }
  const handingOnly = new Set(onlyHandClients ? senders : []);
  const handingTrees = [linted.ast, ...through.flatMap((path) => moduleAt(path)?.ast ?? [])];
  for (const record of found) {
    // A client an importer hands on is followed into the linted file and the importer's own functions only.
    const sdk = handingOnly.has(record)
      ? followingParametersInto([...handingTrees, record.ast], () => analyseSdk(record.sourceCode, register, sdkContextForFile(record.path)))
      : analyseSdk(record.sourceCode, register, sdkContextForFile(record.path));
    if (handingOnly.has(record)) {
      const made = sdk.requests.filter((request) => programOf(request.node) === linted.ast);
      requests.push(...made);
      uses.push(...sdk.uses.filter((use) => programOf(use.node) === linted.ast));
      continue;
    }
    const urls = analyseUrls(record.sourceCode, register);
    requests.push(...urls.requests, ...sdk.requests);
    uses.push(...urls.uses, ...sdk.uses);
    for (const node of urls.judged ?? []) if (programOf(node) === linted.ast) consumed.add(node);
  }
  return { requests, uses, consumed };
}

/**
 * The other modules whose functions a module calls (through imported names, namespaces, and instances
 * of imported classes), among those `worthFollowing` lets through: checked on the imported module's
 * text before any callee is resolved, since resolving one may parse the modules it leads through.
 */
function calledModules(record: ModuleRecord, worthFollowing: (path: string) => boolean, register: CompiledRegister): Set<ModuleRecord> {
  const sourceCode = record.sourceCode;
  const scope = record.globalScope;
  const modules = new Set<ModuleRecord>();
  const verdicts = new Map<TSESLint.Scope.Variable, boolean>();
  /** The same callee written again (`M.json(…)` in every branch) resolves the same way. */
  const callees = new Map<string, ModuleRecord | null>();
  for (const node of inventoryOf(sourceCode).calls) {
    if (node.type !== AST_NODE_TYPES.CallExpression) continue;
    const binding = importedRoot(node.callee, scope);
    if (!binding) continue;
    let worth = verdicts.get(binding);
    if (worth === undefined) {
      const specifier = moduleSpecifierOf(binding);
      const path = specifier === undefined ? undefined : resolveImport(record.path, specifier);
      worth = path !== undefined && worthFollowing(path);
      verdicts.set(binding, worth);
    }
    if (!worth) continue;
    const shape = calleeShape(node.callee, binding);
    let callee = shape === undefined ? undefined : callees.get(shape);
    if (callee === undefined) {
      const fn = resolveCallee(node, scope);
      const program = fn && programOf(fn);
      const home = program && program !== record.ast ? recordOfProgram(program) : undefined;
      callee = home && sendsFrom(fn!, home, register, SENDS_DEPTH) ? home : null;
      if (shape !== undefined) callees.set(shape, callee);
    }
    if (callee) modules.add(callee);
  }
  // A function handed to a runner (`useMutation({ mutationFn: gleanSearch })`) is called by it.
  for (const object of inventoryOf(sourceCode).objects) {
    for (const property of object.properties) {
      if (property.type !== AST_NODE_TYPES.Property || !RUNNER_OPTION_KEYS.has(staticKeyName(property) ?? '')) continue;
      // `mutationFn: gleanSearch`, `mutationFn: api.gleanSearch` (a namespace's or a required module's).
      const root = property.value.type === AST_NODE_TYPES.Identifier || property.value.type === AST_NODE_TYPES.MemberExpression ? leftmostName(property.value) : undefined;
      const binding = root && findVariable(scope, root);
      const specifier = binding && isModuleBinding(binding) ? moduleSpecifierOf(binding) : undefined;
      const path = specifier === undefined ? undefined : resolveImport(record.path, specifier);
      if (path === undefined || !worthFollowing(path)) continue;
      const fn = resolveFunction(property.value, scope);
      const home = fn && recordOfProgram(programOf(fn));
      if (fn && home && home !== record && sendsFrom(fn, home, register, SENDS_DEPTH)) modules.add(home);
    }
  }
  return modules;
}

/** How deep `sendsFrom` looks through the functions a function calls. */
const SENDS_DEPTH = 2;


/**
 * Whether a function may send a request: its own text names an HTTP client, the SDK's sub-clients or
 * a Glean URL, it calls a verb of an instance a client factory made (`this.http.get(path)`), or a
 * function it calls (in its module or another) does, up to `depth` calls away. A
 * module is analysed with the linted file only for a function of it that does.
 */
function sendsFrom(fn: FunctionNode, record: ModuleRecord, register: CompiledRegister, depth: number, seen = new Set<FunctionNode>()): boolean {
  if (seen.has(fn)) return false;
  seen.add(fn);
  // Another module's function is asked about by every file that calls it: remembered while its tree lives.
  const known = depth === SENDS_DEPTH && !record.linted ? knownSenders.get(fn) : undefined;
  if (known !== undefined && !isStale(known.since)) return known.sends;
  const sends = sendsFromUncached(fn, record, register, depth, seen);
  if (depth === SENDS_DEPTH && !record.linted) knownSenders.set(fn, { sends, since: Date.now() });
  return sends;
}

const knownSenders = new WeakMap<FunctionNode, { sends: boolean; since: number }>();

function sendsFromUncached(fn: FunctionNode, record: ModuleRecord, register: CompiledRegister, depth: number, seen: Set<FunctionNode>): boolean {
  const text = record.text.slice(fn.range[0], fn.range[1]);
  // A function's own text, tested apart: remembering it would push out the module text the gates ask of in a row.
  if (REQUEST_TEXT.test(text) || SDK_METHOD_TEXT.test(text) || importsSdk(text)) return true;
  if (depth === 0) return false;
  let sends = false;
  walk(
    fn.body,
    record.sourceCode.visitorKeys,
    (node) => {
      if (sends) return;
      // A function handed to a runner (`mutationFn: gleanSearch`) runs as if called here.
      if (node.type === AST_NODE_TYPES.Property && RUNNER_OPTION_KEYS.has(staticKeyName(node) ?? '')) {
        const handed = resolveFunction(node.value, record.globalScope);
        const home = handed && recordOfProgram(programOf(handed));
        if (handed && home && sendsFrom(handed, home, register, depth - 1, seen)) sends = true;
        return;
      }
      if (node.type !== AST_NODE_TYPES.CallExpression) return;
      // `this.http.get(path)` through an instance `axios.create(…)` made: no verb with a body to tell it by text.
      if (isClientInstanceCall(node, record.globalScope, record.sourceCode)) {
        sends = true;
        return;
      }
      const called = resolveCallee(node, record.globalScope);
      const home = called && recordOfProgram(programOf(called));
      if (called && home && sendsFrom(called, home, register, depth - 1, seen)) sends = true;
    },
    TYPE_ONLY,
  );
  return sends;
}

/**
 * Whether a module calls SDK methods on a value it may be handed (`sdk.client.agents.retrieve(…)`): a
 * chain of the SDK's method names that starts at `this` (a field a constructor may keep) or at a name
 * local to a function (a parameter, or what was taken from one). Such a module is analysed with its
 * importers, which may hand it a client; one that calls them only on its own module-level client has
 * no need of them.
 */
export function callsSdkOnHandedValues(sourceCode: TSESLint.SourceCode): boolean {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope || !SDK_METHOD_TEXT.test(sourceCode.text)) return false;
  return inventoryOf(sourceCode).calls.some((call) => {
    if (call.type !== AST_NODE_TYPES.CallExpression) return false;
    const names: string[] = [];
    let node = unwrap(call.callee);
    while (node.type === AST_NODE_TYPES.MemberExpression && !node.computed && node.property.type === AST_NODE_TYPES.Identifier) {
      names.unshift(node.property.name);
      node = unwrap(node.object);
    }
    // The root's name counts too: a destructured sub-client (`client.agents.retrieve(…)`).
    if (names.length < 2 || !SDK_METHOD_TEXT.test(`${node.type === AST_NODE_TYPES.Identifier ? node.name : ''}.${names.join('.')}(`)) return false;
    if (node.type === AST_NODE_TYPES.ThisExpression) return true;
    const variable = node.type === AST_NODE_TYPES.Identifier ? findVariable(scope, node) : null;
    return variable !== null && variable.scope.type !== 'module' && variable.scope.type !== 'global';
  });
}

/** `name(…)` and `name.member(…)` of an imported name, as a key; undefined for anything longer or computed. */
function calleeShape(callee: TSESTree.Node, binding: TSESLint.Scope.Variable): string | undefined {
  const node = unwrap(callee);
  if (node.type === AST_NODE_TYPES.Identifier) return node.name === binding.name ? node.name : undefined;
  if (node.type === AST_NODE_TYPES.MemberExpression && !node.computed && node.property.type === AST_NODE_TYPES.Identifier && unwrap(node.object).type === AST_NODE_TYPES.Identifier) {
    const object = unwrap(node.object) as TSESTree.Identifier;
    return object.name === binding.name ? `${object.name}.${node.property.name}` : undefined;
  }
  return undefined;
}

/**
 * The imported (or required) name a callee starts from: its leftmost name, or the class a constant
 * of it was made from (`const http = new GleanHttp(base)`; `http.post(…)`).
 */
function importedRoot(callee: TSESTree.Node, scope: TSESLint.Scope.Scope, depth = 0): TSESLint.Scope.Variable | undefined {
  const root = leftmostName(callee);
  if (!root) return undefined;
  const variable = findVariable(scope, root);
  if (!variable || variable.defs.length === 0) return undefined;
  if (isModuleBinding(variable)) return variable;
  if (depth > 0) return undefined;
  const made = constantInitializer(root, scope);
  const value = made && unwrap(made);
  return value?.type === AST_NODE_TYPES.NewExpression ? importedRoot(value.callee, scope, depth + 1) : undefined;
}

/** The name a member chain starts from, through instances made inline: `new ns.Api(base).post` → `ns`. */
function leftmostName(node: TSESTree.Node): TSESTree.Identifier | undefined {
  let root = unwrap(node);
  while (root.type === AST_NODE_TYPES.MemberExpression || root.type === AST_NODE_TYPES.NewExpression) {
    root = unwrap(root.type === AST_NODE_TYPES.MemberExpression ? root.object : root.callee);
  }
  return root.type === AST_NODE_TYPES.Identifier ? root : undefined;
}
