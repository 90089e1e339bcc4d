import { register } from '../../src/index.js';
import { fieldOwners } from '../../src/register/field-owners.js';
import { knownOperations } from '../../src/register/known-operations.js';
import type { EndpointItem, FieldItem, HttpMethod, Operation, RegisterItem } from '../../src/register/types.js';
import type { SdkVersionTables } from '../../src/sdk/types.js';
import { newestTables } from '../../src/sdk/versions.js';

/**
 * The fuzzer's model of a use: the plugin's data tables only (the register, the field owners, the
 * SDK's operations and schema), never its matching code. The oracle (`oracle.ts`) applies them to
 * generated programs, so a new register item or owner is fuzzed (and expected) without touching the
 * fuzzer.
 */

/**
 * The SDK version whose tables the model reads for SDK programs: the newest, unless a fuzz test file
 * chooses another (`useSdkVersion`) before it generates; each test file has its own module graph.
 * What HTTP programs send is read on the wire, with the newest tables, computed at import.
 */
let sdk: SdkVersionTables = newestTables;

export function fuzzedSdk(): SdkVersionTables {
  return sdk;
}

export function useSdkVersion(tables: SdkVersionTables): void {
  sdk = tables;
  distanceCache.clear();
}

/** The day every fuzz run lints on: the agents endpoints, bulkindexemployees and the insights, getanswer and getcollection fields are deprecated then; the rest removed. */
export const NOW = '2026-11-23';

export type RuleId = 'glean/no-removed' | 'glean/no-deprecated';

export const items: readonly RegisterItem[] = register.items;
export const endpointItems = items.filter((item): item is EndpointItem => item.kind === 'endpoint');
export const fieldItems = items.filter((item): item is FieldItem => item.kind === 'field');
const itemsById = new Map(items.map((item) => [item.id, item]));

export function itemById(id: string): RegisterItem {
  const item = itemsById.get(id);
  if (!item) throw new Error(`no register item ${id}`);
  return item;
}

/** Which lifecycle rule reports an item on NOW (removal on or before now: removed). */
export function ruleFor(item: RegisterItem): RuleId | undefined {
  if (item.removal <= NOW) return 'glean/no-removed';
  if (item.announced <= NOW) return 'glean/no-deprecated';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Operations: every operation the plugin knows by URL (register items, their replacements, and the
// non-deprecated neighbours on the same paths), with the SDK's body and response types.

export interface GleanOp extends Operation {
  key: string;
  /** Path segments; null for a `{param}` segment. */
  segments: (string | null)[];
  paramCount: number;
  bodyTypes: string[];
  responseTypes: string[];
}

const keyOf = (op: Operation) => `${op.method} ${op.path}`;

function compile(op: Operation): GleanOp {
  const segments = op.path
    .split('/')
    .slice(1)
    .map((segment) => (/^\{.+\}$/.test(segment) ? null : segment));
  const sdkOps = newestTables.operations.filter((candidate) => candidate.method === op.method && candidate.path === op.path);
  return {
    method: op.method,
    path: op.path,
    key: keyOf(op),
    segments,
    paramCount: segments.filter((segment) => segment === null).length,
    bodyTypes: sdkOps.flatMap((candidate) => candidate.params.flatMap((param) => (param.role === 'body' && param.type ? [param.type] : []))),
    responseTypes: sdkOps.flatMap((candidate) => candidate.responseTypes),
  };
}

export const gleanOps: readonly GleanOp[] = (() => {
  const all: Operation[] = [...knownOperations];
  for (const item of items) {
    all.push(item.operation);
    if (item.replacement.kind === 'endpoint') all.push(item.replacement.operation);
  }
  const unique = new Map<string, GleanOp>();
  for (const op of all) if (!unique.has(keyOf(op))) unique.set(keyOf(op), compile(op));
  return [...unique.values()];
})();

export function opByKey(key: string): GleanOp {
  const op = gleanOps.find((candidate) => candidate.key === key);
  if (!op) throw new Error(`no operation ${key}`);
  return op;
}

/** A URL path segment as generated: known text, or a hole (a value interpolated at run time). */
export type UrlSegment = { text: string } | { hole: true };

/**
 * The operations a URL path names (README "What counts as a use"): every operation whose template
 * matches the path's last segments, `{param}` taking any one non-empty segment; the most specific
 * templates (fewest parameters) win; a known method keeps those with that method.
 */
export function operationsFor(segments: readonly UrlSegment[], method: HttpMethod | undefined): GleanOp[] {
  let best: GleanOp[] = [];
  for (const op of gleanOps) {
    const from = segments.length - op.segments.length;
    if (from < 0) continue;
    const matches = op.segments.every((expected, index) => {
      const actual = segments[from + index]!;
      if (expected === null) return 'hole' in actual || actual.text.length > 0;
      return !('hole' in actual) && actual.text === expected;
    });
    if (!matches) continue;
    if (best.length === 0 || op.paramCount < best[0]!.paramCount) best = [op];
    else if (op.paramCount === best[0]!.paramCount) best.push(op);
  }
  return method === undefined ? best : best.filter((op) => op.method === method);
}

export function endpointItemsOf(op: GleanOp): EndpointItem[] {
  return endpointItems.filter((item) => keyOf(item.operation) === op.key);
}

// ---------------------------------------------------------------------------------------------------
// Schema positions.

export interface Edge {
  key: string;
  type: string;
  array: boolean;
}

/** The plain edges of a type: properties that hold one named model type (not a union, not a record). */
export function edgesOf(type: string): Edge[] {
  return Object.entries(sdk.schema.types[type] ?? {}).flatMap(([key, property]) =>
    property.type && !property.record && !property.union ? [{ key, type: property.type, array: property.array === true }] : [],
  );
}

export interface Step {
  types: string[];
  array: boolean;
  record: boolean;
}

/** One step down a property from a position (a set of possible types), over every type that declares it. */
export function stepFrom(types: readonly string[], key: string): Step | undefined {
  const targets = new Set<string>();
  let array = false;
  let record = false;
  for (const type of types) {
    if (!Object.prototype.hasOwnProperty.call(sdk.schema.types[type] ?? {}, key)) continue;
    const property = sdk.schema.types[type]![key]!;
    const found = property.type ? [property.type] : (property.union ?? []);
    if (found.length === 0) continue;
    for (const target of found) targets.add(target);
    array ||= property.array === true;
    record ||= property.record === true;
  }
  return targets.size > 0 ? { types: [...targets], array, record } : undefined;
}

/**
 * The register fields a property named `key` is at a position: those whose owner type (field-owners)
 * is one of the position's types. Items without owners (users' extra items) are matched at the top
 * level of their operation; `topLevelOf` names that operation when the position is a body or response root.
 */
export function fieldUsesAt(types: readonly string[], key: string, topLevelOf?: string): FieldItem[] {
  return fieldItems.filter((item) => {
    if (item.field !== key) return false;
    const owners = fieldOwners[item.id];
    if (owners) return owners.some((owner) => types.includes(owner));
    return topLevelOf !== undefined && keyOf(item.operation) === topLevelOf;
  });
}

// ---------------------------------------------------------------------------------------------------
// Where each field can be written or read: real paths from an operation's request body or response to
// the field's owner, walked on the SDK schema.

/** Minimal number of edges from each type to `owner`. */
function distancesTo(owner: string): Map<string, number> {
  const distance = new Map<string, number>([[owner, 0]]);
  let changed = true;
  while (changed) {
    changed = false;
    for (const type of Object.keys(sdk.schema.types)) {
      for (const edge of edgesOf(type)) {
        const next = distance.get(edge.type);
        if (next === undefined) continue;
        const current = distance.get(type);
        if (current === undefined || next + 1 < current) {
          distance.set(type, next + 1);
          changed = true;
        }
      }
    }
  }
  return distance;
}

const distanceCache = new Map<string, Map<string, number>>();
export function distanceTo(owner: string): Map<string, number> {
  let found = distanceCache.get(owner);
  if (!found) {
    found = distancesTo(owner);
    distanceCache.set(owner, found);
  }
  return found;
}

export interface FieldHost {
  item: FieldItem;
  owner: string;
  op: GleanOp;
  side: 'request' | 'response';
  /** The body or response type the walk starts from. */
  start: string;
}

/** Every (field, owner, operation of `ops`, side, start type) from which the owner can be reached. */
export function fieldHostsOn(ops: readonly GleanOp[]): FieldHost[] {
  return fieldItems.flatMap((item) =>
    (fieldOwners[item.id] ?? []).flatMap((owner) => {
      const distance = distanceTo(owner);
      return ops.flatMap((op) => [
        ...[...new Set(op.bodyTypes)].filter((type) => distance.has(type)).map((start) => ({ item, owner, op, side: 'request' as const, start })),
        ...[...new Set(op.responseTypes)].filter((type) => distance.has(type)).map((start) => ({ item, owner, op, side: 'response' as const, start })),
      ]);
    }),
  );
}

/** Every field host on the operations the plugin knows by URL. */
export const fieldHosts: readonly FieldHost[] = fieldHostsOn(gleanOps);

/** Keys to scatter as look-alikes: every register field name, their replacements and everyday names. */
export const LOOKALIKE_KEYS: readonly string[] = [
  ...new Set([
    ...fieldItems.map((item) => item.field),
    'text',
    'name',
    'id',
    'title',
    'value',
    'relationType',
    'datasourceInstances',
    'broadSharingOptions',
    'structuredLocation',
    'reacts',
    'permissions',
    'fieldName',
    'query',
    'email',
    'answer',
    'collection',
    'results',
    'snippets',
    'messages',
    'fragments',
    'config',
    'metadata',
    'person',
    'report',
  ]),
];
