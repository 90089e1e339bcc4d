/**
 * Shapes of the SDK tables in `./generated/`, which `npm run generate:sdk` (tools/sdk-tables/) builds
 * from the installed `@gleanwork/api-client` sources. Pure, JSON-serialisable data.
 *
 * Extensions beyond the original table design (all optional, so consumers may ignore them):
 * - `SdkOperation.chains`: every further method chain that reaches the same func, when there is more
 *   than one (`chain` is then the shortest).
 * - `SdkProperty.union`: the member object types when a property holds a union of several component
 *   object types (directly, or through a union alias such as `DocumentOrErrorUnion`).
 */

import type { HttpMethod } from '../register/types.js';

export type { HttpMethod };

export interface SdkParam {
  /** Parameter name in the SDK method signature, e.g. 'request', 'agentId', 'locale', 'options'. */
  name: string;
  /** Where the value goes on the wire; `unsent` for a parameter the SDK takes and never sends (`_request`). */
  role: 'body' | 'path' | 'query' | 'header' | 'options' | 'unsent';
  /** For role 'path' / 'query' / 'header': the wire name, e.g. 'agent_id'. */
  wire?: string;
  /**
   * For role 'body': the component model type name, e.g. 'AgentRunCreate' (undefined if not a named
   * component, e.g. when the SDK types the body as an `operations.*` request type).
   */
  type?: string;
  optional: boolean;
}

/**
 * A React Query export that makes the operation's request: a hook (`useX`, `useXSuspense`,
 * `useXMutation`), a prefetch helper (`prefetchX(queryClient, client, ...params)`), or an options
 * builder (`buildXQuery(client, ...params)`, `buildXMutation(client)`). Keys, cache setters and
 * invalidators make none and are not listed.
 */
export interface SdkHook {
  name: string;
  kind: 'query' | 'suspense' | 'mutation' | 'prefetch' | 'queryBuilder' | 'mutationBuilder';
  /** The module that declares it, when not `react-query/<func>` (prefetch and query builders live in `<func>.core`). */
  core?: true;
}

export interface SdkOperation {
  /** Standalone function name = file name in src/funcs, e.g. 'clientAgentsRun'. */
  func: string;
  /** Method chain from a `Glean` instance, e.g. ['client', 'agents', 'run']. The shortest one. */
  chain: string[];
  /** Extension: the other chains reaching this func, when there is more than one; absent otherwise. */
  chains?: string[][];
  method: HttpMethod;
  /** Wire path template with `{param}` segments, `#fragment` stripped, e.g. '/rest/api/v1/agents/runs/wait'. */
  path: string;
  /** Positional parameters of the SDK method in order (the standalone func takes the client first, then these). */
  params: SdkParam[];
  /**
   * Component type names of the success response. Empty for void / string / streams, and for
   * `operations.*` responses that are not a plain union of component types (e.g. `{ Headers, result }`
   * wrappers). An `operations.*` union alias contributes its component members.
   */
  responseTypes: string[];
  /** True when the SDK marks the method @deprecated. */
  deprecated: boolean;
  /** React Query hooks and helpers that make this func's request, with their kind. */
  hooks: SdkHook[];
}

export interface SdkProperty {
  /** Component type the property holds (element type for arrays, value type for records), if it is a named component object type. */
  type?: string;
  /**
   * Extension: set instead of `type` when the property holds a union of several component object
   * types; the member types, sorted.
   */
  union?: string[];
  /** The property holds an array of `type`. With `record`, the record's values are arrays. */
  array?: boolean;
  /** True for `{ [k: string]: T }` records. */
  record?: boolean;
  /** True for an edge the type declares without `?` (always present). */
  required?: boolean;
  /** The @deprecated JSDoc text, when the SDK marks the property deprecated. */
  deprecated?: string;
}

export interface SdkSchema {
  /**
   * Every component model object type: its properties that either hold another component object type
   * (edges) or are @deprecated. Properties that are neither are omitted to keep the table small.
   */
  types: Record<string, Record<string, SdkProperty>>;
  /**
   * Every property name (all of them, not only edges) of the types held by a type that declares a
   * deprecated property, and of the request and response types of every operation with the types they
   * hold: what a renamed value or a swapped call's request may hold, what a response read may name.
   */
  keys?: Record<string, string[]>;
  /**
   * The property names declared without `?` of the types in `keys` that have any: what a value must
   * hold to fit the type.
   */
  required?: Record<string, string[]>;
  /**
   * The properties of each object type that the SDK sends under another name: `{ AgentRunCreate: {
   * agentId: 'agent_id' } }` before 0.20, where the SDK's own names were camelCase.
   */
  wireNames?: Record<string, Record<string, string>>;
}

/** The SDK surface the analysis tracks: the package whose imports are followed, and its operations. */
export interface SdkTables {
  packageName: string;
  operations: readonly SdkOperation[];
  /** Each SDK client class and the getters that lead to an instance of it from a `Glean` (for type-aware mode). */
  clientClasses?: Readonly<Record<string, readonly string[]>>;
}

/** One published SDK version's tables: its operations, client classes and schema. */
export interface SdkVersionTables extends SdkTables {
  version: string;
  clientClasses: Readonly<Record<string, readonly string[]>>;
  schema: SdkSchema;
}

/** Entries of a table keyed by name that an older version lacks, and those it has otherwise (or only it has). */
export interface TableChanges<T> {
  removed?: readonly string[];
  changed?: Readonly<Record<string, T>>;
}

/** The names a list of an older version has that the newer one's lacks (`add`), and those it lacks (`drop`). */
export interface ListChange {
  add?: readonly string[];
  drop?: readonly string[];
}

/** The fields of an entry that differ in an older version; `null` for a field only the newer one has. */
export type FieldChanges<T> = { readonly [K in keyof T]?: T[K] | null };

/**
 * An older SDK version's tables, as what they differ in from the next newer version's (`from`): the
 * generated tables hold the newest version whole and each older one as such a delta. A type in
 * `types.removed` is gone from `keys`, `required` and `wireNames` too; their own `removed` lists
 * only the other names.
 */
export interface SdkVersionDelta {
  version: string;
  from: string;
  /** By func. */
  operations?: TableChanges<FieldChanges<SdkOperation>>;
  clientClasses?: TableChanges<readonly string[]>;
  /** By type, the properties that differ. */
  types?: TableChanges<FieldChanges<Record<string, SdkProperty>>>;
  keys?: TableChanges<ListChange>;
  required?: TableChanges<ListChange>;
  wireNames?: TableChanges<Record<string, string>>;
}
