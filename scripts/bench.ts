// `npm run bench`: what `glean.configs.recommended` adds to the ESLint configs users actually run,
// measured on this machine in one run. A script that prints figures; it asserts nothing.
//
// Code bases (TypeScript sources, no declarations):
//   sdk        the Glean SDK's own sources (node_modules/@gleanwork/api-client/src): Glean-dense, a
//              third of the files call Glean, so the rules have real work;
//   lookalike  the OpenAI SDK's sources (fixtures/corpus/node_modules/openai/src, installed like
//              `npm run test:corpus` does): full of paths, runs and requests, never Glean;
//   clients    the Anthropic SDK's sources (fixtures/corpus/node_modules/@anthropic-ai/sdk/src, installed
//              with the OpenAI SDK's): another client SDK, whose code calls `this.client.beta.…`, never
//              Glean; not run typed;
//   app        an application's sources, TypeScript and TSX: tldraw's packages (fixtures/bench-app,
//              installed by the bench with `npm ci`, their sources copied into fixtures/bench-app/sources
//              as an application's own), never Glean; not run typed.
// Each code base is linted from its own folder (ESLint's and oxlint's working directory), as a project.
// Configs, each without and with `glean.configs.recommended`:
//   floor      typescript-eslint's parser and no rules: a reference row (no plugin variant);
//   untyped    @eslint/js recommended + typescript-eslint recommended;
//   typed      @eslint/js recommended + typescript-eslint recommendedTypeChecked, with type
//              information (a tsconfig per code base under .tmp/bench);
//   oxlint-floor  oxlint (pinned, a dev dependency) with its default rules and no JavaScript plugin: a
//              reference row;
//   oxlint     oxlint with its default rules and a JavaScript plugin: an empty one (a rule that
//              returns no listener) without, this plugin's recommended rules with;
//   oxlint-three  oxlint with its default rules and a JavaScript plugin of three rules (this one's names):
//              without, rules that return no listener (any plugin with three rules); with, this one's;
//   oxlint-loaded  the same with this plugin loaded in both runs (without: its rules off), so that the
//              pair shows its work per file, its import aside.
//   oxlint-rules  the same, where the run without has a third plugin with three rules (this one's
//              names) that return no listener: what oxlint's handing of each file to three rules costs;
//   oxlint-reads  the same, where the run without has a third plugin whose three rules read their
//              settings and the file's text and return no listener: the least a text check driven by
//              settings costs under oxlint, which parses the settings and decodes the text for each
//              file only when a rule reads them.
// oxlint runs in its own process; its CPU is read from the kernel's children's times (Linux).
// Every run is a fresh child `node` process (scripts/bench-child.ts, transpiled to plain JavaScript,
// not run through jiti), so CPU time and peak memory (max RSS) are the run's alone; CPU is the whole
// process (start-up, loading ESLint and the plugin, linting). Runs are interleaved: each round runs
// every variant once, and the two runs of a pair (without, with the plugin) follow each other in
// alternating order, so a slow moment on the machine is shared out.
// The added cost is read per round (with ÷ without of the same round); the table gives the median of
// those ratios with a 95% interval for it, their range (the spread), and the ratio of the two
// minimums.
//
// Then: the rules' own time (`stats: true`, in separate pairs of runs without and with the plugin,
// since timing every listener costs time itself), and the plugin's import time in fresh processes:
// cold, and after what an ESLint run has loaded before it reads the config (ESLint; ESLint and
// typescript-eslint). Last, the plugin's cost read inside each run of the rounds (its rules' time,
// garbage-collection pauses, import, retained heap): ratios within one process, which the machine's
// changing speed does not move.
//
// Options: --rounds=N (default 3), --stats-runs=N (default 1; 0 skips), --import-runs=N (default 15;
// 0 skips), --only=sdk,lookalike,clients,app (code bases), --configs=floor,untyped,typed, --import-only.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { GleanPlugin } from '../src/index.js';
import { filesOf, TS_FILES, type ChildJob, type ImportRun, type LintRun } from './bench-child.js';
import { installLookalikes, LOOKALIKE_MODULES } from './lookalike-corpus.js';
import { installLocked } from './locked-install.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BENCH_DIR = join(ROOT, '.tmp', 'bench');
const PLUGIN_ENTRY = join(ROOT, 'dist', 'bundle', 'index.js');
const CHILD_SOURCE = fileURLToPath(new URL('bench-child.ts', import.meta.url));
const CHILD_SCRIPT = join(BENCH_DIR, 'bench-child.mjs');
const NOW = '2026-11-23';
const OXLINT_BIN = join(ROOT, 'node_modules', 'oxlint', 'bin', 'oxlint');
const APP_DIR = fileURLToPath(new URL('../fixtures/bench-app/', import.meta.url));
const APP_MODULES = join(APP_DIR, 'node_modules');
/** The application's own sources: tldraw's packages' `src` folders, copied beside its node_modules. */
const APP_SOURCES = join(APP_DIR, 'sources');

/** The tldraw package's and its @tldraw/* packages' sources, copied afresh into APP_SOURCES (one folder each). */
function copyAppSources(): void {
  rmSync(APP_SOURCES, { recursive: true, force: true });
  const packages = ['tldraw', ...readdirSync(join(APP_MODULES, '@tldraw')).map((name) => `@tldraw/${name}`)];
  for (const name of packages) cpSync(join(APP_MODULES, name, 'src'), join(APP_SOURCES, name.replace('/', '-')), { recursive: true });
}

interface CodeBaseInfo {
  label: string;
  /** Where its packages are installed, and the package whose version names it. */
  modules: string;
  pkg: string;
  /** Its source folders. */
  dirs: () => string[];
  /** Run with type information too (the typed config). */
  typed: boolean;
  /**
   * ESLint's (and oxlint's) working directory, which the plugin takes for the project's root: where it
   * looks for the modules that import a module, and the files it reads to know whether the project names
   * Glean at all. Each code base runs from its own folder, as a project's root, never from this
   * repository (whose fixtures name Glean everywhere).
   */
  cwd: () => string;
}

const CODE_BASES = {
  sdk: {
    label: 'Glean SDK sources',
    modules: join(ROOT, 'node_modules'),
    pkg: '@gleanwork/api-client',
    dirs: () => [join(ROOT, 'node_modules', '@gleanwork', 'api-client', 'src')],
    typed: true,
    cwd: () => join(ROOT, 'node_modules', '@gleanwork', 'api-client'),
  },
  lookalike: {
    label: 'OpenAI SDK sources (no Glean)',
    modules: LOOKALIKE_MODULES,
    pkg: 'openai',
    dirs: () => [join(LOOKALIKE_MODULES, 'openai', 'src')],
    typed: true,
    cwd: () => join(LOOKALIKE_MODULES, 'openai'),
  },
  clients: {
    label: 'Anthropic SDK sources (no Glean; calls `this.client.beta.…`)',
    modules: LOOKALIKE_MODULES,
    pkg: '@anthropic-ai/sdk',
    dirs: () => [join(LOOKALIKE_MODULES, '@anthropic-ai', 'sdk', 'src')],
    typed: false,
    cwd: () => join(LOOKALIKE_MODULES, '@anthropic-ai', 'sdk'),
  },
  app: {
    label: 'tldraw sources (an application, no Glean)',
    modules: APP_MODULES,
    pkg: 'tldraw',
    // The tldraw package and its own @tldraw/* packages, each of which ships its TypeScript sources.
    // Copied into an application's folder (APP_SOURCES, see copyAppSources): sources of its own beside
    // its installed dependencies, as an application's repository holds them.
    dirs: () => readdirSync(APP_SOURCES).map((name) => join(APP_SOURCES, name)),
    typed: false,
    cwd: () => APP_SOURCES,
  },
} satisfies Record<string, CodeBaseInfo>;
const CONFIGS = {
  floor: { label: 'floor: parser, no rules', typed: false, rules: false, runtime: 'eslint' },
  untyped: { label: '@eslint/js + typescript-eslint recommended', typed: false, rules: true, runtime: 'eslint' },
  typed: { label: '@eslint/js + typescript-eslint recommendedTypeChecked (typed)', typed: true, rules: true, runtime: 'eslint' },
  'oxlint-floor': { label: 'oxlint, its default rules, no JS plugin', typed: false, rules: false, runtime: 'oxlint' },
  oxlint: { label: 'oxlint, its default rules + a JS plugin (without: an empty one)', typed: false, rules: true, runtime: 'oxlint' },
  'oxlint-three': {
    label: 'oxlint, its default rules + a JS plugin of three rules (without: three that return no listener)',
    typed: false,
    rules: true,
    runtime: 'oxlint',
  },
  'oxlint-loaded': { label: 'oxlint + the empty JS plugin + this one loaded (without: its rules off)', typed: false, rules: true, runtime: 'oxlint' },
  'oxlint-rules': {
    label: 'oxlint + the empty JS plugin + this one loaded (without: its rules off, and three rules that return no listener)',
    typed: false,
    rules: true,
    runtime: 'oxlint',
  },
  'oxlint-reads': {
    label: 'oxlint + the empty JS plugin + this one loaded (without: its rules off, and three rules that read their settings and text)',
    typed: false,
    rules: true,
    runtime: 'oxlint',
  },
} as const;
type CodeBase = keyof typeof CODE_BASES;
type ConfigName = keyof typeof CONFIGS;

/** What is loaded, untimed, before the plugin's import is timed: nothing, or what an ESLint run has loaded by then. */
const IMPORT_MODES = [
  { label: 'cold: a fresh `node`, the plugin alone', preload: [] },
  { label: 'after ESLint is loaded (a JavaScript project)', preload: ['eslint'] },
  { label: 'after ESLint and typescript-eslint are loaded', preload: ['eslint', 'typescript-eslint'] },
];

interface BenchArgs {
  rounds: number;
  statsRuns: number;
  importRuns: number;
  only: CodeBase[];
  configs: ConfigName[];
  importOnly: boolean;
}

const tsconfigOf = (base: CodeBase): string => join(BENCH_DIR, `tsconfig.${base}.json`);
type OxlintVariant = 'none' | 'empty' | 'three' | 'glean' | 'loaded' | 'loaded-glean' | 'loaded-rules' | 'loaded-reads';
/** The oxlint config of a variant (see writeOxlintConfigs). */
const oxlintConfigOf = (variant: OxlintVariant): string => join(BENCH_DIR, `oxlintrc.${variant}.json`);
const oxlintVariantOf = (config: ConfigName, withGlean: boolean): OxlintVariant =>
  !CONFIGS[config].rules
    ? 'none'
    : config === 'oxlint-loaded' || config === 'oxlint-rules' || config === 'oxlint-reads'
      ? withGlean ? 'loaded-glean' : config === 'oxlint-reads' ? 'loaded-reads' : config === 'oxlint-rules' ? 'loaded-rules' : 'loaded'
      : withGlean ? 'glean' : config === 'oxlint-three' ? 'three' : 'empty';

/** The configs run on `base`: all of `configs`, less the typed one where the code base is not run typed. */
const configsFor = (base: CodeBase, configs: readonly ConfigName[]): ConfigName[] =>
  configs.filter((config) => !CONFIGS[config].typed || CODE_BASES[base].typed);

/**
 * oxlint's configs, all with its default rules: no JavaScript plugin; one whose single rule returns no
 * listener (what any JavaScript plugin costs: oxlint hands each file to the plugin's side); this plugin's
 * recommended rules, with the bench's pinned date; and the empty plugin's rule with this plugin loaded
 * beside it, its rules off and on.
 */
async function writeOxlintConfigs(): Promise<void> {
  const { default: glean } = (await import(pathToFileURL(PLUGIN_ENTRY).href)) as { default: GleanPlugin };
  const emptyPlugin = join(BENCH_DIR, 'empty-plugin.mjs');
  writeFileSync(emptyPlugin, "export default { meta: { name: 'empty' }, rules: { nothing: { create: () => ({}) } } };\n");
  const empty = { 'empty/nothing': 'error' };
  const readsPlugin = join(BENCH_DIR, 'reads-plugin.mjs');
  writeFileSync(
    readsPlugin,
    "const rule = { create: (context) => (context.settings.glean && context.sourceCode.text.includes('glean.com') ? {} : {}) };\n" +
      "export default { meta: { name: 'reads' }, rules: { 'no-removed': rule, 'no-deprecated': rule, 'agent-run-input': rule } };\n",
  );
  const reads = { 'reads/no-removed': 'error', 'reads/no-deprecated': 'warn', 'reads/agent-run-input': 'error' };
  const rulesPlugin = join(BENCH_DIR, 'rules-plugin.mjs');
  writeFileSync(
    rulesPlugin,
    "const rule = { create: () => ({}) };\nexport default { meta: { name: 'three' }, rules: { 'no-removed': rule, 'no-deprecated': rule, 'agent-run-input': rule } };\n",
  );
  const three = { 'three/no-removed': 'error', 'three/no-deprecated': 'warn', 'three/agent-run-input': 'error' };
  const settings = { glean: { now: NOW } };
  const configs: Record<OxlintVariant, object> = {
    none: {},
    empty: { jsPlugins: [emptyPlugin], rules: empty },
    three: { jsPlugins: [rulesPlugin], rules: three },
    glean: { jsPlugins: [PLUGIN_ENTRY], rules: glean.configs.recommended.rules, settings },
    loaded: { jsPlugins: [emptyPlugin, PLUGIN_ENTRY], rules: empty, settings },
    'loaded-glean': { jsPlugins: [emptyPlugin, PLUGIN_ENTRY], rules: { ...empty, ...glean.configs.recommended.rules }, settings },
    'loaded-rules': { jsPlugins: [emptyPlugin, PLUGIN_ENTRY, rulesPlugin], rules: { ...empty, ...three }, settings },
    'loaded-reads': { jsPlugins: [emptyPlugin, PLUGIN_ENTRY, readsPlugin], rules: { ...empty, ...reads }, settings },
  };
  for (const [variant, config] of Object.entries(configs)) writeFileSync(oxlintConfigOf(variant as OxlintVariant), JSON.stringify(config, null, 2) + '\n');
}

/** The child as plain JavaScript: its types stripped, nothing else changed. */
function writeChildScript(): void {
  const { outputText } = ts.transpileModule(readFileSync(CHILD_SOURCE, 'utf8'), {
    fileName: CHILD_SOURCE,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(CHILD_SCRIPT, outputText);
}

/** Runs one job in a fresh `node` and returns the line of JSON it printed last. */
function runChild(job: ChildJob, name: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--expose-gc', CHILD_SCRIPT, JSON.stringify(job)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${name} failed (exit ${code}):\n${stderr}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? ''));
    });
  });
}

const runName = (base: CodeBase, config: ConfigName, withGlean: boolean): string => `${base}/${config}/${withGlean ? 'glean' : 'base'}`;

async function lintOnce(base: CodeBase, config: ConfigName, withGlean: boolean, stats = false): Promise<LintRun> {
  const { typed, rules, runtime } = CONFIGS[config];
  const dirs = CODE_BASES[base].dirs();
  const job: ChildJob =
    runtime === 'oxlint'
      ? { kind: 'oxlint', dirs, bin: OXLINT_BIN, config: oxlintConfigOf(oxlintVariantOf(config, withGlean)), cwd: CODE_BASES[base].cwd() }
      : { kind: 'lint', root: ROOT, cwd: CODE_BASES[base].cwd(), dirs, pluginEntry: PLUGIN_ENTRY, now: NOW, typed, tsconfig: tsconfigOf(base), rules, withGlean, stats };
  const result = (await runChild(job, runName(base, config, withGlean))) as LintRun;
  if (result.fatal > 0) throw new Error(`${base}/${config}: ${result.fatal} files were not linted (${result.firstFatal})`);
  return result;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  const lower = sorted[middle - 1];
  if (upper === undefined) throw new Error('median of no values');
  return sorted.length % 2 || lower === undefined ? upper : (lower + upper) / 2;
}
/**
 * A distribution-free 95% confidence interval for the median of `values` (order statistics, binomial
 * tail of ½): the range the true median of such runs lies in. Undefined for fewer than 6 values.
 */
function medianInterval(values: readonly number[]): [number, number] | undefined {
  const n = values.length;
  let tail = 0.5 ** n; // P(X ≤ 0) for X ~ Binomial(n, ½)
  let k = 0;
  let term = tail;
  while (k + 1 < n / 2) {
    term = (term * (n - k)) / (k + 1);
    if (tail + term > 0.025) break;
    tail += term;
    k++;
  }
  if (tail > 0.025) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[k]!, sorted[n - 1 - k]!];
}
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const mb = (kb: number): string => `${Math.round(kb / 1024).toLocaleString('en-US')} MB`;
const millis = (ms: number): string => `${ms.toFixed(0)} ms`;
/** A ratio as an added percentage: 1.034 → `+3.4%`. */
const added = (ratio: number): string => `${ratio >= 1 ? '+' : '−'}${Math.abs((ratio - 1) * 100).toFixed(1)}%`;
/** A share as percentage points: 0.016 → `+1.6%`. */
const points = (share: number): string => `${share >= 0 ? '+' : '−'}${Math.abs(share * 100).toFixed(1)}%`;
const spanOf = (values: readonly number[]): string => `${points(median(values))} [${points(Math.min(...values))} … ${points(Math.max(...values))}]`;
const loadAverage = (): string => loadavg().map((value) => value.toFixed(2)).join(', ');

function writeTsconfig(base: CodeBase): void {
  mkdirSync(BENCH_DIR, { recursive: true });
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
    include: CODE_BASES[base].dirs().flatMap((dir) => TS_FILES.map((pattern) => relative(BENCH_DIR, join(dir, pattern)))),
  };
  writeFileSync(tsconfigOf(base), JSON.stringify(config, null, 2) + '\n');
}

const keysOf = <Name extends string>(record: Record<Name, unknown>): Name[] => Object.keys(record) as Name[];

/** The names in a comma-separated option value, each one of `known`'s keys. */
function namesIn<Name extends string>(value: string, known: Record<Name, unknown>, option: string): Name[] {
  const isKnown = (name: string): name is Name => Object.hasOwn(known, name);
  return value.split(',').map((name) => {
    if (!isKnown(name)) throw new Error(`${option}: unknown ${name} (known: ${Object.keys(known).join(', ')})`);
    return name;
  });
}

function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = {
    rounds: 3,
    statsRuns: 1,
    importRuns: 15,
    only: keysOf(CODE_BASES),
    configs: keysOf(CONFIGS),
    importOnly: false,
  };
  for (const arg of argv) {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    if (key === 'rounds') args.rounds = Number(value);
    else if (key === 'stats-runs') args.statsRuns = Number(value);
    else if (key === 'import-runs') args.importRuns = Number(value);
    else if (key === 'only') args.only = namesIn(value, CODE_BASES, '--only');
    else if (key === 'configs') args.configs = namesIn(value, CONFIGS, '--configs');
    else if (key === 'import-only') args.importOnly = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!(args.rounds >= 1)) throw new Error('--rounds: a number ≥ 1');
  return args;
}

/** Every lint run, by code base, config and plugin variant. */
class LintRuns {
  readonly #runs = new Map<string, LintRun[]>();

  add(base: CodeBase, config: ConfigName, withGlean: boolean, run: LintRun): void {
    const name = runName(base, config, withGlean);
    this.#runs.set(name, [...(this.#runs.get(name) ?? []), run]);
  }

  of(base: CodeBase, config: ConfigName, withGlean: boolean): LintRun[] {
    const list = this.#runs.get(runName(base, config, withGlean));
    if (!list?.length) throw new Error(`no runs of ${runName(base, config, withGlean)}`);
    return list;
  }
}

/** The lint rounds: every (code base, config) pair, without and with the plugin, in alternating order. */
async function lintRounds(args: BenchArgs): Promise<LintRuns> {
  const runs = new LintRuns();
  for (let round = 1; round <= args.rounds; round++) {
    for (const base of args.only) {
      for (const config of configsFor(base, args.configs)) {
        const order = !CONFIGS[config].rules ? [false] : round % 2 ? [false, true] : [true, false];
        for (const withGlean of order) {
          const result = await lintOnce(base, config, withGlean);
          runs.add(base, config, withGlean, result);
          process.stderr.write(
            `  round ${round}/${args.rounds} ${runName(base, config, withGlean)}: cpu ${seconds(result.cpuMs)}, rss ${mb(result.maxRssKb)}\n`,
          );
        }
      }
    }
  }
  return runs;
}

/** A with ÷ without ratio: the median, 95% interval and range of the per-round ratios, and min ÷ min. */
interface AddedCost {
  median: number;
  interval: [number, number] | undefined;
  min: number;
  low: number;
  high: number;
}

function addedCost(withPlugin: readonly LintRun[], without: readonly LintRun[], pick: (run: LintRun) => number): AddedCost {
  const ratios = withPlugin.map((run, index) => {
    const pair = without[index];
    if (!pair) throw new Error('a run with the plugin has no run without it in its round');
    return pick(run) / pick(pair);
  });
  return {
    median: median(ratios),
    interval: medianInterval(ratios),
    min: Math.min(...withPlugin.map(pick)) / Math.min(...without.map(pick)),
    low: Math.min(...ratios),
    high: Math.max(...ratios),
  };
}

/** A section of the report: its heading, an optional paragraph on how to read it, and a table's header. */
function printTableStart(title: string, preface: string | undefined, columns: readonly string[]): void {
  console.log('');
  console.log(`### ${title}`);
  console.log('');
  if (preface) {
    console.log(preface);
    console.log('');
  }
  console.log(`| ${columns.join(' | ')} |`);
  console.log(`|${columns.map(() => '---').join('|')}|`);
}

const withRules = (configs: readonly ConfigName[]): ConfigName[] => configs.filter((name) => CONFIGS[name].rules);
/** ESLint's configs with rules: the figures read from ESLint's stats and from inside its run have no oxlint counterpart. */
const eslintWithRules = (configs: readonly ConfigName[]): ConfigName[] => withRules(configs).filter((name) => CONFIGS[name].runtime === 'eslint');
const variantName = (config: ConfigName, withGlean: boolean): string =>
  withGlean ? 'with' : !CONFIGS[config].rules ? '—' : config === 'oxlint' ? 'without (empty JS plugin)' : config === 'oxlint-three' ? 'without (three rules that return no listener)' : config === 'oxlint-loaded' ? 'without (its rules off)' : config === 'oxlint-rules' ? 'without (its rules off; three that return no listener)' : config === 'oxlint-reads' ? 'without (its rules off; three that read settings and text)' : 'without';

function printLintTables(args: BenchArgs, runs: LintRuns): void {
  printTableStart('Absolute figures (median; minimum in brackets)', undefined, ['Code base', 'Config', 'Plugin', 'CPU', 'Lint wall', 'Peak RSS', 'glean reports']);
  for (const base of args.only) {
    for (const config of configsFor(base, args.configs)) {
      for (const withGlean of CONFIGS[config].rules ? [false, true] : [false]) {
        const list = runs.of(base, config, withGlean);
        const cpu = list.map((run) => run.cpuMs);
        const rss = list.map((run) => run.maxRssKb);
        const wall = list.map((run) => run.lintMs);
        console.log(
          `| ${CODE_BASES[base].label} | ${CONFIGS[config].label} | ${variantName(config, withGlean)} | ` +
            `${seconds(median(cpu))} (${seconds(Math.min(...cpu))}) | ${seconds(median(wall))} (${seconds(Math.min(...wall))}) | ` +
            `${mb(median(rss))} (${mb(Math.min(...rss))}) | ${list[0]?.gleanReports} |`,
        );
      }
    }
  }

  printTableStart(
    'What `glean.configs.recommended` adds (with ÷ without, paired by round)',
    'Median of the per-round ratios, its 95% interval (where there are 6 rounds or more), the range of all rounds, and min ÷ min.',
    ['Code base', 'Config', 'CPU: median (95% interval) [range]', 'CPU: min ÷ min', 'Peak RSS: median (95% interval) [range]', 'Peak RSS: min ÷ min'],
  );
  const verdicts: { base: CodeBase; config: ConfigName; cpu: AddedCost; rss: AddedCost }[] = [];
  for (const base of args.only) {
    for (const config of withRules(configsFor(base, args.configs))) {
      const without = runs.of(base, config, false);
      const withPlugin = runs.of(base, config, true);
      const cpu = addedCost(withPlugin, without, (run) => run.cpuMs);
      const rss = addedCost(withPlugin, without, (run) => run.maxRssKb);
      const figure = (cost: AddedCost): string =>
        `${added(cost.median)}${cost.interval ? ` (${added(cost.interval[0])} … ${added(cost.interval[1])})` : ''} [${added(cost.low)} … ${added(cost.high)}]`;
      console.log(`| ${CODE_BASES[base].label} | ${CONFIGS[config].label} | ${figure(cpu)} | ${added(cpu.min)} | ${figure(rss)} | ${added(rss.min)} |`);
      verdicts.push({ base, config, cpu, rss });
    }
  }
  console.log('');
  for (const { base, config, cpu, rss } of verdicts) {
    // Clearly within only when the whole 95% interval (without one, the range) is; a median under the
    // target whose interval reaches above it cannot be told from noise in this run. On code without
    // Glean the target is no measurable cost: an interval that includes 0.
    const verdict = (figure: AddedCost, limit: number | 'none'): string => {
      const [lower, upper] = figure.interval ?? [figure.low, figure.high];
      const judged =
        limit === 'none'
          ? lower <= 1 ? 'not measurable (the interval includes 0)' : 'MEASURABLE'
          : upper <= limit ? `within the target ${added(limit)}`
          : figure.median <= limit ? `median within the target ${added(limit)}, interval reaching above it`
          : `ABOVE the target ${added(limit)}`;
      return `${added(figure.median)} (min ÷ min ${added(figure.min)}): ${judged}`;
    };
    // Under oxlint the Glean SDK's cost is the plugin's real work beside a linter many times faster: no target.
    if (base === 'sdk' && CONFIGS[config].runtime === 'oxlint') {
      console.log(`- ${base}/${config}: CPU ${added(cpu.median)}, peak RSS ${added(rss.median)} over an empty JS plugin: the rules' work on Glean calls.`);
      continue;
    }
    const targets = base === 'sdk' ? { cpu: 1.03, rss: 1.05 } : { cpu: 'none' as const, rss: 'none' as const };
    console.log(`- ${base}/${config}: CPU ${verdict(cpu, targets.cpu)}; peak RSS ${verdict(rss, targets.rss)}.`);
  }
  for (const floor of ['floor', 'oxlint-floor'] as const) {
    if (!args.configs.includes(floor)) continue;
    for (const base of args.only) {
      const cpu = runs.of(base, floor, false).map((run) => run.cpuMs);
      const spread = ((Math.max(...cpu) - Math.min(...cpu)) / median(cpu)) * 100;
      console.log(`- noise: the ${floor} CPU on ${base} spread over ${spread.toFixed(1)}% of its median in this run.`);
    }
  }
  printOxlintBesideEslint(args, runs);
}

/**
 * oxlint beside ESLint on the same code in the same rounds: each oxlint variant's CPU over ESLint's
 * (untyped config) in the same round, so both see the machine at the same moment.
 */
function printOxlintBesideEslint(args: BenchArgs, runs: LintRuns): void {
  if (!args.configs.includes('untyped') || !args.configs.includes('oxlint')) return;
  printTableStart(
    'oxlint beside ESLint (CPU, oxlint ÷ ESLint with @eslint/js + typescript-eslint recommended, paired by round)',
    'Median of the per-round ratios, its 95% interval (6 rounds or more) and range. The plugin\'s row compares oxlint + the ' +
      'plugin with ESLint + the plugin; the empty plugin\'s, oxlint + an empty JS plugin with ESLint without the plugin.',
    ['Code base', 'oxlint + glean ÷ ESLint + glean', 'oxlint + empty JS plugin ÷ ESLint', ...(args.configs.includes('oxlint-floor') ? ['oxlint alone ÷ ESLint'] : [])],
  );
  const ratio = (cost: AddedCost): string =>
    `${(cost.median * 100).toFixed(0)}%${cost.interval ? ` (${(cost.interval[0] * 100).toFixed(0)} … ${(cost.interval[1] * 100).toFixed(0)}%)` : ''} [${(cost.low * 100).toFixed(0)} … ${(cost.high * 100).toFixed(0)}%]`;
  const cpu = (run: LintRun) => run.cpuMs;
  for (const base of args.only) {
    const eslintWithout = runs.of(base, 'untyped', false);
    const cells = [
      ratio(addedCost(runs.of(base, 'oxlint', true), runs.of(base, 'untyped', true), cpu)),
      ratio(addedCost(runs.of(base, 'oxlint', false), eslintWithout, cpu)),
      ...(args.configs.includes('oxlint-floor') ? [ratio(addedCost(runs.of(base, 'oxlint-floor', false), eslintWithout, cpu))] : []),
    ];
    console.log(`| ${CODE_BASES[base].label} | ${cells.join(' | ')} |`);
  }
}

/**
 * The rules' own time from ESLint's `stats`, in pairs of runs without and with the plugin. With type
 * information a rule's time includes the type-checker work it triggers first, and the checker caches
 * what it computes: types the plugin asks for first, the other rules then find ready. So the other
 * rules' time is compared too, each as a share of its own run's parse time (a ratio within one run,
 * which the machine's speed does not move), and what they saved is taken off the plugin's time.
 */
async function printRuleTimes(args: BenchArgs): Promise<void> {
  if (args.statsRuns < 1) return;
  printTableStart(
    `The rules' own time (ESLint \`stats\`, median of ${args.statsRuns} pair(s) of runs)`,
    "Other rules: all rules but the plugin's, as a share of the same run's parse time, without → with the plugin. " +
      "Net: the plugin's rules less what the other rules saved (their share's drop times the parse time), over the lint's CPU.",
    ['Code base', 'Config', 'glean rules', 'all rules', 'glean ÷ lint CPU', 'other rules ÷ parse', 'net ÷ lint CPU'],
  );
  for (const base of args.only) {
    for (const config of eslintWithRules(configsFor(base, args.configs))) {
      const pairs: { without: LintRun; withPlugin: LintRun }[] = [];
      for (let run = 0; run < args.statsRuns; run++) {
        const without = await lintOnce(base, config, false, true);
        pairs.push({ without, withPlugin: await lintOnce(base, config, true, true) });
      }
      const otherShare = (run: LintRun) => (run.allRulesMs - run.gleanRulesMs) / run.parseMs;
      const glean = median(pairs.map(({ withPlugin }) => withPlugin.gleanRulesMs));
      const all = median(pairs.map(({ withPlugin }) => withPlugin.allRulesMs));
      const share = median(pairs.map(({ withPlugin }) => withPlugin.gleanRulesMs / withPlugin.lintCpuMs));
      const net = median(
        pairs.map(({ without, withPlugin }) => {
          const saved = (otherShare(without) - otherShare(withPlugin)) * withPlugin.parseMs;
          return (withPlugin.gleanRulesMs - saved) / withPlugin.lintCpuMs;
        }),
      );
      const others = `${(median(pairs.map(({ without }) => otherShare(without))) * 100).toFixed(0)}% → ${(median(pairs.map(({ withPlugin }) => otherShare(withPlugin))) * 100).toFixed(0)}%`;
      console.log(
        `| ${CODE_BASES[base].label} | ${CONFIGS[config].label} | ${seconds(glean)} | ${seconds(all)} | ${(share * 100).toFixed(1)}% | ${others} | ${points(net)} |`,
      );
    }
  }
}

/** Returns the median import CPU time after ESLint and typescript-eslint are loaded (what a lint run pays). */
async function printImportTimes(args: BenchArgs): Promise<number | undefined> {
  if (args.importRuns < 1) return undefined;
  const modes = IMPORT_MODES.map((mode) => ({ ...mode, runs: new Array<ImportRun>() }));
  for (let run = 0; run < args.importRuns; run++) {
    for (const mode of modes) {
      const job: ChildJob = { kind: 'import', pluginEntry: PLUGIN_ENTRY, preload: mode.preload };
      mode.runs.push((await runChild(job, `import (${mode.label})`)) as ImportRun);
    }
  }
  printTableStart(`Import time of the plugin (dist), ${args.importRuns} fresh processes each`, undefined, ['Mode', 'Wall: median (min)', 'CPU: median (min)']);
  for (const { label, runs } of modes) {
    const wall = runs.map((run) => run.wallMs);
    const cpu = runs.map((run) => run.cpuMs);
    console.log(`| ${label} | ${millis(median(wall))} (${millis(Math.min(...wall))}) | ${millis(median(cpu))} (${millis(Math.min(...cpu))}) |`);
  }
  return median(modes.at(-1)!.runs.map((run) => run.cpuMs));
}


/**
 * The plugin's cost read inside each run rather than between runs: its rules' time (timed by the child's
 * wrapper) over the rest of the run's CPU, the change in the share of CPU spent in garbage-collection
 * pauses (paired by round), and the import. A ratio within one process does not move when the machine's
 * speed does, so this splits the paired figure into what the plugin does and what is noise.
 */
function printOwnCost(args: BenchArgs, runs: LintRuns, importCpuMs: number | undefined): void {
  printTableStart(
    "The plugin's own cost, measured inside each run",
    "Rules: the plugin's `create` and listeners (timed in the run) ÷ the rest of that run's CPU. GC: the share of CPU in " +
      "garbage-collection pauses with the plugin (of its CPU less the rules' time) minus without (paired by round; " +
      'concurrent marking on other threads is not in it). Import: the import\'s CPU after ESLint and typescript-eslint are ' +
      'loaded ÷ the median run without the plugin. Heap: the heap still in use after the run and a full collection, with ' +
      'minus without. Median [range] over the rounds.',
    ['Code base', 'Config', 'Rules', 'GC pauses', 'Import', 'Total', 'Heap retained'],
  );
  for (const base of args.only) {
    for (const config of eslintWithRules(configsFor(base, args.configs))) {
      const without = runs.of(base, config, false);
      const withPlugin = runs.of(base, config, true);
      const own = withPlugin.map((run) => run.ownMs / (run.cpuMs - run.ownMs));
      // The plugin's own time is left out of the share's base, or it would dilute the share with the plugin.
      const gc = withPlugin.map((run, index) => run.gcPauseMs / (run.cpuMs - run.ownMs) - without[index]!.gcPauseMs / without[index]!.cpuMs);
      const imported = importCpuMs === undefined ? 0 : importCpuMs / median(without.map((run) => run.cpuMs));
      const total = own.map((share, index) => share + gc[index]! + imported);
      const heap = median(withPlugin.map((run, index) => run.heapAfterKb - without[index]!.heapAfterKb));
      const heapShare = heap / median(without.map((run) => run.maxRssKb));
      console.log(
        `| ${CODE_BASES[base].label} | ${CONFIGS[config].label} | ${spanOf(own)} | ${spanOf(gc)} | ` +
          `${importCpuMs === undefined ? 'not timed' : points(imported)} | ${spanOf(total)} | ${(heap / 1024).toFixed(1)} MB (${points(heapShare)} of peak RSS) |`,
      );
    }
  }
}

/** The installed version of package `name`. */
function versionOf(name: string, modules = join(ROOT, 'node_modules')): string {
  const manifest = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  if (!existsSync(PLUGIN_ENTRY)) throw new Error('dist/ is missing: run `npm run build` (npm run bench does).');
  if (!args.importOnly && (args.only.includes('lookalike') || args.only.includes('clients'))) installLookalikes('Run with --only=sdk to time the Glean SDK only.');
  if (!args.importOnly && args.only.includes('app')) {
    installLocked(APP_DIR, 'the application code base (fixtures/bench-app)', 'Run with --only=sdk,lookalike to leave it out.');
    copyAppSources();
  }
  writeChildScript();
  if (args.configs.some((config) => CONFIGS[config].runtime === 'oxlint')) await writeOxlintConfigs();
  console.log('## eslint-plugin-glean benchmark');
  console.log('');
  console.log(`- machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load average at start ${loadAverage()}`);
  console.log(
    `- Node ${process.version}, ESLint ${versionOf('eslint')}, typescript-eslint ${versionOf('typescript-eslint')}, TypeScript ${versionOf('typescript')}, oxlint ${versionOf('oxlint')}`,
  );
  if (!args.importOnly) {
    for (const base of args.only) {
      if (CODE_BASES[base].typed) writeTsconfig(base);
      const { label, pkg, modules, dirs } = CODE_BASES[base];
      console.log(`- ${base}: ${label}, ${pkg} ${versionOf(pkg, modules)}, ${filesOf(dirs()).length} files`);
    }
    console.log(`- ${args.rounds} round(s); each round runs every variant once, in a fresh process`);
    const runs = await lintRounds(args);
    printLintTables(args, runs);
    await printRuleTimes(args);
    printOwnCost(args, runs, await printImportTimes(args));
  } else {
    await printImportTimes(args);
  }
  console.log('');
  console.log(`Total bench time: ${seconds(performance.now() - started)}; load average at the end ${loadAverage()}.`);
}

await main();
