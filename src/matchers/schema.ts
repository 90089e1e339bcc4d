import type { SdkSchema } from '../sdk/types.js';

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
