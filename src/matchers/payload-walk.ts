import { AST_NODE_TYPES } from '@typescript-eslint/types';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { SdkSchema } from '../sdk/types.js';
import type { FieldIndex } from './field-index.js';
import { findVariable, staticKeyName, unwrap } from '../util/resolve.js';
import { assignedStrings } from './enum-values.js';
import type { FieldHit } from './field-hit.js';
import { unwrapSerialised } from './http-requests.js';
import { step, type Position } from './schema.js';

/**
 * Request side: walks a payload (an object literal, through same-file constants, spreads, nesting and
 * later `body.x = …` assignments) with its schema position, and collects the deprecated fields it sets.
 */

interface Shape {
  position: Position;
  array: boolean;
  record: boolean;
}

export class PayloadWalker {
  private readonly seen = new Set<TSESTree.Node>();

  constructor(
    private readonly schema: SdkSchema,
    private readonly fields: FieldIndex,
    private readonly scope: TSESLint.Scope.Scope,
    private readonly hits: FieldHit[],
  ) {}

  walk(node: TSESTree.Node, position: Position): void {
    this.walkValue(node, { position, array: false, record: false }, 0);
  }

  private walkValue(input: TSESTree.Node, shape: Shape, depth: number): void {
    if (depth > 40) return;
    const node = unwrap(input);
    switch (node.type) {
      case AST_NODE_TYPES.Identifier: {
        const variable = findVariable(this.scope, node);
        const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
        if (!variable || definition?.type !== 'Variable' || definition.node.id !== definition.name) return;
        if (this.seen.has(definition.node)) return;
        this.seen.add(definition.node);
        if (definition.node.init) this.walkValue(definition.node.init, shape, depth + 1);
        for (const value of reassignments(variable)) this.walkValue(value, shape, depth + 1);
        if (!shape.array && !shape.record) this.walkAssignments(variable, shape.position, depth);
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
      case AST_NODE_TYPES.CallExpression: {
        // `const text = JSON.stringify(payload)`, sent later as `body: text`.
        const payload = unwrapSerialised(node, this.scope);
        if (payload !== node) this.walkValue(payload, shape, depth + 1);
        return;
      }
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
        this.walkObject(node, shape.position, depth);
        return;
      default:
        return;
    }
  }

  private walkObject(object: TSESTree.ObjectExpression, position: Position, depth: number): void {
    if (this.seen.has(object)) return;
    this.seen.add(object);
    for (const property of object.properties) {
      if (property.type === AST_NODE_TYPES.SpreadElement) {
        this.walkValue(property.argument, { position, array: false, record: false }, depth + 1);
        continue;
      }
      // Methods are not data: serialisation drops them.
      if (property.method) continue;
      const key = staticKeyName(property, this.scope);
      if (key === undefined) continue;
      for (const item of this.fields.at(position, key)) {
        this.hits.push({ item, side: 'request', node: property.key, holder: { kind: 'property', property, object }, owner: position });
      }
      this.enumValues(position, key, property.value);
      const next = step(this.schema, position, key);
      if (next) this.walkValue(property.value, next, depth + 1);
    }
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

  /** `body.audienceFilters = […]`, `body.audienceFilters[0].values[0].isNegated = false` after the declaration. */
  private walkAssignments(variable: TSESLint.Scope.Variable, position: Position, depth: number): void {
    for (const reference of variable.references) {
      const members: TSESTree.MemberExpression[] = [];
      let node: TSESTree.Node = reference.identifier;
      while (node.parent?.type === AST_NODE_TYPES.MemberExpression && node.parent.object === node) {
        members.push(node.parent);
        node = node.parent;
      }
      const assignment = node.parent;
      const last = members.at(-1);
      if (!last || assignment?.type !== AST_NODE_TYPES.AssignmentExpression || assignment.left !== last || assignment.operator !== '=') {
        continue;
      }
      let shape: Shape | undefined = { position, array: false, record: false };
      for (const member of members) {
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
        if (member === last) {
          for (const item of this.fields.at(shape.position, key)) {
            this.hits.push({ item, side: 'request', node: member.property, holder: { kind: 'assignment', member }, owner: shape.position });
          }
          this.enumValues(shape.position, key, assignment.right);
        }
        shape = step(this.schema, shape.position, key);
      }
      if (shape) this.walkValue(assignment.right, shape, depth + 1);
    }
  }
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
