// Writes src/sdk/generated/{operations,schema}.ts from the installed `@gleanwork/api-client`
// (see tools/sdk-tables/: one reader per part of the SDK, a printer, and generate.ts joining them).
//
//   npm run generate:sdk                  writes both files
//   npm run generate:sdk -- --check       exits 1 when the committed files are stale
//   npm run generate:sdk -- --verbose     also prints what did not fit the table shapes
import console from 'node:console';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { generateSdkTables, installedSdkRoot } from './sdk-tables/generate.js';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT_DIR = join(REPO_ROOT, 'src', 'sdk', 'generated');
const OPERATIONS_FILE = join(OUT_DIR, 'operations.ts');
const SCHEMA_FILE = join(OUT_DIR, 'schema.ts');

function main(): void {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--check' && a !== '--verbose');
  if (unknown.length > 0) {
    console.error(`unknown argument(s): ${unknown.join(' ')}`);
    console.error('usage: npm run generate:sdk -- [--check] [--verbose]');
    process.exit(2);
  }
  const started = performance.now();
  const tables = generateSdkTables(installedSdkRoot(join(REPO_ROOT, 'package.json')));
  const ms = Math.round(performance.now() - started);
  const files = [
    { file: OPERATIONS_FILE, text: tables.operations },
    { file: SCHEMA_FILE, text: tables.schema },
  ];
  const show = (file: string) => relative(REPO_ROOT, file);
  if (args.includes('--verbose')) for (const note of tables.notes) console.log(`note: ${note}`);
  const summary = `${tables.counts.operations} operations, ${tables.counts.types} types, ${ms} ms`;
  if (args.includes('--check')) {
    const stale = files.filter(({ file, text }) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
    if (stale.length > 0) {
      for (const { file } of stale) {
        console.error(`${show(file)} is out of date with the installed @gleanwork/api-client.`);
      }
      console.error('Run `npm run generate:sdk` and commit the result.');
      process.exit(1);
    }
    console.log(`SDK tables are up to date (${summary}).`);
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  for (const { file, text } of files) writeFileSync(file, text);
  console.log(`Wrote ${files.map(({ file }) => show(file)).join(', ')} (${summary}).`);
}

main();
