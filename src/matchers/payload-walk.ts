import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { SdkSchema } from '../sdk/types.js';
import type { FieldIndex } from './field-index.js';
import { findVariable, followImports, isModuleBinding, isTypeWrapper, leftmostName, linkedModuleOf, memberValue, staticKeyName, unwrap } from '../util/resolve.js';
import type { Linked } from '../util/linking.js';
import { usesElsewhere } from '../modules/index.js';
import { assignedStrings } from './enum-values.js';
import type { FieldHit } from './field-hit.js';
import { describeRequestCall, unwrapSerialised } from './http-requests.js';
import { step, type Position } from './schema.js';
import { callsOfFunction, forEachReturned, parameterValues, resolveCallee, resolveFunction } from '../flow/functions.js';
import { CALLBACK_RESULTS, ELEMENT_RESULTS, ELEMENT_WRITERS, SAME_ARRAY_RESULTS, thisMemberValues } from '../flow/values.js';

/**
 * Request side: walks a payload (an object literal, through same-file constants, spreads, nesting,
 * later `body.x = …` assignments, `push` and `Object.assign`, array callbacks, helpers' returns,
 * parameters and class members) with its schema position, and collects the deprecated fields it sets.
 */

interface Shape {
  position: Position;
  array: boolean;
  record: boolean;
  /** Built by a helper that other code calls too: a fix there would change their values. */
  mixed?: boolean;
  /** Spread into an object that sets these keys after it (`{ ...DEFAULTS, datasources }`): the spread's are overridden, never sent. */
  shadowed?: ReadonlySet<string>;
}

export class PayloadWalker {
  private readonly seen = new Set<TSESTree.Node>();
  /** The payload being walked, when it is sent as JSON: recorded on the hits (`FieldHit.jsonPayload`). */
  private jsonPayload: TSESTree.Node | undefined;

  constructor(
    private readonly schema: SdkSchema,
    private readonly fields: FieldIndex,
    private readonly scope: TSESLint.Scope.Scope,
    private readonly sourceCode: TSESLint.SourceCode,
    private readonly hits: FieldHit[],
    /** The calls of this file that send to Glean: a template read in one of them is sent to Glean there. */
    private readonly gleanRequests: ReadonlySet<TSESTree.Node> = new Set(),
  ) {}

  /** `json`: the client sends the payload as JSON. */
  walk(node: TSESTree.Node, position: Position, json: boolean): void {
    this.jsonPayload = json ? node : undefined;
    this.walkValue(node, { position, array: false, record: false }, 0);
  }

  private walkValue(input: TSESTree.Node, shape: Shape, depth: number): void {
    if (depth > 40) return;
    const node = unwrap(input);
    switch (node.type) {
      case AST_NODE_TYPES.Identifier: {
        const local = findVariable(this.scope, node);
        // An imported (or required) name is the exporting module's: its variable, or the exported expression.
        const linked = local && isModuleBinding(local) ? followImports(local) : undefined;
        this.walkVariable(linked?.kind === 'variable' ? linked.variable : (local ?? undefined), linked, shape, depth);
        return;
      }
      case AST_NODE_TYPES.AwaitExpression:
        this.walkValue(node.argument, shape, depth + 1);
        return;
      case AST_NODE_TYPES.MemberExpression: {
        // `templates.announcement` of `import * as templates`: the module's export, as an imported name is.
        const key = node.object.type === AST_NODE_TYPES.Identifier ? staticKeyName(node, this.scope) : undefined;
        const exported = key === undefined ? undefined : linkedModuleOf(node.object as TSESTree.Identifier, this.scope)?.exported(key);
        if (exported) {
          this.walkVariable(exported.kind === 'variable' ? exported.variable : undefined, exported, shape, depth);
          return;
        }
        // `mappers.template` of `const mappers = require('./mappers')` (`module.exports = { template }`).
        const holder = key === undefined ? undefined : findVariable(this.scope, node.object as TSESTree.Identifier);
        const held = holder && isModuleBinding(holder) ? memberValue(node, this.scope) : undefined;
        if (held) {
          this.walkValue(held, shape, depth + 1);
          return;
        }
        // `req.requestOptions` of `const req = buildSearchRequest(q)` or of an object literal: the member as written there.
        const member = node.object.type !== AST_NODE_TYPES.ThisExpression ? memberValue(node, this.scope) : undefined;
        if (member) {
          // The object the member is read from may go elsewhere too (`wiki.post('/search', req)`).
          const root = leftmostName(node);
          const held = root ? findVariable(this.scope, root) : null;
          const shared = held?.defs.length === 1 && held.defs[0]!.type === 'Variable' && this.isShared(held);
          this.walkValue(member, shared ? { ...shape, mixed: true } : shape, depth + 1);
          return;
        }
        // `this.body`: what the class keeps in the member.
        for (const value of thisMemberValues(node, this.sourceCode.visitorKeys) ?? []) this.walkValue(value, shape, depth + 1);
        // `rows.map((r) => ({ … }))[0]`, `employees[i]`: an element of an array.
        if (isElementIndex(node) && !shape.array && !shape.record) this.walkValue(node.object, { ...shape, array: true }, depth + 1);
        return;
      }
      case AST_NODE_TYPES.ConditionalExpression:
        this.walkValue(node.consequent, shape, depth + 1);
        this.walkValue(node.alternate, shape, depth + 1);
        return;
      case AST_NODE_TYPES.LogicalExpression:
        this.walkValue(node.left, shape, depth + 1);
        this.walkValue(node.right, shape, depth + 1);
        return;
      case AST_NODE_TYPES.ArrayExpression:
        if (!shape.array) return;
        for (const element of node.elements) {
          if (!element) continue;
          const value = element.type === AST_NODE_TYPES.SpreadElement ? element.argument : element;
          const elementShape = { ...shape, array: element.type === AST_NODE_TYPES.SpreadElement };
          this.walkValue(value, elementShape, depth + 1);
        }
        return;
      case AST_NODE_TYPES.CallExpression:
        this.walkCall(node, shape, depth);
        return;
      case AST_NODE_TYPES.ObjectExpression:
        if (shape.array) return;
        if (shape.record) {
          for (const property of node.properties) {
            if (property.type === AST_NODE_TYPES.Property) {
              this.walkValue(property.value, { ...shape, record: false }, depth + 1);
            }
          }
          return;
        }
        this.walkObject(node, shape.position, depth, shape.mixed ?? false, shape.shadowed);
        return;
      default:
        return;
    }
  }

  /** A variable's values (its initialiser, reassignments, a parameter's arguments), or a linked module's exported expression. */
  private walkVariable(variable: TSESLint.Scope.Variable | undefined, linked: Linked | undefined, shape: Shape, depth: number): void {
    if (linked?.kind === 'value') {
      this.walkValue(linked.node, shape, depth + 1);
      return;
    }
    const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (variable && definition?.type === 'Parameter') {
      if (this.seen.has(definition.name)) return;
      this.seen.add(definition.name);
      for (const value of parameterValues(definition.name as TSESTree.Identifier, this.sourceCode)?.values ?? []) this.walkValue(value, shape, depth + 1);
      if (!shape.record) this.walkAssignments(variable, shape, depth);
      return;
    }
    if (!variable || definition?.type !== 'Variable' || definition.node.id !== definition.name) return;
    if (this.seen.has(definition.node)) return;
    this.seen.add(definition.node);
    const shared = this.isShared(variable);
    if (definition.node.init) this.walkValue(definition.node.init, shared ? { ...shape, mixed: true } : shape, depth + 1);
    for (const value of reassignments(variable)) this.walkValue(value, shape, depth + 1);
    if (!shape.record) this.walkAssignments(variable, shape, depth);
  }

  /** Whether a variable's value may also go elsewhere than this payload: a fix in it would change that too. */
  private isShared(variable: TSESLint.Scope.Variable): boolean {
    // A template other modules read too (`export const defaults = {…}`): a fix in it changes what they send.
    const elsewhere = usesElsewhere(variable).length;
    return (
      (elsewhere > 0 && elsewhere + variable.references.filter((reference) => reference.isRead()).length > 1) ||
      // In this file, sent to another API as well (`axios.post(payrollUrl, { record: template })`).
      variable.references.some((reference) => reference.isRead() && this.sentToAnotherApi(reference.identifier))
    );
  }

  /**
   * Whether a read is part of what an HTTP request of a known client sends (an argument, or inside an
   * object, array or `JSON.stringify` in one) and that request is not one of the file's Glean requests.
   */
  private sentToAnotherApi(read: TSESTree.Node): boolean {
    let node = read;
    for (let parent = node.parent; parent; node = parent, parent = parent.parent) {
      if (isTypeWrapper(parent) || parent.type === AST_NODE_TYPES.ObjectExpression || parent.type === AST_NODE_TYPES.ArrayExpression || parent.type === AST_NODE_TYPES.SpreadElement) continue;
      if (parent.type === AST_NODE_TYPES.Property && parent.value === node) continue;
      if ((parent.type === AST_NODE_TYPES.CallExpression || parent.type === AST_NODE_TYPES.NewExpression) && parent.arguments.includes(node as TSESTree.CallExpressionArgument)) {
        if (this.gleanRequests.has(parent)) return false;
        if (unwrapSerialised(parent, this.scope) !== parent) continue;
        return describeRequestCall(parent, this.scope, this.sourceCode)?.knownClient === true;
      }
      return false;
    }
    return false;
  }

  /** A value a call makes: a serialised payload, an array method's result, `Object.assign`, a helper's return. */
  private walkCall(call: TSESTree.CallExpression, shape: Shape, depth: number): void {
    // `const text = JSON.stringify(payload)`, sent later as `body: text`.
    const payload = unwrapSerialised(call, this.scope);
    if (payload !== call) {
      this.walkValue(payload, shape, depth + 1);
      return;
    }
    const callee = unwrap(call.callee);
    const args = call.arguments.filter((arg): arg is TSESTree.Expression => arg.type !== AST_NODE_TYPES.SpreadElement);
    const element: Shape = { ...shape, array: false };
    if (callee.type === AST_NODE_TYPES.MemberExpression) {
      const key = staticKeyName(callee, this.scope);
      // `rows.map(toEmployee).find(…)`, `.at(0)`: one of the array's elements.
      if (key !== undefined && ELEMENT_RESULTS.has(key) && !shape.array && !shape.record) this.walkValue(callee.object, { ...shape, array: true }, depth + 1);
      const global = callee.object.type === AST_NODE_TYPES.Identifier && !findVariable(this.scope, callee.object)?.defs.length ? callee.object.name : undefined;
      if (global === 'Object' && key === 'assign') {
        for (const arg of args) this.walkValue(arg, shape, depth + 1);
        return;
      }
      if (global === 'Array' && key === 'from') {
        const [source, mapper] = args;
        if (!shape.array) return;
        if (mapper) this.walkReturns(mapper, element, depth);
        else if (source) this.walkValue(source, shape, depth + 1);
        return;
      }
      if (shape.array && key !== undefined) {
        const results = CALLBACK_RESULTS[key];
        const [callback, initial] = args;
        if (results === 'element' && callback) this.walkReturns(callback, element, depth);
        if (results === 'elements' && callback) {
          this.walkReturns(callback, shape, depth);
          this.walkReturns(callback, element, depth);
        }
        if (results === 'accumulator') {
          if (callback) this.walkReturns(callback, shape, depth);
          if (initial) this.walkValue(initial, shape, depth + 1);
        }
        if (SAME_ARRAY_RESULTS.has(key)) {
          this.walkValue(callee.object, shape, depth + 1);
          // `a.concat(b, [c])`: arrays and elements.
          if (key === 'concat') for (const arg of args) for (const each of [shape, element]) this.walkValue(arg, each, depth + 1);
        }
        if (results || SAME_ARRAY_RESULTS.has(key)) return;
      }
    }
    const fn = resolveCallee(call, this.scope);
    if (!fn || this.seen.has(fn)) return;
    this.seen.add(fn);
    // A helper that builds payloads for other callers too: a fix in it changes theirs.
    const shared = callsOfFunction(fn, this.sourceCode).length > 1;
    forEachReturned(fn, this.sourceCode, (returned) => this.walkValue(returned, shared ? { ...shape, mixed: true } : shape, depth + 1));
    this.seen.delete(fn);
  }

  /** What a callback returns (`rows.map((r) => ({ … }))`, also a block body's `return`). */
  private walkReturns(callback: TSESTree.Node, shape: Shape, depth: number): void {
    const fn = resolveFunction(callback, this.scope);
    if (fn) forEachReturned(fn, this.sourceCode, (returned) => this.walkValue(returned, shape, depth + 1));
  }

  private walkObject(object: TSESTree.ObjectExpression, position: Position, depth: number, mixed: boolean, shadowed?: ReadonlySet<string>): void {
    if (this.seen.has(object)) return;
    // Walked in full once it is walked without overrides (the same constant may be spread with and without them).
    if (!shadowed?.size) this.seen.add(object);
    object.properties.forEach((property, index) => {
      if (property.type === AST_NODE_TYPES.SpreadElement) {
        const later = new Set(shadowed);
        for (const after of object.properties.slice(index + 1)) {
          const key = after.type === AST_NODE_TYPES.Property ? staticKeyName(after, this.scope) : undefined;
          if (key !== undefined) later.add(key);
        }
        this.walkValue(property.argument, { position, array: false, record: false, mixed, ...(later.size > 0 ? { shadowed: later } : {}) }, depth + 1);
        return;
      }
      // Methods are not data: serialisation drops them.
      if (property.method) return;
      const key = staticKeyName(property, this.scope);
      if (key === undefined || shadowed?.has(key)) return;
      for (const item of this.fields.at(position, key)) {
        this.hits.push({ item, side: 'request', node: property.key, holder: { kind: 'property', property, object }, owner: position, ...this.origin(mixed) });
      }
      this.enumValues(position, key, property.value);
      const next = step(this.schema, position, key);
      if (next) this.walkValue(property.value, { ...next, mixed }, depth + 1);
    });
  }

  /** What a hit records of how the walk reached it. */
  private origin(mixed: boolean): Pick<FieldHit, 'mayHoldOtherValues' | 'jsonPayload'> {
    return { ...(mixed ? { mayHoldOtherValues: true } : {}), ...(this.jsonPayload ? { jsonPayload: this.jsonPayload } : {}) };
  }

  /** A deprecated enum value given to property `key`: `role: 'VIEWER'`, `body.role = 'VIEWER'`. */
  private enumValues(position: Position, key: string, value: TSESTree.Node): void {
    if (!this.fields.valueFields.has(key)) return;
    for (const named of assignedStrings(value, this.scope)) {
      for (const item of this.fields.valuesAt(position, key, named.value)) {
        this.hits.push({ item, side: 'request', node: named.node, holder: { kind: 'value' }, owner: position });
      }
    }
  }

  /**
   * Later changes through the variable: `body.audienceFilters = […]`,
   * `body.audienceFilters[0].values[0].isNegated = false`, `body.requestOptions.facetFilters.push({…})`,
   * `Object.assign(body.config, {…})`.
   */
  private walkAssignments(variable: TSESLint.Scope.Variable, start: Shape, depth: number): void {
    for (const reference of variable.references) {
      const members: TSESTree.MemberExpression[] = [];
      let node: TSESTree.Node = reference.identifier;
      while (node.parent?.type === AST_NODE_TYPES.MemberExpression && node.parent.object === node) {
        members.push(node.parent);
        node = node.parent;
      }
      const parent = node.parent;
      const last = members.at(-1);
      let change: 'assign' | 'push' | 'assignObject' | undefined;
      if (last && parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === last && parent.operator === '=') change = 'assign';
      else if (last && parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === last && ELEMENT_WRITERS.has(staticKeyName(last, this.scope) ?? '')) change = 'push';
      else if (parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments[0] === node && isObjectAssign(parent.callee, this.scope)) change = 'assignObject';
      if (!change) continue;
      // The members the change goes through: a push's receiver is the chain without `.push`.
      const path = change === 'push' ? members.slice(0, -1) : members;
      let shape: Shape | undefined = start;
      for (const member of path) {
        if (!shape) break;
        if (shape.array || shape.record) {
          // `values[0]`, `values[i]` / `byId['x']`, `byId[id]`: one element of the array or record (`values.length` is not).
          shape = !shape.array || member.computed ? { ...shape, array: false, record: false } : undefined;
          continue;
        }
        const key = staticKeyName(member, this.scope);
        if (key === undefined) {
          shape = undefined;
          break;
        }
        if (change === 'assign' && member === last) {
          for (const item of this.fields.at(shape.position, key)) {
            this.hits.push({ item, side: 'request', node: member.property, holder: { kind: 'assignment', member }, owner: shape.position, ...this.origin(start.mixed ?? false) });
          }
          this.enumValues(shape.position, key, (parent as TSESTree.AssignmentExpression).right);
        }
        const next = step(this.schema, shape.position, key);
        shape = next && { ...next, ...(start.mixed ? { mixed: true } : {}) };
      }
      if (!shape) continue;
      if (change === 'assign') this.walkValue((parent as TSESTree.AssignmentExpression).right, shape, depth + 1);
      else if (change === 'push' && shape.array) {
        for (const arg of (parent as TSESTree.CallExpression).arguments) {
          if (arg.type === AST_NODE_TYPES.SpreadElement) this.walkValue(arg.argument, shape, depth + 1);
          else this.walkValue(arg, { ...shape, array: false }, depth + 1);
        }
      } else if (change === 'assignObject' && !shape.array && !shape.record) {
        for (const arg of (parent as TSESTree.CallExpression).arguments.slice(1)) if (arg.type !== AST_NODE_TYPES.SpreadElement) this.walkValue(arg, shape, depth + 1);
      }
    }
  }
}

/** `list[0]`, `list[i]`: a computed read that is not a property named by a string. */
function isElementIndex(member: TSESTree.MemberExpression): boolean {
  return member.computed && !(member.property.type === AST_NODE_TYPES.Literal && typeof member.property.value === 'string');
}

function isObjectAssign(callee: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean {
  return (
    callee.type === AST_NODE_TYPES.MemberExpression &&
    callee.object.type === AST_NODE_TYPES.Identifier &&
    callee.object.name === 'Object' &&
    !findVariable(scope, callee.object)?.defs.length &&
    staticKeyName(callee, scope) === 'assign'
  );
}

/** The values a variable is given after its declaration: `let body; body = { … }`. */
function reassignments(variable: TSESLint.Scope.Variable): TSESTree.Node[] {
  return variable.references.flatMap((reference) => {
    const parent = reference.identifier.parent;
    return parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.operator === '=' && parent.left === reference.identifier
      ? [parent.right]
      : [];
  });
}
