import { AST_NODE_TYPES } from '@typescript-eslint/types';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { CompiledOperation, UrlMatch } from '../matchers/operations.js';
import {
  describeRequestCall,
  describeRequestObject,
  type RequestSite,
} from '../matchers/http-requests.js';
import {
  evaluatePattern,
  flatten,
  hasText,
  isStringLiteral,
  HOLE,
  type FlatPattern,
  type PatternPart,
  type StringPattern,
} from '../matchers/string-pattern.js';
import { TYPE_ONLY, walk } from '../util/walk.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import type { ResolvedRequest } from '../model/request.js';
import type { Use } from '../model/use.js';

/**
 * Finds the Glean operations a file's URLs name, and the uses of deprecated endpoints among them.
 *
 * Every request site (fetch, axios, …) is evaluated with its method; every other string expression is
 * evaluated on its own, with the method unknown. A use is reported once, at the literal that holds the
 * deprecated path (or at the expression that assembles it), however many requests reach it.
 */

export interface UrlAnalysis {
  requests: ResolvedRequest[];
  uses: Use[];
}

interface Reach {
  site?: RequestSite;
  flat: FlatPattern;
  match: UrlMatch;
}

export function analyseUrls(sourceCode: TSESLint.SourceCode, register: CompiledRegister): UrlAnalysis {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope) return { requests: [], uses: [] };

  const calls: (TSESTree.CallExpression | TSESTree.NewExpression)[] = [];
  const objects: TSESTree.ObjectExpression[] = [];
  const strings: TSESTree.Node[] = [];
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.CallExpression || node.type === AST_NODE_TYPES.NewExpression) calls.push(node);
    else if (node.type === AST_NODE_TYPES.ObjectExpression) objects.push(node);
    else if (isStandaloneString(node)) strings.push(node);
  }, TYPE_ONLY);

  const reaches = new Map<TSESTree.Node, Reach[]>();
  const consumed = new Set<TSESTree.Node>();
  const requests: ResolvedRequest[] = [];

  const consider = (pattern: StringPattern, site: RequestSite | undefined, fallback: TSESTree.Node): void => {
    if (!hasText(pattern)) return;
    const flat = flatten(pattern);
    if (!register.operations.mightMatch(flat.text)) return;
    const match = register.operations.match(flat);
    if (!match) return;
    const anchor = anchorOf(flat, match) ?? fallback;
    const list = reaches.get(anchor) ?? [];
    list.push(site ? { site, flat, match } : { flat, match });
    reaches.set(anchor, list);
    if (site) {
      const operations = site.method ? match.operations.filter((op) => op.method === site.method) : match.operations;
      if (operations.length > 0) {
        const response = site.node.type === 'ObjectExpression' ? 'none' : 'http';
        const pathParams = pathParamsOf(flat, match, operations[0]!);
        requests.push({ node: site.node, operations, response, pathParams, ...(site.body ? { body: site.body } : {}) });
      }
    }
  };

  const sites: RequestSite[] = [];
  for (const call of calls) {
    const site = describeRequestCall(call, scope);
    if (site) sites.push(site);
  }
  for (const object of objects) {
    const site = describeRequestObject(object, scope);
    if (site) sites.push(site);
  }
  for (const site of sites) {
    const url = evaluatePattern(site.url, scope);
    const pattern = site.base ? joinBase(evaluatePattern(site.base, scope), url) : url;
    for (const part of pattern) {
      consumed.add(part.node);
      for (const node of part.via) consumed.add(node);
    }
    consider(pattern, site, site.url);
  }
  for (const node of strings) {
    if (!consumed.has(node)) consider(evaluatePattern(node, scope), undefined, node);
  }

  const uses: Use[] = [];
  for (const [anchor, list] of reaches) uses.push(...usesAt(anchor, list, register));
  return { requests, uses };
}

/** The values of a URL's path parameters: text where it is known, the interpolated expression where not. */
function pathParamsOf(flat: FlatPattern, match: UrlMatch, operation: CompiledOperation): Record<string, string | TSESTree.Node> {
  const params: Record<string, string | TSESTree.Node> = {};
  operation.paramNames.forEach((name, index) => {
    const segment = match.segments[index];
    if (name === null || !segment) return;
    if (!segment.text.includes(HOLE)) params[name] = segment.text;
    else if (segment.text === HOLE) params[name] = flat.parts[flat.partIndex[segment.start]!]!.node;
  });
  return params;
}

/** Literals, templates and `+` chains that are not part of a larger string expression or a key. */
function isStandaloneString(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (isStringLiteral(node)) {
    if (parent?.type === AST_NODE_TYPES.Property && parent.key === node && !parent.computed) return false;
    if (
      parent?.type === AST_NODE_TYPES.ImportDeclaration ||
      parent?.type === AST_NODE_TYPES.ExportAllDeclaration ||
      parent?.type === AST_NODE_TYPES.ExportNamedDeclaration ||
      parent?.type === AST_NODE_TYPES.ImportExpression ||
      parent?.type === AST_NODE_TYPES.TSLiteralType ||
      parent?.type === AST_NODE_TYPES.TSExternalModuleReference ||
      parent?.type === AST_NODE_TYPES.ImportAttribute
    ) {
      return false;
    }
  } else if (node.type === AST_NODE_TYPES.TemplateLiteral) {
    if (parent?.type === AST_NODE_TYPES.TSLiteralType) return false;
  } else if (node.type !== AST_NODE_TYPES.BinaryExpression || node.operator !== '+') {
    return false;
  }
  if (parent?.type === AST_NODE_TYPES.BinaryExpression && parent.operator === '+') return false;
  if (parent?.type === AST_NODE_TYPES.TemplateLiteral) return false;
  return true;
}

/**
 * `axios.create({ baseURL })` joins its base and a relative URL with exactly one slash; an absolute
 * URL ignores the base.
 */
function joinBase(base: StringPattern, url: StringPattern): StringPattern {
  const first = url[0];
  if (first?.kind === 'text' && /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(first.value)) return url;
  const trimmedBase = trimText(base, 'end');
  const trimmedUrl = trimText(url, 'start');
  const separator: PatternPart = { kind: 'text', value: '/', node: first?.node ?? base[0]!.node, start: null, via: [] };
  return [...trimmedBase, separator, ...trimmedUrl];
}

function trimText(pattern: StringPattern, side: 'start' | 'end'): StringPattern {
  const index = side === 'start' ? 0 : pattern.length - 1;
  const part = pattern[index];
  if (part?.kind !== 'text') return pattern;
  const value = side === 'start' ? part.value.replace(/^\/+/, '') : part.value.replace(/\/+$/, '');
  if (value === part.value) return pattern;
  // Offsets stay valid when trimming the end; a trimmed start shifts the text.
  const start = side === 'start' && part.start !== null ? part.start + (part.value.length - value.length) : part.start;
  const copy = [...pattern];
  copy[index] = { ...part, value, start };
  return copy;
}

/**
 * The innermost expression that holds all of the matched path: the literal itself when the path is
 * written in one literal, else the `+` or template that assembles it. Undefined when the pieces come
 * from unrelated places (a client's base URL and a call's relative path).
 */
function anchorOf(flat: FlatPattern, match: UrlMatch): TSESTree.Node | undefined {
  let common: readonly TSESTree.Node[] | undefined;
  let previous = -1;
  for (let i = Math.max(match.start, 0); i < match.end; i++) {
    const index = flat.partIndex[i]!;
    if (index === previous) continue;
    previous = index;
    const via = flat.parts[index]!.via;
    if (!common) {
      common = via;
      continue;
    }
    let length = 0;
    while (length < common.length && length < via.length && common[length] === via[length]) length++;
    common = common.slice(0, length);
  }
  return common?.at(-1);
}

function usesAt(anchor: TSESTree.Node, reaches: Reach[], register: CompiledRegister): Use[] {
  const sites = reaches.flatMap((reach) => (reach.site ? [reach.site] : []));
  const methodsKnown = sites.length > 0 && sites.length === reaches.length && sites.every((site) => site.method);
  const methods = new Set(sites.map((site) => site.method));
  const uses: Use[] = [];
  const seen = new Set<string>();
  for (const reach of reaches) {
    for (const operation of reach.match.operations) {
      if (methodsKnown && !methods.has(operation.method)) continue;
      for (const item of register.endpointsByOperation.get(operation.key) ?? []) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        // The method is known when every request through this literal sends with the item's own method.
        const methodKnown = methodsKnown && methods.size === 1 && methods.has(item.operation.method);
        uses.push({
          item,
          node: anchor,
          ...(methodKnown ? { method: item.operation.method } : {}),
          site: { kind: 'url', operation, flat: reach.flat, match: reach.match, sites, methodKnown },
        });
      }
    }
  }
  return uses;
}
