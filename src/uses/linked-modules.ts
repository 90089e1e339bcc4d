import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES } from '../util/packages.js';
import { programOf } from '../util/linking.js';
import { constantInitializer, findVariable, followImports, isModuleBinding, leftmostName, resolveExpression, staticKeyName, unwrap } from '../util/resolve.js';
import { TYPE_ONLY, walk } from '../util/walk.js';
import { isStale, joinProgram, moduleAt, moduleIsMarked, moduleSpecifierOf, recordOfProgram, resolveImport, textFacts, type ModuleRecord } from '../modules/index.js';
import { annotatedTypeName, bindCallHeld, bindOfCall, isAsyncThunk, isFunction, keyedFetcherOf, resolveCallee, resolveFunction, RUNNER_OPTION_KEYS, type FunctionNode } from '../flow/functions.js';
import { enclosingClass } from '../flow/class-members.js';
import { storeMadeBy } from '../flow/stores.js';
import { procedureModuleOf } from '../flow/trpc.js';
import { storeReadBy } from '../flow/zustand.js';
import { ATOM_READ_TEXT, atomModuleOf } from '../flow/atoms.js';
import { activitiesModuleOf, proxyCalls } from '../flow/activities.js';
import { sdkContextForFile } from '../sdk/installed.js';
import { FUNCTION_REQUEST_TEXT } from '../matchers/http-clients.js';
import { isClientInstanceCall, rtkHookCall } from '../matchers/http-requests.js';
import { bindsFunctions, callsSdkMethodsText, carriesValues, extendsClass, followWrapperModule, handsToSdkCalls, unfollowWrapperModule, wrapsSender, writesPathText, importsSdk, reexports, SDK_METHOD_TEXT, sendsRequests } from './gates.js';
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

/** Text of a module that may read an async thunk's payload: a reducer of its `fulfilled` action, or its dispatch unwrapped. */
const THUNK_READ_TEXT = /\.fulfilled\b|\.unwrap\(\)/;

/** How far calls are followed: the linted file's callee, its callees, and theirs (a service over a verb wrapper over the function that sends). */
const MAX_DEPTH = 3;

/** What analyseLinkedModules is given: the modules that import the linted file, and how to look at them. */
export interface LinkedModulesInput {
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
  /**
   * The linted file's calls a handed client may reach (handedSdkCalls): once the senders looked at so
   * far reach them all, the others can add nothing (what is handed in is never certain).
   */
  handedCalls?: readonly TSESTree.Node[];
}

export function analyseLinkedModules(
  linted: ModuleRecord,
  register: CompiledRegister,
  { importers, senders: senderPaths, onlyHandClients = false, through = [], handedCalls = [] }: LinkedModulesInput = { importers: [], senders: [] },
): LinkedAnalysis {
  const requests: ResolvedRequest[] = [];
  const uses: Use[] = [];
  const consumed = new Set<TSESTree.Node>();
  const seen = new Set<ModuleRecord>([linted]);
  // Their code reads what the linted file exports (its responses, its objects). Not for clients handed
  // in: what those reach in the linted file is found from the senders (each joined as it is looked at),
  // and the other importers' reads of it are theirs to report.
  if (!onlyHandClients) {
    for (const path of importers) {
      const importer = moduleAt(path);
      if (importer) joinProgram(importer);
    }
  }
  /**
   * A module whose functions may send: it names an HTTP client itself, imports the SDK (or a module
   * that does: a client made there), or is a barrel that passes on a module that sends. Glean paths
   * alone make a table, not a request.
   */
  const worthFollowing = (path: string): boolean =>
    textFacts(path, sendsRequests)?.marked === true ||
    moduleIsMarked(path, importsSdk) ||
    (textFacts(path, reexports)?.marked === true && moduleIsMarked(path, sendsRequests, reexports)) ||
    // A subclass of a class that sends (`class GleanApi extends BaseHttp`, BaseHttp imported): its instances' `post(…)` is BaseHttp's.
    (textFacts(path, extendsClass)?.marked === true && moduleIsMarked(path, sendsRequests, undefined, 2)) ||
    // Functions bound there (`export const post = call.bind(null, 'POST')`, `call` imported): their calls run that module's function.
    (textFacts(path, bindsFunctions)?.marked === true && moduleIsMarked(path, sendsRequests, undefined, 2)) ||
    // A composition root: it hands what it is given to code that calls SDK methods on it (`makeWorkers(glean).search.run(q)`).
    handsToSdkCalls(path);
  if (onlyHandClients) {
    // Importers looked at only for the clients they hand the linted file: what they call elsewhere is theirs.
    handClients(linted, register, senderPaths, through, handedCalls, requests, uses);
  }
  const senders = onlyHandClients ? [] : senderPaths.flatMap((path) => moduleAt(path) ?? []);
  // Importers are joined above; a relayed sender (the composition root behind a registry, which imports the linted file's importer) is joined here.
  for (const sender of senders) {
    seen.add(sender);
    joinProgram(sender);
  }
  let level: ModuleRecord[] = [linted, ...senders];
  const found: ModuleRecord[] = [...senders];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: ModuleRecord[] = [];
    for (const record of level) {
      for (const callee of calledModules(record, worthFollowing, register, wrapsSender)) {
        // A sender looked at for the clients it hands (handClients) is not followed as a callee too.
        if (seen.has(callee) || (onlyHandClients && senderPaths.includes(callee.path))) continue;
        seen.add(callee);
        joinProgram(callee);
        found.push(callee);
        next.push(callee);
      }
    }
    level = next;
  }
  for (const record of found) {
    const sdk = analyseSdk(record.sourceCode, register, sdkContextForFile(record.path));
    const urls = analyseUrls(record.sourceCode, register);
    requests.push(...urls.requests, ...sdk.requests);
    uses.push(...urls.uses, ...sdk.uses);
    for (const node of urls.judged ?? []) if (programOf(node) === linted.ast) consumed.add(node);
  }
  return { requests, uses, consumed };
}

/**
 * The requests and uses the senders' clients make in the linted file, followed into the linted file's
 * functions, the senders' own and those of the modules in between (`through`). Senders are parsed and
 * analysed one by one, until every call a handed client may reach is reached.
 */
function handClients(
  linted: ModuleRecord,
  register: CompiledRegister,
  senderPaths: readonly string[],
  through: readonly string[],
  handedCalls: readonly TSESTree.Node[],
  requests: ResolvedRequest[],
  uses: Use[],
): void {
  const trees = [linted.ast, ...through.flatMap((path) => moduleAt(path)?.ast ?? [])];
  const unreached = new Set(handedCalls);
  for (const path of senderPaths) {
    if (handedCalls.length > 0 && unreached.size === 0) return;
    const record = moduleAt(path);
    if (!record || record === linted) continue;
    // Its holders' reads (`answersWith(context)` of an imported `context = { glean }`) are found in it.
    joinProgram(record);
    const sdk = followingParametersInto([...trees, record.ast], () => analyseSdk(record.sourceCode, register, sdkContextForFile(record.path)));
    for (const request of sdk.requests) {
      if (programOf(request.node) !== linted.ast) continue;
      requests.push(request);
      unreached.delete(request.node);
    }
    uses.push(...sdk.uses.filter((use) => programOf(use.node) === linted.ast));
  }
}

/**
 * The other modules whose functions a module calls (through imported names, namespaces, and instances
 * of imported classes), among those `worthFollowing` lets through: checked on the imported module's
 * text before any callee is resolved, since resolving one may parse the modules it leads through.
 */
function calledModules(record: ModuleRecord, worthFollowing: (path: string) => boolean, register: CompiledRegister, wraps: (path: string) => boolean): Set<ModuleRecord> {
  const sourceCode = record.sourceCode;
  const scope = record.globalScope;
  const modules = new Set<ModuleRecord>();
  /** Whether calls through an imported binding are followed: always, only when they give a path (`'path'`: a module of wrappers over another's), or never. */
  const verdicts = new Map<TSESLint.Scope.Variable, boolean | 'path'>();
  /** The module a followed binding was imported from, when it declares a subclass: the class chain runs through it. */
  const subclassModules = new Map<TSESLint.Scope.Variable, string>();
  /** The same callee written again (`M.json(…)` in every branch) resolves the same way. */
  const callees = new Map<string, ModuleRecord | null>();
  /** A callee bound with `.bind` in a module other than its own (`export const post = call.bind(null, 'POST')`): that module, where the calls are tied to the function. */
  const bindModules = new Map<string, ModuleRecord>();
  for (const node of inventoryOf(sourceCode).calls) {
    if (node.type !== AST_NODE_TYPES.CallExpression) continue;
    // `trpc.search.run.query(input)`: the router's module, where the procedure's resolver is (the client is typed by it only).
    const procedureHome = procedureModule(node, sourceCode);
    if (procedureHome) {
      modules.add(procedureHome);
      continue;
    }
    const binding = importedRoot(node.callee, scope);
    if (!binding) continue;
    let worth = verdicts.get(binding);
    if (worth === undefined) {
      const path = moduleSpecifierPath(binding, record);
      // A module of wrappers over another's is only looked at (its imports walked) for a call that gives a path.
      worth = path !== undefined && (worthFollowing(path) || (wrapsAnother(path) && 'path'));
      verdicts.set(binding, worth);
      if (worth && textFacts(path!, extendsClass)?.marked === true) subclassModules.set(binding, path!);
    }
    if (!worth) continue;
    let wrapperPath: string | undefined;
    if (worth === 'path') {
      // A call that gives a path, or any call of a module that reads or writes a deprecated field (`(await searchDocs(q)).results[0]…snippet`).
      if (!givesPath(node, record, register) && !(register.mightNameField(record.text) && (resultIsRead(node) || givesObject(node)))) continue;
      // Asked once per binding, at its first such call.
      wrapperPath = moduleSpecifierPath(binding, record)!;
      if (!wraps(wrapperPath)) {
        verdicts.set(binding, false);
        continue;
      }
      verdicts.set(binding, true);
      // Its names are followed into it, although its text names nothing of Glean's: while its function is looked at, and after if it sends.
      followWrapperModule(wrapperPath);
    }
    const shape = calleeShape(node.callee, binding);
    let callee = shape === undefined ? undefined : callees.get(shape);
    if (callee === undefined) {
      const fn = resolveCallee(node, scope);
      const program = fn && programOf(fn);
      const home = program && program !== record.ast ? recordOfProgram(program) : undefined;
      callee = home && sendsFrom(fn!, home, register, SENDS_DEPTH) ? home : (boundSdkMethodModule(node, scope, record) ?? rtkApiModule(node, scope, record) ?? storeModule(node, record) ?? zustandStoreModule(node, record) ?? null);
      if (shape !== undefined) callees.set(shape, callee);
      const bind = bindOfCall(node);
      const bindModule = callee && bind ? recordOfProgram(programOf(bind)) : undefined;
      if (bindModule && bindModule !== record && bindModule !== callee && shape !== undefined) bindModules.set(shape, bindModule);
    }
    if (wrapperPath !== undefined && !callee) {
      // Not a wrapper of a sender after all (`M.json(…)` of a module that imports the one that sends): no more of it.
      unfollowWrapperModule(wrapperPath);
      verdicts.set(binding, false);
      continue;
    }
    if (callee) {
      modules.add(callee);
      const bindModule = shape === undefined ? undefined : bindModules.get(shape);
      if (bindModule) modules.add(bindModule);
      // `http.chat(…)` of `export const http = createGleanClient(…)` in a third module: the call that made it is there.
      const holder = holderModule(binding);
      if (holder && holder !== callee && holder !== record) modules.add(holder);
      // `new GleanApi().post(…)`, `post` inherited from another module's BaseHttp: GleanApi's module is where the chain is told.
      const through = subclassModules.get(binding);
      const subclassModule = through !== undefined && through !== callee.path ? moduleAt(through) : undefined;
      if (subclassModule) modules.add(subclassModule);
    }
  }
  // A fetcher handed to SWR (`useSWR(key, getJson)`) is called by it with the key.
  for (const node of inventoryOf(sourceCode).calls) {
    if (node.type !== AST_NODE_TYPES.CallExpression) continue;
    const fetcher = keyedFetcherOf(node);
    if (fetcher?.type !== AST_NODE_TYPES.Identifier && fetcher?.type !== AST_NODE_TYPES.MemberExpression) continue;
    followHandedFunction(fetcher);
  }
  // A function handed to a runner (`useMutation({ mutationFn: gleanSearch })`) is called by it.
  for (const object of inventoryOf(sourceCode).objects) {
    for (const property of object.properties) {
      if (property.type !== AST_NODE_TYPES.Property || !RUNNER_OPTION_KEYS.has(staticKeyName(property) ?? '')) continue;
      // `mutationFn: gleanSearch`, `mutationFn: api.gleanSearch` (a namespace's or a required module's).
      if (property.value.type === AST_NODE_TYPES.Identifier || property.value.type === AST_NODE_TYPES.MemberExpression) followHandedFunction(property.value);
    }
  }
  // An async thunk imported from a module that sends (`builder.addCase(runSearch.fulfilled, …)`, `dispatch(runSearch(q)).unwrap()`):
  // its module, where the payload creator resolves to the action's payload.
  if (THUNK_READ_TEXT.test(sourceCode.text)) {
    for (const node of inventoryOf(sourceCode).calls) {
      if (node.type !== AST_NODE_TYPES.CallExpression) continue;
      const [first] = node.arguments;
      const fulfilled = first?.type === AST_NODE_TYPES.MemberExpression && staticKeyName(first) === 'fulfilled' ? first.object : undefined;
      const thunk = fulfilled ?? (node.callee.type === AST_NODE_TYPES.Identifier ? node.callee : undefined);
      if (thunk?.type === AST_NODE_TYPES.Identifier) followThunk(thunk);
    }
  }
  // An atom imported from a module that sends (`useAtomValue(resultsAtom)`): its module, where its read function resolves to the hook's value.
  if (ATOM_READ_TEXT.test(sourceCode.text)) {
    for (const node of inventoryOf(sourceCode).calls) {
      if (node.type !== AST_NODE_TYPES.CallExpression) continue;
      const program = atomModuleOf(node, sourceCode);
      const home = program && recordOfProgram(program);
      if (home && home !== record && worthFollowing(home.path)) modules.add(home);
    }
  }
  // `proxyActivities<typeof activities>()`: the activities' module, where each activity a workflow calls returns its result.
  for (const proxy of proxyCalls(sourceCode)) {
    const path = activitiesModuleOf(proxy, sourceCode);
    const home = path !== undefined && worthFollowing(path) ? moduleAt(path) : undefined;
    if (home && home !== record) modules.add(home);
  }
  return modules;

  /** Joins the module of an imported async thunk whose payload creator sends. */
  function followThunk(name: TSESTree.Identifier): void {
    const binding = findVariable(scope, name);
    const specifier = binding && isModuleBinding(binding) ? moduleSpecifierOf(binding) : undefined;
    const path = specifier === undefined ? undefined : resolveImport(record.path, specifier);
    if (path === undefined || !worthFollowing(path) || !isAsyncThunk(name, scope)) return;
    const made = unwrap(resolveExpression(name, scope) ?? name) as TSESTree.CallExpression;
    const fn = made.arguments[1];
    const home = recordOfProgram(programOf(made));
    if (fn && isFunction(fn) && home && home !== record && sendsFrom(fn, home, register, SENDS_DEPTH)) modules.add(home);
  }

  /** Joins the module of an imported function a library runs, when it sends. */
  function followHandedFunction(handed: TSESTree.Identifier | TSESTree.MemberExpression): void {
    const root = leftmostName(handed);
    const binding = root && findVariable(scope, root);
    const specifier = binding && isModuleBinding(binding) ? moduleSpecifierOf(binding) : undefined;
    const path = specifier === undefined ? undefined : resolveImport(record.path, specifier);
    if (path === undefined || !worthFollowing(path)) return;
    const fn = resolveFunction(handed, scope);
    const home = fn && recordOfProgram(programOf(fn));
    if (fn && home && home !== record && sendsFrom(fn, home, register, SENDS_DEPTH)) modules.add(home);
  }
}

/** The module of the RTK Query api whose generated hook a call is (`useSearchQuery(q)` of `export const { useSearchQuery } = gleanApi`). */
function rtkApiModule(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope, record: ModuleRecord): ModuleRecord | undefined {
  const hook = rtkHookCall(call, scope);
  const home = hook && recordOfProgram(programOf(hook.api));
  return home && home !== record ? home : undefined;
}

/** A Pinia store's module, for a call that makes the store (`useSearchStore()`): its actions may keep a response in the state this module reads. */
function storeModule(call: TSESTree.CallExpression, record: ModuleRecord): ModuleRecord | undefined {
  const store = storeMadeBy(call, record.sourceCode);
  const home = store && recordOfProgram(programOf(store.define));
  return home && home !== record ? home : undefined;
}

/** A zustand store's module, for a call that reads the store (`useSearchStore((s) => s.results)`, `useSearchStore.getState()`): its `set` may write a response into the state. */
function zustandStoreModule(call: TSESTree.CallExpression, record: ModuleRecord): ModuleRecord | undefined {
  const store = storeReadBy(call, record.sourceCode);
  const home = store && recordOfProgram(programOf(store.made));
  return home && home !== record ? home : undefined;
}

/** The module of a tRPC procedure's resolver, for a client's call of it (`trpc.search.run.query(input)`). */
function procedureModule(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): ModuleRecord | undefined {
  const program = procedureModuleOf(call, sourceCode);
  return program && recordOfProgram(program);
}

/**
 * The module that defines the value an imported name stands for (through barrels): a variable there,
 * or an exported expression (`module.exports = { http: createGleanClient(…) }`).
 */
function holderModule(binding: TSESLint.Scope.Variable): ModuleRecord | undefined {
  const linked = followImports(binding);
  if (linked?.kind === 'value') return recordOfProgram(programOf(linked.node));
  const definition = linked?.kind === 'variable' ? linked.variable.defs[0] : undefined;
  return definition?.type === 'Variable' ? recordOfProgram(programOf(definition.name)) : undefined;
}

/** What wrapsSender asks first, of the module's text alone: it exports something. */
const wrapsAnother = (path: string): boolean => textFacts(path, carriesValues)?.marked === true;

function moduleSpecifierPath(binding: TSESLint.Scope.Variable, record: ModuleRecord): string | undefined {
  const specifier = moduleSpecifierOf(binding);
  return specifier === undefined ? undefined : resolveImport(record.path, specifier);
}

/**
 * Whether a call gives a path or URL as one of its arguments: written there (`gleanPost('/listanswers',
 * body)`, `` `/agents/${id}` ``, `BASE + '/search'`), a local constant's, or a name imported from a module
 * whose text holds paths. Told without following anything into another module: on code that calls
 * many imported functions, this is asked of every argument.
 */
function givesPath(call: TSESTree.CallExpression, record: ModuleRecord, register: CompiledRegister): boolean {
  return call.arguments.some((argument) => argument.type !== AST_NODE_TYPES.SpreadElement && isPathArgument(argument, record, register, 0));
}

function isPathArgument(node: TSESTree.Node, record: ModuleRecord, register: CompiledRegister, depth: number): boolean {
  const value = unwrap(node);
  switch (value.type) {
    // A path, a URL, or an operation's own name that a wrapper joins to its base (`run('getusercount')`).
    case AST_NODE_TYPES.Literal:
      return typeof value.value === 'string' && (PATH_TEXT.test(value.value) || register.isGleanSegment(value.value));
    // `run({ op: 'getusercount', payload })`: the object's values.
    case AST_NODE_TYPES.ObjectExpression:
      return depth < 2 && value.properties.some((property) => property.type === AST_NODE_TYPES.Property && isPathArgument(property.value, record, register, depth + 1));
    case AST_NODE_TYPES.TemplateLiteral:
      return value.quasis.some((quasi) => (quasi.value.cooked ?? '').includes('/')) || value.expressions.some((expression) => isPathArgument(expression, record, register, depth + 1));
    case AST_NODE_TYPES.BinaryExpression:
      return value.operator === '+' && (isPathArgument(value.left, record, register, depth + 1) || isPathArgument(value.right, record, register, depth + 1));
    case AST_NODE_TYPES.Identifier:
    case AST_NODE_TYPES.MemberExpression: {
      const root = leftmostName(value);
      const variable = root && findVariable(record.globalScope, root);
      if (!variable || variable.defs.length === 0) return false;
      if (isModuleBinding(variable)) {
        const path = moduleSpecifierPath(variable, record);
        return path !== undefined && textFacts(path, writesPathText)?.marked === true;
      }
      const initializer = depth < 2 && value.type === AST_NODE_TYPES.Identifier ? constantInitializer(value, record.globalScope) : undefined;
      return initializer !== undefined && isPathArgument(initializer, record, register, depth + 1);
    }
    default:
      return false;
  }
}

/** Whether what a call returns is kept or read (`const data = await search(q)`, `(await search(q)).results`, `return search(q)`), not handed to another call. */
function resultIsRead(call: TSESTree.CallExpression): boolean {
  let node: TSESTree.Node = call;
  while (node.parent && (node.parent.type === AST_NODE_TYPES.AwaitExpression || node.parent.type === AST_NODE_TYPES.TSAsExpression || node.parent.type === AST_NODE_TYPES.TSNonNullExpression || node.parent.type === AST_NODE_TYPES.ChainExpression)) node = node.parent;
  const parent = node.parent;
  switch (parent?.type) {
    case AST_NODE_TYPES.VariableDeclarator:
      return parent.init === node;
    case AST_NODE_TYPES.MemberExpression:
      return parent.object === node;
    case AST_NODE_TYPES.AssignmentExpression:
      return parent.right === node;
    case AST_NODE_TYPES.ReturnStatement:
      return true;
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return parent.body === node;
    default:
      return false;
  }
}

/** Whether a call is given an object written in place (a payload whose keys may be deprecated fields). */
function givesObject(call: TSESTree.CallExpression): boolean {
  return call.arguments.some((argument) => unwrap(argument).type === AST_NODE_TYPES.ObjectExpression);
}

/** Text that starts a path, or holds a URL's scheme. */
const PATH_TEXT = /^\/|:\/\//;


/**
 * `search(q)` of `export const search = glean.client.search.query.bind(glean.client.search)` in a module
 * that imports the SDK: that module, whose analysis of the bound method follows the calls made here.
 */
function boundSdkMethodModule(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope, record: ModuleRecord): ModuleRecord | undefined {
  if (unwrap(call.callee).type !== AST_NODE_TYPES.Identifier) return undefined;
  const bind = bindCallHeld(call.callee, scope);
  const home = bind && recordOfProgram(programOf(bind));
  return home && home !== record && moduleIsMarked(home.path, importsSdk) ? home : undefined;
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
  if (FUNCTION_REQUEST_TEXT.test(text) || callsSdkMethodsText(text) || importsSdk(text)) return true;
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
 * The calls of a module that a client it is handed may reach (`sdk.client.agents.retrieve(…)`): a chain
 * of the SDK's method names that starts at `this` (a field a constructor may keep) or at a name local
 * to a function (a parameter, or what was taken from one). A module with such calls is analysed with
 * its importers, which may hand it a client; one that calls the SDK only on its own module-level
 * client has no need of them.
 */
export function handedSdkCalls(sourceCode: TSESLint.SourceCode): TSESTree.CallExpression[] {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope || !callsSdkMethodsText(sourceCode.text)) return [];
  return inventoryOf(sourceCode).calls.filter((call): call is TSESTree.CallExpression => {
    if (call.type !== AST_NODE_TYPES.CallExpression) return false;
    const names: string[] = [];
    let node = unwrap(call.callee);
    while (node.type === AST_NODE_TYPES.MemberExpression && !node.computed && node.property.type === AST_NODE_TYPES.Identifier) {
      names.unshift(node.property.name);
      node = unwrap(node.object);
    }
    if (names.length < 2) return false;
    if (node.type === AST_NODE_TYPES.ThisExpression) return SDK_METHOD_TEXT.test(`.${names.join('.')}(`);
    if (node.type !== AST_NODE_TYPES.Identifier) return false;
    const variable = findVariable(scope, node);
    if (variable === null || variable.scope.type === 'module' || variable.scope.type === 'global') return false;
    // The root's name counts too: a destructured sub-client (`client.agents.retrieve(…)`), also renamed (`{ client: api }`).
    return SDK_METHOD_TEXT.test(`${destructuredKey(variable) ?? node.name}.${names.join('.')}(`);
  });
}

/** The key a variable was destructured from (`client` of `{ client: api }`), if it was. */
function destructuredKey(variable: TSESLint.Scope.Variable): string | undefined {
  const name = variable.defs[0]?.name;
  let value: TSESTree.Node | undefined = name;
  if (value?.parent?.type === AST_NODE_TYPES.AssignmentPattern && value.parent.left === value) value = value.parent;
  const property = value?.parent;
  return property?.type === AST_NODE_TYPES.Property && property.value === value && property.parent?.type === AST_NODE_TYPES.ObjectPattern ? staticKeyName(property) : undefined;
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
 * The imported (or required) name a callee starts from: its leftmost name, or the class or factory a
 * constant of it was made by (`const http = new GleanHttp(base)`; `http.post(…)`, `const workers =
 * makeWorkers(glean)`; `workers.search.run(q)`).
 */
function importedRoot(callee: TSESTree.Node, scope: TSESLint.Scope.Scope, depth = 0): TSESLint.Scope.Variable | undefined {
  const root = leftmostName(callee) ?? superClassName(callee);
  const variable = root && findVariable(scope, root);
  if (variable && variable.defs.length > 0) {
    if (isModuleBinding(variable)) return variable;
    if (depth > 0) return undefined;
    const made = constantInitializer(root!, scope);
    const value = made && unwrap(made);
    // `const workers = makeWorkers(glean)`: what an imported factory returns leads into its module.
    if (value?.type === AST_NODE_TYPES.NewExpression || value?.type === AST_NODE_TYPES.CallExpression) return importedRoot(value.callee, scope, depth + 1);
  }
  // `this.search.find(q)` of `constructor(private readonly search: SearchService)`, `s.find(q)` of `(s: SearchService)`: the class's module.
  const member = unwrap(callee);
  const typeName = depth === 0 && member.type === AST_NODE_TYPES.MemberExpression ? annotatedTypeName(member.object, scope) : undefined;
  return typeName && importedRoot(typeName, scope, depth + 1);
}

/** `this.post` in a class that extends a named class (`class GleanApi extends BaseHttp`): that name, whose module may define `post`. */
function superClassName(callee: TSESTree.Node): TSESTree.Identifier | undefined {
  const node = unwrap(callee);
  if (node.type !== AST_NODE_TYPES.MemberExpression || unwrap(node.object).type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const superClass = enclosingClass(node)?.superClass;
  return superClass ? leftmostName(superClass) : undefined;
}

