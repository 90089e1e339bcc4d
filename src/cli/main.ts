#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ImportError, importRegister, registerFile, type ImportResult } from './register-import/index.js';
import type { RegisterItem } from '../register/types.js';

/**
 * `eslint-plugin-glean`: the package's command. `register import <file> [--out path]` turns Glean's
 * published deprecations into a register file for `settings.glean.register`. Exit codes: 0 done,
 * 1 unreadable input, 2 wrong usage.
 */

const USAGE = `Usage: eslint-plugin-glean register import <spec.yaml | deprecations.json> [--out glean-register.json]

Turns Glean's published deprecations into a register file for settings.glean.register:
  - an OpenAPI source spec (gleanwork/open-api, source_specs/*.yaml): operations and schema
    properties marked with x-glean-deprecated, fields with their owner types;
  - the developer site's feed (gleanwork/glean-developer-site, src/data/deprecations.json).
Prints what is new, changed and unchanged against the built-in register, and writes the items.

Options:
  --out <path>  where to write the register file (default: glean-register.json)
  -h, --help    show this help`;

export function main(argv: readonly string[], out: (text: string) => void = console.log, err: (text: string) => void = console.error): number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    err(`eslint-plugin-glean: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, subcommand, file, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    out(USAGE);
    return 0;
  }
  if (command !== 'register' || subcommand !== 'import' || !file || extra.length > 0) {
    err(`eslint-plugin-glean: expected \`register import <file>\`, got \`${parsed.positionals.join(' ')}\`\n\n${USAGE}`);
    return 2;
  }
  let result: ImportResult;
  try {
    result = importRegister(file);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    err(`eslint-plugin-glean: cannot import ${error.message}`);
    return 1;
  }
  const target = parsed.values.out ?? 'glean-register.json';
  out(summary(file, result));
  writeFileSync(target, `${JSON.stringify(registerFile(file, result), null, 2)}\n`);
  out(`Wrote ${plural(result.items.length, 'item')} to ${target}.`);
  return 0;
}

function summary(file: string, result: ImportResult): string {
  const { added, changed, unchanged, notInSource } = result.comparison;
  const lines = [`Read ${plural(result.items.length, 'item')} from ${file} (${result.format === 'spec' ? 'OpenAPI spec' : 'deprecations feed'}).`];
  const section = (title: string, count: number, entries: string[]) => {
    lines.push(`${title} (${count})${count > 0 ? ':' : ''}`);
    for (const entry of entries) lines.push(`  ${entry}`);
  };
  section('New', added.length, added.map((item) => `${item.id}  ${subject(item)}, removal ${item.removal}`));
  section('Changed', changed.length, changed.flatMap(({ item, changes }) => [item.id, ...changes.map((change) => `  ${change}`)]));
  section('Unchanged', unchanged.length, unchanged.length > 0 ? [unchanged.map((item) => item.id).join(', ')] : []);
  if (notInSource.length > 0) lines.push(`Not in this file, kept as built in (${notInSource.length}): ${notInSource.map((item) => item.id).join(', ')}`);
  if (result.skipped.length > 0) section('Skipped', result.skipped.length, result.skipped.map((notice) => `${notice.id} at ${notice.where}: ${notice.reason}`));
  return lines.join('\n');
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

process.exitCode = main(process.argv.slice(2));
