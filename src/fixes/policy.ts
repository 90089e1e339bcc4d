import { fieldOwners } from '../register/field-owners.js';
import { operationKey, type EndpointItem, type JsonValue, type PropertyItem, type RegisterItem } from '../register/types.js';
import type { SdkOperation, SdkSchema, SdkTables, SdkVersionTables } from '../sdk/types.js';
import { compareVersions, newestTables, SDK_VERSIONS, tablesOf } from '../sdk/versions.js';

/**
 * The fix policy: for each register item and the way code meets it, what a report offers and why.
 * Decided from the register and the SDK's tables alone (no source code), so the rules, the rule docs'
 * Fix column and the migration report all read the same decision. The tables are the newest SDK
 * version's, or, for code that uses the SDK, the version it uses: a replacement that version lacks,
 * or a field it requires, is offered nothing, and `upgradeFor` names the version to upgrade to. The planner (`plan.ts`) carries a
 * decision out on one use, and may only step down from it (an autofix becomes a suggestion, a
 * suggestion nothing) when a guard fails on that use.
 *
 * - `autofix`: the program means the same afterwards against the new API (applied by `recommended`).
 * - `suggestion`: a replacement exists but the value or response changes shape; a person applies it.
 * - `migrate`: a mechanical rewrite to the replacement operation; a suggestion, an autofix under the
 *   `migrate` option.
 * - `none`: nothing to offer; the message says what to do.
 */

export type Offer = 'autofix' | 'suggestion' | 'migrate' | 'none';

/**
 * How code meets an item: a URL or an SDK call (endpoints), a field written (a key of a payload, an
 * assignment) or read (a member read, a destructured key).
 */
export type SiteKind = 'url' | 'sdk' | 'write' | 'read';

/** What the planner does to carry out an offer. */
export type Action =
  | { kind: 'switchEndpoint'; to: string }
  /** Same value under a new key; `values` rewrites the literals the register maps. */
  /** `fits`: the SDK type the new field holds, where it is another than the old field's (the value must fit it). */
  | { kind: 'rename'; to: string; values?: Record<string, JsonValue>; fits?: string }
  /** A sibling property of another shape: rename, and the person gives it a value of its new shape. */
  | { kind: 'renameThenReshape'; to: string }
  /** A read from another place of the same owner: `to` is a dotted path from the owner. */
  | { kind: 'move'; to: string }
  /** A read replaced by `field` of the elements of a sibling array of the owner. */
  | { kind: 'collect'; array: string; field: string }
  /** A read replaced by the property `to` of the object that holds the owner under one of `edges`. */
  | { kind: 'readFromParent'; to: string; edges: string[] }
  /** A key whose feature is gone. */
  | { kind: 'remove' };

export interface Decision {
  site: SiteKind;
  offer: Offer;
  action?: Action;
  /** Why: the reason for the offer, or for offering nothing. */
  why: string;
  /** When the offer holds: the guards that make it step down on one use. */
  guards?: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export const RENAME_GUARDS =
  'never when the new key already exists or the key is computed; a suggestion instead when the value has keys the new owner type lacks or a shape the file cannot see, when a type you declared in another file names the field, or when a value other than Glean’s may reach the code';

/** What keeps an SDK method swap from being applied unchecked (the planner: `sdk-swap-fit.ts`). */
export const SDK_SWAP_GUARDS =
  'only when every argument of the new call is visible; in TypeScript an autofix under `migrate` only when the request literal fits the new request type (its keys exist there, recursively, and the required ones are present) and the result is not read or every read names a property the new response type has, unless the old and new types are the same; otherwise a suggestion that says what to check';

/**
 * The owner types of a register field or enum value: its own `owners` (imported items carry them), its
 * entry in `fieldOwners`, or none (matched at the top level).
 */
export function ownerTypesOf(item: PropertyItem): readonly string[] {
  return item.owners ?? fieldOwners[item.id] ?? [];
}

/** Whether a type has a property, as far as `keys` lists its properties (unlisted types may have any). */
function mayHave(type: string, name: string, schema: SdkSchema): boolean {
  const keys = schema.keys?.[type];
  return keys === undefined || keys.includes(name);
}

/**
 * Whether a dotted path (`text`, `answer.trackingToken`) leads, from every owner type that has the
 * field, through edges to a property the last type has: where a rename or a moved read goes must
 * exist in the SDK version.
 */
function ownersReach(field: string, path: string, owners: readonly string[], schema: SdkSchema): boolean {
  const segments = path.split('.');
  const last = segments.pop()!;
  return owners
    .filter((owner) => mayHave(owner, field, schema))
    .every((owner) => {
      let type: string | undefined = owner;
      for (const segment of segments) type = type === undefined ? undefined : schema.types[type]?.[segment]?.type;
      return type !== undefined && mayHave(type, last, schema);
    });
}

/** The decisions for every site kind the item can be met at. */
export function fixPolicy(item: RegisterItem, tables: SdkVersionTables = newestTables): Decision[] {
  if (item.kind === 'endpoint') return (['url', 'sdk'] as const).map((site) => endpointDecision(item, site, tables));
  return (['write', 'read'] as const).map((site) => fieldDecision(item, site, ownerTypesOf(item), tables.schema));
}

/** The decision for one site; `owners` are the owner types of the use (default: the registered ones). */
export function decide(item: RegisterItem, site: SiteKind, owners?: readonly string[], tables: SdkVersionTables = newestTables): Decision {
  if (item.kind === 'endpoint') return endpointDecision(item, site, tables);
  return fieldDecision(item, site, owners ?? ownerTypesOf(item), tables.schema);
}

/**
 * The oldest supported SDK version after `tables`' whose decision for the use offers something where
 * `tables`' offers nothing: the version to upgrade to before the use can be migrated. Undefined when
 * this version offers something, or no later one does either.
 */
export function upgradeFor(item: RegisterItem, site: SiteKind, owners: readonly string[] | undefined, tables: SdkVersionTables): string | undefined {
  if (decide(item, site, owners, tables).offer !== 'none') return undefined;
  return SDK_VERSIONS.find((version) => compareVersions(version, tables.version) > 0 && decide(item, site, owners, tablesOf(version)).offer !== 'none');
}

/** The SDK operation that replaces an endpoint item's, if the tables' version has one (and does not deprecate it). */
export function replacementOperation(item: EndpointItem, tables: SdkTables): SdkOperation | undefined {
  const replacement = item.replacement;
  if (replacement.kind !== 'endpoint') return undefined;
  const { method, path } = replacement.operation;
  return tables.operations.find((op) => op.method === method && op.path === path && !op.deprecated);
}

function endpointDecision(item: EndpointItem, site: SiteKind, tables: SdkVersionTables): Decision {
  const replacement = item.replacement;
  if (replacement.kind !== 'endpoint') return { site, offer: 'none', why: 'nothing replaces the operation' };
  if (site === 'sdk' && !replacementOperation(item, tables)) {
    return { site, offer: 'none', why: `${tables.packageName} ${tables.version} has no method for the replacement` };
  }
  return {
    site,
    offer: 'migrate',
    action: { kind: 'switchEndpoint', to: operationKey(replacement.operation) },
    why: 'the replacement takes or returns another shape, so code that reads the response needs review',
    guards: site === 'sdk' ? SDK_SWAP_GUARDS : 'only when every argument the rewrite moves is visible; an autofix under `migrate` only when the method is known',
  };
}

function fieldDecision(item: PropertyItem, site: SiteKind, owners: readonly string[], schema: SdkSchema): Decision {
  if (item.kind === 'enum-value') return { site, offer: 'none', why: 'a deprecated value: which value replaces it is for a person to decide' };
  const replacement = item.replacement;
  // A field the SDK's type requires can be neither renamed nor dropped, and its replacement read may be missing.
  if (replacement.kind !== 'none' && owners.some((owner) => schema.required?.[owner]?.includes(item.field))) {
    return { site, offer: 'none', why: 'the SDK requires the field' };
  }
  switch (replacement.kind) {
    case 'rename': {
      if (!ownersReach(item.field, replacement.to, owners, schema)) return { site, offer: 'none', why: `the SDK has no \`${replacement.to}\` beside the field` };
      const fits = replacement.values ? undefined : otherValueType(item.field, replacement.to, owners, schema);
      const action: Action = { kind: 'rename', to: replacement.to, ...(replacement.values ? { values: replacement.values } : {}), ...(fits ? { fits } : {}) };
      if (fits) return { site, offer: 'autofix', action, why: `the value under a new name, where it fits \`${fits}\``, guards: RENAME_GUARDS };
      if (!replacement.values) return { site, offer: 'autofix', action, why: 'the same value under a new name', guards: RENAME_GUARDS };
      if (site === 'read') return { site, offer: 'none', why: 'the value changes type, so code that reads it needs a person' };
      return {
        site,
        offer: 'autofix',
        action,
        why: 'a literal value is rewritten to its new form',
        guards: 'only for literal values the register maps; not when the new key already exists',
      };
    }
    case 'move':
      if (site === 'write') return { site, offer: 'none', why: 'the value is set elsewhere in the new shape' };
      if (!ownersReach(item.field, replacement.to, owners, schema)) return { site, offer: 'none', why: `the SDK has no \`${replacement.to}\` on the field's owner` };
      return {
        site,
        offer: 'autofix',
        action: { kind: 'move', to: replacement.to },
        why: 'the same value, read from its new place',
        guards: 'not for computed members or writes',
      };
    case 'restructure': {
      const [target] = replacement.to;
      if (target === undefined) return { site, offer: 'none', why: 'the register names no replacement' };
      if (replacement.to.length === 1 && IDENTIFIER.test(target) && owners.some((owner) => schema.types[owner]?.[target] !== undefined)) {
        return {
          site,
          offer: 'suggestion',
          action: { kind: 'renameThenReshape', to: target },
          why: 'the replacement is a sibling property of another shape',
        };
      }
      if (site === 'write') return { site, offer: 'none', why: 'the replacement has another shape' };
      const collect = siblingArray(target, item.field, owners, schema);
      if (collect) return { site, offer: 'suggestion', action: collect, why: 'the value now lives on each element of a list' };
      const edges = parentEdges(target, owners, schema);
      if (edges.length > 0) {
        return { site, offer: 'suggestion', action: { kind: 'readFromParent', to: target, edges }, why: 'the value now lives on the object that holds the owner' };
      }
      return { site, offer: 'none', why: 'the replacement has another shape' };
    }
    case 'none':
      if (replacement.removeSuggested && site === 'write') {
        return { site, offer: 'suggestion', action: { kind: 'remove' }, why: 'the feature is gone, so the key can go' };
      }
      return { site, offer: 'none', why: 'nothing replaces the field' };
    default:
      return { site, offer: 'none', why: 'unknown replacement' };
  }
}

/** The SDK object type the new field holds where the old field holds another (`externalSharingOptions` → `broadSharingOptions`: `SharingOptions`). */
function otherValueType(field: string, to: string, owners: readonly string[], schema: SdkSchema): string | undefined {
  for (const owner of owners) {
    const properties = schema.types[owner];
    const before = properties?.[field]?.type;
    const after = properties?.[to]?.type;
    if (after !== undefined && after !== before && schema.keys?.[after] !== undefined) return after;
  }
  return undefined;
}

/**
 * `Type.field` (chat citations → `ChatMessageFragment.citation`), or a bare type whose elements carry
 * the same field (invite times → `ChannelInviteInfo`): an array of that type on the owner.
 */
function siblingArray(target: string, fieldName: string, owners: readonly string[], schema: SdkSchema): Action | undefined {
  const [type, field = fieldName] = target.split('.');
  if (!type || !/^[A-Z]/.test(type) || !IDENTIFIER.test(field)) return undefined;
  for (const owner of owners) {
    for (const [name, property] of Object.entries(schema.types[owner] ?? {})) {
      if (property.type === type && property.array && mayHave(type, field, schema)) return { kind: 'collect', array: name, field };
    }
  }
  return undefined;
}

/** The properties under which a type that declares `target` holds one of the owners. */
function parentEdges(target: string, owners: readonly string[], schema: SdkSchema): string[] {
  if (!IDENTIFIER.test(target)) return [];
  const edges = new Set<string>();
  for (const properties of Object.values(schema.types)) {
    if (properties[target] === undefined) continue;
    for (const [edge, property] of Object.entries(properties)) {
      if (property.type !== undefined && owners.includes(property.type)) edges.add(edge);
    }
  }
  return [...edges].sort();
}

// ---------------------------------------------------------------------------------------------------
// The decisions in words, for the docs and the migration report.

const SYMBOL: Record<Offer, string> = { autofix: '🔧', suggestion: '💡', migrate: '💡', none: '' };
const code = (text: string) => `\`${text}\``;

/** One decision as a short phrase: `🔧 rename to \`text\``, `💡 switch to …; 🔧 with \`migrate\``, `none`. */
export function describeDecision(decision: Decision): string {
  const action = decision.action;
  if (decision.offer === 'none' || !action) return 'none';
  const what = describeAction(action);
  if (decision.offer === 'migrate') return `💡 ${what}; 🔧 with \`migrate\``;
  return `${SYMBOL[decision.offer]} ${what}`;
}

function describeAction(action: Action): string {
  switch (action.kind) {
    case 'switchEndpoint':
      return `switch to ${code(action.to)}`;
    case 'rename': {
      const values = Object.entries(action.values ?? {});
      const mapped = values.map(([from, to]) => `${code(from)} → ${code(JSON.stringify(to).replaceAll('"', "'"))}`).join(', ');
      return `rename to ${code(action.to)}${mapped ? ` with ${mapped}` : ''}${action.fits ? ` where the value fits ${code(action.fits)}` : ''}`;
    }
    case 'renameThenReshape':
      return `rename to ${code(action.to)}, then reshape the value`;
    case 'move':
      return `read ${code(action.to)}`;
    case 'collect':
      return `collect ${code(`${action.array}[].${action.field}`)}`;
    case 'readFromParent':
      return `read ${code(action.to)} beside ${action.edges.map(code).join(', ')}`;
    case 'remove':
      return 'remove the key';
  }
}

export const SITE_WORDS: Record<SiteKind, string> = { url: 'URLs', sdk: 'SDK calls', write: 'keys', read: 'reads' };

/** An item's decisions in one phrase: the same for every site, or `keys: …; reads: …`. */
export function describePolicy(item: RegisterItem, tables: SdkVersionTables = newestTables): string {
  const described = fixPolicy(item, tables).map((decision) => ({ site: decision.site, text: describeDecision(decision) }));
  if (described.every((entry) => entry.text === described[0]!.text)) return described[0]!.text;
  return described.map((entry) => `${SITE_WORDS[entry.site]}: ${entry.text}`).join('; ');
}
