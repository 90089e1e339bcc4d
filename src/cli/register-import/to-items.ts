import { fieldOwners } from '../../register/field-owners.js';
import { builtinRegister } from '../../register/items.js';
import { noticeIds } from '../../register/notice-ids.js';
import type { Category, Operation, RegisterItem } from '../../register/types.js';
import { itemDisagreements, mergeSameItem } from '../../register/merge.js';
import type { Notice } from './notice.js';
import type { ImportedSource } from './sources.js';
import { namedReplacements, replacementFromMessage, replacementTargets } from './replacement.js';

/**
 * Notices of one or more sources → register items. A notice Glean published for a built-in item
 * (known by its notice id) keeps the item's id and curated wording and fix policy, and takes the
 * notice's dates, operation, owners, and its replacement when the message names another one; any
 * other notice becomes a new item with an id made from its operation and property.
 *
 * The same deprecation stated twice (by two sources, or by a property and the schema it holds) is one
 * item: a built-in item's notices, or a notice id the item already has for the same property. Where
 * the statements disagree, the newer source's value is kept; when dates cannot tell (the same date,
 * or an undated source), the disagreement is a conflict.
 */

const builtinByNotice = new Map(
  Object.entries(noticeIds).flatMap(([id, notices]) => notices.map((notice) => [notice, builtinRegister.items.find((item) => item.id === id)!] as const)),
);

/** One source's statement of an item: the item as that notice alone makes it. */
export interface Statement {
  source: ImportedSource;
  noticeId: string;
  item: RegisterItem;
}

/** An item and every statement of it, in the order the sources were given. */
export interface MergedItem {
  item: RegisterItem;
  /** The sources whose statements give the item as it is (not those a newer source overruled). */
  sources: ImportedSource[];
  statements: Statement[];
}

/**
 * A property of one item that its statements give different values, grouped by value. When the
 * newest statement's source is strictly newer than every source of another value, that value wins
 * and comes first (`superseded`); otherwise the dates cannot settle it (`conflict`).
 */
export interface Disagreement {
  id: string;
  key: string;
  values: { value: unknown; statements: Statement[] }[];
}

export interface MergedSources {
  items: MergedItem[];
  /** Settled by the sources' dates: the newer source's value is kept. */
  superseded: Disagreement[];
  /** Not settled: the import stops. */
  conflicts: Disagreement[];
}

export function itemsFromSources(sources: readonly ImportedSource[]): MergedSources {
  const merged: MergedItem[] = [];
  const taken = new Set(builtinRegister.items.map((item) => item.id));
  for (const source of sources) {
    for (const notice of source.notices) {
      const ids = [notice.id, ...(notice.sameAs ?? [])];
      const builtin = ids.map((id) => builtinByNotice.get(id)).find((item) => item !== undefined);
      const item = builtin ? fromBuiltin(builtin, notice) : newItem(notice);
      item.noticeIds = ids;
      const existing = merged.find(({ item: known }) =>
        builtin ? known.id === builtin.id : sameProperty(known, item) && ids.some((id) => known.noticeIds?.includes(id)),
      );
      if (existing) {
        existing.statements.push({ source, noticeId: notice.id, item: { ...item, id: existing.item.id } as RegisterItem });
        continue;
      }
      // Another item already has the id (two deprecations of one property, or a built-in item): the notice id tells them apart.
      if (!builtin && taken.has(item.id)) item.id = `${item.id}@${notice.id.slice(0, 8)}`;
      taken.add(item.id);
      merged.push({ item, sources: [source], statements: [{ source, noticeId: notice.id, item }] });
    }
  }
  const result: MergedSources = { items: merged, superseded: [], conflicts: [] };
  for (const entry of merged) {
    const keys = new Set(entry.statements.flatMap((a, index) => entry.statements.slice(index + 1).flatMap((b) => itemDisagreements(a.item, b.item).map(({ key }) => key))));
    let item = entry.statements.map((statement) => statement.item).reduce(mergeSameItem);
    for (const key of keys) {
      const values = valuesOf(key, entry.statements);
      const ordered = newestFirst(values);
      if (!ordered) {
        result.conflicts.push({ id: item.id, key, values });
        continue;
      }
      result.superseded.push({ id: item.id, key, values: ordered });
      item = { ...item, [key]: ordered[0]!.value } as RegisterItem;
    }
    entry.item = item;
    const agreeing = entry.statements.filter((statement) => itemDisagreements(entry.item, statement.item).length === 0);
    entry.sources = [...new Set(agreeing.map(({ source }) => source))];
  }
  return result;
}

/** The statements grouped by the value they give `key` (a statement without owners gives none). */
function valuesOf(key: string, statements: readonly Statement[]): Disagreement['values'] {
  const values: Disagreement['values'] = [];
  for (const statement of statements) {
    const value = (statement.item as unknown as Record<string, unknown>)[key];
    if (key === 'owners' && value === undefined) continue;
    const same = values.find((group) => !itemDisagreements(group.statements[0]!.item, statement.item).some((found) => found.key === key));
    if (same) same.statements.push(statement);
    else values.push({ value, statements: [statement] });
  }
  return values;
}

/** The values with the one the newest source gives first; undefined when dates do not single one out. */
function newestFirst(values: Disagreement['values']): Disagreement['values'] | undefined {
  const newest: string[] = [];
  for (const { statements } of values) {
    const dates = statements.map(({ source }) => source.date?.date);
    if (dates.includes(undefined)) return undefined;
    newest.push((dates as string[]).sort().at(-1)!);
  }
  const latest = [...newest].sort().at(-1)!;
  if (newest.filter((date) => date === latest).length > 1) return undefined;
  const winner = newest.indexOf(latest);
  return [values[winner]!, ...values.filter((_, index) => index !== winner)];
}

/**
 * Two items about the same operation, or the same property of the same owners (a schema-level notice
 * covers every property that holds the schema, each its own item).
 */
function sameProperty(a: RegisterItem, b: RegisterItem): boolean {
  if (a.kind === 'endpoint' || b.kind === 'endpoint') return a.kind === b.kind;
  if (a.kind !== b.kind || a.field !== b.field || (a.kind === 'enum-value' && a.value !== (b as typeof a).value)) return false;
  return !a.owners || !b.owners || a.owners.join() === b.owners.join();
}

function fromBuiltin(builtin: RegisterItem, notice: Notice): RegisterItem {
  const targets = namedReplacements(notice.message);
  const sameReplacement = sameNames(targets, replacementTargets(builtin.replacement));
  const item = {
    ...builtin,
    operation: notice.operation,
    announced: notice.introduced,
    removal: notice.removal,
    ...(sameReplacement ? {} : { replacement: replacementFromMessage(notice.kind, notice.message), note: notice.message }),
  } as RegisterItem;
  if (item.kind !== 'endpoint' && notice.owners) item.owners = notice.owners;
  return item;
}

function newItem(notice: Notice): RegisterItem {
  const base = {
    category: categoryOf(notice.operation),
    announced: notice.introduced,
    removal: notice.removal,
    operation: notice.operation,
    replacement: replacementFromMessage(notice.kind, notice.message),
    note: notice.message,
  };
  const slug = operationSlug(notice.operation);
  const owners = notice.owners ? { owners: notice.owners } : {};
  switch (notice.kind) {
    case 'endpoint':
      return { id: slug, kind: 'endpoint', ...base };
    case 'field':
      return { id: `${slug}.${notice.field!}`, kind: 'field', field: notice.field!, ...owners, ...base };
    case 'enum-value':
      return { id: `${slug}.${notice.field!}=${notice.value!}`, kind: 'enum-value', field: notice.field!, value: notice.value!, ...owners, ...base };
  }
}

/** Indexing API paths sit under `/api/index/`; every other Glean path is the Client API's. */
export function categoryOf(operation: Operation): Category {
  return operation.path.startsWith('/api/index/') ? 'Indexing API' : 'Client API';
}

/** `/rest/api/v1/governance/data/policies/{id}` → `governance.data.policies`; `/api/index/v1/x` → `index.x`. */
function operationSlug(operation: Operation): string {
  const indexing = operation.path.startsWith('/api/index/');
  const rest = operation.path.replace(/^\/rest\/api\/v\d+|^\/api\/index\/v\d+|^\/api/, '');
  const segments = rest.split('/').filter((segment) => segment !== '' && !segment.startsWith('{'));
  return [...(indexing ? ['index'] : []), ...segments].join('.') || operation.method.toLowerCase();
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name) => b.includes(name));
}

/** The owner types an item is matched by: its own, or the built-in owner table's. */
export function effectiveOwners(item: RegisterItem): readonly string[] {
  return item.kind === 'endpoint' ? [] : (item.owners ?? fieldOwners[item.id] ?? []);
}
