import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { EndpointItem } from '../register/types.js';
import { compileOperation, type CompiledOperation, type UrlMatch } from '../matchers/operations.js';
import type { FlatPattern } from '../matchers/string-pattern.js';
import type { RequestSite } from '../matchers/http-requests.js';
import { unwrap } from '../util/resolve.js';
import { programOf } from '../util/linking.js';
import { planBodyMove } from './body-move.js';
import { toFix, type TextEdit } from './object-edits.js';
import { mapRange } from './source-map.js';

/**
 * Rewrites a deprecated endpoint's URL to its replacement in place, e.g.
 * `` `${base}/rest/api/v1/agents/${id}` `` becomes `` `${base}/api/agents/${id}` ``. When the
 * replacement takes a path parameter from the body (`agent_id`), the property moves from the inline
 * body into the URL. Returns undefined when any part of the new request is not visible in the file.
 */

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
  // A path from the root, or one whose leading slash a helper trims (`rest/api/v1/…`): the new path written the same way.
  const fromRoot = flat.text[match.start] === '/';
  if (!fromRoot && !(match.start === -1 && match.segments[0]?.start === 0)) return undefined;
  const pathRange = mapRange(flat, fromRoot ? match.start : 0, match.end, anchor);
  if (!pathRange) return undefined;

  const needsBody = Object.keys(replacement.pathFromBody ?? {}).length > 0 || Object.keys(replacement.addToBody ?? {}).length > 0;
  // A body in another module (a URL this module exports, sent by an importer) is not this fix's to edit.
  const inline = needsBody ? inlineBody(sites.length === 1 ? sites[0] : undefined) : undefined;
  const body = inline && programOf(inline) === sourceCode.ast ? inline : undefined;
  const move = body ? planBodyMove(sourceCode, body, replacement, anchor) : undefined;
  if (needsBody && !move) return undefined;

  const target = compileOperation(replacement.operation);
  let interpolates = false;
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
    const moved = move?.values[param];
    if (!moved) return undefined;
    if (moved.plain !== undefined) pieces.push(moved.plain);
    else {
      pieces.push(`\${${moved.text}}`);
      interpolates = true;
    }
  }
  const newPath = `${fromRoot ? '/' : ''}${pieces.join('/')}`;

  let urlEdit: TextEdit;
  if (interpolates && anchor.type === AST_NODE_TYPES.Literal) {
    // A string literal becomes a template literal so the moved value can be interpolated.
    const raw = sourceCode.getText(anchor);
    if (raw.includes('`') || raw.includes('${')) return undefined;
    const slice = (from: number, to: number): string => sourceCode.text.slice(from, to);
    urlEdit = {
      range: anchor.range,
      text: `\`${slice(anchor.range[0] + 1, pathRange.start)}${newPath}${slice(pathRange.end, anchor.range[1] - 1)}\``,
    };
  } else {
    urlEdit = { range: [pathRange.start, pathRange.end], text: newPath };
  }
  const edits = [urlEdit, ...(move?.edits ?? [])];
  return (fixer) => edits.map((edit) => toFix(fixer, edit));
}

/** The request's body when it is an object literal written at the call (`JSON.stringify({ … })`). */
function inlineBody(site: RequestSite | undefined): TSESTree.ObjectExpression | undefined {
  const body = site?.body && unwrap(site.body);
  return body?.type === AST_NODE_TYPES.ObjectExpression ? body : undefined;
}
