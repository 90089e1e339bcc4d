import type { ESLint } from 'eslint';
import { SDK_PACKAGE } from '../sdk/index.js';
import { collectFindings, describeGroup, plural, type ItemFindings, type Location, type MigrationReport, type SdkUpgrade } from './findings.js';

/**
 * The migration report for terminals: `eslint -f ./node_modules/eslint-plugin-glean/dist/src/formatters/migration-report.js .`
 *
 * Findings of `glean/no-removed` and `glean/no-deprecated` grouped by register item, the items grouped
 * by removal date (already removed first, then by days left); per item the uses, files, how many
 * `eslint --fix` changes and how many have suggestions, the replacement, and where the uses are.
 */

/** Locations listed per item; the rest are counted. */
export const MAX_LOCATIONS = 10;

const INDENT = '  ';

/** As the messages name it: `Field \`snippet\` of a search result snippet (\`SearchResultSnippet\`)`. */
export function itemTitle(item: Pick<ItemFindings, 'kind' | 'name' | 'heldBy'>): string {
  if (item.kind === 'endpoint') return item.name;
  return `${item.kind === 'field' ? 'Field' : 'Enum value'} \`${item.name}\`${heldByText(item)}`;
}

/** ` of <holders>`, or nothing when the messages named none. */
export function heldByText(item: Pick<ItemFindings, 'heldBy'>): string {
  return item.heldBy === undefined ? '' : ` of ${item.heldBy}`;
}

export function usesSummary(item: ItemFindings): string {
  const suppressed = item.suppressed > 0 ? ` (${item.suppressed} suppressed)` : '';
  return `${plural(item.uses, 'use')}${suppressed} in ${plural(item.files, 'file')}`;
}

export function totalsSummary(report: MigrationReport): string[] {
  const { totals } = report;
  const suppressed = totals.suppressed > 0 ? ` (${totals.suppressed} suppressed)` : '';
  return [
    `${plural(totals.uses, 'use')}${suppressed} of ${plural(totals.items, 'register item')} in ${plural(totals.files, 'file')}: ` +
      `${totals.removedUses} reported as removed, ${totals.deprecatedUses} as deprecated.`,
    `${totals.autofixable} autofixable with \`eslint --fix\`, ${totals.withSuggestions} with suggestions, ${totals.manual} to migrate by hand.`,
    ...(totals.needUpgrade > 0 ? [`${plural(totals.needUpgrade, 'use needs', 'uses need')} a newer ${SDK_PACKAGE} before ${totals.needUpgrade === 1 ? 'it' : 'they'} can be migrated.`] : []),
  ];
}

/** `Upgrade @gleanwork/api-client to 0.20.14 or later to migrate: 3 uses in 2 files`. */
export function describeUpgrade(upgrade: SdkUpgrade): string {
  return `Upgrade ${SDK_PACKAGE} to ${upgrade.version} or later to migrate: ${plural(upgrade.uses.length, 'use')} in ${plural(upgrade.files, 'file')}`;
}

const where = (location: Location) => `${location.file}:${location.line}:${location.column}${location.suppressed ? ' (suppressed)' : ''}`;

function formatItem(item: ItemFindings): string[] {
  const id = item.id ? `  [${item.id}]` : '';
  const lines = [
    `${INDENT}${itemTitle(item)}${id}`,
    `${INDENT}${INDENT}${usesSummary(item)}; ${item.autofixable} autofixable, ${item.withSuggestions} with suggestions`,
    `${INDENT}${INDENT}Replacement: ${item.replacement}`,
    ...(item.fix ? [`${INDENT}${INDENT}Fix: ${item.fix}`] : []),
    ...item.locations.slice(0, MAX_LOCATIONS).map((location) => `${INDENT}${INDENT}${where(location)}`),
  ];
  const more = item.locations.length - MAX_LOCATIONS;
  if (more > 0) lines.push(`${INDENT}${INDENT}… and ${more} more`);
  return lines;
}

export function formatText(report: MigrationReport): string {
  const lines: string[] = ['Glean API migration report', ''];
  if (report.totals.uses === 0) {
    lines.push('No uses of deprecated or removed Glean API items.');
  } else {
    lines.push(...totalsSummary(report));
    for (const group of report.groups) {
      const uses = group.items.reduce((sum, item) => sum + item.uses, 0);
      lines.push('', `${describeGroup(group)}: ${plural(group.items.length, 'item')}, ${plural(uses, 'use')}`);
      for (const item of group.items) lines.push(...formatItem(item));
    }
  }
  for (const upgrade of report.sdkUpgrades) {
    lines.push('', describeUpgrade(upgrade));
    for (const { item, location } of upgrade.uses.slice(0, MAX_LOCATIONS)) lines.push(`${INDENT}${where(location)}  ${itemTitle(item)}`);
    const more = upgrade.uses.length - MAX_LOCATIONS;
    if (more > 0) lines.push(`${INDENT}… and ${more} more`);
  }
  if (report.otherFindings.length > 0) {
    lines.push('', `Other findings of eslint-plugin-glean (${report.otherFindings.length})`);
    for (const finding of report.otherFindings) {
      lines.push(`${INDENT}${finding.file}:${finding.line}:${finding.column}  ${finding.ruleId}  ${finding.message}`);
    }
  }
  if (report.unparsed.length > 0) {
    lines.push('', `Not parsed (${plural(report.unparsed.length, 'file')}): uses in them are not counted`);
    for (const { file, message } of report.unparsed) lines.push(`${INDENT}${file}  ${message}`);
  }
  return `${lines.join('\n')}\n`;
}

/** ESLint formatter: `eslint -f <path to this file>`. */
export default function migrationReport(results: ESLint.LintResult[], context?: Partial<ESLint.LintResultData>): string {
  return formatText(collectFindings(results, context));
}
