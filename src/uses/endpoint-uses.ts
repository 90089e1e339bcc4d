import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { CompiledOperation, UrlMatch } from '../matchers/operations.js';
import {
  calleeName,
  describeRequestCall,
  describeRequestObject,
  rtkQuerySites,
  readOptions,
  type RequestSite,
} from '../matchers/http-requests.js';
import {
  conditionalBranches,
  evaluatePattern,
  flatten,
  hasText,
  HOLE,
  resolveAgainst,
  type FlatPattern,
  type PatternPart,
  type EvaluationContext,
  type StringPattern,
} from '../matchers/string-pattern.js';
import { constantInitializer, findVariable, memberValue, resolveExpression, resolveObject, staticKeyName, unwrap, withTypeWrappers } from '../util/resolve.js';
import { RESOLVING_BASE_OPTION } from '../matchers/http-clients.js';
import { instanceMade, reachOfWrite } from '../flow/values.js';
import { appliedCalls, argumentsOf, bindArguments, bindOfCall, boundTarget, callsOfFunction, enclosingFunction, isFunction, isKeyedRunnerCall, resolveClass, resolveFunction, type FunctionNode } from '../flow/functions.js';
import { enclosingClass, type ClassNode } from '../flow/class-members.js';
import { HTTP_METHODS, type HttpMethod } from '../register/types.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import type { ResolvedRequest } from '../model/request.js';
import { inventoryOf } from './inventory.js';
import type { Use } from '../model/use.js';
import { isJsonModule, recordOfProgram } from '../modules/index.js';
import { programOf } from '../util/linking.js';

/**
 * Finds the Glean operations a file's URLs name, and the uses of deprecated endpoints among them.
 *
 * Every request site (fetch, axios, …) is evaluated with its method; every other string expression is
 * evaluated on its own, with the method unknown. A use is reported once, at the literal that holds the
 * deprecated path (or at the expression that assembles it), however many requests reach it.
 */

export interface UrlAnalysis {
  requests: ResolvedRequest[];
  uses: Use[];
  /** The string expressions evaluated as part of a request's URL (not evaluated again on their own). */
  consumed?: ReadonlySet<TSESTree.Node>;
  /**
   * Those of them that are part of a URL naming a Glean operation: judged with the request's method.
   * What another module's analysis hands the linted file (a string evaluated into a log line's text is
   * no URL, and is judged where it is written, on its own).
   */
  judged?: ReadonlySet<TSESTree.Node>;
}

interface Reach {
  site?: RequestSite;
  flat: FlatPattern;
  match: UrlMatch;
  /** The call of a wrapper whose request this is (`gleanPost(path)` of `fetch(base + path, { method: 'POST' })`). */
  through?: TSESTree.CallExpression;
}

/**
 * `consumedElsewhere`: strings of this file that the analysis of another module already evaluated as
 * part of a request (an argument of an imported wrapper), with that request's method.
 */
export function analyseUrls(sourceCode: TSESLint.SourceCode, register: CompiledRegister, consumedElsewhere?: ReadonlySet<TSESTree.Node>): UrlAnalysis {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope) return { requests: [], uses: [] };

  const { calls, objects, strings } = inventoryOf(sourceCode);

  const reaches = new Map<TSESTree.Node, Reach[]>();
  const consumed = new Set<TSESTree.Node>();
  const judged = new Set<TSESTree.Node>();
  const requests: ResolvedRequest[] = [];
  const judge = (pattern: StringPattern): void => {
    for (const part of pattern) {
      judged.add(part.node);
      for (const node of part.via) judged.add(node);
      if (part.argument) judged.add(part.argument);
    }
  };

  /**
   * Records what a URL names; false when it names no operation. `fallback` undefined: the request is
   * kept, with no use here. `chosen`: the value an alternative chose (see chosenValues), which must
   * write the path's end (a base chosen for a shared path is not known).
   */
  const consider = (
    pattern: StringPattern,
    site: RequestSite | undefined,
    fallback: TSESTree.Node | undefined,
    returned = true,
    exit: Pick<ResolvedRequest, 'exit'> = {},
    through?: TSESTree.CallExpression,
    chosen?: ReadonlySet<TSESTree.Node>,
    helperArguments = false,
  ): boolean => {
    if (!hasText(pattern)) return false;
    const flat = flatten(pattern);
    if (!register.operations.mightMatch(flat.text)) return false;
    const match = register.operations.match(flat);
    if (!match || (chosen && !writtenBy(flat.parts[flat.partIndex[match.end - 1]!]!, chosen))) return false;
    // `join(config.indexBase, 'getdocumentstatus')`: the helper's argument that ends the operation's path, not its base.
    const ending = helperArguments ? flat.parts[flat.partIndex[match.end - 1]!] : undefined;
    const anchor = reportableAnchor(anchorOf(flat, match)) ?? (ending?.kind === 'text' ? ending.argument : undefined) ?? fallback;
    if (anchor) {
      const list = reaches.get(anchor) ?? [];
      list.push(site ? { site, flat, match, ...(through ? { through } : {}) } : { flat, match });
      reaches.set(anchor, list);
    }
    if (site) {
      const operations = site.method ? match.operations.filter((op) => op.method === site.method) : match.operations;
      if (operations.length > 0) {
        const response = site.node.type === 'ObjectExpression' || !returned ? 'none' : site.parsesBody ? 'body' : 'http';
        const pathParams = pathParamsOf(flat, match, operations[0]!);
        requests.push({ node: site.node, operations, response, pathParams, ...(site.body ? { body: site.body, bodyIsJson: true } : {}), ...(site.resultCallbacks ? { resultCallbacks: site.resultCallbacks } : {}), ...(site.rtkEndpoint ? { rtkEndpoint: site.rtkEndpoint } : {}), ...exit });
      }
    }
    return true;
  };

  const sites: RequestSite[] = [];
  for (const call of calls) {
    const site = describeRequestCall(call, scope, sourceCode);
    if (site) sites.push(site);
  }
  // RTK Query's endpoints: each `query`'s request, on the api's `fetchBaseQuery` base.
  if (sourceCode.text.includes('fetchBaseQuery')) for (const call of calls) sites.push(...rtkQuerySites(call, scope, sourceCode));
  // A call's options object that gives its URL (`pool.request({ path, method, body })`) is that call's request, not one more.
  const described = new Set(sites.flatMap((site) => [site.node, ...(site.node.type === AST_NODE_TYPES.ObjectExpression ? [] : optionsGivingUrl(site))]));
  for (const object of objects) {
    const site = described.has(object) ? undefined : describeRequestObject(object, scope);
    if (site) sites.push(site);
  }
  const context = { visitorKeys: sourceCode.visitorKeys, sourceCode, inlined: new Set<TSESTree.Node>() };
  const evaluateSite = (site: RequestSite, bindings?: Map<TSESLint.Scope.Variable, TSESTree.Node>, choices?: ReadonlyMap<TSESTree.Node, TSESTree.Node>, receiverClass?: ClassNode): StringPattern => {
    // A known client's URL, or an options object that names a method (`{ method: 'POST', path }`), may be
    // made by a helper; a call taken for a request only because it is handed a string is not looked into.
    const inner = { ...context, ...(bindings ? { bindings } : {}), ...(choices?.size ? { choices } : {}), ...(receiverClass ? { receiverClass } : {}), helpers: !isGuessedSite(site) };
    const url = evaluatePattern(site.url, scope, inner);
    if (!site.base) return url;
    const base = site.baseMadeBy ? madeBase(site.base, site.baseMadeBy, inner) : evaluatePattern(site.base, scope, inner);
    return site.resolvesAgainstBase || isResolvingBase(site.base) ? resolveAgainst(base, url, site.base, []) : joinBase(base, url);
  };
  /**
   * The base of a client a project function made (`createHttp(GLEAN_REST)` of `(base) => axios.create({ baseURL:
   * base })`): its parameters filled by the call that made this client. What the call gives is part of the base,
   * not an argument a use is reported at: the path the request writes names the operation.
   */
  const madeBase = (base: TSESTree.Node, madeBy: NonNullable<RequestSite['baseMadeBy']>, inner: EvaluationContext): StringPattern => {
    const bindings = new Map(inner.bindings ?? []);
    for (const { fn, call } of madeBy) bindArguments(fn, argumentsOf(call), bindings, sourceCode, recordOfProgram(programOf(call))?.globalScope ?? scope);
    return evaluatePattern(base, scope, { ...inner, bindings }).map((part) => {
      if (!part.argument) return part;
      const copy = { ...part };
      delete copy.argument;
      return copy;
    });
  };
  // `fill(template, params)` inside `fetch(host + fill(…))` builds the URL; it sends nothing. The sites
  // that are surely requests come first (calls outer first), so that a helper they are given is known
  // for one before it would be taken for a request of its own.
  const ordered = [...sites.filter((site) => !isGuessedSite(site)), ...sites.filter(isGuessedSite)];
  for (const site of ordered) {
    if (context.inlined.has(site.node)) continue;
    const pattern = evaluateSite(site);
    // A call of another module's wrapper, whose analysis sent this text with the wrapper's own method: not a request of unknown method too.
    if (isGuessedSite(site) && consumedElsewhere && pattern.some((part) => consumedElsewhere.has(part.node))) continue;
    for (const part of pattern) {
      consumed.add(part.node);
      for (const node of part.via) consumed.add(node);
    }
    // Text a parameter's default gives may be what some calls send: their own arguments are looked at too.
    const made = requests.length;
    const names = consider(pattern, site, argumentIn(pattern) ?? site.url, true, {}, undefined, undefined, true);
    if (names) judge(pattern);
    if (names && !pattern.some((part) => part.kind === 'text' && part.fromDefault)) {
      // A fixed URL whose body the wrapper's callers give (`streamRun(agentId, input)`): the request each call makes.
      const request = requests[made];
      if (request) requests.push(...bodyCalls(request, site, scope, sourceCode));
      continue;
    }
    // A wrapper (`post(path, body) { return fetch(base + path, …) }`): the request each call makes.
    for (const wrapper of wrapperCalls(pattern, site, scope, sourceCode, (bindings) => evaluateSite(site, bindings)) ?? []) {
      const { call, constructed } = wrapper;
      // `post(legacy ? '/listanswers' : '/search')`, `for (const op of OPS) call(op)`: each path the call may give.
      const given = evaluateSite(site, wrapper.bindings, undefined, wrapper.receiverClass);
      const iteratedByCaller = iteratedValues(given, scope);
      const chosen = iteratedByCaller.length > 0 ? iteratedByCaller : chosenValues(given, scope);
      const variants =
        chosen.length === 0
          ? [{ bindings: wrapper.bindings, bound: given, own: wrapper.own, chosenBy: undefined, element: undefined }]
          : chosen.map((alternative) => {
              const bindings = new Map([...wrapper.bindings, ...alternative.bindings]);
              return {
                bindings,
                bound: evaluateSite(site, bindings, alternative.choices, wrapper.receiverClass),
                own: new Set([...alternative.own, ...wrapper.own]),
                chosenBy: chosen === iteratedByCaller ? undefined : alternative.own,
                // `for (const op of [OPS.count, OPS.status]) post(op)`: each element is where its path is written, not the `op` handed on.
                element: alternative.own,
              };
            });
      for (const { bindings, bound, own, chosenBy, element } of variants) {
        for (const part of bound) {
          consumed.add(part.node);
          if (part.argument) consumed.add(part.argument);
        }
        const body = site.body?.type === AST_NODE_TYPES.Identifier ? boundArgumentOf(site.body, bindings, scope) : (site.body ?? boundOptions(site, bindings, scope)?.body);
        const method = boundMethod(site, scope, { ...context, bindings });
        // The response comes out of each wrapper that returns it (`return fetch(…)`, `=> request('POST', path)`);
        // one that reads it before it returns (`const res = await fetch(…); return res.json()`) hands it to its caller only.
        const { node: responseNode, exit: responseExit } = responseOf(site.node, wrapper.through);
        const exit = responseExit ? { exit: responseExit } : {};
        // A method's own path on the base another module's `new` gives (`new GleanHttp(base).list()`): reported at that base, in the module that makes the request.
        // A path another module's call gives through its own constants (`const path = …; send({ path })`) is
        // that module's to report (its own analysis sees the options it writes): the request is kept, no use.
        const elsewhere = programOf(call) !== programOf(site.node);
        const givenThere = elsewhere && bound.some((part) => part.kind === 'text' && programOf(part.node) === programOf(call));
        // An argument that only fills a path parameter (`http.getAgent('a1')` of `/agents/${id}`) does not name the operation: the base or the wrapper's path does.
        const namesPath = (part: PatternPart) => part.kind === 'text' && (part.value.includes('/') || register.isGleanSegment(part.value.trim()));
        const argumentPath = boundArgumentNode(bound, own, namesPath);
        // An element that is another module's constant (`OPS.count` of an imported table) is resolved past, to the
        // argument the loop hands on (`op`): the element itself is where it is named. A table of this module keeps its literal.
        const handedOn = argumentPath !== undefined && wrapper.own.has(argumentPath);
        const elementPath = element && handedOn ? (boundArgumentNode(bound, element, namesPath) ?? (element.size === 1 ? [...element][0] : undefined)) : undefined;
        const ownPath = elementPath ?? argumentPath;
        // A path the wrapper's module gives its own private helper (`list: () => post('/listanswers')` in a factory) is
        // the wrapper's path: where another module gives the base, that base carries it, as for a path written in the request.
        const wrapperOwnPath = elsewhere && ownPath !== undefined && programOf(ownPath) === programOf(site.node);
        const anchor = (wrapperOwnPath ? undefined : ownPath) ?? (elsewhere ? boundArgumentNode(bound, constructed) : undefined) ?? ownPath ?? (givenThere ? undefined : site.url);
        if (consider(bound, { ...site, method, node: responseNode, ...(body ? { body } : {}) }, anchor, true, exit, call, chosenBy)) judge(bound);
      }
    }
    // `for (const path of ['/listanswers', '/search']) fetch(BASE + path, …)`: each element, reported where it is
    // written; else each path a conditional or the assignments before the request choose from.
    const iterated = iteratedValues(pattern, scope);
    const alternatives = iterated.length > 0 ? iterated : chosenValues(pattern, scope);
    for (const { bindings, own, choices } of alternatives) {
      const bound = evaluateSite(site, bindings, choices);
      for (const part of bound) {
        consumed.add(part.node);
        if (part.argument) consumed.add(part.argument);
      }
      const method = boundMethod(site, scope, { ...context, bindings });
      // A value chosen in another module (an imported `legacy ? '/listanswers' : …`) is reported where this one reads it.
      const written = boundArgumentNode(bound, own);
      if (consider(bound, { ...site, method }, written && programOf(written) === sourceCode.ast ? written : site.url, true, {}, undefined, alternatives === iterated ? undefined : own)) judge(bound);
    }
  }
  for (const node of strings) {
    if (!consumed.has(node) && !consumedElsewhere?.has(node)) consider(evaluatePattern(node, scope, context), undefined, node);
  }

  const uses: Use[] = [];
  for (const [anchor, list] of reaches) uses.push(...usesAt(anchor, list, register));
  return { requests, uses, consumed, judged };
}

interface WrapperCall {
  /** The outermost call: the one whose arguments gave what the URL still needed. */
  call: TSESTree.CallExpression;
  /** The function that makes the request, called by `call` or by the wrappers `through` goes through. */
  fn: FunctionNode;
  /** The calls from the request's function outwards to `call`, last: one for a wrapper, more for wrappers of wrappers. */
  through: readonly TSESTree.CallExpression[];
  bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>;
  /** The bindings of the called function's own parameters (not the constructor's of its receiver). */
  own: ReadonlySet<TSESTree.Node>;
  /** The bindings of the constructors' parameters, from the `new` of the receiver. */
  constructed: ReadonlySet<TSESTree.Node>;
  /** The class of the instance the request's method runs on, where a call tells it and it is a subclass (see receiverClassOf). */
  receiverClass?: ClassNode;
}

/**
 * When a request's URL (or method) depends on the parameters of the function around it, or on a member
 * the class sets from its constructor's parameters (`this.base`), and that function's calls are known:
 * each call, with the parameters bound to its arguments — and, for `instance.method(…)` on an instance
 * made by `new Class(…)`, the constructor's parameters bound to that `new`'s arguments.
 */
function wrapperCalls(
  pattern: StringPattern,
  site: RequestSite,
  scope: TSESLint.Scope.Scope,
  sourceCode: TSESLint.SourceCode,
  evaluate: (bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>) => StringPattern,
): WrapperCall[] | undefined {
  // Every call with an argument is a site (its URL decides); a call to no known client, with neither
  // text nor a method, is a call of some function, not a request through a wrapper (`$do(client, …)`).
  if (!site.knownClient && !site.method && !site.methodNode && !hasText(pattern)) return undefined;
  const fn = requestFunction(pattern, site, scope);
  if (!fn) return undefined;
  const calls = dependsOnCall(pattern, site, fn, scope) ? callsOfFunction(fn, sourceCode).filter((call): call is TSESTree.CallExpression => call.type === AST_NODE_TYPES.CallExpression) : [];
  // A function returned by another (a curried wrapper) is called where what returns it is.
  if (calls.length === 0) return curriedCalls(pattern, site, fn, scope, sourceCode);
  const direct = calls.map((call) => {
    const bindings = new Map<TSESLint.Scope.Variable, TSESTree.Node>();
    const own = bindCallArguments(fn, call, bindings, scope, sourceCode);
    const constructed = new Set([...bindings.values()].filter((node) => !own.has(node)));
    const receiverClass = receiverClassOf(fn, call, scope);
    return { call, fn, through: [call], bindings, own, constructed, ...(receiverClass ? { receiverClass } : {}) };
  });
  // A wrapper over the wrapper (`post(path) { return request('POST', path) }`): its calls give what the first one's call passed on.
  return direct.flatMap((wrapper) => outerCalls(wrapper, site, scope, sourceCode, evaluate, new Set([fn])));
}

/**
 * The function whose calls give a request its values: the one around it, or, when the request is sent
 * from a callback written inline in another function (`new Promise((resolve) => https.request(url, …))`,
 * `retry(() => fetch(url))`) and its URL or method comes from that function, that function.
 */
function requestFunction(pattern: StringPattern, site: RequestSite, scope: TSESLint.Scope.Scope): FunctionNode | undefined {
  const own = enclosingFunction(site.node);
  let inner = own;
  for (let depth = 0; inner && depth < 3 && isInlineCallback(inner) && !dependsOnCall(pattern, site, inner, scope); depth++) {
    const outer = enclosingFunction(inner);
    if (outer && dependsOnCall(pattern, site, outer, scope)) return outer;
    inner = outer;
  }
  return own;
}

/** A function written as an argument of a call or `new` (a callback, a promise's executor). */
function isInlineCallback(fn: FunctionNode): boolean {
  const parent = fn.parent;
  return (parent?.type === AST_NODE_TYPES.CallExpression || parent?.type === AST_NODE_TYPES.NewExpression) && parent.arguments.includes(fn as TSESTree.Expression);
}

/** How many wrappers over the function around a request are followed (`request` ← `post` ← `postJson` is two). */
const MAX_WRAPPER_LEVELS = 3;

/**
 * The calls of the function around a wrapper's call, when what the call gives the wrapper is still a
 * parameter of that function (the path, the method, a base): each with those parameters bound too,
 * up to MAX_WRAPPER_LEVELS. A function whose calls are not known leaves the wrapper's call as it is.
 */
function outerCalls(
  wrapper: WrapperCall,
  site: RequestSite,
  scope: TSESLint.Scope.Scope,
  sourceCode: TSESLint.SourceCode,
  evaluate: (bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>) => StringPattern,
  seen: ReadonlySet<FunctionNode>,
): WrapperCall[] {
  const outer = enclosingFunction(wrapper.call);
  if (!outer || seen.has(outer) || wrapper.through.length > MAX_WRAPPER_LEVELS) return [wrapper];
  // The method (or the options that give it) still a parameter of the function around the call: its callers give it.
  const given = site.methodNode ?? site.optionsNode;
  const methodNode = given && !boundMethodText(site, scope, wrapper.bindings, sourceCode) ? boundArgumentOf(given, wrapper.bindings, scope) : undefined;
  if (!dependsOnCall(evaluate(wrapper.bindings), { ...site, methodNode, optionsNode: undefined }, outer, scope)) return [wrapper];
  const calls = callsOfFunction(outer, sourceCode).filter((call): call is TSESTree.CallExpression => call.type === AST_NODE_TYPES.CallExpression);
  if (calls.length === 0) return [wrapper];
  const further = new Set([...seen, outer]);
  return calls.flatMap((call) => {
    const bindings = new Map(wrapper.bindings);
    const own = bindCallArguments(outer, call, bindings, scope, sourceCode);
    const constructed = new Set([...bindings.values()].filter((node) => !own.has(node) && !wrapper.own.has(node)));
    // `list()` of the base class calling `this.post(path)`, on `new GleanApi().list()`: the outer call tells the instance's class.
    const receiverClass = wrapper.receiverClass ?? receiverClassOf(outer, call, scope);
    return outerCalls(
      { call, fn: wrapper.fn, through: [...wrapper.through, call], bindings, own: new Set([...wrapper.own, ...own]), constructed: new Set([...wrapper.constructed, ...constructed]), ...(receiverClass ? { receiverClass } : {}) },
      site,
      scope,
      sourceCode,
      evaluate,
      further,
    );
  });
}

/**
 * Binds `fn`'s parameters to a call's arguments, and, for `instance.method(…)` on an instance made by
 * `new Class(…)`, the constructors' parameters to that `new`'s arguments. Returns the arguments bound
 * to `fn`'s own parameters.
 */
function bindCallArguments(
  fn: FunctionNode,
  call: TSESTree.CallExpression,
  bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>,
  scope: TSESLint.Scope.Scope,
  sourceCode: TSESLint.SourceCode,
): Set<TSESTree.Node> {
  const before = new Set(bindings.values());
  bindArguments(fn, argumentsOf(call), bindings, sourceCode, scope);
  const own = new Set([...bindings.values()].filter((node) => !before.has(node)));
  // `post(path)` of `const post = api.send.bind(api, 'POST')`: the method runs on what `api.send` names;
  // `api.post(path)` of a class field `post = this.send.bind(this, 'POST')`, on `api`.
  const bind = bindOfCall(call);
  const bound = bind && boundTarget(bind);
  const onBound = bound !== undefined && !(bound.type === AST_NODE_TYPES.MemberExpression && bound.object.type === AST_NODE_TYPES.ThisExpression);
  const callee = onBound ? bound : unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type !== AST_NODE_TYPES.ThisExpression) {
    const calleeScope = (onBound && recordOfProgram(programOf(bind!))?.globalScope) || scope;
    const made = instanceMade(callee.object, calleeScope);
    if (made) bindConstruction(resolveClass(made.callee, calleeScope), made.arguments, bindings, scope, sourceCode);
    else bindFactoryCall(fn, callee.object, calleeScope, bindings, sourceCode);
  } else if (callee.type === AST_NODE_TYPES.MemberExpression) {
    // `this.post(…)` in a subclass: what its constructor hands `super(…)` (its own parameters stay unknown).
    const own = enclosingClass(call);
    if (own && own !== enclosingClass(fn)) bindConstruction(own, undefined, bindings, scope, sourceCode);
  }
  return own;
}

/** Whether the method a site takes from a parameter is known text once `bindings` are applied. */
function boundMethodText(site: RequestSite, scope: TSESLint.Scope.Scope, bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>, sourceCode: TSESLint.SourceCode): boolean {
  return boundMethod(site, scope, { visitorKeys: sourceCode.visitorKeys, sourceCode, bindings }) !== undefined;
}

/** What a parameter read is bound to, through the levels of bindings (`method` ← `verb` ← …): the last node reached. */
function boundArgumentOf(node: TSESTree.Node, bindings: ReadonlyMap<TSESLint.Scope.Variable, TSESTree.Node>, scope: TSESLint.Scope.Scope): TSESTree.Node {
  let current = unwrap(node);
  for (let depth = 0; depth <= MAX_WRAPPER_LEVELS && current.type === AST_NODE_TYPES.Identifier; depth++) {
    const next = boundArgument(current, bindings, scope);
    if (!next) break;
    current = unwrap(next);
  }
  return current;
}

/**
 * Where a request's response goes, going out through the wrappers `through` names: to each call whose
 * function returns what it called (`return fetch(…)`, `=> request(…)`), and from a function that reads
 * it before it returns, out to that function's caller only (the exit).
 */
function responseOf(siteNode: RequestSite['node'], through: readonly TSESTree.CallExpression[]): { node: RequestSite['node']; exit?: { from: FunctionNode; to: TSESTree.CallExpression } } {
  let node: RequestSite['node'] = siteNode;
  for (const call of through) {
    // SWR's `useSWR(key, (path) => api(path))` returns no response: it keeps its fetcher's result in `.data`.
    if (!returnsResponse(node) || isKeyedRunnerCall(call)) {
      const from = enclosingFunction(node);
      return from ? { node, exit: { from, to: call } } : { node };
    }
    node = call;
  }
  return { node };
}

/**
 * A curried wrapper (`const post = (path) => (body) => fetch(BASE + path, …)`, called `post('/listanswers')(body)`,
 * or `(base) => (method) => (path) => …` a few levels deep): when the URL depends on the parameters of a
 * function that returns the one around the request (or returns one that does), each call of the
 * outermost such function, with its parameters bound, and down the levels each call of what it returns
 * (also kept in a constant: `const glean = make(base); glean('POST')('/listanswers')`), the last one
 * being the request's call, where the response goes.
 */
function curriedCalls(pattern: StringPattern, site: RequestSite, fn: FunctionNode, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): WrapperCall[] | undefined {
  const chain = [fn];
  for (let outer = returnerOf(fn); outer && chain.length <= MAX_CURRIED_LEVELS; outer = returnerOf(outer)) chain.push(outer);
  let start = chain.length - 1;
  while (start > 0 && !dependsOnCall(pattern, site, chain[start]!, scope)) start--;
  if (start === 0) return undefined;
  const found: WrapperCall[] = [];
  const descend = (call: TSESTree.CallExpression, level: number, bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>): void => {
    const applied = level > 0 ? appliedCalls(call, sourceCode) : [];
    // Where no call of the result is known, the request's text is still what this call gave.
    if (applied.length === 0) {
      found.push({ call, fn, through: [call], bindings, own: new Set(bindings.values()), constructed: new Set<TSESTree.Node>() });
      return;
    }
    for (const next of applied) {
      const inner = new Map(bindings);
      bindArguments(chain[level - 1]!, next.arguments, inner, sourceCode, scope);
      descend(next, level - 1, inner);
    }
  };
  for (const call of callsOfFunction(chain[start]!, sourceCode)) {
    if (call.type !== AST_NODE_TYPES.CallExpression) continue;
    const bindings = new Map<TSESLint.Scope.Variable, TSESTree.Node>();
    bindArguments(chain[start]!, argumentsOf(call), bindings, sourceCode, scope);
    descend(call, start, bindings);
  }
  return found;
}

/** How many functions may return one another around a request (`(base) => (method) => (path) => fetch(…)` is two). */
const MAX_CURRIED_LEVELS = 3;

/** The function that returns `fn`: as an arrow's body, or from a `return`. */
function returnerOf(fn: FunctionNode): FunctionNode | undefined {
  const holder = fn.parent;
  if (holder?.type === AST_NODE_TYPES.ArrowFunctionExpression && holder.body === fn) return holder;
  return holder?.type === AST_NODE_TYPES.ReturnStatement ? enclosingFunction(holder) : undefined;
}

/** Array methods whose callback's first parameter takes each element. */
const ELEMENT_VISITORS = new Set(['map', 'forEach', 'flatMap', 'filter', 'some', 'every', 'find']);
/** Lists longer than this are data, not the few endpoints a script goes through. */
const MAX_ITERATED = 20;

/**
 * A URL whose hole is a loop's variable over a list written out (`for (const path of ['/listanswers',
 * '/search'])`, `['/listanswers'].map((path) => fetch(BASE + path, …))`, also a constant holding the
 * list): one binding per element.
 */
function iteratedValues(pattern: StringPattern, scope: TSESLint.Scope.Scope): Alternative[] {
  for (const part of pattern) {
    if (part.kind !== 'hole') continue;
    let hole = unwrap(part.node);
    // `job.op` of `for (const job of [{ op: 'getdocumentcount' }, …])`: each element's member.
    const member = hole.type === AST_NODE_TYPES.MemberExpression && !hole.computed ? staticKeyName(hole) : undefined;
    if (member !== undefined) hole = unwrap((hole as TSESTree.MemberExpression).object);
    const variable = hole.type === AST_NODE_TYPES.Identifier ? findVariable(scope, hole) : undefined;
    const list = variable && iteratedList(variable, scope);
    if (!list || list.elements.length > MAX_ITERATED) continue;
    return list.elements.flatMap((element) => {
      if (!element || element.type === AST_NODE_TYPES.SpreadElement) return [];
      // Reported at the member's value where the element is written (`op: 'getdocumentcount'`).
      const written = member === undefined ? element : element.type === AST_NODE_TYPES.ObjectExpression ? element.properties.find((property) => property.type === AST_NODE_TYPES.Property && staticKeyName(property) === member) : undefined;
      if (!written) return [];
      const own = written.type === AST_NODE_TYPES.Property ? written.value : written;
      return [{ bindings: new Map([[variable!, element as TSESTree.Node]]), own: new Set<TSESTree.Node>([own]) }];
    });
  }
  return [];
}

interface Alternative {
  bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>;
  own: ReadonlySet<TSESTree.Node>;
  choices?: ReadonlyMap<TSESTree.Node, TSESTree.Node>;
}

/**
 * A URL whose hole is a choice between values written in the file: a conditional (`kind === 'answers'
 * ? '/listanswers' : '/search'`, also kept in a constant, nested ones opened), or a `let` given one
 * value or another before it is read in the same function (`if (legacy) path = '/listanswers'`, the
 * cases of a `switch`): one alternative per value, reported where it is written.
 */
function chosenValues(pattern: StringPattern, scope: TSESLint.Scope.Scope): Alternative[] {
  for (const part of pattern) {
    if (part.kind !== 'hole') continue;
    const hole = unwrap(part.node);
    const branches = conditionalBranches(hole, MAX_ITERATED);
    if (branches) return branches.map(({ leaf, choices }) => ({ bindings: new Map(), own: new Set([leaf]), choices }));
    const variable = hole.type === AST_NODE_TYPES.Identifier ? findVariable(scope, hole) : undefined;
    const values = variable && assignedAlternatives(variable, hole);
    if (values) return values.map((value) => ({ bindings: new Map([[variable!, value]]), own: new Set([value]) }));
  }
  return [];
}

/** Whether a part of a URL was written in one of `values` (it is one, was resolved from one, or came in as one). */
function writtenBy(part: PatternPart, values: ReadonlySet<TSESTree.Node>): boolean {
  if (values.has(part.node) || (part.argument !== undefined && values.has(part.argument))) return true;
  return part.via.some((node) => values.has(node));
}

/**
 * The values a `let` (or `var`) may hold where `read` reads it: its initializer and plain assignments
 * in the same function and before the read that reach it (reachOfWrite: an assignment a later one
 * always replaces does not). Undefined unless two or more reach (one is a constant's case), or when a
 * write adds to the value (`+=`), is made in another function, or comes after the read.
 */
function assignedAlternatives(variable: TSESLint.Scope.Variable, read: TSESTree.Node): TSESTree.Node[] | undefined {
  const def = variable.defs.length === 1 ? variable.defs[0]! : undefined;
  if (def?.type !== 'Variable' || def.parent.kind === 'const' || def.node.id !== def.name) return undefined;
  const around = enclosingFunction(read);
  const values: TSESTree.Node[] = [];
  for (const reference of variable.references) {
    if (!reference.isWrite()) continue;
    const write = reference.identifier;
    if (enclosingFunction(write) !== around || write.range[1] > read.range[0]) return undefined;
    if (reachOfWrite(variable, write, read) === 'none') continue;
    if (reference.init) {
      if (def.node.init) values.push(def.node.init);
      continue;
    }
    const assignment = write.parent;
    if (assignment?.type !== AST_NODE_TYPES.AssignmentExpression || assignment.operator !== '=' || assignment.left !== write) return undefined;
    values.push(assignment.right);
  }
  return values.length >= 2 && values.length <= MAX_ITERATED ? values : undefined;
}

/** The list written out that a variable goes through: a `for…of` over it, or an array method's callback's first parameter. */
function iteratedList(variable: TSESLint.Scope.Variable, scope: TSESLint.Scope.Scope): TSESTree.ArrayExpression | undefined {
  if (variable.defs.length !== 1 || variable.references.some((reference) => reference.isWrite() && !reference.init)) return undefined;
  const def = variable.defs[0]!;
  let source: TSESTree.Node | undefined;
  if (def.type === 'Variable' && def.node.id === def.name && def.parent.parent?.type === AST_NODE_TYPES.ForOfStatement && def.parent.parent.left === def.parent && !def.parent.parent.await) {
    source = def.parent.parent.right;
  } else if (def.type === 'Parameter' && isFunction(def.node) && def.node.params[0] === def.name) {
    const call = def.node.parent;
    const callee = call?.type === AST_NODE_TYPES.CallExpression && call.arguments[0] === def.node ? unwrap(call.callee) : undefined;
    if (callee?.type === AST_NODE_TYPES.MemberExpression && !callee.computed && callee.property.type === AST_NODE_TYPES.Identifier && ELEMENT_VISITORS.has(callee.property.name)) source = callee.object;
  }
  if (!source) return undefined;
  let list = unwrap(source);
  // A constant, here or imported (`import { PATHS }`), or a module's or table's member (`paths.ALL`).
  if (list.type === AST_NODE_TYPES.Identifier) list = unwrap(constantInitializer(list, scope) ?? list);
  else if (list.type === AST_NODE_TYPES.MemberExpression) list = unwrap(memberValue(list, scope) ?? list);
  return list.type === AST_NODE_TYPES.ArrayExpression ? list : undefined;
}

/**
 * When a request's body is built from the parameters of the function around it and the function's
 * calls are known: the same request once per call, with the parameters bound to that call's arguments
 * (what the agent-run check reads: the agent id and the input a caller gives).
 */
function bodyCalls(request: ResolvedRequest, site: RequestSite, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): ResolvedRequest[] {
  const fn = enclosingFunction(site.node);
  const body = site.body && unwrap(site.body);
  if (!fn || !body || !readsParameters(body, fn, scope)) return [];
  return callsOfFunction(fn, sourceCode).flatMap((call) => {
    if (call.type !== AST_NODE_TYPES.CallExpression) return [];
    const bindings = new Map<TSESLint.Scope.Variable, TSESTree.Node>();
    bindArguments(fn, argumentsOf(call), bindings, sourceCode, scope);
    return bindings.size > 0 ? [{ ...request, bindings }] : [];
  });
}

/** An object literal (or a name) whose values include a parameter of `fn`. */
function readsParameters(body: TSESTree.Node, fn: FunctionNode, scope: TSESLint.Scope.Scope): boolean {
  const isParameter = (node: TSESTree.Node): boolean => node.type === AST_NODE_TYPES.Identifier && findVariable(scope, node)?.defs[0]?.node === fn;
  if (body.type !== AST_NODE_TYPES.ObjectExpression) return isParameter(body);
  return body.properties.some((property) => (property.type === AST_NODE_TYPES.Property ? isParameter(unwrap(property.value)) : isParameter(unwrap(property.argument))));
}

/** Whether a URL or method has a hole a call would fill: a parameter of `fn`, or a `this` member of its class. */
function dependsOnCall(pattern: StringPattern, site: RequestSite, fn: FunctionNode, scope: TSESLint.Scope.Scope): boolean {
  // `this.base` set from the constructor's `base` (`list() { return fetch(`${this.base}/listanswers`) }`): each instance's `new` gives it.
  const classNode = enclosingClass(fn);
  const constructor = classNode && constructorOf(classNode);
  // `createHttp(baseURL) { return { post: (path) => fetch(baseURL + path) } }`: each client the factory makes gives it.
  const factory = factoryOf(fn);
  const isParameter = (node: TSESTree.Node): boolean => {
    if (node.type !== AST_NODE_TYPES.Identifier) return false;
    const definition = findVariable(scope, node)?.defs[0];
    return definition?.type === 'Parameter' && (definition.node === fn || (constructor !== undefined && definition.node === constructor) || (factory !== undefined && definition.node === factory));
  };
  const holes = pattern.filter((part) => part.kind === 'hole').map((part) => part.node);
  if (site.methodNode) holes.push(site.methodNode);
  if (site.optionsNode) holes.push(site.optionsNode);
  const fills = (node: TSESTree.Node): boolean => {
    // `this.base + path`: a sum of unknowns is one hole, until the call gives it text.
    if (node.type === AST_NODE_TYPES.BinaryExpression) return fills(node.left) || fills(node.right);
    // `this.base`, `opts.path` of an options parameter, and `PATHS[name]` of a table read by a parameter.
    return (
      isParameter(node) ||
      (node.type === AST_NODE_TYPES.MemberExpression && (node.object.type === AST_NODE_TYPES.ThisExpression || isParameter(node.object) || (node.computed && isParameter(node.property))))
    );
  };
  return holes.some(fills) || pattern.some((part) => part.kind === 'text' && part.fromDefault);
}

/**
 * The function that makes the object a method is written in (`function createHttp(baseURL) { return {
 * post(path) { … } } }`, or an arrow whose body is the object): its parameters are what each client it
 * makes was given.
 */
function factoryOf(fn: FunctionNode): FunctionNode | undefined {
  const property = fn.parent;
  if (property?.type !== AST_NODE_TYPES.Property || property.value !== fn) return undefined;
  const holder = property.parent.parent;
  if (holder?.type === AST_NODE_TYPES.ArrowFunctionExpression && holder.body === property.parent) return holder;
  return holder?.type === AST_NODE_TYPES.ReturnStatement ? enclosingFunction(holder) : undefined;
}

/** `glean.post(…)` of `const glean = createHttp(base, token)` (here or imported): the factory's parameters bound to that call's arguments. */
function bindFactoryCall(
  fn: FunctionNode,
  client: TSESTree.Node,
  scope: TSESLint.Scope.Scope,
  bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>,
  sourceCode: TSESLint.SourceCode,
): void {
  const factory = factoryOf(fn);
  if (!factory) return;
  const made = resolveExpression(client, scope);
  if (made.type !== AST_NODE_TYPES.CallExpression) return;
  const madeScope = recordOfProgram(programOf(made))?.globalScope ?? scope;
  if (resolveFunction(unwrap(made.callee), madeScope) === factory) bindArguments(factory, argumentsOf(made), bindings, sourceCode, madeScope);
}

/**
 * The constructors' parameters of an instance `new Class(…)` makes, bound to that `new`'s arguments and,
 * up the classes it extends, to what each constructor hands `super(…)` (a class without a constructor
 * hands on its own arguments).
 */
function bindConstruction(
  made: ClassNode | undefined,
  args: readonly TSESTree.CallExpressionArgument[] | undefined,
  bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>,
  scope: TSESLint.Scope.Scope,
  sourceCode: TSESLint.SourceCode,
): void {
  let handed = args;
  let current = made;
  for (let depth = 0; current && depth < 5; depth++) {
    const constructor = constructorOf(current);
    if (constructor) {
      if (handed) bindArguments(constructor, handed, bindings, sourceCode, scope);
      handed = superCallOf(constructor)?.arguments;
    }
    if (!handed || !current.superClass) return;
    current = resolveClass(current.superClass, scope);
  }
}

/** The options object written as a call site's first argument, when the site's URL is written in it. */
function optionsGivingUrl(site: RequestSite): TSESTree.ObjectExpression[] {
  const first = site.node.type === AST_NODE_TYPES.ObjectExpression ? undefined : site.node.arguments[0];
  const options = first && unwrap(first);
  return options?.type === AST_NODE_TYPES.ObjectExpression && options.range[0] <= site.url.range[0] && site.url.range[1] <= options.range[1] ? [options] : [];
}

/**
 * The class of the instance `call` runs the method `fn` on, when it is another than `fn`'s own (a
 * subclass): `this.post(…)` in a subclass's method, `new GleanApi(…).post(…)`.
 */
function receiverClassOf(fn: FunctionNode, call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): ClassNode | undefined {
  const callee = unwrap(call.callee);
  const own = enclosingClass(fn);
  if (!own || callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  let receiver: ClassNode | undefined;
  if (callee.object.type === AST_NODE_TYPES.ThisExpression) receiver = enclosingClass(call);
  else {
    const callScope = recordOfProgram(programOf(call))?.globalScope ?? scope;
    const made = instanceMade(callee.object, callScope);
    receiver = made ? resolveClass(made.callee, callScope) : undefined;
  }
  return receiver && receiver !== own ? receiver : undefined;
}

/** The `super(…)` call a constructor's body makes as one of its statements. */
function superCallOf(constructor: FunctionNode): TSESTree.CallExpression | undefined {
  if (constructor.body?.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  for (const statement of constructor.body.body) {
    const expression = statement.type === AST_NODE_TYPES.ExpressionStatement ? statement.expression : undefined;
    if (expression?.type === AST_NODE_TYPES.CallExpression && expression.callee.type === AST_NODE_TYPES.Super) return expression;
  }
  return undefined;
}

function constructorOf(classNode: ClassNode): FunctionNode | undefined {
  for (const member of classNode.body.body) {
    if (member.type === AST_NODE_TYPES.MethodDefinition && member.kind === 'constructor' && member.value.type === AST_NODE_TYPES.FunctionExpression) return member.value;
  }
  return undefined;
}

/** The method a wrapper's call sends with (`call('POST', path)`), when the site takes it from a parameter. */
function boundMethod(site: RequestSite, scope: TSESLint.Scope.Scope, context: EvaluationContext): HttpMethod | undefined {
  if (site.method) return site.method;
  let methodNode = site.methodNode;
  if (!methodNode && site.optionsNode && context.bindings) {
    // `fetch(url, init)` in `gleanFetch(path, init)`: the options the call gives; without a method, the client's default.
    const options = boundOptions(site, context.bindings, scope);
    if (!options) return undefined;
    if (options.method === null) return 'GET';
    if (options.method) return options.method;
    methodNode = options.methodNode;
  }
  if (!methodNode) return undefined;
  const pattern = evaluatePattern(methodNode, scope, context);
  const value = pattern.length === 1 && pattern[0]!.kind === 'text' ? pattern[0]!.value.toUpperCase() : undefined;
  return value !== undefined && (HTTP_METHODS as readonly string[]).includes(value) ? (value as HttpMethod) : undefined;
}

/** What the options a wrapper's call gives say (`gleanFetch(path, { method: 'POST', body })`), for a site that takes them from a parameter. */
function boundOptions(site: RequestSite, bindings: ReadonlyMap<TSESLint.Scope.Variable, TSESTree.Node>, scope: TSESLint.Scope.Scope): ReturnType<typeof readOptions> | undefined {
  if (!site.optionsNode) return undefined;
  const argument = boundArgumentOf(site.optionsNode, bindings, scope);
  const object = argument !== site.optionsNode ? resolveObject(argument, scope) : undefined;
  return object && readOptions(object, scope);
}

function boundArgument(name: TSESTree.Identifier, bindings: ReadonlyMap<TSESLint.Scope.Variable, TSESTree.Node>, scope: TSESLint.Scope.Scope): TSESTree.Node | undefined {
  const variable = findVariable(scope, name);
  return variable ? bindings.get(variable) : undefined;
}

/**
 * The argument a helper that builds the URL was given, when the URL's text came in through one
 * (`restUrl('/agents/runs/wait')`): where a use is reported when the path is split between the
 * helper's base and the argument.
 */
function argumentIn(pattern: StringPattern): TSESTree.Node | undefined {
  return pattern.find((part) => part.kind === 'text' && part.argument)?.argument;
}

/** The argument a bound URL's last text came from (the path, after a base): where a use is reported when the path is split. */
function boundArgumentNode(pattern: StringPattern, arguments_: ReadonlySet<TSESTree.Node>, counts: (part: PatternPart) => boolean = () => true): TSESTree.Node | undefined {
  // The last such part first: where a base and a path are both given (`make(base)('POST')('/listanswers')`), the path names the operation.
  const parts = [...pattern].reverse().filter(counts);
  for (const part of parts) if (part.via.length > 0 && arguments_.has(part.via[0]!)) return part.via[0];
  for (const part of parts) if (arguments_.has(part.node)) return part.node;
  // `call({ path: '/listanswers' })` read as `opts.path`: the property's value, inside the argument; also
  // when an inner wrapper passes it on (`run({ op: 'getusercount' })` of `run(job) { return call(job.op) }`).
  for (const part of parts) if (part.via.length > 0 && insideAny(part.via[0]!, arguments_)) return part.via[0];
  for (const part of parts) if (part.argument && arguments_.has(part.argument)) return tableLiteral(part, pattern, arguments_) ?? outermostArgument(part.argument, arguments_);
  return undefined;
}

/**
 * The caller's argument a wrapper's own argument stands for, where that one is the wrapper's parameter
 * passed on (`gleanPost(GleanRestPaths.list)` calling `gleanFetch(path)`): the outer call's argument in
 * the parameter's place, through each wrapper of the chain. The argument itself otherwise.
 */
function outermostArgument(argument: TSESTree.Node, arguments_: ReadonlySet<TSESTree.Node>): TSESTree.Node {
  let current = argument;
  for (let depth = 0; depth < 8; depth++) {
    const name = unwrap(current);
    if (name.type !== AST_NODE_TYPES.Identifier) return current;
    let index = -1;
    let fn = enclosingFunction(name);
    for (; fn; fn = enclosingFunction(fn)) {
      index = fn.params.findIndex((param) => (param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param).type === AST_NODE_TYPES.Identifier && ((param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param) as TSESTree.Identifier).name === name.name);
      if (index >= 0) break;
    }
    if (!fn) return current;
    const within = fn;
    const outer = [...arguments_].find((candidate) => candidate !== current && isArgumentAt(candidate, index) && !isInside(candidate, within));
    if (!outer) return current;
    current = outer;
  }
  return current;
}

function isArgumentAt(node: TSESTree.Node, index: number): boolean {
  const call = node.parent;
  return (call?.type === AST_NODE_TYPES.CallExpression || call?.type === AST_NODE_TYPES.NewExpression) && call.arguments[index] === node;
}

function isInside(node: TSESTree.Node, container: TSESTree.Node): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === container) return true;
  return false;
}

/**
 * The literal an argument read from a table or constant of its own module (`post(OPS.count)` of
 * `const OPS = { count: '/getdocumentcount' }`): reported there, once, however many calls pass it, as
 * a table's full path is. Undefined when the argument's text comes from more than that one literal.
 */
function tableLiteral(part: PatternPart, pattern: StringPattern, arguments_: ReadonlySet<TSESTree.Node>): TSESTree.Node | undefined {
  const literal = part.node;
  if (part.kind !== 'text' || literal.type !== AST_NODE_TYPES.Literal || part.argument === undefined) return undefined;
  // The argument recorded is the innermost call's: a wrapper over a wrapper (`gleanPost(LIST)` calling
  // `gleanFetch(path)`) passes on its parameter, and the outer call's argument is the one that names the constant.
  const named = namesConstant(unwrap(part.argument), literal) || [...arguments_].some((argument) => argument !== part.argument && namesConstant(unwrap(argument), literal));
  if (!named) return undefined;
  return pattern.every((other) => other.argument !== part.argument || other.node === literal) ? literal : undefined;
}

/**
 * Whether `reference` reads `literal` by name, as written: `PATH` of `const PATH = '…'`, `OPS.count` of
 * `const OPS = { count: '…' }`. (A key the caller gives a table the wrapper reads, `call('answers')`, is
 * where the caller chose the path: reported there.)
 */
function namesConstant(reference: TSESTree.Node, literal: TSESTree.Literal): boolean {
  const holder = withTypeWrappers(literal).parent;
  if (reference.type === AST_NODE_TYPES.Identifier) {
    return holder?.type === AST_NODE_TYPES.VariableDeclarator && holder.id.type === AST_NODE_TYPES.Identifier && holder.id.name === reference.name && programOf(holder) === programOf(reference);
  }
  if (reference.type !== AST_NODE_TYPES.MemberExpression || reference.object.type !== AST_NODE_TYPES.Identifier || holder?.type !== AST_NODE_TYPES.Property || unwrap(holder.value) !== literal) return false;
  // `const OPS = { … } as const`, `satisfies Record<…>`.
  const table = withTypeWrappers(holder.parent).parent;
  return (
    staticKeyName(reference) === staticKeyName(holder) &&
    table?.type === AST_NODE_TYPES.VariableDeclarator &&
    table.id.type === AST_NODE_TYPES.Identifier &&
    table.id.name === reference.object.name &&
    programOf(table) === programOf(reference)
  );
}

function insideAny(node: TSESTree.Node, containers: ReadonlySet<TSESTree.Node>): boolean {
  for (let current = node.parent; current; current = current.parent) if (containers.has(current)) return true;
  return false;
}

/** Whether the function around a request returns the request's own result (`return fetch(…)`, `=> axios.post(…)`). */
function returnsResponse(node: TSESTree.Node): boolean {
  let current: TSESTree.Node = node;
  while (current.parent?.type === AST_NODE_TYPES.AwaitExpression || current.parent?.type === AST_NODE_TYPES.TSAsExpression) current = current.parent;
  const parent = current.parent;
  return parent?.type === AST_NODE_TYPES.ReturnStatement || (parent?.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === current);
}

/** The values of a URL's path parameters: text where it is known, the interpolated expression where not. */
function pathParamsOf(flat: FlatPattern, match: UrlMatch, operation: CompiledOperation): Record<string, string | TSESTree.Node> {
  const params: Record<string, string | TSESTree.Node> = {};
  operation.paramNames.forEach((name, index) => {
    const segment = match.segments[index];
    if (name === null || !segment) return;
    if (!segment.text.includes(HOLE)) params[name] = segment.text;
    else if (segment.text === HOLE) params[name] = flat.parts[flat.partIndex[segment.start]!]!.node;
  });
  return params;
}

/**
 * `axios.create({ baseURL })` joins its base and a relative URL with exactly one slash; an absolute
 * URL ignores the base.
 */
function joinBase(base: StringPattern, url: StringPattern): StringPattern {
  const first = url[0];
  if (first?.kind === 'text' && /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(first.value)) return url;
  const trimmedBase = trimText(base, 'end');
  const trimmedUrl = trimText(url, 'start');
  const separator: PatternPart = { kind: 'text', value: '/', node: first?.node ?? base[0]!.node, start: null, via: [] };
  return [...trimmedBase, separator, ...trimmedUrl];
}

/** Whether a base is given by ky 2's `baseUrl` (written in the options object or named there). */
function isResolvingBase(base: TSESTree.Node): boolean {
  const property = base.parent;
  if (property?.type !== AST_NODE_TYPES.Property || property.value !== base || staticKeyName(property) !== RESOLVING_BASE_OPTION) return false;
  // RTK Query's `fetchBaseQuery({ baseUrl })` joins base and URL with one slash, as axios's `baseURL` does.
  const call = property.parent.parent;
  return !(call?.type === AST_NODE_TYPES.CallExpression && calleeName(call) === 'fetchBaseQuery');
}

function trimText(pattern: StringPattern, side: 'start' | 'end'): StringPattern {
  const index = side === 'start' ? 0 : pattern.length - 1;
  const part = pattern[index];
  if (part?.kind !== 'text') return pattern;
  const value = side === 'start' ? part.value.replace(/^\/+/, '') : part.value.replace(/\/+$/, '');
  if (value === part.value) return pattern;
  // Offsets stay valid when trimming the end; a trimmed start shifts the text.
  const start = side === 'start' && part.start !== null ? part.start + (part.value.length - value.length) : part.start;
  const copy = [...pattern];
  copy[index] = { ...part, value, start };
  return copy;
}

/**
 * The innermost expression that holds all of the matched path: the literal itself when the path is
 * written in one literal, else the `+` or template that assembles it. Undefined when the pieces come
 * from unrelated places (a client's base URL and a call's relative path). A base joined to a path
 * (`config.indexBase + '/getusercount'`, `join(config.indexBase, 'getdocumentstatus')`: a part that
 * ends with the API's versioned root) is not where the use is written: the expression that holds the
 * rest of the path, within that one, is.
 */
function anchorOf(flat: FlatPattern, match: UrlMatch): TSESTree.Node | undefined {
  const start = Math.max(match.start, 0);
  const anchor = commonVia(flat, start, match.end)?.at(-1);
  if (!anchor) return undefined;
  // The base: the part the path starts in, when it ends with the API's versioned root (`/rest/api/v1`).
  const rootLength = (match.operations[0]?.segments ?? []).findIndex((segment) => segment !== null && /^v\d+$/.test(segment)) + 1;
  const rootEnd = rootLength > 0 ? match.segments[rootLength - 1]?.end : undefined;
  let tail = start;
  while (tail < match.end && flat.partIndex[tail] === flat.partIndex[start]) tail++;
  if (rootEnd === undefined || tail < rootEnd || !/^\/*$/.test(flat.text.slice(rootEnd, tail)) || tail === match.end) return anchor;
  // The `/` a helper puts between them (`join`) is written by neither.
  for (let part = flat.parts[flat.partIndex[tail]!]; tail < match.end && part?.kind === 'text' && /^\/+$/.test(part.value); part = flat.parts[flat.partIndex[tail]!]) tail++;
  const rest = commonVia(flat, tail, match.end) ?? [];
  const program = programOf(anchor);
  for (let i = rest.length - 1; i >= 0; i--) {
    const node = rest[i]!;
    if (programOf(node) === program && node.range[0] >= anchor.range[0] && node.range[1] <= anchor.range[1]) return node;
  }
  return anchor;
}

/** The nodes that lead to every part covering the flat text from `start` to `end`, outermost first. */
function commonVia(flat: FlatPattern, start: number, end: number): readonly TSESTree.Node[] | undefined {
  let common: readonly TSESTree.Node[] | undefined;
  let previous = -1;
  for (let i = start; i < end; i++) {
    const index = flat.partIndex[i]!;
    if (index === previous) continue;
    previous = index;
    const via = flat.parts[index]!.via;
    if (!common) {
      common = via;
      continue;
    }
    let length = 0;
    while (length < common.length && length < via.length && common[length] === via[length]) length++;
    common = common.slice(0, length);
  }
  return common;
}

/** A JSON module is never linted: a path written whole in one is reported where the code reads it (the fallback). */
function reportableAnchor(node: TSESTree.Node | undefined): TSESTree.Node | undefined {
  return node && isJsonModule(recordOfProgram(programOf(node))?.path ?? '') ? undefined : node;
}

/**
 * A call taken for a request only because it hands a function a URL (`gleanPost('/rest/api/v1/…')`):
 * no known client, no method. Where the function is followed, its own request says more.
 */
function isGuessedSite(site: RequestSite): boolean {
  return !site.knownClient && site.method === undefined && !site.methodNode;
}

function usesAt(anchor: TSESTree.Node, allReaches: Reach[], register: CompiledRegister): Use[] {
  // A call of a wrapper whose own request reaches the same text (with the wrapper's method) is not also a request of unknown method.
  const followed = new Set(allReaches.flatMap((reach) => (reach.through ? [reach.through] : [])));
  const reaches = followed.size === 0 ? allReaches : allReaches.filter((reach) => !(reach.site && followed.has(reach.site.node as TSESTree.CallExpression) && isGuessedSite(reach.site)));
  const sites = reaches.flatMap((reach) => (reach.site ? [reach.site] : []));
  const methodsKnown = sites.length > 0 && sites.length === reaches.length && sites.every((site) => site.method);
  const methods = new Set(sites.map((site) => site.method));
  const uses: Use[] = [];
  const seen = new Set<string>();
  for (const reach of reaches) {
    for (const operation of reach.match.operations) {
      if (methodsKnown && !methods.has(operation.method)) continue;
      for (const item of register.endpointsByOperation.get(operation.key) ?? []) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        // The method is known when every request through this literal sends with the item's own method.
        const methodKnown = methodsKnown && methods.size === 1 && methods.has(item.operation.method);
        uses.push({
          item,
          node: anchor,
          ...(methodKnown ? { method: item.operation.method } : {}),
          site: { kind: 'url', operation, flat: reach.flat, match: reach.match, sites, methodKnown },
        });
      }
    }
  }
  return uses;
}
