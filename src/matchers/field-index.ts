import { fieldOwners } from '../register/field-owners.js';
import { operationKey, type FieldItem } from '../register/types.js';
import type { Position } from './schema.js';

/** Register fields by owner type and name, built once per compiled register. */
export class FieldIndex {
  private readonly byOwner = new Map<string, FieldItem[]>();
  private readonly topLevel = new Map<string, FieldItem[]>();
  /** Every deprecated field name, for cheap tests before a lookup. */
  readonly names: ReadonlySet<string>;

  constructor(items: readonly FieldItem[]) {
    const add = (map: Map<string, FieldItem[]>, key: string, item: FieldItem) => map.set(key, [...(map.get(key) ?? []), item]);
    for (const item of items) {
      const owners = fieldOwners[item.id];
      if (owners) for (const owner of owners) add(this.byOwner, `${owner}.${item.field}`, item);
      else add(this.topLevel, `${operationKey(item.operation)}|${item.field}`, item);
    }
    this.names = new Set(items.map((item) => item.field));
  }

  /** The deprecated fields a property named `key` is, at a position. */
  at(position: Position, key: string): FieldItem[] {
    if (!this.names.has(key)) return [];
    const found = position.types.flatMap((type) => this.byOwner.get(`${type}.${key}`) ?? []);
    if (position.operation) found.push(...(this.topLevel.get(`${position.operation}|${key}`) ?? []));
    return [...new Set(found)];
  }

  /** The owner types of an item (for messages); empty for items matched at the top level. */
  ownersOf(item: FieldItem): readonly string[] {
    return fieldOwners[item.id] ?? [];
  }
}
