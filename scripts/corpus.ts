// `npm run test:corpus`: lints every JavaScript and TypeScript file under node_modules with every
// rule of the built plugin with `configs.recommended`, then the files with a report (and the control)
// again with `configs.migrate` and fixing. Each file first meets the rules unparsed (see probePlugin):
// only the files some rule registers a listener for are parsed and linted in full, and one file of
// every package that none does is linted in full all the same, as a check. It passes only with
//   - no crash: no exception from a rule, no fatal message that names a glean rule;
//   - no report outside node_modules/@gleanwork/api-client/ (reports inside the SDK are expected);
//   - every fixed output re-parses, and a second fix pass over it changes nothing;
//   - no report in a file that every rule left without a listener (the sample, or all with --full).
// Files that do not parse (with espree as ESM or CommonJS, or typescript-eslint's parser) are not
// ours to fix: they are counted as parse errors and listed.
//
// The corpus is this repository's node_modules plus fixtures/corpus/node_modules: real client SDKs of
// other REST and search APIs (OpenAI, Anthropic, Slack, GitHub, Kendra, Elasticsearch, Algolia,
// Microsoft Graph), pinned in fixtures/corpus/package-lock.json and installed here with `npm ci` (from
// the npm registry) whenever that lock changes. They are the look-alikes a Glean plugin must leave
// alone: paths, runs, agents, snippets, datasources, search requests.
//
// Options: --no-lookalikes (this repository's node_modules only, e.g. offline),
// --batch=N (files per lintFiles call, default 1000), --limit=N (first N files, for a quick try),
// --verbose (list every report), --install-only (install the look-alikes and stop: CI does it while
// the tests run), --full (parse and lint every file in full, as before the unparsed first look).
// ESLint runs on one thread: on 2 cores its worker threads were no faster, and the plugin's own
// support for them is tested end to end (tests/e2e).
import * as espree from 'espree';
import { ESLint, type Linter } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, extname, join, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { loadBuiltPlugin } from './built-plugin.js';
import { installLookalikes, LOOKALIKE_MODULES } from './lookalike-corpus.js';

const glean = await loadBuiltPlugin();

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SDK_DIR = join(ROOT, 'node_modules', '@gleanwork', 'api-client') + sep;
// The demo app is linted too, as a control: its reports and migrate fixes are expected, and they
// show that the fix checks below run on real fixes (the SDK's reports have none).
const CONTROL_DIR = join(ROOT, 'fixtures', 'demo') + sep;
const NOW = '2026-11-23';
const JS_EXTENSIONS = new Set(['.js', '.cjs', '.mjs']);
const TS_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts']);
const DECLARATION = /\.d\.[cm]?tsx?$/;

/**
 * `migrate` fixes; `migrate-nofix` is the same config without fixing; `probe` is recommended's rules
 * on a file unparsed (probePlugin).
 */
type Pass = 'probe' | 'recommended' | 'migrate' | 'migrate-nofix';
type SourceType = 'module' | 'commonjs';

/**
 * The files for which some rule registered a listener in the probe pass. A rule that registers none
 * for a file cannot report in it; ESLint would parse the file and walk its tree for nothing (most of
 * node_modules: 94% of a full run's time was ESLint's own, parsing, scopes and garbage collection).
 */
const listened = new Set<string>();

/**
 * Each rule of the built plugin as it is, its `create` called the way ESLint calls it (the file's real
 * text, path, settings and options), noting whether it registers a listener and then registering
 * none. The tree it is given is an empty program (UNPARSED): the rules decide from the text before
 * they read the tree (the same first look oxlint's `before` hook asks), so a file's verdict does not
 * depend on it. A rule that throws there throws in the probe pass, which names the file.
 */
const probePlugin = {
  ...glean,
  rules: Object.fromEntries(
    Object.entries(glean.rules).map(([name, rule]) => [
      name,
      {
        ...rule,
        create(context: Parameters<typeof rule.create>[0]) {
          const listeners = rule.create(context) as object;
          if (Object.keys(listeners).length > 0) listened.add(context.physicalFilename);
          return {};
        },
      },
    ]),
  ),
} as unknown as typeof glean;

/** A parser that reads nothing: an empty program over the whole text, for the probe pass. */
const UNPARSED: Linter.Parser = {
  meta: { name: 'corpus-unparsed' },
  parse(text: string) {
    const lines = text.split(/\r\n|[\r\n\u2028\u2029]/);
    return {
      type: 'Program',
      body: [],
      sourceType: 'module',
      tokens: [],
      comments: [],
      range: [0, text.length],
      loc: { start: { line: 1, column: 0 }, end: { line: lines.length, column: lines.at(-1)!.length } },
    } as never;
  },
};

/** The flat config of one pass: every plugin rule, the pinned date, and the parser for the files. */
function configFor(pass: Pass, sourceType: SourceType): Linter.Config[] {
  const preset = pass.startsWith('migrate') ? glean.configs.migrate : glean.configs.recommended;
  const allRules = Object.keys(glean.rules).map((name) => `glean/${name}`);
  const missing = allRules.filter((rule) => !(rule in (preset.rules ?? {})));
  if (missing.length > 0) throw new Error(`configs.${pass} leaves out ${missing.join(', ')}`);
  const probe = pass === 'probe';
  return [
    {
      files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
      languageOptions: {
        parser: probe ? UNPARSED : espree,
        ecmaVersion: 'latest',
        sourceType,
        parserOptions: { ecmaFeatures: { jsx: true } },
      },
    },
    {
      files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
      languageOptions: { parser: probe ? UNPARSED : tseslint.parser, sourceType },
    },
    probe ? { ...preset, plugins: { ...preset.plugins, glean: probePlugin } } : preset,
    {
      // `/* eslint-disable */` in a vendored file must not hide a report or a crash from this test.
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
      settings: { glean: { now: NOW } },
    },
  ];
}

function eslintOptions(pass: Pass, sourceType: SourceType): ESLint.Options {
  return {
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: configFor(pass, sourceType),
    // node_modules is ignored by default, even with `ignore: false`; un-ignore it.
    ignorePatterns: ['!**/node_modules/'],
    cache: false,
    fix: pass === 'migrate',
    errorOnUnmatchedPattern: false,
  };
}

interface Args {
  batch: number;
  limit: number;
  verbose: boolean;
  lookalikes: boolean;
  installOnly: boolean;
  full: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { batch: 1000, limit: Infinity, verbose: false, lookalikes: true, installOnly: false, full: false };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'batch') args.batch = Number(value);
    else if (key === 'limit') args.limit = Number(value);
    else if (key === 'verbose') args.verbose = true;
    else if (key === 'no-lookalikes') args.lookalikes = false;
    else if (key === 'install-only') args.installOnly = true;
    else if (key === 'full') args.full = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  return args;
}

/** The older SDK versions installed under aliases for the SDK tables (`@gleanwork/api-client-0.9.1`): copies of the SDK. */
const OLDER_SDKS = /[\\/]node_modules[\\/]@gleanwork[\\/]api-client-[^\\/]+$/;

/**
 * Every .js/.cjs/.mjs/.ts/.tsx/.mts/.cts file under a folder (no declarations, no symlinks), sorted.
 * Dot-folders right inside a node_modules folder (.bin, .cache, .vite, …) belong to tools, not to
 * packages: a transpiler cache there may hold this repository's own sources. The older SDK versions
 * installed for the SDK tables are more copies of the SDK the corpus already holds. Both are skipped
 * and their files counted in `skipped`.
 */
function collectFiles(dir: string, found: string[] = [], skipped = { files: 0 }): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && ((entry.name.startsWith('.') && dir.endsWith(`${sep}node_modules`)) || OLDER_SDKS.test(path))) {
      skipped.files += collectFiles(path).length;
    } else if (entry.isDirectory()) collectFiles(path, found, skipped);
    else if (entry.isFile()) {
      const ext = extname(entry.name);
      if ((JS_EXTENSIONS.has(ext) || TS_EXTENSIONS.has(ext)) && !DECLARATION.test(entry.name)) found.push(path);
    }
  }
  return found;
}

const packageTypes = new Map<string, SourceType>();

/** The module system Node gives a file: by extension, else by the nearest package.json's `type`. */
function preferredSourceType(file: string): SourceType {
  const ext = extname(file);
  if (ext === '.mjs' || ext === '.mts') return 'module';
  if (ext === '.cjs' || ext === '.cts') return 'commonjs';
  if (ext === '.ts' || ext === '.tsx') return 'module';
  const start = dirname(file);
  const visited: string[] = [];
  let type: SourceType | undefined;
  for (let dir = start; `${dir}${sep}`.startsWith(ROOT); dir = dirname(dir)) {
    if (packageTypes.has(dir)) {
      type = packageTypes.get(dir);
      break;
    }
    visited.push(dir);
    let json: { type?: string };
    try {
      json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { type?: string };
    } catch {
      continue;
    }
    type = json.type === 'module' ? 'module' : 'commonjs';
    break;
  }
  type ??= 'commonjs';
  for (const dir of visited) packageTypes.set(dir, type);
  return type;
}

const other = (sourceType: SourceType): SourceType => (sourceType === 'module' ? 'commonjs' : 'module');
const isTs = (file: string) => TS_EXTENSIONS.has(extname(file));
const inSdk = (file: string) => file.startsWith(SDK_DIR);
const inControl = (file: string) => file.startsWith(CONTROL_DIR);
const show = (file: string) => relative(ROOT, file);
const isGleanRule = (ruleId: string | null) => typeof ruleId === 'string' && ruleId.startsWith('glean/');
const fatalOf = (result: ESLint.LintResult) => result.messages.find((message) => message.fatal);
const mentionsGlean = (text: string) => /glean[/-]|eslint-plugin-glean/i.test(text);
const firstLines = (error: unknown) => String((error as Error | undefined)?.stack ?? error).split('\n').slice(0, 6).join('\n');

/** The package a file under node_modules belongs to: the folder after its last node_modules (with the scope). */
function packageOf(file: string): string {
  const folder = `${sep}node_modules${sep}`;
  const at = file.lastIndexOf(folder);
  if (at < 0) return dirname(file);
  const start = at + folder.length;
  const parts = file.slice(start).split(sep);
  const name = parts[0]!.startsWith('@') ? parts.slice(0, 2).join(sep) : parts[0]!;
  return file.slice(0, start) + name;
}

/** FNV-1a: a fixed hash, so that every run checks the same files. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** One file of each package: the one whose path (below node_modules) hashes lowest. */
function samplePerPackage(files: readonly string[]): string[] {
  const chosen = new Map<string, { file: string; hash: number }>();
  for (const file of files) {
    const pkg = packageOf(file);
    const hash = fnv1a(relative(ROOT, file));
    const current = chosen.get(pkg);
    if (!current || hash < current.hash) chosen.set(pkg, { file, hash });
  }
  return [...chosen.values()].map(({ file }) => file);
}

function chunk<T>(list: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < list.length; i += size) chunks.push(list.slice(i, i + size));
  return chunks;
}

interface Failure {
  kind: string;
  file: string;
  detail: string;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.installOnly) return installLookalikes('Nothing else was asked.');
  const started = performance.now();
  const failures: Failure[] = [];
  const fail = (kind: string, file: string, detail: string) => failures.push({ kind, file, detail });

  const instances = new Map<string, ESLint>();
  /** One ESLint per pass and source type. */
  function eslintFor(pass: Pass, sourceType: SourceType): ESLint {
    const key = `${pass}:${sourceType}`;
    let eslint = instances.get(key);
    if (!eslint) {
      eslint = new ESLint(eslintOptions(pass, sourceType));
      instances.set(key, eslint);
    }
    return eslint;
  }

  /**
   * Lints `files` in batches. A batch that throws (a rule exception) is linted again file by file to
   * name the file; the others' results are kept.
   */
  async function lintAll(pass: Pass, sourceType: SourceType, files: string[], label: string) {
    const results = new Map<string, ESLint.LintResult>();
    const batches = chunk(files, args.batch);
    for (const [index, batch] of batches.entries()) {
      const eslint = eslintFor(pass, sourceType);
      const t0 = performance.now();
      try {
        for (const result of await eslint.lintFiles(batch)) results.set(result.filePath, result);
      } catch {
        for (const file of batch) {
          try {
            const [result] = await eslint.lintFiles([file]);
            if (result) results.set(file, result);
          } catch (error) {
            fail('crash', file, `${pass} (${sourceType}): ${firstLines(error)}`);
          }
        }
      }
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      process.stderr.write(`  ${label}: batch ${index + 1}/${batches.length} (${batch.length} files) ${seconds} s\n`);
    }
    return results;
  }

  const skipped = { files: 0 };
  if (args.lookalikes) installLookalikes("Run with --no-lookalikes to lint this repository's node_modules only.");
  const ownModules = collectFiles(join(ROOT, 'node_modules'), [], skipped);
  const lookalikes = args.lookalikes ? collectFiles(LOOKALIKE_MODULES, [], skipped) : [];
  let files = [...ownModules, ...lookalikes].sort();
  if (Number.isFinite(args.limit)) files = files.slice(0, args.limit);
  const controlFiles = collectFiles(CONTROL_DIR).sort();
  const corpusCount = files.length;
  files = [...files, ...controlFiles];
  const tsFiles = files.filter(isTs);
  const jsFiles = files.filter((file) => !isTs(file));
  console.log(`eslint-plugin-glean ${glean.meta.version}, ESLint ${ESLint.version}, now ${NOW}`);
  console.log(
    `${corpusCount} files under node_modules: ${ownModules.length} in this repository's, ` +
      (args.lookalikes ? `${lookalikes.length} in fixtures/corpus's look-alike SDKs` : 'look-alike SDKs left out (--no-lookalikes)') +
      ` (${jsFiles.filter((f) => !inControl(f)).length} JavaScript, ` +
      `${tsFiles.filter((f) => !inControl(f)).length} TypeScript; ${files.filter(inSdk).length} in @gleanwork/api-client), ` +
      `plus ${controlFiles.length} in fixtures/demo as a control; ${skipped.files} in tools' dot-folders (node_modules/.cache, …) and the older SDK versions' copies skipped`,
  );

  const sourceTypes: SourceType[] = ['module', 'commonjs'];
  const preferred: Record<SourceType, string[]> = { module: [], commonjs: [] };
  for (const file of [...jsFiles, ...tsFiles]) preferred[preferredSourceType(file)].push(file);

  // The probe pass: every file meets the rules unparsed (probePlugin); `listened` collects the files
  // some rule registers a listener for.
  for (const sourceType of sourceTypes) await lintAll('probe', sourceType, preferred[sourceType], `unparsed first look, ${sourceType}`);
  const probed = performance.now();
  // The files linted in full: those, the control, and (the check of the probe) one file of each
  // package that no rule listened to, picked by a fixed hash of its path.
  const unread = files.filter((file) => !listened.has(file) && !inControl(file));
  const sample = new Set(args.full ? unread : samplePerPackage(unread));
  const linted = (file: string) => listened.has(file) || inControl(file) || sample.has(file);

  // Pass 1: configs.recommended. JavaScript is parsed as the module system Node would give the file,
  // and, if that fails, as the other one.
  const sourceTypeOf = new Map<string, SourceType>();
  const recommended = new Map<string, ESLint.LintResult>();
  const parseErrors = new Map<string, Linter.LintMessage>();
  const groups: Record<SourceType, string[]> = { module: preferred.module.filter(linted), commonjs: preferred.commonjs.filter(linted) };
  const retry: Record<SourceType, string[]> = { module: [], commonjs: [] };
  for (const sourceType of sourceTypes) {
    const results = await lintAll('recommended', sourceType, groups[sourceType], `recommended, ${sourceType}`);
    for (const file of groups[sourceType]) {
      const result = results.get(file);
      if (!result) continue; // crashed: already a failure
      const fatal = fatalOf(result);
      if (fatal && fatal.ruleId === null && !mentionsGlean(fatal.message)) {
        if (isTs(file)) parseErrors.set(file, fatal);
        else {
          parseErrors.set(file, fatal);
          retry[other(sourceType)].push(file);
        }
        continue;
      }
      sourceTypeOf.set(file, sourceType);
      recommended.set(file, result);
    }
  }
  for (const sourceType of sourceTypes) {
    if (retry[sourceType].length === 0) continue;
    const results = await lintAll('recommended', sourceType, retry[sourceType], `recommended, ${sourceType} (retry)`);
    for (const file of retry[sourceType]) {
      const result = results.get(file);
      if (!result) continue;
      const fatal = fatalOf(result);
      if (fatal && fatal.ruleId === null && !mentionsGlean(fatal.message)) continue; // parses neither way
      parseErrors.delete(file);
      sourceTypeOf.set(file, sourceType);
      recommended.set(file, result);
    }
  }

  // Pass 2: configs.migrate with fixes, each file with the source type that parsed in pass 1. The
  // migrate config is recommended with the lifecycle rules' `migrate` option, which changes only which
  // fix a reported use gets (the same analysis finds the same uses): a file without a report in pass 1
  // has none here and nothing to fix, so only the files with one (and the control) are linted again.
  const migrate = new Map<string, ESLint.LintResult>();
  const reported = (file: string) => recommended.get(file)?.messages.some((message) => isGleanRule(message.ruleId)) === true;
  for (const sourceType of sourceTypes) {
    const group = [...sourceTypeOf].filter(([file, type]) => type === sourceType && (inControl(file) || reported(file))).map(([file]) => file);
    const results = await lintAll('migrate', sourceType, group, `migrate --fix, ${sourceType}`);
    for (const [file, result] of results) migrate.set(file, result);
  }

  // Checks on both passes: crashes, and reports outside the SDK.
  const reports = {
    recommended: { inside: 0, outside: 0, control: 0 },
    migrate: { inside: 0, outside: 0, control: 0 },
  };
  const reportsByRule: Record<string, number> = {};
  const passes: ['recommended' | 'migrate', Map<string, ESLint.LintResult>][] = [
    ['recommended', recommended],
    ['migrate', migrate],
  ];
  for (const [pass, results] of passes) {
    for (const [file, result] of results) {
      for (const message of result.messages) {
        if (message.fatal) {
          if (isGleanRule(message.ruleId) || mentionsGlean(message.message)) {
            fail('crash', file, `${pass}: ${message.line}:${message.column} ${message.message}`);
          } else {
            fail('fatal', file, `${pass}: ${message.line}:${message.column} ${message.message} (parsed in pass 1)`);
          }
          continue;
        }
        if (message.ruleId === null && /^File ignored/.test(message.message)) {
          fail('not linted', file, `${pass}: ${message.message}`);
          continue;
        }
        if (!isGleanRule(message.ruleId)) continue;
        if (!listened.has(file) && !inControl(file)) {
          fail('report in an unread file', file, `${pass}: ${message.line}:${message.column} ${message.ruleId}: ${message.message} (no rule registered a listener for this file in the probe pass)`);
        }
        if (inSdk(file)) reports[pass].inside++;
        else if (inControl(file)) reports[pass].control++;
        else {
          reports[pass].outside++;
          fail('false positive', file, `${pass}: ${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
        }
        if (pass === 'recommended' && !inControl(file) && message.ruleId) {
          reportsByRule[message.ruleId] = (reportsByRule[message.ruleId] ?? 0) + 1;
        }
        if (args.verbose) console.log(`  ${show(file)}:${message.line}:${message.column} ${message.ruleId} ${message.message}`);
      }
    }
  }

  // Fixed outputs: they re-parse, a second fix pass changes nothing; count the fixes applied.
  const fixes = { corpus: { files: 0, fixes: 0 }, control: { files: 0, fixes: 0 } };
  for (const [file, result] of migrate) {
    if (result.output === undefined) continue;
    const tally = inControl(file) ? fixes.control : fixes.corpus;
    tally.files++;
    const sourceType = sourceTypeOf.get(file) ?? 'module';
    const source = readFileSync(file, 'utf8');
    const fixable = (lint: ESLint.LintResult | undefined) =>
      lint?.messages.filter((message) => message.fix && isGleanRule(message.ruleId)).length ?? 0;
    try {
      const [before] = await eslintFor('migrate-nofix', sourceType).lintText(source, { filePath: file });
      tally.fixes += fixable(before) - fixable(result);
      const [again] = await eslintFor('migrate', sourceType).lintText(result.output, { filePath: file });
      if (!again) throw new Error('no result');
      const fatal = fatalOf(again);
      if (fatal) fail('fix breaks parsing', file, `${fatal.line}:${fatal.column} ${fatal.message}`);
      else if (again.output !== undefined && again.output !== result.output) {
        fail('fix not idempotent', file, `a second fix pass changes the output again:\n${firstDifference(result.output, again.output)}`);
      }
    } catch (error) {
      fail('crash', file, `re-linting the fixed output: ${firstLines(error)}`);
    }
  }

  const seconds = (performance.now() - started) / 1000;
  const corpusTypes = [...sourceTypeOf].filter(([file]) => !inControl(file)).map(([, type]) => type);
  const fixesBroken = failures.some((failure) => failure.kind.startsWith('fix'));
  console.log('');
  const listenedCount = files.filter((file) => listened.has(file) && !inControl(file)).length;
  console.log(`files (node_modules):  ${corpusCount}`);
  console.log(`  first look:          ${listenedCount} with a rule's listener; ${unread.length} with none, unparsed (${((probed - started) / 1000).toFixed(1)} s)`);
  console.log(
    `  linted in full:      ${listenedCount + sample.size}: those ${listenedCount} and ` +
      (args.full ? `all ${sample.size} with none (--full)` : `${sample.size} with none, one per package, as a check (${new Set(unread.map(packageOf)).size} packages)`),
  );
  console.log(`  parsed:              ${corpusTypes.length} (${corpusTypes.filter((t) => t === 'module').length} as ESM, ${corpusTypes.filter((t) => t === 'commonjs').length} as CommonJS/script)`);
  console.log(`  parse errors:        ${parseErrors.size} (not the plugin's: listed below)`);
  console.log(`reports, recommended:  ${reports.recommended.inside} inside @gleanwork/api-client, ${reports.recommended.outside} outside`);
  console.log(`  by rule:             ${Object.entries(reportsByRule).map(([rule, n]) => `${rule} ${n}`).join(', ') || 'none'}`);
  console.log(`reports, migrate:      ${reports.migrate.inside} inside (left after fixing), ${reports.migrate.outside} outside (the ${migrate.size} files with a report in pass 1 and the control)`);
  console.log(`fixes applied:         ${fixes.corpus.fixes} in ${fixes.corpus.files} files`);
  console.log(`control (fixtures/demo, ${controlFiles.length} files): ${reports.recommended.control} reports, ${fixes.control.fixes} fixes applied in ${fixes.control.files} files`);
  console.log(`fixed outputs:         ${fixes.corpus.files + fixes.control.files} re-linted: ${fixesBroken ? 'SOME FAIL' : 'all re-parse, a second pass changes nothing'}`);
  const cpu = process.cpuUsage();
  console.log(`time:                  ${seconds.toFixed(1)} s on ${cpus().length} cores (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`);

  if (parseErrors.size > 0) {
    console.log(`\nparse errors (${parseErrors.size}):`);
    for (const [file, fatal] of [...parseErrors].sort()) console.log(`  ${show(file)}:${fatal.line}:${fatal.column} ${fatal.message}`);
  }
  if (failures.length > 0) {
    console.log(`\nFAILED: ${failures.length} problems`);
    for (const { kind, file, detail } of failures) console.log(`  [${kind}] ${show(file)}\n      ${detail.replaceAll('\n', '\n      ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nPASSED: no crash, no report outside the SDK or in a file no rule listened to, every fix re-parses and is stable.');
  }
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 80);
  return `  first pass: …${JSON.stringify(a.slice(from, i + 80))}\n  second:     …${JSON.stringify(b.slice(from, i + 80))}`;
}

await main();
