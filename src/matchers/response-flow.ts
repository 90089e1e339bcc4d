import { AST_NODE_TYPES } from '@typescript-eslint/types';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { SdkSchema } from '../sdk/types.js';
import type { FieldIndex } from './field-index.js';
import { findVariable, isTypeWrapper, staticKeyName } from '../util/resolve.js';
import { comparedStrings } from './enum-values.js';
import type { FieldHit } from './field-hit.js';
import { step, type Position } from './schema.js';
import { callsOfFunction, enclosingFunction, forEachReturned, resolveFunction } from '../flow/functions.js';

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
  | { kind: 'model'; position: Position; array: boolean; record: boolean };

const ELEMENT_CALLBACKS = new Set(['map', 'forEach', 'filter', 'find', 'findLast', 'some', 'every', 'flatMap', 'findIndex']);
const ELEMENT_RESULTS = new Set(['find', 'findLast', 'at', 'pop', 'shift']);
const SAME_ARRAY_RESULTS = new Set(['filter', 'slice', 'concat', 'reverse', 'toReversed', 'sort', 'toSorted']);

export class ResponseFollower {
  private readonly visited = new Set<string>();

  constructor(
    private readonly schema: SdkSchema,
    private readonly fields: FieldIndex,
    private readonly scope: TSESLint.Scope.Scope,
    private readonly sourceCode: TSESLint.SourceCode,
    private readonly hits: FieldHit[],
  ) {}

  follow(node: TSESTree.Node, flow: Flow, depth = 0): void {
    if (depth > 60) return;
    const key = `${node.range.join(':')}|${JSON.stringify(flow)}`;
    if (this.visited.has(key)) return;
    this.visited.add(key);

    let current = node;
    while (current.parent && isPassThrough(current, current.parent)) current = current.parent;
    const parent = current.parent;
    if (!parent) return;
    const next = depth + 1;

    switch (parent.type) {
      case AST_NODE_TYPES.AwaitExpression:
        this.follow(parent, flow.kind === 'promise' ? flow.of : flow, next);
        return;
      case AST_NODE_TYPES.MemberExpression:
        if (parent.object === current) this.member(parent, flow, next);
        return;
      case AST_NODE_TYPES.VariableDeclarator:
        if (parent.init === current) this.bind(parent.id, flow, next);
        return;
      case AST_NODE_TYPES.AssignmentExpression:
        if (parent.right === current && parent.operator === '=') this.bind(parent.left, flow, next);
        return;
      case AST_NODE_TYPES.ForOfStatement:
        if (parent.right === current && flow.kind === 'model' && flow.array) {
          const target = parent.left.type === AST_NODE_TYPES.VariableDeclaration ? parent.left.declarations[0]?.id : parent.left;
          if (target) this.bind(target, { ...flow, array: false }, next);
        }
        return;
      case AST_NODE_TYPES.CallExpression:
        if (parent.callee !== current) this.intoFunction(parent, current, flow, next);
        else return;
        return;
      case AST_NODE_TYPES.ReturnStatement:
        this.outOfFunction(parent, flow, next);
        return;
      case AST_NODE_TYPES.ArrowFunctionExpression:
        if (parent.body === current) this.outOfFunction(parent, flow, next);
        return;
      default:
        return;
    }
  }

  /** `value.key`, `value['key']`, `value[0]`, `value.then(…)`, `res.json()`. */
  private member(member: TSESTree.MemberExpression, flow: Flow, depth: number): void {
    const call = member.parent?.type === AST_NODE_TYPES.CallExpression && member.parent.callee === member ? member.parent : undefined;
    const key = staticKeyName(member, this.scope);

    if (flow.kind === 'promise') {
      // A client that answers synchronously (Apps Script) hands over the value itself.
      if (key !== 'then' && key !== 'catch' && key !== 'finally') {
        this.member(member, flow.of, depth);
        return;
      }
      if (!call) return;
      if (key === 'then') {
        const callback = call.arguments[0];
        if (callback) this.intoCallback(callback, 0, flow.of, call, depth);
      } else if (key === 'catch' || key === 'finally') {
        this.follow(call, flow, depth);
      }
      return;
    }
    if (flow.kind === 'http') {
      if (key === 'data') this.follow(member, { kind: 'model', position: flow.payload, array: false, record: false }, depth);
      else if (call && key === 'json') this.follow(call, { kind: 'promise', of: model(flow.payload) }, depth);
      else if (call && key === 'text') this.follow(call, { kind: 'promise', of: { kind: 'text', payload: flow.payload } }, depth);
      else if (call && key === 'getContentText') this.follow(call, { kind: 'text', payload: flow.payload }, depth);
      return;
    }
    if (flow.kind === 'text') return;
    if (flow.kind === 'result') {
      if (key === 'value') this.follow(member, model(flow.payload), depth);
      return;
    }

    if (flow.array || flow.record) {
      const element: Flow = { ...flow, array: false, record: false };
      if (member.computed && member.property.type === AST_NODE_TYPES.Literal) {
        if (flow.array ? typeof member.property.value === 'number' : typeof member.property.value === 'string') {
          this.follow(member, element, depth);
        }
        return;
      }
      // `messages[i]`, `byId[id]`: an index or key that is not a literal still reads one element.
      if (member.computed) {
        this.follow(member, element, depth);
        return;
      }
      if (!call || key === undefined || !flow.array) return;
      if (ELEMENT_CALLBACKS.has(key) && call.arguments[0]) this.intoCallback(call.arguments[0], 0, element, undefined, depth);
      if (ELEMENT_RESULTS.has(key)) this.follow(call, element, depth);
      if (SAME_ARRAY_RESULTS.has(key)) this.follow(call, flow, depth);
      return;
    }
    if (key === undefined) return;
    for (const item of this.fields.at(flow.position, key)) {
      this.hits.push({ item, side: 'response', node: member.property, holder: { kind: 'member', member }, owner: flow.position });
    }
    this.comparedValues(member, flow.position, key);
    const next = step(this.schema, flow.position, key);
    if (next) this.follow(member, { kind: 'model', position: next.position, array: next.array, record: next.record }, depth);
  }

  /** A value bound to a name or a destructuring pattern. */
  private bind(target: TSESTree.Node, flow: Flow, depth: number): void {
    if (target.type === AST_NODE_TYPES.Identifier) {
      const variable = findVariable(this.scope, target);
      for (const reference of variable?.references ?? []) {
        if (reference.isRead() && reference.identifier !== target) this.follow(reference.identifier, flow, depth);
      }
      return;
    }
    if (target.type === AST_NODE_TYPES.AssignmentPattern) {
      this.bind(target.left, flow, depth);
      return;
    }
    if (target.type === AST_NODE_TYPES.ArrayPattern && flow.kind === 'model' && flow.array) {
      for (const element of target.elements) if (element && element.type !== AST_NODE_TYPES.RestElement) this.bind(element, { ...flow, array: false }, depth);
      return;
    }
    if (target.type !== AST_NODE_TYPES.ObjectPattern) return;
    for (const property of target.properties) {
      if (property.type !== AST_NODE_TYPES.Property) continue;
      const key = staticKeyName(property, this.scope);
      if (key === undefined) continue;
      if (flow.kind === 'http' || flow.kind === 'result') {
        if (key === (flow.kind === 'http' ? 'data' : 'value')) this.bind(property.value, model(flow.payload), depth);
        continue;
      }
      if (flow.kind !== 'model' || flow.array || flow.record) continue;
      for (const item of this.fields.at(flow.position, key)) {
        this.hits.push({ item, side: 'response', node: property.key, holder: { kind: 'pattern', property, pattern: target }, owner: flow.position });
      }
      this.destructuredValues(property.value, flow.position, key);
      const next = step(this.schema, flow.position, key);
      if (next) this.bind(property.value, { kind: 'model', position: next.position, array: next.array, record: next.record }, depth);
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

  /** A callback's parameter receives the value: `.then((res) => …)`, `.map(({ snippet }) => …)`. */
  private intoCallback(
    callback: TSESTree.Node,
    index: number,
    flow: Flow,
    resultOf: TSESTree.CallExpression | undefined,
    depth: number,
  ): void {
    const fn = resolveFunction(callback, this.scope);
    if (!fn) return;
    // What a `.then` callback returns is what the promise it makes resolves to: remember its returns
    // before following the parameter into the body.
    if (resultOf) forEachReturned(fn, this.sourceCode, (returned) => this.thenResults.set(returned, resultOf));
    const param = fn.params[index];
    if (param) this.bind(param, flow, depth);
  }

  /** Values returned from `.then` callbacks, and the `.then` call whose promise they resolve. */
  private readonly thenResults = new Map<TSESTree.Node, TSESTree.CallExpression>();

  /** A value returned from a function: follow it at the function's calls (same file). */
  private outOfFunction(from: TSESTree.Node, flow: Flow, depth: number): void {
    // An arrow's expression body is returned by the arrow itself, not by the function around it.
    const fn = from.type === AST_NODE_TYPES.ArrowFunctionExpression ? from : enclosingFunction(from);
    if (!fn) return;
    const returned = from.type === AST_NODE_TYPES.ReturnStatement ? from.argument : (from as TSESTree.ArrowFunctionExpression).body;
    const thenCall = returned ? this.thenResults.get(returned) : undefined;
    if (thenCall) {
      this.follow(thenCall, { kind: 'promise', of: flow.kind === 'promise' ? flow.of : flow }, depth);
      return;
    }
    for (const call of callsOfFunction(fn, this.sourceCode)) {
      this.follow(call, fn.async ? { kind: 'promise', of: flow.kind === 'promise' ? flow.of : flow } : flow, depth);
    }
  }

  /** A value passed to a same-file function: follow its parameter. */
  private intoFunction(call: TSESTree.CallExpression, argument: TSESTree.Node, flow: Flow, depth: number): void {
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
      this.follow(call, model(flow.payload), depth);
      return;
    }
    const fn = resolveFunction(callee, this.scope);
    if (fn && fn.params[index]) this.bind(fn.params[index], flow, depth);
  }
}

function model(position: Position): Flow {
  return { kind: 'model', position, array: false, record: false };
}

function isPassThrough(node: TSESTree.Node, parent: TSESTree.Node): boolean {
  if (isTypeWrapper(parent)) return true;
  switch (parent.type) {
    case AST_NODE_TYPES.ChainExpression:
      return true;
    case AST_NODE_TYPES.LogicalExpression:
      return parent.operator !== '&&' || parent.right === node;
    case AST_NODE_TYPES.ConditionalExpression:
      return parent.test !== node;
    default:
      return false;
  }
}
