import { AST_NODE_TYPES } from '../util/packages.js';
import { identityOf } from '../util/linking.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { SdkSchema } from '../sdk/types.js';
import type { FieldIndex } from './field-index.js';
import { findVariable, isEmptyValue, staticKeyName, unwrap } from '../util/resolve.js';
import { comparedStrings } from './enum-values.js';
import { emitHandOff } from '../flow/events.js';
import { refReads, stateReads, storeOfThis } from '../flow/stores.js';
import { procedureCallsOf } from '../flow/trpc.js';
import { isRouteResponseHelper, routeDataReads, svelteDataTargets } from '../flow/route-data.js';
import { atomReads } from '../flow/atoms.js';
import { propsHandOff } from '../flow/jsx-props.js';
import { activityCallsOf } from '../flow/activities.js';
import { setCallOfUpdater, stateHolders, storeOfSetCall, type ZustandStore } from '../flow/zustand.js';
import type { FieldHit } from './field-hit.js';
import { step, type Position } from './schema.js';
import { memberName, thisField, thisReads, type ClassNode } from '../flow/class-members.js';
import { asyncThunkOf, callbackResultOf, callsOfFunction, enclosingFunction, forEachReturned, instanceReads, isKeyedRunnerCall, querySelectOf, resolveCallee, resolveFunction, runnersOf, thunkPayloadReaders, timesPassedOn, type FunctionNode } from '../flow/functions.js';
import {
  CALLBACK_RESULTS,
  ELEMENT_CALLBACKS,
  ELEMENT_RESULTS,
  PROMISE_COMBINATORS,
  SAME_ARRAY_RESULTS,
  mutationResultCallbacks,
  passesValueThrough,
  reachOfWrite,
  reduceAdditions,
  type Addition,
} from '../flow/values.js';

/**
 * Response side: follows the value a request produces through the file — `await`, `.then`, `.json()`,
 * axios `.data`, casts, destructuring (also of callback parameters), optional chaining, literal
 * element access, `for…of` and array callbacks, same-file helper functions — and collects the
 * deprecated fields read from it.
 */

/** What a value is, as far as the response is concerned. */
export type Flow =
  | { kind: 'promise'; of: Flow }
  /** An HTTP client's response object: the payload is behind `.json()`, `.data`, `.getContentText()`. */
  | { kind: 'http'; payload: Position }
  /** The payload as text (`await res.text()`, Apps Script `getContentText()`), for `JSON.parse`. */
  | { kind: 'text'; payload: Position }
  /** A standalone SDK function's `Result`: the payload is `.value` once `.ok`. */
  | { kind: 'result'; payload: Position }
  | { kind: 'model'; position: Position; array: boolean; record: boolean }
  /** An array (from `Promise.all`) whose element `index` is `of`. */
  | { kind: 'tuple'; index: number; of: Flow }
  /** One outcome of `Promise.allSettled`: the value is behind `.value`. */
  | { kind: 'settled'; of: Flow }
  /** An array whose every element is `of`: what an array callback returns (`ids.map(async (id) => …)`). */
  | { kind: 'elements'; of: Flow }
  /** A React Query result whose `.data` is what its query or mutation function resolved to (`of`). */
  | { kind: 'hookResult'; of: Flow }
  /**
   * An object that holds `of` under `key`: one written around it (`return { response, count }`), or a
   * Redux action whose `payload` is what an async thunk's payload creator resolved to.
   */
  | { kind: 'held'; key: string; of: Flow };

export class ResponseFollower {
  private readonly visited = new Set<string>();

  constructor(
    private readonly schema: SdkSchema,
    private readonly fields: FieldIndex,
    private readonly scope: TSESLint.Scope.Scope,
    private readonly sourceCode: TSESLint.SourceCode,
    private readonly hits: FieldHit[],
  ) {}

  /**
   * A function the response is handed to as its first argument (React Query's `onSuccess(data)`); what
   * it reads is not only this response's when the file also calls it itself, or hands it on elsewhere too.
   */
  receivedBy(fn: FunctionNode, flow: Flow, depth = 0, mixed = false): void {
    const param = fn.params[0];
    const shared = callsOfFunction(fn, this.sourceCode).length > 0 || timesPassedOn(fn, this.sourceCode) > 1;
    if (param) this.bind(param, flow, depth, mixed || shared);
  }

  /** Set while a request made inside a wrapper for one call is followed (see ResolvedRequest.exit). */
  private exit: { from: FunctionNode; to: TSESTree.Node } | undefined;

  /** Follows a request's response; `exit` keeps it to the one call of a wrapper it was made for. */
  followRequest(node: TSESTree.Node, flow: Flow, exit?: { from: FunctionNode; to: TSESTree.Node }): void {
    this.exit = exit;
    try {
      this.follow(node, flow);
    } finally {
      this.exit = undefined;
    }
  }

  /** `mixed`: other values than this request's may reach here too (a reassigned variable, a shared helper). */
  follow(node: TSESTree.Node, flow: Flow, depth = 0, mixed = false): void {
    if (depth > 60) return;
    const key = `${identityOf(node)}|${JSON.stringify(flow)}|${mixed}|${this.exit ? identityOf(this.exit.to) : ''}`;
    if (this.visited.has(key)) return;
    this.visited.add(key);

    let current = node;
    while (current.parent && passesValueThrough(current, current.parent)) {
      // `cond ? await searchGlean(q) : await searchTickets(q)`: the other branch's value may be what is read.
      if (bringsOtherValue(current, current.parent)) mixed = true;
      current = current.parent;
    }
    this.added.get(current)?.set(current, { flow, mixed });
    const parent = current.parent;
    if (!parent) return;
    const next = depth + 1;

    switch (parent.type) {
      case AST_NODE_TYPES.AwaitExpression:
        this.follow(parent, flow.kind === 'promise' ? flow.of : flow, next, mixed);
        return;
      case AST_NODE_TYPES.MemberExpression:
        if (parent.object === current) this.member(parent, flow, next, mixed);
        return;
      case AST_NODE_TYPES.VariableDeclarator:
        if (parent.init === current) this.bind(parent.id, flow, next, mixed);
        return;
      case AST_NODE_TYPES.AssignmentExpression:
        if (parent.right === current && parent.operator === '=') this.bind(parent.left, flow, next, mixed);
        return;
      case AST_NODE_TYPES.ForOfStatement: {
        const element = parent.right === current ? elementOf(flow) : undefined;
        const target = parent.left.type === AST_NODE_TYPES.VariableDeclaration ? parent.left.declarations[0]?.id : parent.left;
        // `for await` waits for each element that is a promise.
        if (element && target) this.bind(target, parent.await && element.kind === 'promise' ? element.of : element, next, mixed);
        return;
      }
      case AST_NODE_TYPES.CallExpression:
        if (parent.callee !== current) this.intoFunction(parent, current, flow, next, mixed);
        return;
      case AST_NODE_TYPES.ArrayExpression:
        this.intoCombinator(parent, current, flow, next, mixed);
        return;
      case AST_NODE_TYPES.ReturnStatement:
        this.outOfFunction(parent, flow, next, mixed);
        return;
      case AST_NODE_TYPES.ArrowFunctionExpression:
        if (parent.body === current) this.outOfFunction(parent, flow, next, mixed);
        return;
      case AST_NODE_TYPES.YieldExpression:
        if (parent.argument === current) this.outOfGenerator(parent, flow, next, mixed);
        return;
      // `<ResultList results={response.results} />`, `<Summary {...response} />`: the component's props hold it.
      case AST_NODE_TYPES.JSXExpressionContainer:
      case AST_NODE_TYPES.JSXSpreadAttribute: {
        const handOff = propsHandOff(current, this.sourceCode);
        if (handOff) this.bind(handOff.props, handOff.key === undefined ? flow : { kind: 'held', key: handOff.key, of: flow }, next, mixed || handOff.shared);
        return;
      }
      case AST_NODE_TYPES.Property: {
        // `return { response, count }`, `const holder = { response: res }`: the object holds it under its key.
        const key = parent.value === current && parent.kind === 'init' ? staticKeyName(parent, this.scope) : undefined;
        if (key !== undefined && parent.parent.type === AST_NODE_TYPES.ObjectExpression) this.follow(parent.parent, { kind: 'held', key, of: flow }, next, mixed);
        return;
      }
      default:
        return;
    }
  }

  /**
   * A value a generator yields (`yield result`, `yield* results`) is an element of what its calls
   * give: `for (const r of pages(q))`, `for await (const r of searchAll(q))` in this module.
   */
  private outOfGenerator(yielded: TSESTree.YieldExpression, flow: Flow, depth: number, mixed: boolean): void {
    const fn = enclosingFunction(yielded);
    if (!fn?.generator) return;
    const element = yielded.delegate ? elementOf(flow) : flow;
    if (!element) return;
    for (const call of callsOfFunction(fn, this.sourceCode)) this.follow(call, { kind: 'elements', of: element }, depth, mixed);
  }

  /** `value.key`, `value['key']`, `value[0]`, `value.then(…)`, `res.json()`. */
  private member(member: TSESTree.MemberExpression, flow: Flow, depth: number, mixed: boolean): void {
    const call = member.parent?.type === AST_NODE_TYPES.CallExpression && member.parent.callee === member ? member.parent : undefined;
    const key = staticKeyName(member, this.scope);
    const follow = (node: TSESTree.Node, next: Flow): void => this.follow(node, next, depth, mixed);

    switch (flow.kind) {
      case 'promise':
        // An observable's `toPromise()` (rxjs 6, @nestjs/axios's HttpService) resolves to its value.
        if (key === 'toPromise' && call) {
          follow(call, flow);
          return;
        }
        // An observable (Angular's HttpClient): `subscribe(next)` or `subscribe({ next })` is handed its value;
        // `pipe(map(fn))` hands it to `fn`, and is an observable of what `fn` returns.
        if (key === 'subscribe' && call) {
          const [observer] = call.arguments;
          const object = observer && unwrap(observer).type === AST_NODE_TYPES.ObjectExpression ? (unwrap(observer) as TSESTree.ObjectExpression) : undefined;
          const next = object ? object.properties.find((property): property is TSESTree.Property => property.type === AST_NODE_TYPES.Property && staticKeyName(property) === 'next')?.value : observer;
          if (next) this.intoCallback(next, 0, flow.of, undefined, depth, mixed);
          return;
        }
        if (key === 'pipe' && call) {
          this.throughOperators(call, flow, depth, mixed);
          return;
        }
        // A client that answers synchronously (Apps Script) hands over the value itself.
        if (key !== 'then' && key !== 'catch' && key !== 'finally') {
          this.member(member, flow.of, depth, mixed);
          return;
        }
        if (!call) return;
        if (key === 'then') {
          const callback = call.arguments[0];
          if (callback) this.intoCallback(callback, 0, flow.of, call, depth, mixed);
        } else {
          follow(call, flow);
        }
        return;
      case 'http':
        // axios `.data`; got with `responseType: 'json'` and undici `request` hand the payload over as `.body`.
        // ofetch's `.raw()` response keeps the parsed body in `._data`.
        if (key === 'data' || key === 'body' || key === '_data') follow(member, model(flow.payload));
        // undici's `body` is a stream with `.json()`/`.text()` like a fetch response.
        if (key === 'body') follow(member, { kind: 'http', payload: flow.payload });
        // fetch's `res.clone()` is the same response, read once more (`await res.clone().json()`).
        else if (call && key === 'clone') follow(call, flow);
        else if (call && key === 'json') follow(call, { kind: 'promise', of: model(flow.payload) });
        else if (call && key === 'text') follow(call, { kind: 'promise', of: { kind: 'text', payload: flow.payload } });
        else if (call && key === 'getContentText') follow(call, { kind: 'text', payload: flow.payload });
        return;
      case 'text':
        return;
      case 'result':
        if (key === 'value') follow(member, model(flow.payload));
        return;
      case 'tuple':
        if (member.computed && member.property.type === AST_NODE_TYPES.Literal && member.property.value === flow.index) follow(member, flow.of);
        return;
      case 'settled':
        if (key === 'value') follow(member, flow.of);
        return;
      case 'hookResult':
        if (key === 'data') follow(member, flow.of);
        return;
      case 'held':
        if (key === flow.key) follow(member, flow.of);
        return;
      case 'elements':
        if (member.computed && (member.property.type !== AST_NODE_TYPES.Literal || typeof member.property.value === 'number')) follow(member, flow.of);
        if (!call || key === undefined) return;
        if (ELEMENT_CALLBACKS[key] !== undefined) this.intoElementCallback(call, key, flow.of, depth, mixed);
        if (ELEMENT_RESULTS.has(key)) follow(call, flow.of);
        if (SAME_ARRAY_RESULTS.has(key)) follow(call, flow);
        return;
      default:
        break;
    }

    if (flow.array || flow.record) {
      const element: Flow = { ...flow, array: false, record: false };
      if (member.computed && member.property.type === AST_NODE_TYPES.Literal) {
        if (flow.array ? typeof member.property.value === 'number' : typeof member.property.value === 'string') follow(member, element);
        return;
      }
      // `messages[i]`, `byId[id]`: an index or key that is not a literal still reads one element.
      if (member.computed) {
        follow(member, element);
        return;
      }
      if (!call || key === undefined || !flow.array) return;
      if (ELEMENT_CALLBACKS[key] !== undefined) this.intoElementCallback(call, key, element, depth, mixed);
      if (ELEMENT_RESULTS.has(key)) follow(call, element);
      if (SAME_ARRAY_RESULTS.has(key)) follow(call, flow);
      return;
    }
    if (key === undefined) return;
    for (const item of this.fields.at(flow.position, key)) {
      this.hits.push({ item, side: 'response', node: member.property, holder: { kind: 'member', member }, owner: flow.position, ...(mixed ? { mayHoldOtherValues: true } : {}) });
    }
    this.comparedValues(member, flow.position, key);
    const next = step(this.schema, flow.position, key);
    if (next) follow(member, { kind: 'model', position: next.position, array: next.array, record: next.record });
  }

  /** A value bound to a name or a destructuring pattern. */
  private bind(target: TSESTree.Node, flow: Flow, depth: number, mixed: boolean): void {
    // `this.results = response.results` in a Pinia store's action: read by its getters and actions, and as
    // `store.results` where the store is used (here, or in a module that imports it).
    const store = target.type === AST_NODE_TYPES.MemberExpression && !target.computed ? storeOfThis(target, this.sourceCode) : undefined;
    if (store) {
      const name = staticKeyName(target as TSESTree.MemberExpression);
      if (name === undefined) return;
      const { reads, others } = stateReads(store, name, target, this.sourceCode);
      for (const read of reads) this.follow(read, flow, depth, mixed || others);
      return;
    }
    // `data.value = response` of a Vue ref: every read of `data` is an object that holds the response under `value`.
    const ref = target.type === AST_NODE_TYPES.MemberExpression ? refReads(target, this.sourceCode) : undefined;
    if (ref) {
      for (const read of ref.reads) this.follow(read, { kind: 'held', key: 'value', of: flow }, depth, mixed || ref.others);
      return;
    }
    // `this.last = await glean.client.search.query(…)`: read by the class's methods as `this.last`, and
    // as `searcher.last` on the instances its `new` makes (here, or in a module that imports the class).
    const field = thisField(target);
    if (field) {
      const reads = [...thisReads(field.classNode, field.name, target, this.sourceCode), ...instanceReads(field.classNode, field.name, this.sourceCode)];
      const written = (read: TSESTree.Node): boolean => read.parent?.type === AST_NODE_TYPES.AssignmentExpression && read.parent.left === read;
      // Another value kept in the field (another assignment, a field initialiser) may be what a read sees.
      const others = reads.some(written) || hasFieldValue(field.classNode, field.name);
      for (const read of reads) if (!written(read)) this.follow(read, flow, depth, mixed || others);
      return;
    }
    if (target.type === AST_NODE_TYPES.Identifier) {
      const variable = findVariable(this.scope, target);
      for (const reference of variable?.references ?? []) {
        if (!reference.isRead() || reference.identifier === target) continue;
        // Another value written to the same variable may be what this read sees.
        const reach = reachOfWrite(variable!, target, reference.identifier);
        if (reach !== 'none') this.follow(reference.identifier, flow, depth, mixed || reach === 'mixed');
      }
      return;
    }
    if (target.type === AST_NODE_TYPES.AssignmentPattern) {
      this.bind(target.left, flow, depth, mixed);
      return;
    }
    if (target.type === AST_NODE_TYPES.ArrayPattern) {
      target.elements.forEach((element, index) => {
        if (!element || element.type === AST_NODE_TYPES.RestElement) return;
        const each = elementOf(flow);
        if (each) this.bind(element, each, depth, mixed);
        else if (flow.kind === 'tuple' && flow.index === index) this.bind(element, flow.of, depth, mixed);
      });
      return;
    }
    if (target.type !== AST_NODE_TYPES.ObjectPattern) return;
    for (const property of target.properties) {
      if (property.type !== AST_NODE_TYPES.Property) continue;
      const key = staticKeyName(property, this.scope);
      if (key === undefined) continue;
      if (flow.kind === 'hookResult' || flow.kind === 'held') {
        if (key === (flow.kind === 'held' ? flow.key : 'data')) this.bind(property.value, flow.of, depth, mixed);
        continue;
      }
      if (flow.kind === 'http' || flow.kind === 'result' || flow.kind === 'settled') {
        const payloadKey = flow.kind === 'http' ? ['data', 'body'] : ['value'];
        if (payloadKey.includes(key)) this.bind(property.value, flow.kind === 'settled' ? flow.of : model(flow.payload), depth, mixed);
        if (flow.kind === 'http' && key === 'body') this.bind(property.value, flow, depth, mixed);
        continue;
      }
      if (flow.kind !== 'model' || flow.array || flow.record) continue;
      for (const item of this.fields.at(flow.position, key)) {
        this.hits.push({ item, side: 'response', node: property.key, holder: { kind: 'pattern', property, pattern: target }, owner: flow.position, ...(mixed ? { mayHoldOtherValues: true } : {}) });
      }
      this.destructuredValues(property.value, flow.position, key);
      const next = step(this.schema, flow.position, key);
      if (next) this.bind(property.value, { kind: 'model', position: next.position, array: next.array, record: next.record }, depth, mixed);
    }
  }

  /** A deprecated enum value the code compares a read with: `info.role === 'VIEWER'`. */
  private comparedValues(read: TSESTree.Node, position: Position, key: string): void {
    if (!this.fields.valueFields.has(key)) return;
    for (const named of comparedStrings(read, this.scope)) {
      for (const item of this.fields.valuesAt(position, key, named.value)) {
        this.hits.push({ item, side: 'response', node: named.node, holder: { kind: 'value' }, owner: position });
      }
    }
  }

  /** `const { role } = info; if (role === 'VIEWER') …`: the comparisons of a destructured name. */
  private destructuredValues(target: TSESTree.Node, position: Position, key: string): void {
    if (!this.fields.valueFields.has(key)) return;
    const name = target.type === AST_NODE_TYPES.AssignmentPattern ? target.left : target;
    if (name.type !== AST_NODE_TYPES.Identifier) return;
    for (const reference of findVariable(this.scope, name)?.references ?? []) {
      if (reference.isRead()) this.comparedValues(reference.identifier, position, key);
    }
  }

  /**
   * An array method's callback receives each element (`.map(({ snippet }) => …)`). A `reduce` whose
   * accumulator starts empty and is built only from what the callback adds (`reduceAdditions`) makes
   * an array of those values, followed when every addition is a value of this response, all alike
   * (`results.reduce((acc, r) => [...acc, ...r.snippets], [])`); an addition from anything else, or
   * another initial value, leaves the result unfollowed.
   */
  private intoElementCallback(call: TSESTree.CallExpression, method: string, element: Flow, depth: number, mixed: boolean): void {
    const callback = call.arguments[0];
    if (!callback) return;
    const additions = CALLBACK_RESULTS[method] === 'accumulator' ? reduceAdditions(call, this.scope, this.sourceCode) : undefined;
    const reached = new Map<TSESTree.Node, { flow: Flow; mixed: boolean }>();
    for (const node of additions?.keys() ?? []) this.added.set(node, reached);
    this.intoCallback(callback, ELEMENT_CALLBACKS[method]!, element, undefined, depth, mixed);
    if (!additions) return;
    for (const node of additions.keys()) this.added.delete(node);
    const elements = [...additions].map(([node, how]) => {
      const value = reached.get(node);
      return value && { flow: addedElement(value.flow, how), mixed: value.mixed };
    });
    const first = elements[0]?.flow;
    if (!first || elements.some((each) => !each?.flow || JSON.stringify(each.flow) !== JSON.stringify(first))) return;
    this.follow(call, { kind: 'elements', of: first }, depth, mixed || elements.some((each) => each!.mixed));
  }

  /** The values a `reduce` callback adds to its accumulator, as the response reaches them: each one's flow. */
  private readonly added = new Map<TSESTree.Node, Map<TSESTree.Node, { flow: Flow; mixed: boolean }>>();

  /** A callback's parameter receives the value: `.then((res) => …)`, `.map(({ snippet }) => …)`. */
  private intoCallback(
    callback: TSESTree.Node,
    index: number,
    flow: Flow,
    resultOf: TSESTree.CallExpression | undefined,
    depth: number,
    mixed: boolean,
  ): void {
    const fn = resolveFunction(callback, this.scope);
    if (!fn) return;
    // What a `.then` callback returns is what the promise it makes resolves to: remember its returns
    // before following the parameter into the body.
    if (resultOf) forEachReturned(fn, this.sourceCode, (returned) => this.thenResults.set(returned, resultOf));
    const param = fn.params[index];
    if (param) this.bind(param, flow, depth, mixed);
  }

  /**
   * `observable.pipe(…)` of rxjs's operators: `tap(fn)` and `map(fn)` hand `fn` the value; after `map`, the
   * pipe's observable carries what `fn` returns; operators that pass values on as they are keep the flow.
   */
  private throughOperators(pipe: TSESTree.CallExpression, flow: Flow & { kind: 'promise' }, depth: number, mixed: boolean): void {
    for (const operator of pipe.arguments) {
      const call = unwrap(operator);
      const name = call.type === AST_NODE_TYPES.CallExpression && call.callee.type === AST_NODE_TYPES.Identifier ? call.callee.name : undefined;
      const [fn] = call.type === AST_NODE_TYPES.CallExpression ? call.arguments : [];
      if (name === 'map' && fn) {
        this.intoCallback(fn, 0, flow.of, pipe, depth, mixed);
        return;
      }
      if (name === 'tap' && fn) this.intoCallback(fn, 0, flow.of, undefined, depth, mixed);
      else if (!name || !PASS_THROUGH_OPERATORS.has(name)) return;
    }
    this.follow(pipe, flow, depth, mixed);
  }

  /** Values returned from zustand selectors, and the hook calls whose value they are (a named selector may serve several). */
  private readonly stateSelections = new Map<TSESTree.Node, TSESTree.CallExpression[]>();

  /** A key a zustand store's `set` writes: its reads where the store's state is read (see flow/zustand.ts). */
  private intoStoreState(setCall: TSESTree.CallExpression, written: Flow & { kind: 'held' }, depth: number, mixed: boolean, store?: ZustandStore): void {
    const found = store ?? storeOfSetCall(setCall, this.sourceCode);
    if (!found) return;
    const { states, selectors, others } = stateHolders(found, written.key, setCall, this.sourceCode);
    for (const state of states) this.follow(state, written, depth, mixed || others);
    const callsBySelector = new Map<FunctionNode, TSESTree.CallExpression[]>();
    for (const { fn, call } of selectors) callsBySelector.set(fn, [...(callsBySelector.get(fn) ?? []), call]);
    for (const [fn, calls] of callsBySelector) {
      forEachReturned(fn, this.sourceCode, (returned) => this.stateSelections.set(returned, calls));
      if (fn.params[0]) this.bind(fn.params[0], written, depth, mixed || others);
    }
  }

  /** Values returned from `.then` callbacks, and the `.then` call whose promise they resolve. */
  private readonly thenResults = new Map<TSESTree.Node, TSESTree.CallExpression>();
  /** Values returned from a query hook's `select`, and the hook call whose `.data` they are. */
  private readonly selectResults = new Map<TSESTree.Node, TSESTree.CallExpression>();

  /** A value returned from a function: follow it at the function's calls (same file). */
  private outOfFunction(from: TSESTree.Node, flow: Flow, depth: number, mixed: boolean): void {
    // An arrow's expression body is returned by the arrow itself, not by the function around it.
    const fn = from.type === AST_NODE_TYPES.ArrowFunctionExpression ? from : enclosingFunction(from);
    if (!fn) return;
    const returned = from.type === AST_NODE_TYPES.ReturnStatement ? from.argument : (from as TSESTree.ArrowFunctionExpression).body;
    // A zustand selector's result is the hook's: `useSearchStore((s) => s.results)`.
    const selectedBy = returned ? this.stateSelections.get(returned) : undefined;
    if (selectedBy) {
      for (const call of selectedBy) this.follow(call, flow, depth, mixed);
      return;
    }
    // zustand's `set((state) => ({ results: … }))`: the updater's object is what the store's state holds.
    const updated = flow.kind === 'held' ? setCallOfUpdater(fn, this.sourceCode) : undefined;
    if (updated) {
      this.intoStoreState(updated, flow as Flow & { kind: 'held' }, depth, mixed);
      return;
    }
    const selecting = returned ? this.selectResults.get(returned) : undefined;
    if (selecting) {
      this.follow(selecting, { kind: 'hookResult', of: flow }, depth, mixed);
      return;
    }
    const thenCall = returned ? this.thenResults.get(returned) : undefined;
    const settled = { kind: 'promise', of: flow.kind === 'promise' ? flow.of : flow } as const;
    if (thenCall) {
      this.follow(thenCall, settled, depth, mixed);
      return;
    }
    const result = fn.async ? settled : flow;
    const calls = this.exit?.from === fn ? [this.exit.to] : callsOfFunction(fn, this.sourceCode);
    const runners = runnersOf(fn, this.sourceCode);
    // `useSWR(key, fetcher)` is the fetcher's call (it hands the key), but its result is the hook's (below).
    for (const call of calls) if (!runners.includes(call as TSESTree.CallExpression)) this.follow(call, result, depth, mixed);
    // `ids.map((id) => …)`: the array the callback's returns make.
    const arrayCall = fn.parent?.type === AST_NODE_TYPES.CallExpression && fn.parent.arguments[0] === fn ? fn.parent : undefined;
    const made = arrayCall?.callee.type === AST_NODE_TYPES.MemberExpression ? CALLBACK_RESULTS[staticKeyName(arrayCall.callee, this.scope) ?? ''] : undefined;
    if (arrayCall && made === 'element') this.follow(arrayCall, { kind: 'elements', of: result }, depth, mixed);
    if (arrayCall && made === 'elements') this.follow(arrayCall, elementOf(result) ? result : { kind: 'elements', of: result }, depth, mixed);
    // `await retry(() => http.post(…))`: a helper or package that resolves to what its callback returns.
    const runner = fn.parent?.type === AST_NODE_TYPES.CallExpression ? fn.parent : undefined;
    const passed = runner && runner.callee !== fn ? callbackResultOf(runner, fn, this.scope, this.sourceCode) : undefined;
    if (runner && passed) this.follow(runner, passed === 'promise' ? settled : result, depth, mixed);
    // Redux Toolkit's `createAsyncThunk(type, fn)`: the settled result is each `fulfilled` action's `payload`, and what `dispatch(thunk(q)).unwrap()` resolves to.
    const thunk = asyncThunkOf(fn);
    if (thunk) {
      const { reducers, unwrapped } = thunkPayloadReaders(thunk, this.scope);
      for (const reducer of reducers) if (reducer.params[1]) this.bind(reducer.params[1], { kind: 'held', key: 'payload', of: settled.of }, depth, mixed);
      for (const call of unwrapped) this.follow(call, settled, depth, mixed);
    }
    // A tRPC procedure's resolver: its client's calls (`await trpc.search.run.query(input)`, here or in a joined module) resolve to what it returns.
    for (const { call, kind } of procedureCallsOf(fn, this.sourceCode)) this.follow(call, kind === 'hook' ? { kind: 'hookResult', of: settled.of } : settled, depth, mixed);
    // SvelteKit: a `load`'s result is its page's `data` prop, a form action's the page's `form`.
    for (const target of svelteDataTargets(fn, this.sourceCode)) {
      this.bind(target.node, target.held ? { kind: 'held', key: target.held, of: settled.of } : settled.of, depth, mixed || target.mixed === true);
    }
    // A jotai atom's read function: `useAtomValue(atom)` is the value it settles to, as is `useAtom(atom)`'s
    // first element; another atom's `get(atom)` is what it returns (the promise, for an async atom).
    for (const { call, kind } of atomReads(fn, this.sourceCode)) {
      this.follow(call, kind === 'value' ? settled.of : kind === 'pair' ? { kind: 'tuple', index: 0, of: settled.of } : result, depth, mixed);
    }
    // A Temporal activity: a workflow's call of it through `proxyActivities<typeof activities>()` resolves to what it returns.
    for (const call of activityCallsOf(fn, this.sourceCode)) this.follow(call, settled, depth, mixed);
    // A route module's `loader` / `action`: its component reads the result (`useLoaderData<typeof loader>()`, framework mode's `loaderData` prop).
    for (const read of routeDataReads(fn, this.sourceCode)) {
      const value = read.inside === undefined ? settled.of : settled.of.kind === 'held' && settled.of.key === read.inside ? settled.of.of : undefined;
      if (!value) continue;
      const data: Flow = read.held ? { kind: 'held', key: read.held, of: value } : value;
      if (read.parameter) this.bind(read.node, data, depth, mixed);
      else this.follow(read.node, data, depth, mixed);
    }
    // `useMutation({ mutationFn, onSuccess(data) { … } })`: React Query hands the settled result on,
    // and keeps it in the hook's `.data`.
    // A fetcher SWR shares between keys hands each hook the response of its own key only.
    const entered = this.exit?.from === fn ? this.exit.to : undefined;
    for (const runner of runners) {
      if (entered !== undefined && runner !== entered && isKeyedRunnerCall(runner)) continue;
      for (const callback of mutationResultCallbacks(runner, this.scope, this.sourceCode)) this.receivedBy(callback, settled.of, depth, mixed);
      // `useQuery({ queryFn, select: (data) => … })`: select is handed the result, and the hook's
      // `.data` is what select returns.
      const select = querySelectOf(runner, this.scope);
      if (select) {
        forEachReturned(select, this.sourceCode, (returned) => this.selectResults.set(returned, runner));
        if (select.params[0]) this.bind(select.params[0], settled.of, depth, mixed);
        continue;
      }
      this.follow(runner, { kind: 'hookResult', of: settled.of }, depth, mixed);
    }
  }

  /** A value passed to a same-file function: follow its parameter. */
  private intoFunction(call: TSESTree.CallExpression, argument: TSESTree.Node, flow: Flow, depth: number, mixed: boolean): void {
    const index = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
    if (index === -1) return;
    const callee = call.callee;
    if (
      flow.kind === 'text' &&
      callee.type === AST_NODE_TYPES.MemberExpression &&
      callee.object.type === AST_NODE_TYPES.Identifier &&
      callee.object.name === 'JSON' &&
      staticKeyName(callee, this.scope) === 'parse'
    ) {
      this.follow(call, model(flow.payload), depth, mixed);
      return;
    }
    // `firstValueFrom(this.http.post(…))`: rxjs's promise of an observable's value (@nestjs/axios's HttpService).
    if (index === 0 && flow.kind === 'promise' && isObservableToPromise(callee, this.scope)) {
      this.follow(call, flow, depth, mixed);
      return;
    }
    // A route's `return json(data)` / `data(value, init)`: the component receives the value itself.
    if (index === 0 && isRouteResponseHelper(call, this.sourceCode)) {
      this.follow(call, flow, depth, mixed);
      return;
    }
    // zustand's `set({ results: … })`: the store's state holds it under the key.
    const store = index === 0 && flow.kind === 'held' ? storeOfSetCall(call, this.sourceCode) : undefined;
    if (store) {
      this.intoStoreState(call, flow as Flow & { kind: 'held' }, depth, mixed, store);
      return;
    }
    // `Promise.resolve(value)`, `Promise.race([…])` through its array (see intoCombinator).
    const promiseStatic = isPromiseStatic(callee, this.scope);
    if (promiseStatic === 'resolve') {
      this.follow(call, { kind: 'promise', of: flow.kind === 'promise' ? flow.of : flow }, depth, mixed);
      return;
    }
    // `Promise.all(ids.map(async (id) => …))`: an array of promises, each settled.
    const combined = promiseStatic === undefined ? undefined : PROMISE_COMBINATORS[promiseStatic];
    if (combined && flow.kind === 'elements' && index === 0) {
      const each = flow.of.kind === 'promise' ? flow.of.of : flow.of;
      const result: Flow = combined === 'one' ? each : { kind: 'elements', of: combined === 'settled' ? { kind: 'settled', of: each } : each };
      this.follow(call, { kind: 'promise', of: result }, depth, mixed);
      return;
    }
    // `bus.emit('results', res)`: each listener of the event is handed the values after its name.
    const handOff = index >= 1 ? emitHandOff(call, this.scope, this.sourceCode) : undefined;
    if (handOff) {
      for (const listener of handOff.listeners) {
        const fn = resolveFunction(listener, this.scope);
        const param = fn?.params[index - 1];
        // Another emit of the event, or another caller of a named listener, may hand it other values.
        if (param) this.bind(param, flow, depth, mixed || handOff.emits > 1 || callsOfFunction(fn!, this.sourceCode).length > 0 || timesPassedOn(fn!, this.sourceCode) > 1);
      }
      return;
    }
    const fn = resolveCallee(call, this.scope);
    const param = fn?.params[index];
    if (!fn || !param) return;
    // A helper called elsewhere, or handed on as a callback (`onSuccess: show`), may be given other
    // values: what it reads is not only this response's.
    const shared = callsOfFunction(fn, this.sourceCode).length !== 1 || timesPassedOn(fn, this.sourceCode) > 0;
    this.bind(param, flow, depth, mixed || shared);
  }

  /** An element of `Promise.all([…])` and its siblings. */
  private intoCombinator(array: TSESTree.ArrayExpression, element: TSESTree.Node, flow: Flow, depth: number, mixed: boolean): void {
    const call = array.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments[0] !== array) return;
    const combinator = isPromiseStatic(call.callee, this.scope);
    const kind = combinator === undefined ? undefined : PROMISE_COMBINATORS[combinator];
    if (!kind) return;
    const settled = flow.kind === 'promise' ? flow.of : flow;
    const index = array.elements.indexOf(element as TSESTree.Expression);
    let result: Flow;
    if (kind === 'one') result = settled;
    else result = { kind: 'tuple', index, of: kind === 'settled' ? { kind: 'settled', of: settled } : settled };
    this.follow(call, { kind: 'promise', of: result }, depth, mixed);
  }
}

/**
 * Whether the other operand of a conditional or `??`/`||` may give a value other than this one: not
 * when it is a plain default (`?? {}`, `|| []`, `: null`, `: undefined`).
 */
/** Whether a class gives a field a value where it declares it (`last = EMPTY`; not `last?: T` or `last = null`). */
function hasFieldValue(classNode: ClassNode, name: string): boolean {
  return classNode.body.body.some((member) => {
    return member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && memberName(member) === name && member.value !== null && !isEmptyValue(member.value);
  });
}

function bringsOtherValue(node: TSESTree.Node, parent: TSESTree.Node): boolean {
  let other: TSESTree.Node | undefined;
  if (parent.type === AST_NODE_TYPES.ConditionalExpression && parent.test !== node) other = parent.consequent === node ? parent.alternate : parent.consequent;
  else if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.operator !== '&&') other = parent.left === node ? parent.right : parent.left;
  if (!other) return false;
  const value = unwrap(other);
  if (value.type === AST_NODE_TYPES.Literal) return false;
  if (value.type === AST_NODE_TYPES.Identifier && value.name === 'undefined') return false;
  if (value.type === AST_NODE_TYPES.ObjectExpression || value.type === AST_NODE_TYPES.ArrayExpression) return value.type === AST_NODE_TYPES.ObjectExpression ? value.properties.length > 0 : value.elements.length > 0;
  return true;
}

/** rxjs's functions that make a promise of an observable's first or last value. */
const OBSERVABLE_TO_PROMISE = new Set(['firstValueFrom', 'lastValueFrom']);

/** rxjs operators that hand each value on as it is (`tap`'s function is handed it too). */
const PASS_THROUGH_OPERATORS = new Set(['tap', 'filter', 'take', 'first', 'last', 'retry', 'catchError', 'timeout', 'shareReplay', 'share', 'finalize', 'delay', 'debounceTime', 'distinctUntilChanged', 'takeUntil']);

/** `firstValueFrom` imported from rxjs (under any local name). */
function isObservableToPromise(callee: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean {
  // `rx.firstValueFrom(…)` of `import * as rx from 'rxjs'`.
  if (callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.Identifier && OBSERVABLE_TO_PROMISE.has(staticKeyName(callee) ?? '')) {
    const namespace = findVariable(scope, callee.object)?.defs[0];
    return namespace?.type === 'ImportBinding' && namespace.node.type === AST_NODE_TYPES.ImportNamespaceSpecifier && namespace.parent?.type === AST_NODE_TYPES.ImportDeclaration && namespace.parent.source.value === 'rxjs';
  }
  if (callee.type !== AST_NODE_TYPES.Identifier) return false;
  const definition = findVariable(scope, callee)?.defs[0];
  if (definition?.type !== 'ImportBinding' || definition.node.type !== AST_NODE_TYPES.ImportSpecifier) return false;
  const declaration = definition.parent;
  const imported = definition.node.imported;
  return declaration?.type === AST_NODE_TYPES.ImportDeclaration && declaration.source.value === 'rxjs' && OBSERVABLE_TO_PROMISE.has(imported.type === AST_NODE_TYPES.Identifier ? imported.name : String(imported.value));
}

/** `Promise.all` → `all`, for the global `Promise` only. */
function isPromiseStatic(callee: TSESTree.Node, scope: TSESLint.Scope.Scope): string | undefined {
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.object.type !== AST_NODE_TYPES.Identifier || callee.object.name !== 'Promise') return undefined;
  const variable = findVariable(scope, callee.object);
  if (variable && variable.defs.length > 0) return undefined;
  return staticKeyName(callee, scope);
}

/** What a value a `reduce` callback adds makes of the result's elements (see `Addition`). */
function addedElement(flow: Flow, how: Addition): Flow | undefined {
  if (how === 'element') return flow;
  return how === 'elements' ? elementOf(flow) : (elementOf(flow) ?? flow);
}

/** What each element of an array value is: a response array's element, or an `elements` array's. */
function elementOf(flow: Flow): Flow | undefined {
  if (flow.kind === 'elements') return flow.of;
  return flow.kind === 'model' && flow.array ? { ...flow, array: false } : undefined;
}

function model(position: Position): Flow {
  return { kind: 'model', position, array: false, record: false };
}
