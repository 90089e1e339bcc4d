import { fieldOwners } from '../register/field-owners.js';
import { operationKey, type EnumValueItem, type FieldItem, type PropertyItem } from '../register/types.js';
import type { Position } from './schema.js';

/**
 * Register fields and enum values by owner type and property name, built once per compiled register.
 * An item's owners are its own `owners` (imported items carry them) or the built-in owner table's;
 * an item with neither is matched at the top level of its operation's body and response.
 */
class PropertyTable<Item extends PropertyItem> {
  private readonly byOwner = new Map<string, Item[]>();
  private readonly topLevel = new Map<string, Item[]>();
  /** Every property name the table holds, for cheap tests before a lookup. */
  readonly names: ReadonlySet<string>;
  /** The items' owner types, and the operations of the items that have none (matched at the top level). */
  readonly ownerTypes = new Set<string>();
  readonly topLevelOperations = new Set<string>();

  constructor(items: readonly Item[], keyOf: (item: Item) => string) {
    const add = (map: Map<string, Item[]>, key: string, item: Item) => map.set(key, [...(map.get(key) ?? []), item]);
    for (const item of items) {
      const owners = ownersOf(item);
      for (const owner of owners) {
        add(this.byOwner, `${owner}.${keyOf(item)}`, item);
        this.ownerTypes.add(owner);
      }
      if (owners.length === 0) {
        add(this.topLevel, `${operationKey(item.operation)}|${keyOf(item)}`, item);
        this.topLevelOperations.add(operationKey(item.operation));
      }
    }
    this.names = new Set(items.map((item) => item.field));
  }

  at(position: Position, key: string): Item[] {
    const found = position.types.flatMap((type) => this.byOwner.get(`${type}.${key}`) ?? []);
    if (position.operation) found.push(...(this.topLevel.get(`${position.operation}|${key}`) ?? []));
    return [...new Set(found)];
  }
}

function ownersOf(item: PropertyItem): readonly string[] {
  return item.owners ?? fieldOwners[item.id] ?? [];
}

export class FieldIndex {
  private readonly fields: PropertyTable<FieldItem>;
  private readonly values: PropertyTable<EnumValueItem>;
  /** Every deprecated field name, for cheap tests before a lookup. */
  readonly names: ReadonlySet<string>;
  /** Every property that has a deprecated enum value. */
  readonly valueFields: ReadonlySet<string>;

  constructor(items: readonly PropertyItem[]) {
    this.fields = new PropertyTable(
      items.filter((item): item is FieldItem => item.kind === 'field'),
      (item) => item.field,
    );
    this.values = new PropertyTable(
      items.filter((item): item is EnumValueItem => item.kind === 'enum-value'),
      (item) => `${item.field}=${item.value}`,
    );
    this.names = this.fields.names;
    this.valueFields = this.values.names;
    this.ownerTypes = new Set([...this.fields.ownerTypes, ...this.values.ownerTypes]);
    this.topLevelOperations = new Set([...this.fields.topLevelOperations, ...this.values.topLevelOperations]);
  }

  /** The types that own a deprecated field or enum value: a value of no type that holds one needs no walk. */
  readonly ownerTypes: ReadonlySet<string>;
  /** The operations whose body or response holds an item that has no owner type (matched at the top level). */
  readonly topLevelOperations: ReadonlySet<string>;

  /** The deprecated fields a property named `key` is, at a position. */
  at(position: Position, key: string): FieldItem[] {
    return this.names.has(key) ? this.fields.at(position, key) : [];
  }

  /** The deprecated enum values `value` is when it is the value of property `key` at a position. */
  valuesAt(position: Position, key: string, value: string): EnumValueItem[] {
    return this.valueFields.has(key) ? this.values.at(position, `${key}=${value}`) : [];
  }

  /** The owner types of an item (for messages); empty for items matched at the top level. */
  ownersOf(item: PropertyItem): readonly string[] {
    return ownersOf(item);
  }
}
