import { builtinRegister } from '../register/items.js';
import { knownOperations } from '../register/known-operations.js';
import { mergeRegister } from '../register/merge.js';
import { operationKey, type EndpointItem, type Operation, type PropertyItem, type RegisterItem } from '../register/types.js';
import { OperationMatcher } from './operations.js';
import { SDK_PACKAGE } from '../sdk/index.js';
import { sdkOperations } from '../sdk/generated/operations.js';
import { FieldIndex } from './field-index.js';

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
    // A path can be split across literals (`'/rest' + '/api/v1/agents'`): then the file still holds the
    // common text (`api`, checked first) and `/segment` for one of the register operations' own
    // segments, as a whole segment: `'/search'` or `/search/` but not `../funcs/searchQuery.js`.
    const segments = [
      ...new Set(
        items
          .flatMap((item) => item.operation.path.split('/'))
          .filter((segment) => segment.length >= 4 && !segment.startsWith('{') && !['rest', 'data', 'index'].includes(segment)),
      ),
    ];
    this.splitPathSegment =
      segments.length > 0 ? new RegExp(`/(?:${segments.map(escapeRegExp).join('|')})(?![\\w.~-])`) : undefined;
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
    if (this.commonText !== undefined && !text.includes(this.commonText)) return false;
    if (this.urlTokens.some((token) => text.includes(token))) return true;
    return this.splitPathSegment?.test(text) ?? false;
  }

  /**
   * True when a file's text may contain a use; everything else is skipped before any AST work. SDK
   * calls name no path: the package name is what a file that uses the SDK must contain.
   */
  mightUse(text: string): boolean {
    return text.includes(SDK_PACKAGE) || this.mightNameUrl(text);
  }
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
