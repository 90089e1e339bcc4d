import { SDK_PACKAGE, SDK_VERSION, sdkClientClasses, sdkOperations } from './generated/operations.js';
import { sdkSchema } from './generated/schema.js';
import { sdkVersionDeltas } from './generated/versions.js';
import { applyDelta, compareVersions } from './delta.js';
import { operationKey } from '../register/types.js';
import type { SdkVersionTables } from './types.js';

export { compareVersions };

/**
 * The tables of every supported SDK version: the newest whole (`generated/operations.ts`, `schema.ts`),
 * each older one composed from the next newer one and its differences (`generated/versions.ts`) the
 * first time a file uses it.
 */

export const newestTables: SdkVersionTables = {
  packageName: SDK_PACKAGE,
  version: SDK_VERSION,
  operations: sdkOperations,
  clientClasses: sdkClientClasses,
  schema: sdkSchema,
};

/** Every version with tables of its own, oldest first: the supported range. */
export const SDK_VERSIONS: readonly string[] = [...sdkVersionDeltas.map((delta) => delta.version).reverse(), SDK_VERSION];

const composed = new Map<string, SdkVersionTables>([[SDK_VERSION, newestTables]]);

/** The tables of a version in `SDK_VERSIONS`. */
export function tablesOf(version: string): SdkVersionTables {
  let tables = composed.get(version);
  if (tables) return tables;
  const delta = sdkVersionDeltas.find((candidate) => candidate.version === version);
  if (!delta) throw new Error(`no SDK tables for ${SDK_PACKAGE}@${version}`);
  tables = applyDelta(tablesOf(delta.from), delta);
  composed.set(version, tables);
  return tables;
}

/** What the analysis of one file knows of the SDK it uses. */
export interface SdkContext {
  /** The tables detection uses: the installed version's, or the nearest version's. */
  tables: SdkVersionTables;
  /** The version installed for the file; undefined when none resolves from its directory. */
  installed?: string;
  /** True when the installed version has tables of its own: only then are fixes shaped by the SDK offered. */
  known: boolean;
}

const contexts = new Map<string | undefined, SdkContext>();

/**
 * The SDK context for an installed version (undefined: none found): its own tables, or the nearest
 * version's (the newest one not after it, the oldest for a version before the range, the newest when
 * none is installed) with `known` false.
 */
export function sdkContextOf(installed: string | undefined): SdkContext {
  let context = contexts.get(installed);
  if (context) return context;
  if (installed !== undefined && SDK_VERSIONS.includes(installed)) {
    context = { tables: tablesOf(installed), installed, known: true };
  } else {
    const nearest = installed === undefined ? SDK_VERSION : (SDK_VERSIONS.findLast((version) => compareVersions(version, installed) <= 0) ?? SDK_VERSIONS[0]!);
    context = { tables: tablesOf(nearest), ...(installed === undefined ? {} : { installed }), known: false };
  }
  contexts.set(installed, context);
  return context;
}

/**
 * Every method chain from a `Glean` (`['client', 'search', 'query']`) in any supported version, read
 * from the newest tables and the older versions' differences without composing their tables (which
 * costs tens of milliseconds): an older version's operation the newest lacks, or one whose chain
 * differs, is in its delta with its chains.
 */
export function sdkCallChains(): readonly (readonly string[])[] {
  const chains: (readonly string[])[] = [];
  const add = (operation: { chain?: readonly string[] | null; chains?: readonly (readonly string[])[] | null }) => {
    if (operation.chain) chains.push(operation.chain);
    for (const chain of operation.chains ?? []) chains.push(chain);
  };
  for (const operation of sdkOperations) add(operation);
  for (const delta of sdkVersionDeltas) for (const operation of Object.values(delta.operations?.changed ?? {})) add(operation);
  return chains;
}

/**
 * The key an SDK call's request body names a property by that goes on the wire as `wire`, for an
 * operation (`METHOD /path`): `agentId` for `agent_id` in the runs of SDKs before 0.20, else `wire`.
 */
export function sdkBodyKey(tables: SdkVersionTables, operation: string, wire: string): string {
  for (const candidate of tables.operations) {
    if (operationKey(candidate) !== operation) continue;
    const type = candidate.params.find((param) => param.role === 'body')?.type;
    const renamed = Object.entries((type && tables.schema.wireNames?.[type]) ?? {}).find(([, name]) => name === wire);
    if (renamed) return renamed[0];
  }
  return wire;
}
