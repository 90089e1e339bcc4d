import { builtinRegister } from '../register/items.js';
import { knownOperations } from '../register/known-operations.js';
import { mergeRegister } from '../register/merge.js';
import { operationKey, type EndpointItem, type Operation, type PropertyItem, type RegisterItem } from '../register/types.js';
import { OperationMatcher } from './operations.js';
import { SDK_PACKAGE } from '../sdk/index.js';
import { sdkOperations } from '../sdk/generated/operations.js';
import { FieldIndex } from './field-index.js';
import { rememberLast } from '../util/last-text.js';

/**
 * A register prepared for matching: built once for the built-in register and once per distinct set of
 * extra items from `settings.glean.register`, never per file or per node.
 */
export class CompiledRegister {
  readonly items: readonly RegisterItem[];
  readonly endpointsByOperation: ReadonlyMap<string, readonly EndpointItem[]>;
  /** Field and enum-value items: found in payloads and responses. */
  readonly propertyItems: readonly PropertyItem[];
  /** The register's operations and their neighbours, plus every SDK operation: what `operations` matches. */
  private readonly allOperations: readonly Operation[];
  private fieldIndex: FieldIndex | undefined;
  private operationMatcher: OperationMatcher | undefined;
  /** Texts one of which a file must contain before its strings are evaluated as URLs (or split paths, below). */
  readonly urlTokens: readonly string[];
  private readonly splitPathSegment: RegExp | undefined;
  /** The segments of register paths only Glean's API names (`listanswers`, `getusercount`). */
  private readonly gleanSegments: ReadonlySet<string>;
  private readonly pathSegment: RegExp | undefined;
  /** The literal segments of each register operation's path (`rest`, `api`, `v1`, `chat`). */
  private readonly splitPaths: readonly (readonly string[])[];
  private readonly segmentPatterns = new Map<string, RegExp>();
  /** A text every URL token contains (`api` for the built-in register): one scan rejects most files. */
  private readonly commonText: string | undefined;

  constructor(items: readonly RegisterItem[]) {
    this.items = items;
    const endpoints = new Map<string, EndpointItem[]>();
    const operations: Operation[] = [...knownOperations];
    for (const item of items) {
      operations.push(item.operation);
      if (item.replacement.kind === 'endpoint') operations.push(item.replacement.operation);
      if (item.kind !== 'endpoint') continue;
      const key = operationKey(item.operation);
      endpoints.set(key, [...(endpoints.get(key) ?? []), item]);
    }
    this.endpointsByOperation = endpoints;
    this.propertyItems = items.filter((item): item is PropertyItem => item.kind !== 'endpoint');
    // The prefilter needs only the paths of register items and their neighbours; matching knows every
    // operation the SDK has, so requests to other operations (search, list policies) resolve too and
    // their payloads and responses are checked for deprecated fields.
    const prefilter = new OperationMatcher(operations);
    this.allOperations = [...operations, ...sdkOperations.map(({ method, path }) => ({ method, path }))];
    // A token that contains another one adds nothing (`api/agents/search` and `api/agents`).
    const tokens = prefilter.fileTokens;
    this.urlTokens = tokens.filter((token) => !tokens.some((other) => other !== token && token.includes(other)));
    // A path can be split across literals (`'/rest' + '/api/v1/agents'`). Each of its segments is then
    // still written whole somewhere in the file; a file passes when every literal segment of one
    // register operation is. A distinctive segment is looked for first (one scan), then the rest.
    this.splitPaths = [...new Set(items.map((item) => literalSegments(item.operation.path).join('/')))]
      .filter((path) => path !== '')
      .map((path) => path.split('/'));
    const distinctive = [...new Set(this.splitPaths.flat())].filter((segment) => segment.length >= 4 && !['rest', 'data', 'index'].includes(segment));
    this.splitPathSegment = distinctive.length > 0 ? wholeSegment(distinctive) : undefined;
    // A module is marked by a path segment alone only where the segment is Glean's own (`/listanswers`):
    // `/chat`, `/runs` and `/search` are in every other API's path tables too.
    const gleanOwn = distinctive.filter((segment) => GLEAN_STYLE_SEGMENT.test(segment));
    this.pathSegment = gleanOwn.length > 0 ? new RegExp(`/(?:${gleanOwn.map(escapeRegExp).join('|')})(?=[/'"\`?#$]|$)`) : undefined;
    this.gleanSegments = new Set(gleanOwn);
    this.commonText = this.urlTokens.every((token) => token.includes('api')) ? 'api' : undefined;
  }

  // The matcher and the field index are built when a file first passes the prefilter, not when the
  // plugin is imported: an editor or a lint run on code that never names Glean never needs them.
  get operations(): OperationMatcher {
    return (this.operationMatcher ??= new OperationMatcher(this.allOperations));
  }

  get fields(): FieldIndex {
    return (this.fieldIndex ??= new FieldIndex(this.propertyItems));
  }

  /** True when a file's text may name an operation in its strings; other files' strings are not evaluated. */
  mightNameUrl(text: string): boolean {
    return this.namesUrlOf(text);
  }

  // The gates ask it of each module's text several times in a row (marks, providesGlean, ownText).
  private readonly namesUrlOf = rememberLast((text) => this.namesUrl(text));

  private namesUrl(text: string): boolean {
    if (this.commonText !== undefined && !text.includes(this.commonText)) return false;
    if (this.urlTokens.some((token) => text.includes(token))) return true;
    if (!this.mightNameSegment(text)) return false;
    const found = new Map<string, boolean>();
    const holds = (segment: string): boolean => {
      let holdsIt = found.get(segment);
      if (holdsIt === undefined) {
        let pattern = this.segmentPatterns.get(segment);
        if (!pattern) this.segmentPatterns.set(segment, (pattern = wholeSegment([segment])));
        holdsIt = pattern.test(text);
        found.set(segment, holdsIt);
      }
      return holdsIt;
    };
    return this.splitPaths.some((segments) => segments.every(holds));
  }

  /**
   * True when a file's text may contain a use; everything else is skipped before any AST work. SDK
   * calls name no path: the package name is what a file that uses the SDK must contain.
   */
  mightUse(text: string): boolean {
    // The package name holds the common text too (`@gleanwork/api-client`): most files are rejected by
    // that one scan, not two.
    if (this.commonText !== undefined && SDK_PACKAGE.includes(this.commonText) && !text.includes(this.commonText)) return false;
    return text.includes(SDK_PACKAGE) || this.mightNameUrl(text);
  }

  private fieldKeyPattern: RegExp | null | undefined;
  private fieldReadPattern: RegExp | null | undefined;

  /** The names of the register's fields and properties with deprecated values, as a regular expression's alternatives; null when there are none. */
  private get fieldNamesSource(): string | null {
    const fieldNames = [...new Set(this.propertyItems.map((item) => item.field))];
    return fieldNames.length === 0 ? null : fieldNames.map(escapeRegExp).join('|');
  }

  /**
   * True when a text may write a deprecated field (or a property with a deprecated value) as an object
   * key or shorthand: a module whose objects other modules may send to Glean.
   */
  mightWriteField(text: string): boolean {
    if (this.fieldKeyPattern === undefined) {
      const names = this.fieldNamesSource;
      // The name as a key: plain, quoted or computed (`['isNegated']:`), then a colon, a comma or the
      // object's end, with block comments between (`location /* office */:`).
      this.fieldKeyPattern = names === null ? null : new RegExp(`\\b(?:${names})\\b['"\`]?${KEY_END}[:,}]`);
    }
    // One scan: on the Glean SDK's 1,247 sources the pattern alone took a quarter of the time of a
    // substring scan per name before it.
    return this.fieldKeyPattern !== null && this.fieldKeyPattern.test(text);
  }

  /**
   * True when a text may read a deprecated field or property (`.snippet`, `?.snippet`, `['snippet']`) or
   * write it as a key (`{ snippet }`, `, snippet:`): a module whose calls of another module's service may lead to a response or a
   * payload of Glean's.
   */
  mightNameField(text: string): boolean {
    return this.namesFieldOf(text);
  }

  private readonly namesFieldOf = rememberLast((text) => {
    if (this.fieldReadPattern === undefined) {
      const names = this.fieldNamesSource;
      // A key right after `{` or `,` only: mightWriteField's wider test also takes type members and
      // ternaries, which on the Glean SDK's sources sent many more calls into other modules for nothing.
      this.fieldReadPattern = names === null ? null : new RegExp(`\\??\\.\\s*(?:${names})\\b|\\[\\s*['"\`](?:${names})['"\`]\\s*\\]|[{,]\\s*(?:${names})\\s*[,}:]`);
    }
    return this.fieldReadPattern?.test(text) === true;
  });

  /** True when a text writes a whole, distinctive segment of a register path (`'/listanswers'` in a path table). */
  mightNameSegment(text: string): boolean {
    return this.namesSegmentOf(text);
  }

  // Asked by the URL test and by the gates of the same text: one scan.
  private readonly namesSegmentOf = rememberLast((text) => this.splitPathSegment?.test(text) ?? false);

  /** True when a text is, whole, a segment of a register path that only Glean's API names (`'getusercount'` handed to a wrapper that joins it). */
  isGleanSegment(text: string): boolean {
    return this.gleanSegments.has(text);
  }

  /** True when a text writes a segment of a register path that only Glean's API names, after a slash (`'/listanswers'`, not `'/search'` or `"listanswers"`). */
  mightNamePathSegment(text: string): boolean {
    return this.pathSegment?.test(text) ?? false;
  }

  /**
   * What decides the text tests above (`mightUse`, `mightNameUrl`, `mightNamePathSegment`): equal keys,
   * equal verdicts on every text. A verdict kept between runs is kept under it.
   */
  get textTestKey(): string {
    return (this.textKey ??= JSON.stringify([SDK_PACKAGE, this.urlTokens, this.commonText, this.splitPaths, this.splitPathSegment?.source, this.pathSegment?.source]));
  }

  private textKey: string | undefined;

  /** `mightUse` as one function per register: the modules layer remembers each module's verdict by it. */
  readonly marks = (text: string): boolean => this.mightUse(text);
}

/**
 * Glean's RPC-style path names: a verb glued to a noun (`listanswers`, `getdocumentcount`,
 * `bulkindexemployees`), which no other API's path table shares, unlike `chat`, `runs` or `agents`.
 */
const GLEAN_STYLE_SEGMENT = /^(?:get|list|create|update|delete|add|remove|edit|bulk|index|upload|process|check)[a-z]{3,}$/;

/**
 * What may come between a key's name and its colon, as a regular expression's source: whitespace,
 * block comments and a computed key's `]`, in one loop whose steps each start with their own
 * character (linear: two loops in a row would backtrack quadratically over a long run of spaces).
 */
const KEY_END = String.raw`(?:\s|\]|/\*[^*]*\*+(?:[^/*][^*]*\*+)*/)*`;

/** A path's segments other than parameters: `/rest/api/v1/agents/{id}` → rest, api, v1, agents. */
function literalSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '' && !segment.startsWith('{'));
}

/**
 * One of `segments` written as a whole path segment in source text: after the start of a string or
 * template (a quote, a template's `}`) or a `/`, and before its end, a `/`, `?`, `#` or a template's
 * `${`. So `'/search'`, `'v1/'` and `` `${root}agents/` `` count; `../funcs/searchQuery.js` does not.
 */
function wholeSegment(segments: readonly string[]): RegExp {
  return new RegExp(`(?:^|[/'"\`}])(?:${segments.map(escapeRegExp).join('|')})(?=[/'"\`?#$]|$)`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const builtinCompiled = new CompiledRegister(builtinRegister.items);

const compiledByExtras = new Map<string, CompiledRegister>();

/** The compiled register for the built-in items merged with `extra` (already validated). */
export function compileRegister(extra: readonly RegisterItem[]): CompiledRegister {
  if (extra.length === 0) return builtinCompiled;
  const key = JSON.stringify(extra);
  let compiled = compiledByExtras.get(key);
  if (!compiled) {
    compiled = new CompiledRegister(mergeRegister(extra));
    compiledByExtras.set(key, compiled);
  }
  return compiled;
}
