import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESTree } from '@typescript-eslint/utils';
import type { FlatPattern, HolePart } from '../matchers/string-pattern.js';

/**
 * Maps characters of an evaluated string pattern back to source offsets, so a fix can rewrite part of
 * a literal in place. Only text written verbatim in `owner` (a string or template literal) and
 * `${…}` holes of `owner` map; anything else makes a range unmappable.
 */

export interface SourceRange {
  start: number;
  end: number;
}

/** The `${ expr }` source range of a hole in a template literal. */
function holeRange(part: HolePart, owner: TSESTree.Node): SourceRange | undefined {
  if (owner.type !== AST_NODE_TYPES.TemplateLiteral || part.via.at(-1) !== owner) return undefined;
  const index = owner.expressions.findIndex(
    (expression) => expression.range[0] <= part.node.range[0] && part.node.range[1] <= expression.range[1],
  );
  if (index === -1) return undefined;
  return { start: owner.quasis[index]!.range[1] - 2, end: owner.quasis[index + 1]!.range[0] + 1 };
}

/** Source range of the pattern characters [from, to) when they are all written in `owner`. */
export function mapRange(flat: FlatPattern, from: number, to: number, owner: TSESTree.Node): SourceRange | undefined {
  if (from < 0 || to > flat.text.length || from >= to) return undefined;
  let start: number | undefined;
  let end: number | undefined;
  for (let i = from; i < to; i++) {
    const part = flat.parts[flat.partIndex[i]!]!;
    let charStart: number;
    let charEnd: number;
    if (part.kind === 'text') {
      if (part.node !== owner || part.start === null) return undefined;
      charStart = part.start + flat.offset[i]!;
      charEnd = charStart + 1;
    } else {
      const range = holeRange(part, owner);
      if (!range) return undefined;
      charStart = range.start;
      charEnd = range.end;
    }
    // Characters must be contiguous in the source, in order (no text from elsewhere in between).
    if (end !== undefined && charStart !== end) return undefined;
    start ??= charStart;
    end = charEnd;
  }
  return start === undefined || end === undefined ? undefined : { start, end };
}
