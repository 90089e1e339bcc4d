import type { HttpMethod } from '../register/types.js';
import { rememberLast } from '../util/last-text.js';

/**
 * What the common HTTP clients look like at a call site: which calls send a request, where the URL,
 * method and body are. A new client is a table entry here, not code in a rule.
 */

/** `client.post(url, …)` and friends (axios, got, ky, superagent, Angular's HttpClient, …). */
export const VERB_METHODS: Readonly<Record<string, HttpMethod>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  del: 'DELETE',
  head: 'HEAD',
  options: 'OPTIONS',
};

/**
 * Request functions whose awaited result is the parsed body itself (ofetch, Nuxt's `$fetch`, and the
 * instances their `create` makes): no `.json()`, no `.data`. Their `.raw(…)` gives a response whose
 * body is `._data`.
 */
export const BODY_PARSING_CLIENTS: ReadonlySet<string> = new Set(['ofetch', '$fetch']);

/** Verbs whose second argument is the request body when it is not an options object (axios). */
export const VERBS_WITH_DATA: ReadonlySet<string> = new Set(['post', 'put', 'patch']);

/**
 * Callees (the called name, or the last property of a member call) that send a GET request when no
 * method is given: fetch (also node-fetch), `new Request`, axios, got (also `got.stream`), ky, undici's
 * request, ofetch, `https.request`, Apps Script's `UrlFetchApp.fetch`.
 */
export const REQUEST_FUNCTIONS: ReadonlySet<string> = new Set([
  'fetch',
  'Request',
  'axios',
  'got',
  'ky',
  'request',
  'ofetch',
  '$fetch',
  'stream',
]);

/** Keys of an options object that hold the URL (axios `url`, `https.request` `path`, request `uri`). */
export const URL_KEYS: readonly string[] = ['url', 'path', 'uri'];

/** The method key of an options object; its value is read in any case (`'post'` in Apps Script). */
export const METHOD_KEY = 'method';

/**
 * Keys of an options object that hold the request body: fetch and undici `body` (usually
 * `JSON.stringify(…)`), axios `data`, got and ky `json`, Apps Script `payload`.
 */
export const BODY_KEYS: readonly string[] = ['json', 'data', 'body', 'payload'];

/** Keys that only an options object has (got and ky's `json`, request headers): never a payload's. */
export const OPTIONS_ONLY_KEYS: readonly string[] = ['json', 'headers', 'searchParams', 'responseType'];

/** Functions whose argument is serialised into the body, so the payload is the argument itself. */
export const SERIALISERS: readonly string[] = ['JSON.stringify'];

/** Methods on the value returned by `https.request` that write the body. */
export const BODY_WRITERS: readonly string[] = ['write', 'end'];

/**
 * Factories that create a client bound to a base URL, and the option that holds it: `axios.create`
 * and ofetch's `create` (`baseURL`), `got.extend` and ky 1's `ky.create`/`ky.extend` (`prefixUrl`),
 * ky 2's `prefix` (joined as `prefixUrl` is) and `baseUrl` (resolved as `new URL(path, base)` is: see
 * RESOLVING_BASE_OPTION).
 */
export const CLIENT_FACTORIES: Readonly<Record<string, readonly string[]>> = {
  create: ['baseURL', 'prefixUrl', 'prefix', 'baseUrl'],
  extend: ['prefixUrl', 'baseURL', 'prefix', 'baseUrl'],
};

/**
 * Apollo's REST data sources: a subclass of `RESTDataSource` sends with its inherited `this.get(path)`,
 * `this.post(path, { body })`, … to its own `baseURL`, and resolves to the parsed body. The current
 * package resolves the path as `new URL(path, baseURL)` does; the legacy one joins them with one slash.
 */
export const REST_DATA_SOURCES: Readonly<Record<string, 'resolves' | 'joins'>> = {
  '@apollo/datasource-rest': 'resolves',
  'apollo-datasource-rest': 'joins',
};

/** The class a REST data source extends, and the member that holds its base. */
export const REST_DATA_SOURCE_CLASS = 'RESTDataSource';
export const REST_DATA_SOURCE_BASE = 'baseURL';

/** The options a single request may give its own base in, over its client's: axios's `baseURL`, got's and ky's `prefixUrl`, ky 2's `prefix` and `baseUrl`. */
export const REQUEST_BASE_OPTIONS: readonly string[] = ['baseURL', 'prefixUrl', 'prefix', 'baseUrl'];

/**
 * ky 2's `baseUrl`: the request's URL is resolved against it as `new URL(path, base)` does, so a path
 * with a leading slash replaces the base's path and a relative one its last segment (keep the base's
 * trailing slash); every other base option joins base and path with one slash.
 */
export const RESOLVING_BASE_OPTION = 'baseUrl';

/**
 * Text that a module sending HTTP requests itself contains: a request function or client named above,
 * or a body-carrying verb call. A cheap look before a module is parsed (the SDK is looked for apart:
 * its name alone also appears in strings such as React Query keys).
 */
export const REQUEST_TEXT = /\bfetch\s*\(|\bfetchBaseQuery\b|\baxios\b|\bgot\b|\bky\b|\bofetch\b|\$fetch|\bUrlFetchApp\b|\bhttps?\.request\b|\bundici\b|\.(?:post|put|patch)\s*[(<]/;

/**
 * Whether a text contains REQUEST_TEXT. The gates ask it of each module's text in a row (what sends
 * requests, what a module holds of its own): one scan answers them all.
 */
export const namesRequest = rememberLast((text) => REQUEST_TEXT.test(text));

/**
 * REQUEST_TEXT for a function's own text, where the module's imports are not in sight: undici's
 * `request(…)` (the module's `import … from 'undici'` is what REQUEST_TEXT looks for) and `new Request(…)`.
 */
export const FUNCTION_REQUEST_TEXT = new RegExp(`${REQUEST_TEXT.source}|\\b(?:request|Request)\\s*\\(`);
