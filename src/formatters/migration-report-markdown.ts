import type { ESLint } from 'eslint';
import { collectFindings, describeGroup, plural, type ItemFindings, type MigrationReport } from './findings.js';
import { describeUpgrade, heldByText, itemTitle, totalsSummary, usesSummary } from './migration-report.js';

/**
 * The migration report in GitHub-flavoured Markdown, for CI summaries:
 * `eslint -f ./node_modules/eslint-plugin-glean/dist/src/formatters/migration-report-markdown.js . >> "$GITHUB_STEP_SUMMARY"`.
 * The same content as the text report: one table per removal date, locations folded away.
 */

/** Locations listed per item in the folded section; the rest are counted. */
export const MAX_LOCATIONS = 20;

/** Text for a table cell: no line breaks, `|` escaped. */
const cell = (text: string) => text.replaceAll('\n', ' ').replaceAll('|', '\\|');

/** Inline code that survives backticks in the text. */
const code = (text: string) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

function itemCell(item: ItemFindings): string {
  if (item.kind === 'endpoint') return code(item.name);
  return `${code(item.name)} ${item.kind === 'field' ? 'field' : 'enum value'}${heldByText(item)}`;
}

const GROUP_MARK = { removed: '⛔', dueSoon: '⛔', deprecated: '⚠️' } as const;

export function formatMarkdown(report: MigrationReport): string {
  const lines: string[] = ['## Glean API migration report', ''];
  if (report.totals.uses === 0) {
    lines.push('No uses of deprecated or removed Glean API items.');
  } else {
    lines.push(totalsSummary(report).join(' '));
    for (const group of report.groups) {
      lines.push('', `### ${GROUP_MARK[group.status]} ${describeGroup(group)}`, '');
      lines.push('| Item | Id | Uses | Files | Autofixable | Suggestions | Replacement | Fix |');
      lines.push('| --- | --- | ---: | ---: | ---: | ---: | --- | --- |');
      for (const item of group.items) {
        const uses = item.suppressed > 0 ? `${item.uses} (${item.suppressed} suppressed)` : String(item.uses);
        const row = [itemCell(item), item.id ? code(item.id) : '—', uses, String(item.files), String(item.autofixable), String(item.withSuggestions), item.replacement, item.fix ?? '—'];
        lines.push(`| ${row.map(cell).join(' | ')} |`);
      }
    }
    lines.push('', '<details>', '<summary>Where</summary>', '');
    for (const group of report.groups) {
      for (const item of group.items) {
        const listed = item.locations
          .slice(0, MAX_LOCATIONS)
          .map((location) => `${code(`${location.file}:${location.line}:${location.column}`)}${location.suppressed ? ' (suppressed)' : ''}`);
        const more = item.locations.length - MAX_LOCATIONS;
        if (more > 0) listed.push(`… and ${more} more`);
        lines.push(`- ${itemTitle(item).replaceAll('`', '')}, ${usesSummary(item)}: ${listed.join(', ')}`);
      }
    }
    lines.push('', '</details>');
  }
  for (const upgrade of report.sdkUpgrades) {
    lines.push('', `### ⬆️ ${describeUpgrade(upgrade)}`, '');
    const listed = upgrade.uses.slice(0, MAX_LOCATIONS).map(({ item, location }) => `- ${code(`${location.file}:${location.line}:${location.column}`)}${location.suppressed ? ' (suppressed)' : ''} ${itemTitle(item).replaceAll('`', '')}`);
    const more = upgrade.uses.length - MAX_LOCATIONS;
    if (more > 0) listed.push(`- … and ${more} more`);
    lines.push(...listed);
  }
  if (report.otherFindings.length > 0) {
    lines.push('', `### Other findings of eslint-plugin-glean (${report.otherFindings.length})`, '');
    for (const finding of report.otherFindings) {
      lines.push(`- ${code(`${finding.file}:${finding.line}:${finding.column}`)} ${code(finding.ruleId)}: ${finding.message}`);
    }
  }
  if (report.unparsed.length > 0) {
    lines.push('', `### Not parsed (${plural(report.unparsed.length, 'file')}): uses in them are not counted`, '');
    for (const { file, message } of report.unparsed) lines.push(`- ${code(file)}: ${message}`);
  }
  return `${lines.join('\n')}\n`;
}

/** ESLint formatter: `eslint -f <path to this file>`. */
export default function migrationReportMarkdown(results: ESLint.LintResult[], context?: Partial<ESLint.LintResultData>): string {
  return formatMarkdown(collectFindings(results, context));
}
