import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { HTTP_METHODS, type HttpMethod } from '../register/types.js';
import { assignsValue, constantInitializer, findDeclared, findProperty, findVariable, followImports, isEmptyValue, memberValue, resolveExpression, resolveObject, staticKeyName, staticValue, unwrap } from '../util/resolve.js';
import { forEachReturned, isFunction, parameterValues, resolveCallee, resolveFunction, type FunctionNode } from '../flow/functions.js';
import { classMemberValues, thisMemberValues } from '../flow/values.js';
import { enclosingClass, memberName, parameterProperties } from '../flow/class-members.js';
import { programOf, withinModules } from '../util/linking.js';
import { isNestHttpRegistration, nestRegisteredHttp } from '../flow/nest-modules.js';
import { importedAs, moduleSpecifierOf, recordOfProgram, reexportSpecifiers, resolveImport, textFacts } from '../modules/index.js';
import {
  BODY_KEYS,
  BODY_PARSING_CLIENTS,
  OPTIONS_ONLY_KEYS,
  BODY_WRITERS,
  CLIENT_FACTORIES,
  METHOD_KEY,
  REQUEST_BASE_OPTIONS,
  REST_DATA_SOURCE_BASE,
  REST_DATA_SOURCE_CLASS,
  REST_DATA_SOURCES,
  namesRequest,
  REQUEST_FUNCTIONS,
  SERIALISERS,
  URL_KEYS,
  VERB_METHODS,
  VERBS_WITH_DATA,
} from './http-clients.js';

/**
 * Recognises places that send an HTTP request, by shape: `fetch(url, init)`, `axios.post(url, data)`,
 * `axios({ url, method })`, `https.request(url, options)`, `UrlFetchApp.fetch(url, params)`, and
 * option objects that carry both a URL and a method. The URL itself decides whether a request goes to
 * Glean; this module only says where its method and body are.
 */

type Scope = TSESLint.Scope.Scope;

export interface RequestSite {
  /** The call that sends the request, or the options object for a request described in data. */
  node: TSESTree.CallExpression | TSESTree.NewExpression | TSESTree.ObjectExpression;
  url: TSESTree.Node;
  /** The base URL a client was created with (`axios.create({ baseURL })`), joined before `url`. */
  base?: TSESTree.Node;
  /**
   * The calls of the project's functions that made the client, from the use outwards (`createHttp(GLEAN_REST)`
   * of `function createHttp(base) { return axios.create({ baseURL: base }) }`): their arguments fill the
   * functions' parameters that `base` reads.
   */
  baseMadeBy?: readonly FactoryStep[];
  /** Undefined when the method cannot be known statically. */
  method: HttpMethod | undefined;
  /** The expression that gives the method when it is not known statically (a wrapper's parameter). */
  methodNode?: TSESTree.Node;
  /** True when the callee is a known HTTP client or request function (`fetch`, `axios.post`, …). */
  knownClient?: boolean;
  /** The payload expression (inside `JSON.stringify(…)`), when the request has a visible body. */
  body?: TSESTree.Node;
  /** The awaited result is the parsed body itself (ofetch and its instances), not a response object. */
  parsesBody?: boolean;
  /** The URL is resolved against the base as `new URL(url, base)` does (an Apollo REST data source's), not joined to it. */
  resolvesAgainstBase?: boolean;
  /**
   * The name the request's options come in by, when neither the method nor the body is written here
   * (`fetch(url, init)`, `fetch(url, { ...init, headers })`): a wrapper's caller gives them.
   */
  optionsNode?: TSESTree.Identifier;
  /** Functions RTK Query hands the parsed body first (an endpoint's `transformResponse`). */
  resultCallbacks?: FunctionNode[];
  /** An RTK Query endpoint's request: its api's `createApi`/`injectEndpoints` call and its name, whose generated hooks' `data` is the body. */
  rtkEndpoint?: { api: TSESTree.CallExpression; endpoint: string };
}

export function calleeName(node: TSESTree.CallExpression | TSESTree.NewExpression, scope?: Scope): string | undefined {
  const callee = unwrap(node.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (callee.type === AST_NODE_TYPES.MemberExpression) return staticKeyName(callee, scope);
  return undefined;
}

function staticMethod(node: TSESTree.Node, scope: Scope): HttpMethod | undefined {
  const value = staticValue(node, scope)?.value;
  if (typeof value !== 'string') return undefined;
  const upper = value.toUpperCase();
  return (HTTP_METHODS as readonly string[]).includes(upper) ? (upper as HttpMethod) : undefined;
}

function methodNodeOf(facts: OptionsFacts): { methodNode?: TSESTree.Node } {
  return facts.methodNode ? { methodNode: facts.methodNode } : {};
}

/** `JSON.stringify(x)` → `x`; anything else is its own payload. */
export function unwrapSerialised(node: TSESTree.Node, scope: Scope): TSESTree.Node {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.CallExpression || inner.arguments.length === 0) return inner;
  const callee = unwrap(inner.callee);
  if (
    callee.type === AST_NODE_TYPES.MemberExpression &&
    callee.object.type === AST_NODE_TYPES.Identifier &&
    SERIALISERS.includes(`${callee.object.name}.${staticKeyName(callee, scope) ?? ''}`)
  ) {
    return unwrap(inner.arguments[0]!);
  }
  return inner;
}

interface OptionsFacts {
  url?: TSESTree.Node;
  /** `null` when the object has no method key (the client's default applies); undefined when unknown. */
  method: HttpMethod | null | undefined;
  methodNode?: TSESTree.Node;
  body?: TSESTree.Node;
}

/** Reads URL, method and body from an options object (`{ url, method, data }`, fetch's init, …). */
export function readOptions(object: TSESTree.ObjectExpression, scope: Scope): OptionsFacts {
  const facts: OptionsFacts = { method: null };
  const url = URL_KEYS.map((key) => findProperty(object, key, scope)).find((found) => found !== undefined);
  if (url && url !== 'unknown') facts.url = url.value;
  const method = findProperty(object, METHOD_KEY, scope);
  if (method === 'unknown') facts.method = undefined;
  else if (method) {
    facts.method = staticMethod(method.value, scope);
    if (!facts.method) facts.methodNode = method.value;
  }
  for (const key of BODY_KEYS) {
    const body = findProperty(object, key, scope);
    if (body && body !== 'unknown') {
      facts.body = unwrapSerialised(body.value, scope);
      break;
    }
  }
  return facts;
}

/**
 * Whether the second argument of `client.post(url, x)` is an options object (got, ky: `{ json }`,
 * fetch-like wrappers: `{ body: JSON.stringify(…) }`) rather than the payload itself (axios). Glean
 * payloads have keys named `body` too (an announcement's text), so a `body` key alone does not decide.
 */
function isOptionsObject(object: TSESTree.ObjectExpression, scope: Scope): boolean {
  // A key that may come from a spread (`'unknown'`) decides nothing.
  if (OPTIONS_ONLY_KEYS.some((key) => typeof findProperty(object, key, scope) === 'object')) return true;
  const body = findProperty(object, 'body', scope);
  if (!body || body === 'unknown') return false;
  const value = unwrap(body.value);
  return unwrapSerialised(value, scope) !== value || value.type === AST_NODE_TYPES.TemplateLiteral || (value.type === AST_NODE_TYPES.Literal && typeof value.value === 'string');
}

/** A call of a project function that returns a client (`createHttp(base)`), and that function. */
export interface FactoryStep {
  fn: FunctionNode;
  call: TSESTree.CallExpression;
}

/** The base URL of a client made by `axios.create({ baseURL })` and the like, if `object` is one. */
function clientBase(object: TSESTree.Node, scope: Scope, sourceCode: TSESLint.SourceCode | undefined, handed = false, depth = 0): TSESTree.Node | undefined {
  return clientBaseMade(object, scope, sourceCode, handed, depth)?.base;
}

/** clientBase with the calls of the project's functions that made the client (RequestSite's baseMadeBy). */
function clientBaseMade(object: TSESTree.Node, scope: Scope, sourceCode: TSESLint.SourceCode | undefined, handed = false, depth = 0): { base: TSESTree.Node; madeBy: readonly FactoryStep[] } | undefined {
  const made = factoryCall(object, scope, sourceCode, handed);
  const options = made && resolveObject(made.call.arguments[0]!, scope);
  if (!made || !options) return undefined;
  let unknown = false;
  for (const key of made.keys) {
    const found = findProperty(options, key, scope);
    if (found === 'unknown') unknown = true;
    else if (found) return { base: found.value, madeBy: made.madeBy };
  }
  // `api = base.extend({ headers })` (got, ky): a child instance keeps its parent's base.
  const callee = unwrap(made.call.callee);
  if (!unknown && depth < 3 && callee.type === AST_NODE_TYPES.MemberExpression && staticKeyName(callee, scope) === 'extend') {
    const parent = clientBaseMade(callee.object, scope, sourceCode, handed, depth + 1);
    return parent && { base: parent.base, madeBy: [...made.madeBy, ...parent.madeBy] };
  }
  return undefined;
}

/** A site's base and the project's calls that made its client, when there were any. */
function baseOf({ base, madeBy }: { base: TSESTree.Node; madeBy: readonly FactoryStep[] }): Pick<RequestSite, 'base' | 'baseMadeBy'> {
  return madeBy.length > 0 ? { base, baseMadeBy: madeBy } : { base };
}

/**
 * Whether a call sends through an instance a client factory made (`this.http.get(path)` with
 * `http = axios.create({ … })`): a request even where the module's text names no verb that carries a
 * body (what tells a function that sends, before its module is analysed).
 */
export function isClientInstanceCall(call: TSESTree.CallExpression, scope: Scope, sourceCode: TSESLint.SourceCode): boolean {
  const callee = unwrap(call.callee);
  if (call.arguments.length === 0) return false;
  // `gleanRest(path, options)`: an instance called itself (ofetch's, axios's).
  if (callee.type === AST_NODE_TYPES.Identifier) return factoryCall(callee, scope, sourceCode) !== undefined;
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const name = staticKeyName(callee, scope);
  if (name === 'raw') return madeByBodyParser(callee.object, scope, sourceCode);
  return name !== undefined && VERB_METHODS[name] !== undefined && factoryCall(callee.object, scope, sourceCode) !== undefined;
}

/** The client factory's call that made an instance (`axios.create({ baseURL })`), and the keys of its base URL option. */
function factoryCall(
  object: TSESTree.Node,
  scope: Scope,
  sourceCode: TSESLint.SourceCode | undefined,
  handed = false,
): { call: TSESTree.CallExpression; keys: readonly string[]; madeBy: readonly FactoryStep[] } | undefined {
  let client = unwrap(object);
  // got's `instance.stream.post(…)` streams through the instance's own options.
  if (client.type === AST_NODE_TYPES.MemberExpression && staticKeyName(client, scope) === 'stream') client = unwrap(client.object);
  const madeBy: FactoryStep[] = [];
  // A few steps from where the instance is used to where it is made: names, members, getters, the
  // functions that return it (a lazy singleton's `getClient()`, `createHttp(base)`), awaited or assigned on first use.
  for (let step = 0; step < MAX_CLIENT_STEPS; step++) {
    if (client.type === AST_NODE_TYPES.CallExpression) {
      const factory = client.arguments.length > 0 ? calleeName(client, scope) : undefined;
      const keys = factory === undefined ? undefined : (CLIENT_FACTORIES[factory] ?? (isNestHttpRegistration(client, scope) ? NEST_HTTP_BASE_KEYS : undefined));
      if (keys) return { call: client, keys, madeBy };
      const fn = sourceCode ? resolveCallee(client, scope) : undefined;
      if (!fn) return undefined;
      const returned: TSESTree.Node[] = [];
      forEachReturned(fn, sourceCode!, (value) => returned.push(value));
      if (returned.length !== 1) return undefined;
      madeBy.push({ fn, call: client });
      client = unwrap(returned[0]!);
      continue;
    }
    const next = clientSource(client, scope, sourceCode, handed);
    if (!next) return undefined;
    client = unwrap(next);
  }
  return undefined;
}

/**
 * A parameter's default (`constructor(private readonly http = gleanRest)`, `function send(path, http =
 * gleanApi)`): counted as the instance, as a client parameter's default is, though a caller may pass another.
 */
function parameterDefault(name: TSESTree.Identifier, scope: Scope): TSESTree.Node | undefined {
  const definition = findVariable(scope, name)?.defs[0];
  const pattern = definition?.type === 'Parameter' ? definition.name.parent : undefined;
  return pattern?.type === AST_NODE_TYPES.AssignmentPattern && pattern.left === definition!.name ? pattern.right : undefined;
}

/** Whether an instance was made by a client whose calls resolve to the parsed body (`ofetch.create(…)`, `$fetch.create(…)`), or is such a client. */
function madeByBodyParser(object: TSESTree.Node, scope: Scope, sourceCode: TSESLint.SourceCode | undefined, depth = 0): boolean {
  const value = unwrap(object);
  if (value.type === AST_NODE_TYPES.Identifier && BODY_PARSING_CLIENTS.has(value.name)) return true;
  const made = depth < 3 ? factoryCall(object, scope, sourceCode) : undefined;
  const factory = made && unwrap(made.call.callee);
  const maker = factory?.type === AST_NODE_TYPES.MemberExpression ? unwrap(factory.object) : undefined;
  return maker !== undefined && madeByBodyParser(maker, scope, sourceCode, depth + 1);
}

/** The option of `HttpModule.register(options)` (NestJS) that gives its HttpService's axios instance a base. */
const NEST_HTTP_BASE_KEYS: readonly string[] = ['baseURL'];

/** How many steps factoryCall takes from an instance's use towards the call that made it. */
const MAX_CLIENT_STEPS = 6;

/** One step from an expression that holds a client instance towards where it is made; undefined when there is none to take. */
function clientSource(client: TSESTree.Node, scope: Scope, sourceCode: TSESLint.SourceCode | undefined, handed: boolean): TSESTree.Node | undefined {
  switch (client.type) {
    case AST_NODE_TYPES.AwaitExpression:
      return client.argument;
    // `(client ??= axios.create({ baseURL }))`: made on first use, the same instance after.
    case AST_NODE_TYPES.AssignmentExpression:
      return assignsValue(client) ? client.right : undefined;
    case AST_NODE_TYPES.Identifier:
      return (
        constantInitializer(client, scope) ??
        assignedOnce(client, scope) ??
        parameterDefault(client, scope) ??
        (handed ? handedInstance(client, undefined, scope, sourceCode) : undefined) ??
        // `constructor(private readonly http: HttpService)` of NestJS: the options its module registers.
        nestRegisteredHttp(client, scope)
      );
    case AST_NODE_TYPES.MemberExpression: {
      // `this.http.axiosRef.post(…)`: NestJS's HttpService's own axios instance.
      if (staticKeyName(client, scope) === 'axiosRef') return client.object;
      // `this.http = axios.create({ baseURL })` in the constructor, a field initialiser, a getter.
      const values = sourceCode ? thisMemberValues(client, sourceCode.visitorKeys) : undefined;
      if (values) return values.length === 1 ? values[0] : undefined;
      // Not a `this` member: a namespace's export (`http.gleanHttp` of `import * as http`) or a table's entry.
      const held = memberValue(client, scope);
      if (held) return resolveExpression(held, scope);
      // `ctx.http` of a parameter every call gives `{ http: gleanHttp }`.
      const object = unwrap(client.object);
      const key = staticKeyName(client, scope);
      return handed && object.type === AST_NODE_TYPES.Identifier && key !== undefined ? handedInstance(object, key, scope, sourceCode) : undefined;
    }
    // A call (`getClient()`, `createHttp(base)`) is stepped through by factoryCall, which keeps it for the function's parameters.
    default:
      return undefined;
  }
}

/** A path written in place (`'/listanswers'`, `` `/agents/${id}` ``) or, given `scope`, kept in a table or constant (`PATHS.answers`). */
export function writesPath(node: TSESTree.Node, scope?: Scope): boolean {
  if (node.type === AST_NODE_TYPES.Literal) return typeof node.value === 'string' && node.value.startsWith('/');
  if (node.type === AST_NODE_TYPES.TemplateLiteral) return (node.quasis[0]?.value.cooked ?? '').startsWith('/');
  // A path kept in a table or constant, here or imported (`PATHS.answers`, `LIST`): what it holds.
  if (!scope || (node.type !== AST_NODE_TYPES.MemberExpression && node.type !== AST_NODE_TYPES.Identifier)) return false;
  const value = node.type === AST_NODE_TYPES.MemberExpression ? memberValue(node, scope) : resolveExpression(node, scope);
  return value !== undefined && value !== node && writesPath(unwrap(value));
}

/**
 * An instance handed in through a parameter (`async function runAgent(http, id)`, or a member of one:
 * `ctx.http` of `runAgent({ http: gleanHttp }, id)`): the factory's call that made it, when every call
 * of the function gives one made by the same call (here or in the analysis's other modules). A function
 * some callers hand another client, or whose callers are not all known, has no one base.
 */
function handedInstance(name: TSESTree.Identifier, key: string | undefined, scope: Scope, sourceCode: TSESLint.SourceCode | undefined): TSESTree.Node | undefined {
  const definition = sourceCode ? findVariable(scope, name)?.defs[0] : undefined;
  if (definition?.type !== 'Parameter' || definition.name.type !== AST_NODE_TYPES.Identifier || handing.has(definition.node)) return undefined;
  handing.add(definition.node);
  try {
    const handed = parameterValues(definition.name, sourceCode!);
    if (!handed || handed.values.length === 0 || handed.values.length !== handed.calls.length) return undefined;
    let made: TSESTree.CallExpression | undefined;
    for (const value of handed.values) {
      const valueScope = recordOfProgram(programOf(value))?.globalScope ?? scope;
      let instance: TSESTree.Node | undefined = value;
      if (key !== undefined) {
        const object = resolveObject(value, valueScope);
        const property = object ? findProperty(object, key, valueScope) : undefined;
        instance = property && property !== 'unknown' ? property.value : undefined;
      }
      const call = instance && factoryCall(instance, valueScope, sourceCode)?.call;
      if (!call || (made !== undefined && call !== made)) return undefined;
      made = call;
    }
    return made;
  } finally {
    handing.delete(definition.node);
  }
}

/** The functions whose parameters handedInstance is looking through (a function that hands its own parameter to itself). */
const handing = new Set<TSESTree.Node>();

/**
 * `client` of `let client; … if (!client) client = axios.create({ baseURL }); return client;`: the one
 * value a variable is ever given, besides its empty start (no initialiser, `null` or `undefined`).
 */
function assignedOnce(identifier: TSESTree.Identifier, scope: Scope): TSESTree.Node | undefined {
  const variable = findVariable(scope, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== 'Variable' || (def.node.init && !isEmptyValue(def.node.init))) return undefined;
  const writes = variable!.references.filter((reference) => reference.isWrite() && !reference.init);
  const write = writes.length === 1 ? writes[0]!.writeExpr : undefined;
  const assignment = write?.parent;
  // `client = …` or `client ??= …`, not `client += …` or a destructuring.
  return assignment?.type === AST_NODE_TYPES.AssignmentExpression && assignment.right === write && assignsValue(assignment) ? write : undefined;
}

/** Bodies written later: `const req = https.request(…); req.write(JSON.stringify(body))`. */
function writtenBody(call: TSESTree.CallExpression | TSESTree.NewExpression, scope: Scope): TSESTree.Node | undefined {
  const declarator = call.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier) {
    return undefined;
  }
  const variable = findVariable(scope, declarator.id);
  for (const reference of variable?.references ?? []) {
    const member = reference.identifier.parent;
    const write = member?.parent;
    if (
      member?.type === AST_NODE_TYPES.MemberExpression &&
      member.object === reference.identifier &&
      write?.type === AST_NODE_TYPES.CallExpression &&
      write.callee === member &&
      BODY_WRITERS.includes(staticKeyName(member, scope) ?? '') &&
      write.arguments[0]
    ) {
      return unwrapSerialised(write.arguments[0], scope);
    }
  }
  return undefined;
}

/**
 * Describes a call as an HTTP request, or returns undefined when it does not look like one. The
 * options of a call to no known client are read within the file only: every call with an argument is
 * a site (its URL decides), and following each one's options into other modules would cost more than
 * the rare wrapper it finds.
 */
export function describeRequestCall(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  scope: Scope,
  sourceCode?: TSESLint.SourceCode,
): RequestSite | undefined {
  const [first] = call.arguments;
  if (!first || first.type === AST_NODE_TYPES.SpreadElement) return undefined;
  const name = calleeName(call, scope);
  const callee = unwrap(call.callee);
  const verb = name !== undefined && callee.type === AST_NODE_TYPES.MemberExpression ? VERB_METHODS[name] : undefined;
  const sendsByDefault = verb ?? (name !== undefined && REQUEST_FUNCTIONS.has(name) ? 'GET' : undefined);
  if (sendsByDefault) return describeCall(call, scope, sourceCode, name, verb, sendsByDefault);
  // `http({ url: '/listanswers', method: 'post' })` of an imported instance: the options say it is a
  // request, so the instance is looked up where it is made (other calls stay in this module: cheaper).
  if (callee.type === AST_NODE_TYPES.Identifier && withinModules(() => writesRequestOptions(first, call.arguments[1], scope))) {
    return describeCall(call, scope, sourceCode, name, verb, sendsByDefault);
  }
  // `api(path)`, `api.raw(path)` of `export const api = ofetch.create({ baseURL })`: a module that makes a client instance.
  const root = callee.type === AST_NODE_TYPES.MemberExpression ? (name === 'raw' ? unwrap(callee.object) : undefined) : callee;
  if (root?.type === AST_NODE_TYPES.Identifier && importedFromClientModule(root, scope)) return describeCall(call, scope, sourceCode, name, verb, sendsByDefault);
  // `this.http(path)` of a member given an imported instance (`http = gleanRest`, `constructor(private http = gleanRest)`).
  if (callee.type === AST_NODE_TYPES.MemberExpression && sourceCode && holdsImportedClient(callee, scope, sourceCode)) return describeCall(call, scope, sourceCode, name, verb, sendsByDefault);
  return withinModules(() => describeCall(call, scope, sourceCode, name, verb, sendsByDefault));
}

/** Whether `this.name` is given, in its class, a name imported from a module that makes a client instance. */
function holdsImportedClient(member: TSESTree.MemberExpression, scope: Scope, sourceCode: TSESLint.SourceCode): boolean {
  const values = member.object.type === AST_NODE_TYPES.ThisExpression ? thisMemberValues(member, sourceCode.visitorKeys) : undefined;
  return (values ?? []).some((value) => {
    const held = value.type === AST_NODE_TYPES.Identifier ? (parameterDefault(value, scope) ?? value) : value;
    return held.type === AST_NODE_TYPES.Identifier && importedFromClientModule(held, scope);
  });
}

/** The text of a module that makes a client instance with a factory (`ofetch.create(…)`, `axios.create(…)`, `got.extend(…)`). */
const makesClient = (text: string): boolean => /\.(?:create|extend)\s*\(/.test(text) && namesRequest(text);

/** Whether a name is imported from a module of the project whose text makes a client instance (or a barrel that re-exports one). */
function importedFromClientModule(callee: TSESTree.Identifier, scope: Scope): boolean {
  const variable = findVariable(scope, callee);
  const specifier = variable ? moduleSpecifierOf(variable) : undefined;
  const fromPath = specifier === undefined ? undefined : recordOfProgram(programOf(callee))?.path;
  const target = fromPath === undefined ? undefined : resolveImport(fromPath, specifier!);
  if (target === undefined) return false;
  if (textFacts(target, makesClient)?.marked === true) return true;
  return reexportSpecifiers(target).some((reexported) => {
    const path = resolveImport(target, reexported);
    return path !== undefined && textFacts(path, makesClient)?.marked === true;
  });
}

/** A call's options written out as a request's: a first object with a URL key, or a second with a method. */
function writesRequestOptions(first: TSESTree.Node, second: TSESTree.CallExpressionArgument | undefined, scope: Scope): boolean {
  const object = unwrap(first).type === AST_NODE_TYPES.ObjectExpression ? resolveObject(first, scope) : undefined;
  if (object) return URL_KEYS.some((key) => { const found = findProperty(object, key, scope); return found !== undefined && found !== 'unknown'; });
  const options = second && second.type !== AST_NODE_TYPES.SpreadElement && unwrap(second).type === AST_NODE_TYPES.ObjectExpression ? resolveObject(second, scope) : undefined;
  const method = options && findProperty(options, 'method', scope);
  return method !== undefined && method !== 'unknown';
}

function describeCall(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  scope: Scope,
  sourceCode: TSESLint.SourceCode | undefined,
  name: string | undefined,
  verb: HttpMethod | undefined,
  sendsByDefault: HttpMethod | undefined,
): RequestSite | undefined {
  const [first, second] = call.arguments as [TSESTree.Expression, TSESTree.CallExpressionArgument | undefined];
  const callee = unwrap(call.callee);
  const knownClient = sendsByDefault !== undefined;
  // Looked up only for a call that is a request: most member calls (`z.string()`) are not.
  const withBase = (site: RequestSite): RequestSite => {
    const getByDefault = site.method === undefined && !site.methodNode ? { method: 'GET' as const } : {};
    if (callee.type === AST_NODE_TYPES.Identifier && !knownClient) {
      // `http({ url, method })`, `http(url, options)`: an instance a client factory made, called itself (GET unless told).
      const made = clientBaseMade(callee, scope, sourceCode);
      if (!made) return site;
      return { ...site, ...baseOf(made), knownClient: true, ...getByDefault, ...(madeByBodyParser(callee, scope, sourceCode) ? { parsesBody: true } : {}) };
    }
    if (callee.type === AST_NODE_TYPES.MemberExpression && !knownClient) {
      // `this.http(path, options)`: an instance kept in a class member (or a table), called itself.
      const own = clientBaseMade(callee, scope, sourceCode);
      if (own) return { ...site, ...baseOf(own), knownClient: true, ...getByDefault, ...(madeByBodyParser(callee, scope, sourceCode) ? { parsesBody: true } : {}) };
      // `api.raw(path, options)` of an ofetch instance: the response object, its body in `._data`.
      if (name === 'raw' && madeByBodyParser(callee.object, scope, sourceCode)) {
        const base = clientBase(callee.object, scope, sourceCode);
        return { ...site, ...(base ? { base } : {}), knownClient: true, ...getByDefault };
      }
    }
    // A verb's receiver may be an instance the function is handed (`http.post('/listanswers')` of `listWith(gleanHttp)`),
    // asked only of a call that writes a path (`headers.get('content-type')` is no request).
    const base = callee.type === AST_NODE_TYPES.MemberExpression ? clientBaseMade(callee.object, scope, sourceCode, verb !== undefined && first !== undefined && writesPath(first, scope)) : undefined;
    const described = knownClient ? { ...site, knownClient, ...(callee.type === AST_NODE_TYPES.Identifier && BODY_PARSING_CLIENTS.has(callee.name) ? { parsesBody: true } : {}) } : site;
    // Angular's `this.http.post<T>(url, body)`: an observable of the parsed body.
    const angular = verb !== undefined && callee.type === AST_NODE_TYPES.MemberExpression && sourceCode?.text.includes(ANGULAR_HTTP) && isAngularHttpClient(callee.object, scope);
    const parsed = angular ? { ...described, parsesBody: true } : described;
    return base ? { ...parsed, ...baseOf(base) } : parsed;
  };

  // `this.post('listanswers', { body })` in a subclass of Apollo's RESTDataSource: its `baseURL`, its options' `body`.
  const dataSource = verb && callee.type === AST_NODE_TYPES.MemberExpression && sourceCode?.text.includes('datasource-rest') ? restDataSourceOf(callee.object, scope, sourceCode) : undefined;
  if (dataSource) {
    const options = second && second.type !== AST_NODE_TYPES.SpreadElement ? resolveObject(second, scope) : undefined;
    const body = options ? findProperty(options, 'body', scope) : undefined;
    return {
      node: call,
      url: first,
      method: verb,
      knownClient: true,
      parsesBody: true,
      ...(dataSource.base ? { base: dataSource.base, ...(dataSource.resolves ? { resolvesAgainstBase: true } : {}) } : {}),
      ...(body && body !== 'unknown' ? { body: body.value } : {}),
    };
  }

  // `axios({ url, method, data })`, `https.request({ path, method })`
  const firstObject = resolveObject(first, scope);
  if (firstObject) {
    if (!mayHaveKey(firstObject, URL_KEYS)) return undefined;
    const options = readOptions(firstObject, scope);
    if (!options.url) return undefined;
    const method = options.method === null ? sendsByDefault : options.method;
    return withConfigBase(withBase({ node: call, url: options.url, method, ...methodNodeOf(options), body: options.body ?? writtenBody(call, scope) }), firstObject, scope);
  }

  // `axios.post(url, data, config)`: the second argument is the payload unless it is an options object.
  if (verb && VERBS_WITH_DATA.has(name!)) {
    const data = second && second.type !== AST_NODE_TYPES.SpreadElement ? second : undefined;
    const dataObject = data && resolveObject(data, scope);
    const options = dataObject && isOptionsObject(dataObject, scope) ? readOptions(dataObject, scope) : undefined;
    const body = options?.body ?? (data ? unwrapSerialised(data, scope) : undefined);
    const config = call.arguments[2];
    const configObject = options ? dataObject : config && config.type !== AST_NODE_TYPES.SpreadElement ? resolveObject(config, scope) : undefined;
    return withConfigBase(withBase({ node: call, url: first, method: verb, ...(body ? { body } : {}) }), configObject, scope);
  }

  // `fetch(url, init)`, `got(url, options)`, `UrlFetchApp.fetch(url, params)`, `client.get(url, config)`
  if (!second) return withBase({ node: call, url: first, method: sendsByDefault, body: writtenBody(call, scope) });
  const facts = second.type === AST_NODE_TYPES.SpreadElement ? undefined : optionsFacts(second, scope, sourceCode);
  const handed = second.type === AST_NODE_TYPES.SpreadElement ? undefined : handedOptions(second, scope);
  if (!facts) return withBase({ node: call, url: first, method: verb, body: undefined, ...(handed ? { optionsNode: handed } : {}) });
  const method = verb ?? (facts.method === null ? sendsByDefault : facts.method);
  const site = withBase({
    node: call,
    url: first,
    method,
    ...(verb ? {} : methodNodeOf(facts)),
    body: facts.body ?? writtenBody(call, scope),
    // `{ ...init, headers }`: the method and body the spread brings, where the object writes neither.
    ...(handed && method === undefined && !facts.methodNode && !facts.body ? { optionsNode: handed } : {}),
  });
  return second.type === AST_NODE_TYPES.SpreadElement ? site : withConfigBase(site, resolveObject(second, scope), scope);
}

/**
 * The name a request's options are handed in by: `init` of `fetch(url, init)`, or of `{ ...init,
 * headers }` (its one spread, the object naming no method of its own).
 */
function handedOptions(node: TSESTree.Node, scope: Scope): TSESTree.Identifier | undefined {
  const value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Identifier) return findVariable(scope, value)?.defs[0]?.type === 'Parameter' ? value : undefined;
  if (value.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const spreads = value.properties.filter((property) => property.type === AST_NODE_TYPES.SpreadElement);
  const spread = spreads.length === 1 ? unwrap(spreads[0]!.argument) : undefined;
  return spread?.type === AST_NODE_TYPES.Identifier ? handedOptions(spread, scope) : undefined;
}

/** The base a request's own options give (`axios({ baseURL, url })`, `axios.get(url, { baseURL })`, got's and ky's `prefixUrl`): it takes the client's place. */
function withConfigBase(site: RequestSite, options: TSESTree.ObjectExpression | undefined, scope: Scope): RequestSite {
  if (!options) return site;
  for (const key of REQUEST_BASE_OPTIONS) {
    const found = findProperty(options, key, scope);
    if (found === 'unknown') return site;
    if (found) return { ...site, base: found.value };
  }
  return site;
}

/**
 * What a request's options say, where they are written: an object literal or constant, a variable
 * whose `method`/`body` are set later (`init.method = 'POST'`), or the one object a same-file helper
 * returns (`fetch(url, post(body))`, its parameters bound to this call's arguments).
 */
function optionsFacts(node: TSESTree.Node, scope: Scope, sourceCode: TSESLint.SourceCode | undefined): OptionsFacts | undefined {
  const direct = resolveObject(node, scope);
  if (direct) return readOptions(direct, scope);
  if (!sourceCode) return undefined;
  const value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Identifier) return laterOptions(value, scope);
  const made = resolveExpression(value, scope);
  if (made.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const fn = resolveCallee(made, scope);
  if (!fn) return undefined;
  const returned: (TSESTree.ObjectExpression | undefined)[] = [];
  forEachReturned(fn, sourceCode, (expression) => returned.push(resolveObject(expression, scope)));
  const [object] = returned;
  if (returned.length !== 1 || !object) return undefined;
  const facts = readOptions(object, scope);
  // `function post(body) { return { method: 'POST', body: JSON.stringify(body) }; }`: this call's body.
  if (facts.body?.type === AST_NODE_TYPES.Identifier) {
    const index = fn.params.findIndex((param) => param.type === AST_NODE_TYPES.Identifier && param.name === (facts.body as TSESTree.Identifier).name);
    const argument = index === -1 ? undefined : made.arguments[index];
    if (argument && argument.type !== AST_NODE_TYPES.SpreadElement) facts.body = unwrapSerialised(argument, scope);
  }
  return facts;
}

/** `const init = { body }; init.method = 'POST';`: the declared object with its later `method` and `body`. */
function laterOptions(identifier: TSESTree.Identifier, scope: Scope): OptionsFacts | undefined {
  const variable = findVariable(scope, identifier);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || definition?.type !== 'Variable' || !definition.node.init) return undefined;
  if (variable.references.some((reference) => reference.isWrite() && !reference.init)) return undefined;
  const object = resolveObject(definition.node.init, scope);
  if (!object) return undefined;
  const facts = readOptions(object, scope);
  for (const reference of variable.references) {
    const member = reference.identifier.parent;
    const assignment = member?.parent;
    if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier) continue;
    if (assignment?.type !== AST_NODE_TYPES.AssignmentExpression || assignment.left !== member) continue;
    const key = staticKeyName(member, scope);
    // A later write may or may not run before the request: the method is known only if all agree.
    if (key === METHOD_KEY) {
      const method = assignment.operator === '=' ? staticMethod(assignment.right, scope) : undefined;
      facts.method = facts.method === null || facts.method === method ? method : undefined;
    } else if (key !== undefined && BODY_KEYS.includes(key) && assignment.operator === '=') {
      facts.body ??= unwrapSerialised(assignment.right, scope);
    }
  }
  return facts;
}

/**
 * False only when no property of `object` can have one of `names`: every key is plain and none is in
 * `names`. A cheap first look: most objects and calls in a file are not requests.
 */
function mayHaveKey(object: TSESTree.ObjectExpression, names: readonly string[]): boolean {
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.SpreadElement || property.computed) return true;
    const key = property.key;
    if (key.type === AST_NODE_TYPES.Identifier && names.includes(key.name)) return true;
    if (key.type === AST_NODE_TYPES.Literal && names.includes(String(key.value))) return true;
  }
  return false;
}

/**
 * A request described in data rather than sent here: `{ method: 'POST', path: '/rest/api/v1/…' }`.
 * Only objects that state their method count; the rest are plain strings to the engine.
 */
export function describeRequestObject(object: TSESTree.ObjectExpression, scope: Scope): RequestSite | undefined {
  if (!mayHaveKey(object, [METHOD_KEY])) return undefined;
  const facts = readOptions(object, scope);
  if (!facts.url || !facts.method) return undefined;
  return { node: object, url: facts.url, method: facts.method, ...(facts.body ? { body: facts.body } : {}) };
}

/** RTK Query's endpoint definers on `build`. */
const RTK_DEFINERS = new Set(['query', 'mutation', 'infiniteQuery']);

/**
 * Redux Toolkit Query: `createApi({ baseQuery: fetchBaseQuery({ baseUrl }), endpoints: (build) => ({
 * listAnswers: build.mutation({ query: () => ({ url: 'listanswers', method: 'POST', body: {} }) }) }) })`,
 * also `api.injectEndpoints({ endpoints })` of such an api. Each endpoint's `query` returns a request on
 * the base: a URL (GET), or `{ url, method, body }` (GET when it names no method).
 */
export function rtkQuerySites(call: TSESTree.CallExpression | TSESTree.NewExpression, scope: Scope, sourceCode: TSESLint.SourceCode): RequestSite[] {
  if (call.type !== AST_NODE_TYPES.CallExpression || call.arguments.length === 0) return [];
  const name = calleeName(call, scope);
  const options = name === 'createApi' || name === 'injectEndpoints' ? resolveObject(call.arguments[0]!, scope) : undefined;
  const callee = unwrap(call.callee);
  const made = name === 'injectEndpoints' && callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(resolveExpression(callee.object, scope)) : call;
  const api = made.type === AST_NODE_TYPES.CallExpression && calleeName(made, scope) === 'createApi' && made.arguments[0] ? resolveObject(made.arguments[0], scope) : undefined;
  const baseQuery = api && findProperty(api, 'baseQuery', scope);
  const fetcher = baseQuery && baseQuery !== 'unknown' ? unwrap(baseQuery.value) : undefined;
  if (!options || fetcher?.type !== AST_NODE_TYPES.CallExpression || calleeName(fetcher, scope) !== 'fetchBaseQuery') return [];
  const baseOptions = fetcher.arguments[0] ? resolveObject(fetcher.arguments[0], scope) : undefined;
  const baseUrl = baseOptions ? findProperty(baseOptions, 'baseUrl', scope) : undefined;
  // A base a spread may give is not known: the endpoints' relative URLs are not judged.
  if (baseUrl === 'unknown' || (fetcher.arguments[0] && !baseOptions)) return [];
  const endpoints = findProperty(options, 'endpoints', scope);
  const define = endpoints && endpoints !== 'unknown' ? unwrap(endpoints.value) : undefined;
  if (!define || !isFunction(define)) return [];
  const sites: RequestSite[] = [];
  forEachReturned(define, sourceCode, (returned) => {
    const table = resolveObject(returned, scope);
    for (const property of table?.properties ?? []) {
      const definer = property.type === AST_NODE_TYPES.Property ? unwrap(property.value) : undefined;
      if (definer?.type !== AST_NODE_TYPES.CallExpression || definer.callee.type !== AST_NODE_TYPES.MemberExpression || !RTK_DEFINERS.has(staticKeyName(definer.callee) ?? '')) continue;
      const definition = definer.arguments[0] ? resolveObject(definer.arguments[0], scope) : undefined;
      const query = definition ? findProperty(definition, 'query', scope) : undefined;
      const fn = query && query !== 'unknown' ? unwrap(query.value) : undefined;
      if (!fn || !isFunction(fn)) continue;
      // `transformResponse: (response) => response.results`: handed the parsed body.
      const transform = definition ? findProperty(definition, 'transformResponse', scope) : undefined;
      const transformer = transform && transform !== 'unknown' ? resolveFunction(transform.value, scope) : undefined;
      // Without one, the hooks generated for the endpoint hold the body in `data`.
      const endpoint = property.type === AST_NODE_TYPES.Property ? staticKeyName(property) : undefined;
      const received = transformer ? { resultCallbacks: [transformer] } : endpoint !== undefined ? { rtkEndpoint: { api: call, endpoint } } : {};
      forEachReturned(fn, sourceCode, (value) => {
        const request = unwrap(value);
        const base = baseUrl ? { base: baseUrl.value } : {};
        if (request.type !== AST_NODE_TYPES.ObjectExpression) {
          sites.push({ node: definer, url: request, method: 'GET', knownClient: true, ...base, ...received });
          return;
        }
        const facts = readOptions(request, scope);
        if (!facts.url) return;
        // No `method`: RTK sends GET; one a spread may give is not known.
        const method = facts.method === null ? 'GET' : facts.method;
        sites.push({ node: request, url: facts.url, method, knownClient: true, ...methodNodeOf(facts), ...(facts.body ? { body: facts.body } : {}), ...base, ...received });
      });
    }
  });
  return sites;
}

/** RTK Query's generated hooks, by name: `useSearchQuery`, `useLazySearchQuery`, `useRunMutation`, `useSearchQueryState`. */
const RTK_HOOK = /^use(Lazy)?([A-Z][\w$]*?)(QueryState|Query|Mutation)$/;
/** The hooks an endpoint itself holds (`api.endpoints.search.useQuery`). */
const ENDPOINT_HOOKS = new Set(['useQuery', 'useLazyQuery', 'useMutation', 'useQueryState']);

/** A generated hook of an RTK Query api, called: the api's `createApi`/`injectEndpoints` call, the endpoint and what the hook returns. */
export interface RtkHookCall {
  api: TSESTree.CallExpression;
  endpoint: string;
  /** `result`: `{ data }`; `tuple`: `[trigger, { data }]` (a lazy query, a mutation). */
  shape: 'result' | 'tuple';
}

/**
 * `useSearchQuery(q)` of `export const { useSearchQuery } = gleanApi` (here or imported), `gleanApi.useSearchQuery(q)`,
 * `gleanApi.endpoints.search.useQuery(q)`: the api and endpoint the hook is generated for.
 */
export function rtkHookCall(call: TSESTree.CallExpression, scope: Scope): RtkHookCall | undefined {
  const callee = unwrap(call.callee);
  let holder: TSESTree.Node | undefined;
  let endpoint: string | undefined;
  let tuple = false;
  const byName = (hook: string | undefined): boolean => {
    const match = hook === undefined ? null : RTK_HOOK.exec(hook);
    if (!match) return false;
    endpoint = `${match[2]!.charAt(0).toLowerCase()}${match[2]!.slice(1)}`;
    tuple = match[1] !== undefined || match[3] === 'Mutation';
    return true;
  };
  if (callee.type === AST_NODE_TYPES.Identifier) {
    if (!byName(callee.name)) return undefined;
    const variable = findVariable(scope, callee);
    const linked = variable ? followImports(variable) : undefined;
    const def = linked?.kind === 'variable' && linked.variable.defs.length === 1 ? linked.variable.defs[0] : undefined;
    if (def?.type !== 'Variable' || def.node.id.type !== AST_NODE_TYPES.ObjectPattern || !def.node.init) return undefined;
    const property = def.node.id.properties.find((each) => each.type === AST_NODE_TYPES.Property && each.value === def.name);
    if (property?.type !== AST_NODE_TYPES.Property || staticKeyName(property) !== callee.name) return undefined;
    holder = def.node.init;
  } else if (callee.type === AST_NODE_TYPES.MemberExpression) {
    const hook = staticKeyName(callee, scope);
    const object = unwrap(callee.object);
    const endpoints = object.type === AST_NODE_TYPES.MemberExpression ? unwrap(object.object) : undefined;
    if (hook !== undefined && ENDPOINT_HOOKS.has(hook) && endpoints?.type === AST_NODE_TYPES.MemberExpression && staticKeyName(endpoints, scope) === 'endpoints') {
      // `api.endpoints.search.useQuery(q)`.
      endpoint = staticKeyName(object as TSESTree.MemberExpression, scope);
      tuple = hook === 'useLazyQuery' || hook === 'useMutation';
      holder = endpoints.object;
    } else if (byName(hook)) {
      // `api.useSearchQuery(q)`.
      holder = object;
    }
  }
  if (!holder || endpoint === undefined) return undefined;
  const api = unwrap(resolveExpression(holder, scope));
  if (api.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const made = calleeName(api, scope);
  return made === 'createApi' || made === 'injectEndpoints' ? { api, endpoint, shape: tuple ? 'tuple' : 'result' } : undefined;
}

/** Angular's HTTP module. */
const ANGULAR_HTTP = '@angular/common/http';

/**
 * `this` in a method of a class that extends Apollo's `RESTDataSource` (imported by that name): its
 * requests' base is the class's `baseURL`, when the class gives it one value (a field, a getter, a
 * constructor's assignment); none when it gives none or several. Undefined for any other receiver.
 */
function restDataSourceOf(receiver: TSESTree.Node, scope: Scope, sourceCode: TSESLint.SourceCode): { base?: TSESTree.Node; resolves: boolean } | undefined {
  if (unwrap(receiver).type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const classNode = enclosingClass(receiver);
  const superClass = classNode?.superClass ? unwrap(classNode.superClass) : undefined;
  if (superClass?.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(scope, superClass);
  const imported = variable ? importedAs(variable) : undefined;
  const mode = imported && Object.hasOwn(REST_DATA_SOURCES, imported.from) ? REST_DATA_SOURCES[imported.from] : undefined;
  if (!mode || imported!.name !== REST_DATA_SOURCE_CLASS) return undefined;
  const values = classMemberValues(classNode!, REST_DATA_SOURCE_BASE, sourceCode.visitorKeys);
  return { ...(values.length === 1 ? { base: values[0] } : {}), resolves: mode === 'resolves' };
}

/**
 * Whether a receiver is Angular's `HttpClient`: a parameter or class member typed with it (`constructor(private
 * http: HttpClient)`, `http!: HttpClient`), or a member it is injected into (`private http = inject(HttpClient)`),
 * the type imported from Angular's HTTP module.
 */
function isAngularHttpClient(receiver: TSESTree.Node, scope: Scope): boolean {
  const node = unwrap(receiver);
  let type: TSESTree.Node | undefined;
  const classNode = node.type === AST_NODE_TYPES.MemberExpression && node.object.type === AST_NODE_TYPES.ThisExpression ? enclosingClass(node) : undefined;
  if (classNode) {
    const name = memberName(node as TSESTree.MemberExpression);
    for (const member of classNode.body.body) {
      if (member.type !== AST_NODE_TYPES.PropertyDefinition || memberName(member) !== name) continue;
      const injected = member.value?.type === AST_NODE_TYPES.CallExpression && member.value.callee.type === AST_NODE_TYPES.Identifier && member.value.callee.name === 'inject' ? member.value.arguments[0] : undefined;
      type = member.typeAnnotation?.typeAnnotation ?? injected;
    }
    for (const declared of parameterProperties(classNode)) if (declared.name === name) type = declared.typeAnnotation?.typeAnnotation;
  } else if (node.type === AST_NODE_TYPES.Identifier) {
    const definition = findVariable(scope, node)?.defs[0];
    if (definition?.type === 'Parameter' && definition.name.type === AST_NODE_TYPES.Identifier) type = definition.name.typeAnnotation?.typeAnnotation;
  }
  const name = type?.type === AST_NODE_TYPES.TSTypeReference ? type.typeName : type;
  if (name?.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = findDeclared(scope, name);
  return variable !== null && moduleSpecifierOf(variable) === ANGULAR_HTTP;
}

