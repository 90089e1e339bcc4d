import { builtinRegister } from '../../register/items.js';
import type { RegisterItem } from '../../register/types.js';
import { statedValues, type ImportResult } from './index.js';
import { describeDate, isOlderThanBuiltin, type ImportedSource } from './sources.js';
import type { MergedItem } from './to-items.js';

/**
 * What `register import` prints: each source with its date beside the built-in register's, then what
 * is new, changed, held back (changes only older or undated sources make), unchanged, not in the
 * sources, and skipped.
 */
export function importSummary(result: ImportResult, includeOlder: boolean): string {
  const { sources, items, comparison } = result;
  const several = sources.length > 1;
  const from = (merged: MergedItem) => (several ? `  from ${merged.sources.map((source) => source.file).join(', ')}` : '');
  const width = Math.max(...sources.map((source) => source.file.length));
  const lines = [
    `The built-in register is as of ${builtinRegister.asOf}.`,
    `Read ${plural(items.length, 'item')} from ${plural(sources.length, 'source')}:`,
    ...sources.map((source) => `  ${source.file.padEnd(width)}  ${sourceLine(source, items)}`),
  ];
  const section = (title: string, count: number, entries: string[], note = '') => {
    lines.push(`${title} (${count})${note}${count > 0 ? ':' : ''}`);
    for (const entry of entries) lines.push(`  ${entry}`);
  };
  const changes = (list: ImportResult['comparison']['changed']) =>
    list.flatMap(({ merged, changes: found }) => [`${merged.item.id}${from(merged)}`, ...found.map((change) => `  ${change}`)]);
  if (result.superseded.length > 0) {
    const superseded = result.superseded.map((found) => {
      const [kept, ...over] = statedValues(found);
      return `${found.id} ${found.key}: ${kept!}, over ${over.join(', over ')}`;
    });
    section('Superseded by a newer source', superseded.length, superseded);
  }
  const changed = comparison.changed.filter(({ heldBack }) => !heldBack);
  const heldBack = comparison.changed.filter((change) => change.heldBack);
  section('New', comparison.added.length, comparison.added.map((merged) => `${merged.item.id}  ${subject(merged.item)}, removal ${merged.item.removal}${from(merged)}`));
  section('Changed', changed.length, changes(changed));
  if (heldBack.length > 0) {
    const note = includeOlder
      ? ', from sources older than the built-in register or undated, written as --include-older asks'
      : ', from sources older than the built-in register or undated, not written (--include-older writes them)';
    section('Held back', heldBack.length, changes(heldBack), note);
  }
  section('Unchanged', comparison.unchanged.length, comparison.unchanged.length > 0 ? [comparison.unchanged.map(({ item }) => item.id).join(', ')] : []);
  const { notInSource } = comparison;
  if (notInSource.length > 0) lines.push(`Not in the sources, kept as built in (${notInSource.length}): ${notInSource.map((item) => item.id).join(', ')}`);
  const skipped = sources.flatMap((source) => source.skipped.map((notice) => `${notice.id} in ${source.file} at ${notice.where}: ${notice.reason}`));
  if (skipped.length > 0) section('Skipped', skipped.length, skipped);
  return lines.join('\n');
}

/** `OpenAPI spec, generated 2026-08-20, older than the built-in register: 28 items, 1 skipped`. */
function sourceLine(source: ImportedSource, items: readonly MergedItem[]): string {
  const kind = source.format === 'spec' ? 'OpenAPI spec' : 'deprecations feed';
  const older = source.date && isOlderThanBuiltin(source) ? ', older than the built-in register' : '';
  const count = items.filter((merged) => merged.statements.some((statement) => statement.source === source)).length;
  const skipped = source.skipped.length > 0 ? `, ${source.skipped.length} skipped` : '';
  return `${kind}, ${describeDate(source)}${older}: ${plural(count, 'item')}${skipped}`;
}

/** `Wrote 3 items (2 new, 1 changed) to glean-register.json.` */
export function writtenSummary(result: ImportResult, written: readonly RegisterItem[], target: string): string {
  const added = result.comparison.added.length;
  const parts = [`${added} new`, `${written.length - added} changed`];
  return `Wrote ${plural(written.length, 'item')} (${parts.join(', ')}) to ${target}.`;
}

function subject(item: RegisterItem): string {
  const operation = `${item.operation.method} ${item.operation.path}`;
  if (item.kind === 'endpoint') return operation;
  const field = item.kind === 'field' ? `field ${item.field}` : `value ${JSON.stringify(item.value)} of ${item.field}`;
  return `${field} (${operation})`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
