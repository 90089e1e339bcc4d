import type { SdkSchema } from '../sdk/types.js';
import type { FieldIndex } from './field-index.js';

/**
 * Positions in Glean's schema: which model types a value in a request or response has, so that a
 * property name is judged by its owner (`role` on a `ViewerInfo`, not on a chat message).
 */

export interface Position {
  /** SDK model type names the value may have (several when a union or the method is unknown). */
  types: readonly string[];
  /** Set at the top level of a request body or response: the operation, for items without an owner type. */
  operation?: string;
}

/** One step down a property: the value's position, and whether it is an array or record of that. */
export interface Step {
  position: Position;
  array: boolean;
  record: boolean;
  /** True when every owner declares the property without `?`. */
  required: boolean;
}

export function step(schema: SdkSchema, position: Position, key: string): Step | undefined {
  const types = new Set<string>();
  let array = false;
  let record = false;
  let required = true;
  let found = false;
  for (const type of position.types) {
    const property = schema.types[type]?.[key];
    const targets = property?.type ? [property.type] : (property?.union ?? []);
    if (targets.length === 0) continue;
    found = true;
    for (const target of targets) types.add(target);
    array ||= property?.array === true;
    record ||= property?.record === true;
    required &&= property?.required === true;
  }
  return found ? { position: { types: [...types] }, array, record, required } : undefined;
}

/** By schema and field index: whether a value of the types (joined by `|`) may hold an item. */
const holdsItems = new WeakMap<SdkSchema, WeakMap<FieldIndex, Map<string, boolean>>>();

/**
 * Whether a value at `position` may hold a property the register names: its operation has items
 * matched at the top level, or one of its types, or a type nested in one, owns an item. A request body
 * or response that cannot is not walked: the walk would step only through types that hold none.
 */
export function mayHoldItems(schema: SdkSchema, fields: FieldIndex, position: Position): boolean {
  if (position.operation !== undefined && fields.topLevelOperations.has(position.operation)) return true;
  let bySchema = holdsItems.get(schema);
  if (!bySchema) holdsItems.set(schema, (bySchema = new WeakMap()));
  let known = bySchema.get(fields);
  if (!known) bySchema.set(fields, (known = new Map()));
  const key = position.types.join('|');
  let holds = known.get(key);
  if (holds === undefined) {
    holds = false;
    const reached = new Set<string>(position.types);
    const pending = [...position.types];
    while (pending.length > 0 && !holds) {
      const type = pending.pop()!;
      if (fields.ownerTypes.has(type)) holds = true;
      for (const property of Object.values(schema.types[type] ?? {})) {
        for (const target of property.type ? [property.type] : (property.union ?? [])) {
          if (!reached.has(target)) {
            reached.add(target);
            pending.push(target);
          }
        }
      }
    }
    known.set(key, holds);
  }
  return holds;
}
