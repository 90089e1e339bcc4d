/**
 * The shape of the deprecation register. Pure, JSON-serialisable data: users may pass extra items of
 * exactly this shape in `settings.glean.register`, so nothing here may be a function or a class.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const CATEGORIES = ['Client API', 'Indexing API'] as const;
export type Category = (typeof CATEGORIES)[number];

/** An HTTP operation. `path` is a template: `{name}` stands for exactly one path segment. */
export interface Operation {
  method: HttpMethod;
  path: string;
}

/** `METHOD /path`: how an operation is keyed in tables and written in messages. */
export function operationKey(operation: Operation): string {
  return `${operation.method} ${operation.path}`;
}

/**
 * The names an item answers to in `ignore` (the setting and the rules' option): its id, and its field,
 * `field=VALUE` (an enum value) or `METHOD path` and path.
 */
export function itemNames(item: RegisterItem): string[] {
  if (item.kind === 'field') return [item.id, item.field];
  if (item.kind === 'enum-value') return [item.id, `${item.field}=${item.value}`];
  return [item.id, operationKey(item.operation), item.operation.path];
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * What replaces an item. The kind decides the fix policy:
 * - `rename`: same value under a new key; safe autofix. `values` maps literal values that must be
 *   rewritten on the way (keys are the JSON text of the old literal, e.g. `"true"`).
 * - `move`: the value is read from another place of the same response (`to` is a dotted path relative
 *   to the old field's owner, e.g. `answer.trackingToken`); safe autofix for reads.
 * - `restructure`: the replacement has another shape; suggestion only.
 * - `endpoint`: another operation; suggestion (autofix in the `migrate` config). `pathFromBody` names
 *   body properties that move into path parameters of the new operation; `addToBody` adds properties.
 * - `none`: nothing replaces it; reported without a fix (a suggestion to remove a field whose feature
 *   is gone when `removeSuggested` is true).
 */
export type Replacement =
  | { kind: 'rename'; to: string; values?: Record<string, JsonValue> }
  | { kind: 'move'; to: string }
  | { kind: 'restructure'; to: string[]; note?: string }
  | {
      kind: 'endpoint';
      operation: Operation;
      note?: string;
      pathFromBody?: Record<string, string>;
      addToBody?: Record<string, JsonValue>;
    }
  | { kind: 'none'; note?: string; removeSuggested?: boolean };

interface ItemBase {
  /** Stable id, used by `settings.glean.ignore` and in messages of the migration report. */
  id: string;
  category: Category;
  /** ISO 8601 dates (`YYYY-MM-DD`). */
  announced: string;
  removal: string;
  replacement: Replacement;
  /** The register's own wording, kept for docs and reports. */
  note?: string;
  /**
   * Ids of the deprecation notices Glean publishes for this item (`x-glean-deprecated.id` in its
   * OpenAPI specs): set by `eslint-plugin-glean register import`, and how its next run recognises the item.
   */
  noticeIds?: string[];
}

export interface EndpointItem extends ItemBase {
  kind: 'endpoint';
  operation: Operation;
  /** Rules the register states for the request (§4.1), for docs and for `glean/agent-run-input`. */
  rules?: string[];
}

export interface FieldItem extends ItemBase {
  kind: 'field';
  field: string;
  /** The operation the register names as the field's primary host. */
  operation: Operation;
  /** Register qualifier such as `top level`. */
  qualifier?: string;
  /**
   * The schema types that own the field (SDK model names, e.g. `ViewerInfo`): the field is a use
   * wherever one of them travels, and only there. Without it, the built-in owner table decides, and
   * an item it does not know is matched at the top level of its operation's body and response.
   */
  owners?: string[];
}

/** A deprecated value of an enum-typed property: its use is that literal value in that property. */
export interface EnumValueItem extends ItemBase {
  kind: 'enum-value';
  /** The property whose value is deprecated. */
  field: string;
  /** The deprecated literal value. */
  value: string;
  /** The operation the notice names as the property's primary host. */
  operation: Operation;
  /** Owner types of the property, as for a field item. */
  owners?: string[];
}

/** Items that live in payloads and responses: matched by the property name and its owner. */
export type PropertyItem = FieldItem | EnumValueItem;

export type RegisterItem = EndpointItem | FieldItem | EnumValueItem;

export interface Register {
  /** The date the source register is current as of. */
  asOf: string;
  items: RegisterItem[];
}
