import type { CompiledRegister } from '../matchers/compiled-register.js';
import { writesFrameworkKey } from '../matchers/framework-contexts.js';
import { namesRequest } from '../matchers/http-clients.js';
import { importsPackage } from '../matchers/sdk-instances.js';
import { moduleIsMarked, registerTextTest, textFacts } from '../modules/index.js';
import { sdkTables } from '../sdk/index.js';
import { sdkCallChains } from '../sdk/versions.js';
import { withoutComments } from '../util/comments.js';
import { rememberLast } from '../util/last-text.js';

/**
 * The text tests that decide, before anything is parsed, which of the project's modules the analysis
 * of a file looks into: each a plain function of a module's text, remembered per module by the
 * modules layer (one function per test, so its verdicts can be kept).
 */

/** A module that sends requests itself: an HTTP client or request function, a body-carrying verb, the SDK. */
export const sendsRequests = (text: string): boolean => namesRequest(text);

/** A module that declares a function named for retrying or backing off (`export async function withRetry(…)`, `const retry = …`). */
const RETRY_HELPER = /\b(?:function\*?\s+|(?:const|let|var)\s+)[\w$]*(?:[Rr]etry|[Rr]etries|[Bb]ackoff|[Bb]ackOff)[\w$]*\b/;
export const declaresRetryHelper = (text: string): boolean => RETRY_HELPER.test(text);

/** A module that imports (or requires) the SDK. */
export const importsSdk = importsPackage(sdkTables.packageName);

/**
 * A module that exports values, not only functions and types: `export const BASE = …` (not an arrow
 * function), `export default {…}`, `module.exports`, `exports.x = …`, an export list. (The spaces after
 * `=` are inside the lookahead: outside it, backtracking let `= () =>` pass.)
 */
const VALUE_EXPORT =
  /\bexport\s+(?:const|let|var)\s+[\w$]+\s*(?::[^=;]+)?=(?!\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*(?::[^=]+)?=>|\s*(?:async\s+)?function\b)|\bexport\s+default\s+(?!(?:async\s+)?function\b|class\b|interface\b|type\b)|\bmodule\.exports\b|\bexports\.[\w$]+\s*=|\bexport\s*\{/;

/**
 * A module that hands on what its imports give: it exports anything (values, re-exports, or functions
 * over what it imports: a hook over a search function, a wrapper over a client).
 */
export const carriesValues = (text: string): boolean => ANY_EXPORT.test(text);

const ANY_EXPORT = /\bexport\b|\bmodule\.exports\b|\bexports\.[\w$]+\s*=/;

/** A module that declares a subclass (`class GleanApi extends BaseHttp`): its instances run the methods of a class elsewhere. */
export const extendsClass = (text: string): boolean => EXTENDS.test(text);

const EXTENDS = /\bclass\b[^{;]*\bextends\b/;

/** A module that binds functions (`export const post = call.bind(null, 'POST')`): its names may run another module's functions. */
export const bindsFunctions = (text: string): boolean => BINDS.test(text);

const BINDS = /\.bind\s*\(/;

/**
 * A barrel: a module that passes on what other modules export (`export * from`, `export { x } from`,
 * `module.exports = require(…)`, `{ ...require(…) }`), so a function it names may be another module's.
 */
export const reexports = (text: string): boolean => REEXPORT.test(text);

const REEXPORT = /\bexport\s*(?:\*|\{[^}]*\})\s*(?:as\s+[\w$]+\s*)?from\b|\bmodule\.exports\s*=\s*require\s*\(|\.\.\.\s*require\s*\(/;

/**
 * A call of the SDK's sub-clients by a name the SDK has (`glean.client.search.query`,
 * `this.glean.indexing.documents.index`): a module that wraps the SDK. Built from the SDK tables of
 * every supported version (a sub-client, then its method or its own sub-client): `.client.` followed
 * by any two names is in other code too (Slack's `app.client.chat.postMessage`, Vite's
 * `server.environments.client.hot.send`, the Anthropic SDK's `this.client.beta.messages`), and a
 * project whose code has it would lose the closed-project verdict and be walked file by file.
 */
const SDK_CHAINS = sdkCallChains();
const SUB_CLIENT_CHAINS = SDK_CHAINS.filter(([root]) => root === 'client' || root === 'indexing');

export const SDK_CALL_TEXT = chainCallText(SUB_CLIENT_CHAINS);

/**
 * A call of any of the SDK's methods by its chain from a `Glean`, the top-level ones of 0.20 too
 * (`.agents.createRun`, `.search.query`): what a function in another module calls on a client it
 * holds (`this.client.agents.createRun(…)`), for the callees followed. Wider than SDK_CALL_TEXT
 * (`.search.query` is not Glean's alone), so it only leads the analysis into a function, never marks
 * a project.
 */
export const SDK_METHOD_TEXT = new RegExp(
  // Also from a bare sub-client, as a parameter destructures it (`function recent({ client }) { client.agents.retrieve(…) }`).
  `${chainCallText(SDK_CHAINS).source}|(?<![\\w$.])${chainCallText(SUB_CLIENT_CHAINS).source.slice(2)}`,
);

/** A sub-client's method chain without the sub-client's own name (`.agents.retrieve(`), for a renamed one. */
const SUB_CLIENT_MEMBER_TEXT = chainCallText(SUB_CLIENT_CHAINS.map((chain) => chain.slice(1)).filter((chain) => chain.length > 0));

/** A pattern that renames a sub-client (`{ client: api }`, `{ indexing: ix }`). */
const RENAMED_SUB_CLIENT = /[{,]\s*(?:client|indexing)\s*:\s*[\w$]/;

/**
 * Whether a module's text may call SDK methods on a client it holds or is handed: SDK_METHOD_TEXT, or
 * a sub-client taken under another name (`function recent({ client: api }) { api.agents.retrieve(…) }`).
 */
export const callsSdkMethodsText: (text: string) => boolean = rememberLast(
  (text) => SDK_METHOD_TEXT.test(text) || (RENAMED_SUB_CLIENT.test(text) && SUB_CLIENT_MEMBER_TEXT.test(text)),
);

/** A method chain's first three names (or fewer: a top-level method), after a dot, as one expression. */
function chainCallText(chains: readonly (readonly string[])[]): RegExp {
  interface Step {
    ends: boolean;
    next: Map<string, Step>;
  }
  const start: Step = { ends: false, next: new Map() };
  for (const chain of chains) {
    let step = start;
    for (const name of chain.slice(0, 3)) {
      let next = step.next.get(name);
      if (!next) step.next.set(name, (next = { ends: false, next: new Map() }));
      step = next;
    }
    step.ends = true;
  }
  const DOT = String.raw`\s*\??\.\s*`;
  // Names in sorted order: the expression's source is part of a kept verdict's key.
  const source = (step: Step): string =>
    [...step.next.keys()]
      .sort()
      .map((name) => {
        const next = step.next.get(name)!;
        return next.next.size === 0 ? name : `${name}(?:${DOT}(?:${source(next)}))${next.ends ? '?' : ''}`;
      })
      .join('|');
  return new RegExp(String.raw`\.(?:${source(start)})(?![\w$])`);
}

/** SDK_CALL_TEXT after a plain search for its start, which most texts lack. */
const callsSubClient = (text: string): boolean => (text.includes('.client') || text.includes('.indexing')) && SDK_CALL_TEXT.test(text);

interface RegisterGates {
  /**
   * A module that gives its importers something of Glean's: a Glean URL or the SDK's name (a base
   * URL, a client, a wrapper with its paths), an import of the SDK, calls of its sub-clients (a service
   * over the client), or a distinctive path segment in a module that exports values (a path table).
   * An HTTP client alone is not Glean's: a file that sends Glean URLs through one names them itself,
   * or imports them from a module that does.
   */
  providesGlean: (text: string) => boolean;
  /** Which modules a name is followed into (see linkGate). */
  linkGate: (path: string) => boolean;
  /** A module that names Glean in any way the gates look for: a project with none needs no per-file gate. */
  namesGlean: (text: string) => boolean;
  /** What decides namesGlean's verdicts (its patterns and the register's), for a verdict kept between runs. */
  namesGleanKey: string;
}

const byRegister = new WeakMap<CompiledRegister, RegisterGates>();

export function gatesFor(register: CompiledRegister): RegisterGates {
  let gates = byRegister.get(register);
  if (gates) return gates;
  const provides = (text: string): boolean =>
    register.mightNameUrl(text) || importsSdk(text) || callsSubClient(text) || (register.mightNamePathSegment(text) && VALUE_EXPORT.test(text));
  // Most modules fail on their raw text; only those that pass are read again without their comments.
  const providesGlean = (source: string): boolean => provides(source) && provides(withoutComments(source));
  /**
   * The modules the analysis follows names into: those whose own text may hold something of Glean's
   * (a Glean path or root, a distinctive path segment of a path table, the SDK, a request, a
   * deprecated field written as a key, a path-like string a URL helper joins, an SDK method called on
   * whatever client it is handed), that import, within three modules, one that names Glean, or
   * barrels that re-export one of the former.
   */
  const ownText = (text: string): boolean =>
    register.mightUse(text) ||
    register.mightNameSegment(text) ||
    namesRequest(text) ||
    register.mightWriteField(text) ||
    writesPathText(text) ||
    // A class or function that calls SDK methods on a client it is handed (`new GleanService(glean)`).
    callsSdkMethodsText(text) ||
    // A retry helper (`withRetry(() => http.post(…))`): what it resolves to is told by reading it.
    declaresRetryHelper(text);
  // A barrel passes on the modules it re-exports: followed when one of them is worth it.
  const linkGate = (path: string): boolean =>
    // Once the analysis follows a module of wrappers over another's, the modules between it and the one that sends (a barrel, the next wrapper).
    (followedWrappers.size > 0 && (followedWrappers.has(path) || wrapsSender(path))) ||
    textFacts(path, ownText)?.marked === true ||
    moduleIsMarked(path, register.marks) ||
    (textFacts(path, reexports)?.marked === true && moduleIsMarked(path, ownText, reexports)) ||
    handsToSdkCalls(path);
  // providesGlean without its second look (comments) and its URL and SDK-import tests, which marks has.
  const namesGlean = (text: string): boolean =>
    register.marks(text) || callsSubClient(text) || (register.mightNamePathSegment(text) && VALUE_EXPORT.test(text));
  const namesGleanKey = JSON.stringify([register.textTestKey, SDK_CALL_TEXT.source, VALUE_EXPORT.source]);
  gates = { providesGlean, linkGate, namesGlean, namesGleanKey };
  byRegister.set(register, gates);
  // The import gate asks this of nearly every module it meets: taken at the one read of each text.
  // The others (marks, ownText) are asked of the few modules a file's senders and links lead to.
  registerTextTest(providesGlean);
  return gates;
}

/**
 * Modules of wrappers over another module's wrapper that the analysis of the file being linted
 * decided to follow (linked-modules.ts: a call gave one a path): names lead into them although their
 * own text names nothing of Glean's.
 */
const followedWrappers = new Set<string>();

/** A module whose functions wrap another module's wrapper is followed when a module that sends is this many modules away, itself counted. */
const WRAPPER_MODULE_DEPTH = 3;

/**
 * A module of wrappers over another module's wrapper (`export const gleanPost = (path, body) =>
 * request('POST', path, body)`, `request` imported from a module that sends), up to two modules from
 * one that sends (a barrel's re-export costs no step).
 */
export function wrapsSender(path: string): boolean {
  return moduleIsMarked(path, sendsRequests, carriesValues, WRAPPER_MODULE_DEPTH);
}


/** Lets names lead into a module of wrappers the analysis follows (see followedWrappers). */
export function followWrapperModule(path: string): void {
  followedWrappers.add(path);
}

/** Takes back followWrapperModule: the module's function sends nothing. */
export function unfollowWrapperModule(path: string): void {
  followedWrappers.delete(path);
}

/** Called as each file's analysis starts: what the last one followed is its own. */
export function forgetFollowedWrappers(): void {
  followedWrappers.clear();
}

/**
 * A composition root: a module that exports what it makes from modules it imports directly (through
 * barrels) whose code calls SDK methods (`makeWorkers(sdk)` returning `new SearchWorker(sdk)`), so
 * what it is handed reaches those calls. The gates ask it last, of modules their other tests turn
 * away; its text test is taken with the others at each module's one read.
 */
export function handsToSdkCalls(path: string): boolean {
  return moduleIsMarked(path, callsSdkMethodsText, carriesValues, 2);
}

/**
 * A string that starts a path or holds a URL's scheme (a path table, a base), or a slash a helper joins
 * a base and a path with (`` `${base}/${path}` ``, `base + '/' + path`, `.join('/')`): a URL helper
 * need not name any path of its own.
 */
export const writesPathText = (text: string): boolean => PATH_LIKE.test(text);

const PATH_LIKE = /['"`]\/[\w{$'"`]|:\/\/|\}\/(?:\$\{|`)/;

registerTextTest(carriesValues);
registerTextTest(reexports);
registerTextTest(extendsClass);
registerTextTest(bindsFunctions);
registerTextTest(importsSdk);
registerTextTest(sendsRequests);
registerTextTest(callsSdkMethodsText);
// The modules that may set a key of an app's shared object are listed from the project's texts (frameworkKeyWriters in analysis.ts).
registerTextTest(writesFrameworkKey);
