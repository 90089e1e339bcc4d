import type { FieldChanges, ListChange, SdkSchema, SdkVersionDelta, SdkVersionTables, TableChanges } from './types.js';

/**
 * How an older SDK version's tables are told by their differences from the next newer version's, and
 * the order of versions. Pure functions, which the generator (tools/sdk-tables/versions.ts) shares.
 */

/** The older version's tables: the newer ones with the delta's differences applied. */
export function applyDelta(newer: SdkVersionTables, delta: SdkVersionDelta): SdkVersionTables {
  const operations = Object.values(
    applyChanges(Object.fromEntries(newer.operations.map((operation) => [operation.func, operation])), delta.operations, applyFieldChanges),
  ).sort((a, b) => compareText(a.func, b.func));
  const replace = <T>(_old: T | undefined, value: T): T => value;
  // A type the older version lacks is gone from every table of the schema.
  const typesRemoved = delta.types?.removed ?? [];
  const alsoRemoved = <C>(changes: TableChanges<C> | undefined): TableChanges<C> => ({ ...changes, removed: [...typesRemoved, ...(changes?.removed ?? [])] });
  const schema: SdkSchema = { types: applyChanges(newer.schema.types, delta.types, applyFieldChanges) };
  if (newer.schema.keys) schema.keys = applyChanges(newer.schema.keys, alsoRemoved(delta.keys), applyListChange);
  if (newer.schema.required) schema.required = applyChanges(newer.schema.required, alsoRemoved(delta.required), applyListChange);
  if (newer.schema.wireNames) schema.wireNames = applyChanges(newer.schema.wireNames, alsoRemoved(delta.wireNames), replace);
  return {
    packageName: newer.packageName,
    version: delta.version,
    operations,
    clientClasses: applyChanges(newer.clientClasses, delta.clientClasses, replace),
    schema,
  };
}

/** The newer entry (none when the newer version has no such entry) with the changed fields set. */
function applyFieldChanges<T extends object>(newer: T | undefined, changes: FieldChanges<T>): T {
  const merged: Record<string, unknown> = { ...newer };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return merged as T;
}

/** The names of the newer list (none when it has no such list) with the change applied, sorted. */
function applyListChange(newer: string[] | undefined, change: ListChange): string[] {
  const drop = new Set(change.drop);
  return [...(newer ?? []).filter((name) => !drop.has(name)), ...(change.add ?? [])].sort(compareText);
}

function applyChanges<T, C>(base: Readonly<Record<string, T>>, changes: TableChanges<C> | undefined, change: (old: T | undefined, value: C) => T): Record<string, T> {
  const result: Record<string, T> = { ...base };
  for (const name of changes?.removed ?? []) delete result[name];
  for (const [name, value] of Object.entries(changes?.changed ?? {})) result[name] = change(result[name], value);
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => compareText(a, b)));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([\w.-]+))?(?:\+[\w.-]+)?$/;

/**
 * Semver order of two versions (`0.9.1` < `0.13.0` < `0.20.14`; a pre-release before its release).
 * Pre-release identifiers are compared as text, which is enough to place a pre-release between releases.
 */
export function compareVersions(a: string, b: string): number {
  const [, ...x] = VERSION.exec(a) ?? [];
  const [, ...y] = VERSION.exec(b) ?? [];
  for (let i = 0; i < 3; i++) {
    const difference = Number(x[i] ?? 0) - Number(y[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (x[3] === y[3]) return 0;
  if (x[3] === undefined) return 1;
  if (y[3] === undefined) return -1;
  return compareText(x[3], y[3]);
}
