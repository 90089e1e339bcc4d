// `npm run demo`: lints fixtures/demo with the built plugin, prints the findings grouped by file, the
// migration report (the formatter users run with `eslint -f`), then what `eslint --fix` would change
// under `recommended` and under the opt-in `migrate` config. Nothing is written: fixes are shown as diffs.
import { createTwoFilesPatch } from 'diff';
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBuiltMigrationReport, loadBuiltPlugin } from './built-plugin.js';

const glean = await loadBuiltPlugin();
const migrationReport = await loadBuiltMigrationReport();

const demoDir = fileURLToPath(new URL('../fixtures/demo/', import.meta.url));
const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
const bold = (text: string) => paint(1, text);
const SEVERITY: Record<number, string> = { 1: paint(33, 'warning'), 2: paint(31, 'error  ') };

function heading(text: string): void {
  console.log(`\n${bold(text)}\n${'='.repeat(text.length)}`);
}

async function lint(options: ESLint.Options = {}): Promise<ESLint.LintResult[]> {
  const eslint = new ESLint({ cwd: demoDir, ...options });
  return eslint.lintFiles(['.']);
}

function printFindings(results: ESLint.LintResult[]): void {
  let errors = 0;
  let warnings = 0;
  for (const result of results) {
    if (result.messages.length === 0) continue;
    console.log(`\n${bold(relative(demoDir, result.filePath))}`);
    for (const message of result.messages) {
      const marks = [message.fix ? 'autofix' : '', message.suggestions?.length ? 'suggestion' : ''].filter(Boolean);
      const where = `${message.line}:${message.column}`.padEnd(7);
      console.log(`  ${where} ${SEVERITY[message.severity]}  ${message.message}  ${paint(90, message.ruleId ?? '')}`);
      if (marks.length > 0) console.log(`  ${' '.repeat(7)} ${paint(36, `↳ ${marks.join(', ')} available`)}`);
      if (message.severity === 2) errors++;
      else warnings++;
    }
  }
  console.log(`\n${errors} errors, ${warnings} warnings in ${results.filter((r) => r.messages.length).length} files`);
}

function printDiffs(results: ESLint.LintResult[]): void {
  let changed = 0;
  for (const result of results) {
    if (result.output === undefined) continue;
    changed++;
    const name = relative(demoDir, result.filePath);
    const source = readFileSync(result.filePath, 'utf8');
    const patch = createTwoFilesPatch(`a/${name}`, `b/${name}`, source, result.output, '', '', { context: 1 });
    for (const line of patch.split('\n').slice(1)) {
      if (line.startsWith('+')) console.log(paint(32, line));
      else if (line.startsWith('-')) console.log(paint(31, line));
      else if (line.startsWith('@@')) console.log(paint(36, line));
      else console.log(line);
    }
  }
  if (changed === 0) console.log('(no changes)');
}

async function main(): Promise<void> {
  console.log(`eslint-plugin-glean ${glean.meta.version} on fixtures/demo (today: ${new Date().toISOString().slice(0, 10)})`);

  heading('Findings with glean.configs.recommended');
  const results = await lint();
  printFindings(results);

  heading('Migration report (eslint -f ./node_modules/eslint-plugin-glean/formatter.js)');
  console.log(`\n${migrationReport(results, { cwd: demoDir })}`);

  heading('What `eslint --fix` changes with glean.configs.recommended');
  printDiffs(await lint({ fix: true }));

  heading('What `eslint --fix` changes with glean.configs.migrate (a reviewed one-off migration)');
  printDiffs(await lint({ fix: true, overrideConfig: [glean.configs.migrate] }));
}

await main();
