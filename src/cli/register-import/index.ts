import { basename } from 'node:path';
import type { RegisterItem } from '../../register/types.js';
import { checkItem } from '../../register/validate.js';
import { compareWithBuiltin, describeValue, type Comparison } from './compare.js';
import { ImportError } from './source-document.js';
import { readSource, sourceLabel, type ImportedSource, type SourceInput } from './sources.js';
import { itemsFromSources, type Disagreement, type MergedItem } from './to-items.js';

/**
 * `register import`: reads Glean's published forms of its deprecations (OpenAPI source specs, the
 * developer site's feed), one file or several, merges them into register items (one per
 * deprecation) and compares them with the built-in register. Throws `ImportError` (file, line, key)
 * on input it cannot read, `SourcesDisagree` when two statements of one item differ.
 */

export { ImportError } from './source-document.js';
export type { SourceInput } from './sources.js';

export interface ImportResult {
  sources: ImportedSource[];
  items: MergedItem[];
  /** Where sources disagreed and the newer one's value was kept. */
  superseded: Disagreement[];
  comparison: Comparison;
}

/** The register file `settings.glean.register` reads. */
export interface RegisterFile {
  /** The files the items were imported from (names only: the output must not depend on where they were). */
  sources: string[];
  items: RegisterItem[];
}

/**
 * Two sources (or two notices of one source) state one item differently, and their dates cannot
 * settle it (the same date, or one undated): every such property, named with its sources.
 */
export class SourcesDisagree extends Error {
  constructor(readonly conflicts: readonly Disagreement[]) {
    super(
      [
        `the sources disagree, and their dates do not tell which is newer (${conflicts.length}):`,
        ...conflicts.map((conflict) => `  ${disagreementText(conflict)}`),
      ].join('\n'),
    );
    this.name = 'SourcesDisagree';
  }
}

export function importRegister(input: string | readonly SourceInput[]): ImportResult {
  const sources = (typeof input === 'string' ? [{ file: input }] : input).map(readSource);
  const { items, superseded, conflicts } = itemsFromSources(sources);
  if (conflicts.length > 0) throw new SourcesDisagree(conflicts);
  // What the importer makes must be what the plugin accepts; an item that breaks this is named.
  for (const { item, sources: from } of items) {
    const problems = checkItem(item, item.id);
    if (problems.length > 0) {
      throw new ImportError(from.map((source) => source.file).join(', '), undefined, undefined, `makes a register item the plugin rejects: ${problems.join('; ')}`);
    }
  }
  return { sources, items, superseded, comparison: compareWithBuiltin(items) };
}

/**
 * What the register file holds: the new items and the changed ones, not the held-back changes unless
 * `includeOlder`. Items the same as built-in ones are left out: a copy would keep overriding the
 * built-in item after the plugin updates it.
 */
function itemsToWrite(result: ImportResult, includeOlder = false): RegisterItem[] {
  const write = new Set<MergedItem>([
    ...result.comparison.added,
    ...result.comparison.changed.filter(({ heldBack }) => includeOlder || !heldBack).map(({ merged }) => merged),
  ]);
  return result.items.filter((merged) => write.has(merged)).map(({ item }) => item);
}

export function registerFile(result: ImportResult, includeOlder = false): RegisterFile {
  return { sources: result.sources.map((source) => basename(source.file)), items: itemsToWrite(result, includeOlder) };
}

/** `listanswers removal: 2026-10-15 in feed.json (2026-08-20); 2027-03-01 in later.yaml (2026-08-20)`. */
function disagreementText(conflict: Disagreement): string {
  return `${conflict.id} ${conflict.key}: ${statedValues(conflict).join('; ')}`;
}

/** `2026-10-15 in feed.json (2026-08-20)`: each value and the sources that give it. */
export function statedValues({ key, values }: Disagreement): string[] {
  const seen = new Set<ImportedSource>();
  const repeated = new Set<ImportedSource>();
  for (const { statements } of values) {
    for (const source of new Set(statements.map((statement) => statement.source))) (seen.has(source) ? repeated : seen).add(source);
  }
  return values.map(({ value, statements }) => {
    // One source on both sides (two notices of one item): the notice ids tell them apart.
    const names = statements.map(({ source, noticeId }) => `${sourceLabel(source)}${repeated.has(source) ? ` notice ${noticeId}` : ''}`);
    return `${describeValue(key, value)} in ${[...new Set(names)].join(', ')}`;
  });
}
