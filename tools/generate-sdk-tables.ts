// Writes the SDK tables of every supported version of `@gleanwork/api-client`, and a typed fixture
// project per version (tools/sdk-tables/: one reader per part of the SDK, a printer, generate.ts joining
// them, versions.ts telling older versions by their differences, outputs.ts listing what is written):
//   src/sdk/generated/operations.ts, schema.ts   the newest version's tables, whole
//   src/sdk/generated/versions.ts                each older version's differences from the next newer one
//   fixtures/sdk-versions/<version>/              tsconfig.json, file.ts, and node_modules/@gleanwork/api-client
//                                                 linked to that version's install
// The versions are the installed `@gleanwork/api-client` (the newest) and every devDependency aliased
// `@gleanwork/api-client-<version>`.
//
//   npm run generate:sdk                  writes them all
//   npm run generate:sdk -- --check       exits 1 when anything is stale
//   npm run generate:sdk -- --verbose     also prints what did not fit the table shapes
import console from 'node:console';
import { existsSync, mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { linkTarget, REPO_ROOT, sdkOutputs, staleOutputs } from './sdk-tables/outputs.js';

function main(): void {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--check' && a !== '--verbose');
  if (unknown.length > 0) {
    console.error(`unknown argument(s): ${unknown.join(' ')}`);
    console.error('usage: npm run generate:sdk -- [--check] [--verbose]');
    process.exit(2);
  }
  const started = performance.now();
  const outputs = sdkOutputs();
  const ms = Math.round(performance.now() - started);
  const { installed, read, files, links, strayProjects } = outputs;
  if (args.includes('--verbose')) {
    for (const [index, { notes }] of read.entries()) for (const note of notes) console.log(`note (${installed[index]!.version}): ${note}`);
  }
  const newest = read.at(-1)!.tables;
  const summary = `${installed.map((version) => version.version).join(', ')}; newest: ${newest.operations.length} operations, ${Object.keys(newest.schema.types).length} types; ${ms} ms`;
  if (args.includes('--check')) {
    const stale = staleOutputs(outputs);
    if (stale.length > 0) {
      for (const line of stale) console.error(line);
      console.error('Run `npm run generate:sdk` and commit the result.');
      process.exit(1);
    }
    console.log(`SDK tables are up to date (${summary}).`);
    return;
  }
  if (strayProjects.length > 0) {
    for (const dir of strayProjects) console.error(`${relative(REPO_ROOT, dir)} is no supported version's fixture project: remove it.`);
    process.exit(1);
  }
  for (const { file, text } of files) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  for (const { path, target } of links) {
    if (linkTarget(path) === target) continue;
    mkdirSync(dirname(path), { recursive: true });
    if (existsSync(path) || linkTarget(path) !== undefined) unlinkSync(path);
    symlinkSync(target, path, 'dir');
  }
  console.log(`Wrote ${files.length} files and ${links.length} links (${summary}).`);
}

main();
