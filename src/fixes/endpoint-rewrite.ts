import { ASTUtils, AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type { EndpointItem, JsonValue } from '../register/types.js';
import { compileOperation, type CompiledOperation, type UrlMatch } from '../matchers/operations.js';
import type { FlatPattern } from '../matchers/string-pattern.js';
import type { RequestSite } from '../matchers/http-requests.js';
import { findProperty, unwrap } from '../util/resolve.js';
import { insertProperty, removeProperty } from './object-edits.js';
import { mapRange } from './source-map.js';

/**
 * Rewrites a deprecated endpoint's URL to its replacement in place, e.g.
 * `'/rest/api/v1/agents/' + …` stays, but `` `${base}/rest/api/v1/agents/${id}` `` becomes
 * `` `${base}/api/agents/${id}` ``. When the replacement takes a path parameter from the body
 * (`agent_id`), the property moves from the inline body into the URL. Returns undefined when any part
 * of the new request is not visible in the file.
 */

const URL_SAFE = /^[A-Za-z0-9._~-]+$/;

export interface EndpointRewriteInput {
  sourceCode: TSESLint.SourceCode;
  item: EndpointItem;
  operation: CompiledOperation;
  anchor: TSESTree.Node;
  flat: FlatPattern;
  match: UrlMatch;
  /** The requests that use this URL; body moves need exactly one. */
  sites: readonly RequestSite[];
}

export function buildEndpointRewrite(input: EndpointRewriteInput): TSESLint.ReportFixFunction | undefined {
  const { sourceCode, item, operation, anchor, flat, match, sites } = input;
  const replacement = item.replacement;
  if (replacement.kind !== 'endpoint') return undefined;
  if (anchor.type !== AST_NODE_TYPES.Literal && anchor.type !== AST_NODE_TYPES.TemplateLiteral) return undefined;
  const pathRange = mapRange(flat, match.start, match.end, anchor);
  if (!pathRange || flat.text[match.start] !== '/') return undefined;

  const target = compileOperation(replacement.operation);
  const fromBody = replacement.pathFromBody ?? {};
  const needsBody = Object.keys(fromBody).length > 0 || Object.keys(replacement.addToBody ?? {}).length > 0;
  const site = sites.length === 1 ? sites[0] : undefined;
  const body = needsBody ? inlineBody(site) : undefined;
  if (needsBody && !body) return undefined;

  let interpolates = false;
  const removed: TSESTree.Property[] = [];
  const pieces: string[] = [];
  for (let index = 0; index < target.segments.length; index++) {
    const literal = target.segments[index];
    if (literal !== null && literal !== undefined) {
      pieces.push(literal);
      continue;
    }
    const param = target.paramNames[index]!;
    const oldIndex = operation.paramNames.indexOf(param);
    if (oldIndex !== -1) {
      const segment = match.segments[oldIndex]!;
      const range = mapRange(flat, segment.start, segment.end, anchor);
      if (!range) return undefined;
      pieces.push(sourceCode.text.slice(range.start, range.end));
      continue;
    }
    const bodyKey = fromBody[param];
    const found = body && bodyKey ? findProperty(body, bodyKey) : undefined;
    if (!found || found === 'unknown' || found.property.computed) return undefined;
    const value = unwrap(found.value);
    // Moving a value with side effects would change when it is evaluated.
    if (ASTUtils.hasSideEffect(value, sourceCode)) return undefined;
    if (value.type === AST_NODE_TYPES.Literal && typeof value.value === 'string' && URL_SAFE.test(value.value)) {
      pieces.push(value.value);
    } else {
      pieces.push(`\${${sourceCode.getText(value)}}`);
      interpolates = true;
    }
    removed.push(found.property);
  }
  const newPath = `/${pieces.join('/')}`;

  const additions = Object.entries(replacement.addToBody ?? {});
  for (const [key, value] of additions) {
    const existing = findProperty(body!, key);
    if (existing === 'unknown') return undefined;
    // A body that already says something else for the key is left for a person to decide.
    if (existing && sourceCode.getText(existing.value) !== JSON.stringify(value)) return undefined;
  }
  const toAdd = additions.filter(([key]) => !findProperty(body!, key));

  let urlText: { range: [number, number]; text: string };
  if (interpolates && anchor.type === AST_NODE_TYPES.Literal) {
    // A string literal becomes a template literal so the moved value can be interpolated.
    const raw = sourceCode.getText(anchor);
    if (raw.includes('`') || raw.includes('${')) return undefined;
    const inner = (from: number, to: number): string => sourceCode.text.slice(from, to);
    urlText = {
      range: anchor.range,
      text: `\`${inner(anchor.range[0] + 1, pathRange.start)}${newPath}${inner(pathRange.end, anchor.range[1] - 1)}\``,
    };
  } else {
    urlText = { range: [pathRange.start, pathRange.end], text: newPath };
  }
  if (removed.some((property) => sourceCode.getCommentsInside(property).length > 0)) return undefined;

  return (fixer) => {
    const fixes = [fixer.replaceTextRange(urlText.range, urlText.text)];
    for (const property of removed) fixes.push(...removeProperty(fixer, sourceCode, property));
    for (const [key, value] of toAdd) fixes.push(insertProperty(fixer, sourceCode, body!, key, toSource(value)));
    return fixes;
  };
}

function toSource(value: JsonValue): string {
  return typeof value === 'string' ? `'${value.replace(/[\\']/g, '\\$&')}'` : JSON.stringify(value);
}

/** The request's body when it is an object literal written at the call (`JSON.stringify({ … })`). */
function inlineBody(site: RequestSite | undefined): TSESTree.ObjectExpression | undefined {
  const body = site?.body && unwrap(site.body);
  return body?.type === AST_NODE_TYPES.ObjectExpression ? body : undefined;
}
