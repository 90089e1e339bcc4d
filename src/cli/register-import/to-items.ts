import { fieldOwners } from '../../register/field-owners.js';
import { builtinRegister } from '../../register/items.js';
import { noticeIds } from '../../register/notice-ids.js';
import type { Category, Operation, RegisterItem } from '../../register/types.js';
import type { Notice } from './notice.js';
import { namedReplacements, replacementFromMessage, replacementTargets } from './replacement.js';

/**
 * Notices → register items. A notice Glean published for a built-in item (known by its notice id)
 * keeps the item's id and curated wording and fix policy, and takes the notice's dates, operation,
 * owners, and its replacement when the message names another one; any other notice becomes a new
 * item with an id made from its operation and property.
 */

const builtinByNotice = new Map(
  Object.entries(noticeIds).flatMap(([id, notices]) => notices.map((notice) => [notice, builtinRegister.items.find((item) => item.id === id)!] as const)),
);

export function itemsFromNotices(notices: readonly Notice[]): RegisterItem[] {
  const items: RegisterItem[] = [];
  const byId = new Map<string, RegisterItem>();
  const builtinIds = new Set(builtinRegister.items.map((item) => item.id));
  for (const notice of notices) {
    const builtin = builtinByNotice.get(notice.id);
    const existing = builtin && byId.get(builtin.id);
    if (existing) {
      // A second notice of the same item (a property and the schema it holds): one item.
      existing.noticeIds = [...(existing.noticeIds ?? []), notice.id];
      continue;
    }
    let item: RegisterItem;
    if (builtin) {
      item = fromBuiltin(builtin, notice);
    } else {
      const fresh = newItem(notice);
      // Another item already has the id (two notices on one property, or a built-in item): the notice id tells them apart.
      item = byId.has(fresh.id) || builtinIds.has(fresh.id) ? { ...fresh, id: `${fresh.id}@${notice.id.slice(0, 8)}` } : fresh;
    }
    byId.set(item.id, item);
    items.push(item);
  }
  return items;
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
    noticeIds: [notice.id],
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
    noticeIds: [notice.id],
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
