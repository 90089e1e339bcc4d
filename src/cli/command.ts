import { writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { todayUtc } from '../model/lifecycle.js';
import { ImportError, importRegister, registerFile, SourcesDisagree, type ImportResult, type SourceInput } from './register-import/index.js';
import { calendarDate } from './register-import/source-date.js';
import { importSummary, writtenSummary } from './register-import/summary.js';

/**
 * `eslint-plugin-glean`, the package's command (main.ts runs it): `register import <source>...
 * [--date …] [--include-older] [--out path]` turns Glean's published deprecations into a register
 * file for `settings.glean.register`. Exit codes: 0 done, 1 input it cannot import or a file it
 * cannot write, 2 wrong usage.
 */

const USAGE = `Usage: eslint-plugin-glean register import <source>... [--date [<source>=]<date>]... [--include-older] [--out glean-register.json]

Turns Glean's published deprecations into a register file for settings.glean.register. A source is
  - an OpenAPI source spec (gleanwork/open-api, source_specs/*.yaml): operations and schema
    properties marked with x-glean-deprecated, fields with their owner types;
  - the developer site's feed (gleanwork/glean-developer-site, src/data/deprecations.json).
Several sources are merged by item: the same deprecation in two of them is one item; where they
state it differently the newer source wins, and sources whose dates cannot tell stop the import.
Prints each source's date beside the built-in register's, then what is new, changed and unchanged.
A change that only sources older than the built-in register (or undated) make is held back.
Writes the new and changed items.

Options:
  --out <path>                where to write the register file (default: glean-register.json)
  --date [<source>=]<date>    the date a source is current as of: the date of its last change,
                              YYYY-MM-DD or an ISO 8601 timestamp. Without <source>=, for every
                              source without a date of its own (the feed has generatedAt; a spec
                              has one only when its info.version is a date). Repeatable.
  --include-older             also write the changes held back
  -h, --help                  show this help`;

class UsageError extends Error {}

export function main(
  argv: readonly string[],
  out: (text: string) => void = console.log,
  err: (text: string) => void = console.error,
  today: string = todayUtc(),
): number {
  let command: ReturnType<typeof readCommand>;
  try {
    command = readCommand(argv, today);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    err(`eslint-plugin-glean: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command === 'help') {
    out(USAGE);
    return 0;
  }
  let result: ImportResult;
  try {
    result = importRegister(command.inputs);
  } catch (error) {
    if (error instanceof SourcesDisagree) {
      err(`eslint-plugin-glean: cannot import: ${error.message}\nGive an undated source the date of its last change (--date), or leave out the source that is out of date. Nothing was written.`);
      return 1;
    }
    if (!(error instanceof ImportError)) throw error;
    err(`eslint-plugin-glean: cannot import ${error.message}`);
    return 1;
  }
  out(importSummary(result, command.includeOlder));
  const file = registerFile(result, command.includeOlder);
  try {
    writeFileSync(command.target, `${JSON.stringify(file, null, 2)}\n`);
  } catch (error) {
    err(`eslint-plugin-glean: cannot write ${command.target} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    return 1;
  }
  out(writtenSummary(result, file.items, command.target));
  return 0;
}

/** The command line, checked: the sources, their dates, the output file. Throws `UsageError` (parseArgs: `TypeError`). */
function readCommand(argv: readonly string[], today: string) {
  const parsed = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      date: { type: 'string', multiple: true },
      'include-older': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (parsed.values.help) return 'help';
  const [command, subcommand, ...files] = parsed.positionals;
  if (command !== 'register' || subcommand !== 'import' || files.length === 0) {
    throw new UsageError(`expected \`register import <source>...\`, got \`${parsed.positionals.join(' ')}\``);
  }
  const seen = new Map<string, string>();
  for (const file of files) {
    const earlier = seen.get(resolve(file));
    if (earlier !== undefined) throw new UsageError(earlier === file ? `${file} is given twice` : `${earlier} and ${file} are the same file`);
    seen.set(resolve(file), file);
  }
  const target = parsed.values.out ?? 'glean-register.json';
  const overwritten = seen.get(resolve(target));
  if (overwritten !== undefined) throw new UsageError(`--out ${target} would overwrite the source ${overwritten}`);

  const dates = new Map<string, string>();
  let fallbackDate: string | undefined;
  for (const value of parsed.values.date ?? []) {
    const split = value.lastIndexOf('=');
    const [name, text] = split < 0 ? [undefined, value] : [value.slice(0, split), value.slice(split + 1)];
    const date = calendarDate(text);
    if (!date) throw new UsageError(`--date ${value}: expected a date "YYYY-MM-DD" or an ISO 8601 timestamp, got ${JSON.stringify(text)}`);
    if (date > today) throw new UsageError(`--date ${value}: ${date} is after today (${today})`);
    if (name === undefined) {
      if (fallbackDate !== undefined) throw new UsageError(`--date ${value}: a date for every source is given twice`);
      fallbackDate = date;
      continue;
    }
    const file = sourceNamed(name, files, value);
    if (dates.has(file)) throw new UsageError(`--date ${value}: ${file} is given a date twice`);
    dates.set(file, date);
  }
  const inputs = files.map((file): SourceInput => ({ file, ...(dates.has(file) ? { date: dates.get(file)! } : {}), ...(fallbackDate ? { fallbackDate } : {}) }));
  return { inputs, target, includeOlder: parsed.values['include-older'] ?? false };
}

/** The source a `--date <source>=` names: as written on the command line, or by its file name alone. */
function sourceNamed(name: string, files: readonly string[], value: string): string {
  const matches = files.includes(name) ? [name] : files.filter((file) => basename(file) === name);
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) throw new UsageError(`--date ${value}: ${name} is not one of the sources (${files.join(', ')})`);
  throw new UsageError(`--date ${value}: ${name} names more than one source (${matches.join(', ')}); write its path as given`);
}
