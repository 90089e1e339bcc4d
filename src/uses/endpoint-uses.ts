import { AST_NODE_TYPES } from '../util/packages.js';
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
import { findVariable } from '../util/resolve.js';
import { parameterValues } from '../flow/functions.js';
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

  /** Records what a URL names; false when it names no operation. */
  const consider = (pattern: StringPattern, site: RequestSite | undefined, fallback: TSESTree.Node, returned = true): boolean => {
    if (!hasText(pattern)) return false;
    const flat = flatten(pattern);
    if (!register.operations.mightMatch(flat.text)) return false;
    const match = register.operations.match(flat);
    if (!match) return false;
    const anchor = anchorOf(flat, match) ?? fallback;
    const list = reaches.get(anchor) ?? [];
    list.push(site ? { site, flat, match } : { flat, match });
    reaches.set(anchor, list);
    if (site) {
      const operations = site.method ? match.operations.filter((op) => op.method === site.method) : match.operations;
      if (operations.length > 0) {
        const response = site.node.type === 'ObjectExpression' || !returned ? 'none' : 'http';
        const pathParams = pathParamsOf(flat, match, operations[0]!);
        requests.push({ node: site.node, operations, response, pathParams, ...(site.body ? { body: site.body, bodyIsJson: true } : {}) });
      }
    }
    return true;
  };

  const sites: RequestSite[] = [];
  for (const call of calls) {
    const site = describeRequestCall(call, scope, sourceCode);
    if (site) sites.push(site);
  }
  for (const object of objects) {
    const site = describeRequestObject(object, scope);
    if (site) sites.push(site);
  }
  const context = { visitorKeys: sourceCode.visitorKeys };
  const evaluateSite = (site: RequestSite, bindings?: Map<TSESLint.Scope.Variable, TSESTree.Node>): StringPattern => {
    const inner = bindings ? { ...context, bindings } : context;
    const url = evaluatePattern(site.url, scope, inner);
    return site.base ? joinBase(evaluatePattern(site.base, scope, inner), url) : url;
  };
  for (const site of sites) {
    const pattern = evaluateSite(site);
    for (const part of pattern) {
      consumed.add(part.node);
      for (const node of part.via) consumed.add(node);
    }
    if (consider(pattern, site, site.url)) continue;
    // A wrapper (`post(path, body) { return fetch(base + path, …) }`): the request each call makes.
    for (const { bindings, call } of wrapperCalls(pattern, site, scope, sourceCode) ?? []) {
      const bound = evaluateSite(site, bindings);
      for (const part of bound) consumed.add(part.node);
      const body = site.body?.type === AST_NODE_TYPES.Identifier ? boundArgument(site.body, bindings, scope) ?? site.body : site.body;
      const returned = returnsResponse(site.node);
      consider(bound, { ...site, node: returned ? call : site.node, ...(body ? { body } : {}) }, boundArgumentNode(bound, bindings) ?? site.url, returned);
    }
  }
  for (const node of strings) {
    if (!consumed.has(node)) consider(evaluatePattern(node, scope, context), undefined, node);
  }

  const uses: Use[] = [];
  for (const [anchor, list] of reaches) uses.push(...usesAt(anchor, list, register));
  return { requests, uses };
}

interface WrapperCall {
  call: TSESTree.CallExpression;
  bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>;
}

/**
 * When a request's URL has a hole that is a parameter of the function around it, and that function's
 * calls are known in the file: each call, with the parameters bound to its arguments.
 */
function wrapperCalls(pattern: StringPattern, site: RequestSite, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): WrapperCall[] | undefined {
  const hole = pattern.find((part) => part.kind === 'hole' && part.node.type === AST_NODE_TYPES.Identifier);
  if (!hole) return undefined;
  const variable = findVariable(scope, hole.node as TSESTree.Identifier);
  const definition = variable?.defs[0];
  if (!variable || definition?.type !== 'Parameter' || definition.name.type !== AST_NODE_TYPES.Identifier) return undefined;
  const fn = definition.node;
  if (!('params' in fn) || site.node.range[0] < fn.range[0] || site.node.range[1] > fn.range[1]) return undefined;
  const found = parameterValues(definition.name, sourceCode);
  if (!found || found.calls.length === 0) return undefined;
  return found.calls.flatMap((call) => {
    if (call.type !== AST_NODE_TYPES.CallExpression) return [];
    const bindings = new Map<TSESLint.Scope.Variable, TSESTree.Node>();
    fn.params.forEach((param, index) => {
      const name = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
      const argument = call.arguments[index];
      if (name.type !== AST_NODE_TYPES.Identifier || !argument || argument.type === AST_NODE_TYPES.SpreadElement) return;
      const own = sourceCode.scopeManager?.getDeclaredVariables(fn).find((candidate) => candidate.name === name.name);
      if (own) bindings.set(own, argument);
    });
    return [{ call, bindings }];
  });
}

function boundArgument(name: TSESTree.Identifier, bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>, scope: TSESLint.Scope.Scope): TSESTree.Node | undefined {
  const variable = findVariable(scope, name);
  return variable ? bindings.get(variable) : undefined;
}

/** The argument a bound URL's first text came from: where a use is reported when the path is split. */
function boundArgumentNode(pattern: StringPattern, bindings: Map<TSESLint.Scope.Variable, TSESTree.Node>): TSESTree.Node | undefined {
  const arguments_ = new Set(bindings.values());
  for (const part of pattern) if (part.via.length > 0 && arguments_.has(part.via[0]!)) return part.via[0];
  for (const part of pattern) if (arguments_.has(part.node)) return part.node;
  return undefined;
}

/** Whether the function around a request returns the request's own result (`return fetch(…)`, `=> axios.post(…)`). */
function returnsResponse(node: TSESTree.Node): boolean {
  let current: TSESTree.Node = node;
  while (current.parent?.type === AST_NODE_TYPES.AwaitExpression || current.parent?.type === AST_NODE_TYPES.TSAsExpression) current = current.parent;
  const parent = current.parent;
  return parent?.type === AST_NODE_TYPES.ReturnStatement || (parent?.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === current);
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
