// `npm run bench`: what `glean.configs.recommended` adds to the ESLint configs users actually run,
// measured on this machine in one run. A script that prints figures; it asserts nothing.
//
// Code bases (TypeScript sources, no declarations):
//   sdk        the Glean SDK's own sources (node_modules/@gleanwork/api-client/src): Glean-dense, a
//              third of the files call Glean, so the rules have real work;
//   lookalike  the OpenAI SDK's sources (fixtures/corpus/node_modules/openai/src, installed like
//              `npm run test:corpus` does): full of paths, runs and requests, never Glean.
// Configs, each without and with `glean.configs.recommended`:
//   floor      typescript-eslint's parser and no rules: a reference row (no plugin variant);
//   untyped    @eslint/js recommended + typescript-eslint recommended;
//   typed      @eslint/js recommended + typescript-eslint recommendedTypeChecked, with type
//              information (a tsconfig per code base under .tmp/bench).
// Every run is a fresh child `node` process, so CPU time and peak memory (max RSS) are the run's
// alone; CPU is the whole process (start-up, loading ESLint and the plugin, linting). Runs are
// interleaved: each round runs every variant once, and the two runs of a pair (without, with the
// plugin) follow each other in alternating order, so a slow moment on the machine is shared out.
// The added cost is read per round (with ÷ without of the same round); the table gives the median of
// those ratios and their range (the spread), and the ratio of the two minimums, which is the least
// disturbed figure on a busy machine.
//
// Then: the rules' own time (`stats: true`, separate runs, since timing every listener costs time
// itself), and the plugin's import time in fresh processes: cold, and after what an ESLint run has
// loaded before it reads the config (ESLint; ESLint and typescript-eslint).
//
// Options: --rounds=N (default 3), --stats-runs=N (default 1; 0 skips), --import-runs=N (default 15;
// 0 skips), --only=sdk,lookalike (code bases), --configs=floor,untyped,typed, --import-only.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { installLookalikes, LOOKALIKE_MODULES } from './lookalike-corpus.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BENCH_DIR = join(ROOT, '.tmp', 'bench');
const PLUGIN_ENTRY = join(ROOT, 'dist', 'src', 'index.js');
const NOW = '2026-11-23';

const CODE_BASES = {
  sdk: { label: 'Glean SDK sources', dir: join(ROOT, 'node_modules', '@gleanwork', 'api-client', 'src'), pkg: '@gleanwork/api-client' },
  lookalike: { label: 'OpenAI SDK sources (no Glean)', dir: join(LOOKALIKE_MODULES, 'openai', 'src'), pkg: 'openai' },
};
const CONFIGS = {
  floor: { label: 'floor: parser, no rules', typed: false, rules: false },
  untyped: { label: '@eslint/js + typescript-eslint recommended', typed: false, rules: true },
  typed: { label: '@eslint/js + typescript-eslint recommendedTypeChecked (typed)', typed: true, rules: true },
};

const TS_FILES = ['**/*.ts', '**/*.mts', '**/*.cts'];
const tsconfigOf = (base) => join(BENCH_DIR, `tsconfig.${base}.json`);

/** A code base's files, sorted: its .ts/.mts/.cts sources without declarations. */
function filesOf(dir) {
  const files = [];
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && /\.[cm]?ts$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) files.push(path);
    }
  };
  visit(dir);
  return files.sort();
}

// ---------------------------------------------------------------------------------------------------
// Child: lint one code base once with one variant, print one line of JSON.

async function child({ base, config: configName, glean: withGlean, stats }) {
  const variant = CONFIGS[configName];
  const { ESLint } = await import('eslint');
  const { default: js } = await import('@eslint/js');
  const { default: tseslint } = await import('typescript-eslint');
  const glean = withGlean ? (await import(pathToFileURL(PLUGIN_ENTRY).href)).default : undefined;
  const files = filesOf(CODE_BASES[base].dir);

  const parserOptions = variant.typed ? { project: tsconfigOf(base), tsconfigRootDir: ROOT } : {};
  const config = [
    ...(variant.rules
      ? [js.configs.recommended, ...(variant.typed ? tseslint.configs.recommendedTypeChecked : tseslint.configs.recommended)]
      : []),
    // `files` makes ESLint lint .ts files in the floor too (the shared configs name them themselves).
    { files: TS_FILES, languageOptions: { parser: tseslint.parser, parserOptions } },
    // Vendored code: its own disable comments must not change what runs.
    { linterOptions: { reportUnusedDisableDirectives: 'off', noInlineConfig: true } },
    ...(glean ? [glean.configs.recommended, { settings: { glean: { now: NOW } } }] : []),
  ];
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: config,
    ignorePatterns: ['!**/node_modules/'],
    cache: false,
    stats,
  });
  const lintStarted = performance.now();
  const lintCpuStarted = process.cpuUsage();
  const results = await eslint.lintFiles(files);
  const lintCpu = process.cpuUsage(lintCpuStarted);
  const lintMs = performance.now() - lintStarted;

  let gleanRulesMs = 0;
  let allRulesMs = 0;
  for (const result of results) {
    for (const pass of result.stats?.times.passes ?? []) {
      for (const [ruleId, time] of Object.entries(pass.rules ?? {})) {
        allRulesMs += time.total;
        if (ruleId.startsWith('glean/')) gleanRulesMs += time.total;
      }
    }
  }
  const messages = results.flatMap((result) => result.messages);
  const fatal = messages.filter((message) => message.fatal);
  // A file that no config matches comes back unlinted, with a warning instead of an error.
  const skipped = messages.filter((message) => message.ruleId === null && message.message.startsWith('File ignored'));
  const cpu = process.cpuUsage();
  process.stdout.write(
    JSON.stringify({
      files: results.length,
      gleanReports: messages.filter((message) => message.ruleId?.startsWith('glean/')).length,
      fatal: fatal.length + skipped.length,
      firstFatal: [...fatal, ...skipped][0]?.message,
      lintMs,
      lintCpuMs: (lintCpu.user + lintCpu.system) / 1000,
      cpuMs: (cpu.user + cpu.system) / 1000,
      maxRssKb: process.resourceUsage().maxRSS,
      gleanRulesMs,
      allRulesMs,
    }) + '\n',
  );
}

/** What is loaded, untimed, before the plugin's import is timed: nothing, or what an ESLint run has loaded by then. */
const IMPORT_MODES = {
  cold: { label: 'cold: a fresh `node`, the plugin alone', preload: [] },
  eslint: { label: 'after ESLint is loaded (a JavaScript project)', preload: ['eslint'] },
  'typescript-eslint': { label: 'after ESLint and typescript-eslint are loaded', preload: ['eslint', 'typescript-eslint'] },
};

/** Import-time child: loads the mode's modules first (not timed), then times importing the plugin. */
async function importChild(mode) {
  for (const name of IMPORT_MODES[mode].preload) await import(name);
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  await import(pathToFileURL(PLUGIN_ENTRY).href);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  process.stdout.write(JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000 }) + '\n');
}

// ---------------------------------------------------------------------------------------------------
// Parent: runs the children, prints the tables.

function runChild(args) {
  const argv = [fileURLToPath(import.meta.url), ...args];
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    proc.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${args.join(' ')} failed (exit ${code}):\n${stderr}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)));
    });
  });
}

async function lintOnce(base, config, withGlean, stats = false) {
  const result = await runChild([`--child=${base}`, `--config=${config}`, ...(withGlean ? ['--glean'] : []), ...(stats ? ['--stats'] : [])]);
  if (result.fatal > 0) throw new Error(`${base}/${config}: ${result.fatal} files were not linted (${result.firstFatal})`);
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (kb) => `${Math.round(kb / 1024).toLocaleString('en-US')} MB`;
const millis = (ms) => `${ms.toFixed(0)} ms`;
/** A ratio as an added percentage: 1.034 → `+3.4%`. */
const added = (ratio) => `${ratio >= 1 ? '+' : '−'}${Math.abs((ratio - 1) * 100).toFixed(1)}%`;

function writeTsconfig(base) {
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
    include: TS_FILES.map((pattern) => relative(BENCH_DIR, join(CODE_BASES[base].dir, pattern))),
  };
  writeFileSync(tsconfigOf(base), JSON.stringify(config, null, 2) + '\n');
}

function parseArgs(argv) {
  const args = {
    rounds: 3,
    statsRuns: 1,
    importRuns: 15,
    only: Object.keys(CODE_BASES),
    configs: Object.keys(CONFIGS),
    importOnly: false,
    child: undefined,
    config: undefined,
    glean: false,
    stats: false,
    importChild: undefined,
  };
  const list = (value, known, option) => {
    const names = value.split(',');
    for (const name of names) if (!(name in known)) throw new Error(`${option}: unknown ${name} (known: ${Object.keys(known).join(', ')})`);
    return names;
  };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'rounds') args.rounds = Number(value);
    else if (key === 'stats-runs') args.statsRuns = Number(value);
    else if (key === 'import-runs') args.importRuns = Number(value);
    else if (key === 'only') args.only = list(value, CODE_BASES, '--only');
    else if (key === 'configs') args.configs = list(value, CONFIGS, '--configs');
    else if (key === 'import-only') args.importOnly = true;
    else if (key === 'child') args.child = value;
    else if (key === 'config') args.config = value;
    else if (key === 'glean') args.glean = true;
    else if (key === 'stats') args.stats = true;
    else if (key === 'import-child') args.importChild = value;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!(args.rounds >= 1)) throw new Error('--rounds: a number ≥ 1');
  return args;
}

/** The lint rounds: every (code base, config) pair, without and with the plugin, in alternating order. */
async function lintRounds(args) {
  const runs = {};
  const key = (base, config, withGlean) => `${base}/${config}/${withGlean ? 'glean' : 'base'}`;
  for (let round = 1; round <= args.rounds; round++) {
    for (const base of args.only) {
      for (const config of args.configs) {
        const order = !CONFIGS[config].rules ? [false] : round % 2 ? [false, true] : [true, false];
        for (const withGlean of order) {
          const result = await lintOnce(base, config, withGlean);
          (runs[key(base, config, withGlean)] ??= []).push(result);
          process.stderr.write(
            `  round ${round}/${args.rounds} ${key(base, config, withGlean)}: cpu ${seconds(result.cpuMs)}, rss ${mb(result.maxRssKb)}\n`,
          );
        }
      }
    }
  }
  return { runs, key };
}

function printLintTables(args, { runs, key }) {
  console.log('');
  console.log('### Absolute figures (median; minimum in brackets)');
  console.log('');
  console.log('| Code base | Config | Plugin | CPU | Lint wall | Peak RSS | glean reports |');
  console.log('|---|---|---|---|---|---|---|');
  for (const base of args.only) {
    for (const config of args.configs) {
      for (const withGlean of CONFIGS[config].rules ? [false, true] : [false]) {
        const list = runs[key(base, config, withGlean)];
        const cpu = list.map((run) => run.cpuMs);
        const rss = list.map((run) => run.maxRssKb);
        const wall = list.map((run) => run.lintMs);
        console.log(
          `| ${CODE_BASES[base].label} | ${CONFIGS[config].label} | ${withGlean ? 'with' : CONFIGS[config].rules ? 'without' : '—'} | ` +
            `${seconds(median(cpu))} (${seconds(Math.min(...cpu))}) | ${seconds(median(wall))} (${seconds(Math.min(...wall))}) | ` +
            `${mb(median(rss))} (${mb(Math.min(...rss))}) | ${list[0].gleanReports} |`,
        );
      }
    }
  }

  console.log('');
  console.log('### What `glean.configs.recommended` adds (with ÷ without, paired by round)');
  console.log('');
  console.log('| Code base | Config | CPU: median [range] | CPU: min ÷ min | Peak RSS: median [range] | Peak RSS: min ÷ min |');
  console.log('|---|---|---|---|---|---|');
  const verdicts = [];
  for (const base of args.only) {
    for (const config of args.configs.filter((name) => CONFIGS[name].rules)) {
      const without = runs[key(base, config, false)];
      const withPlugin = runs[key(base, config, true)];
      const paired = (pick) => withPlugin.map((run, index) => pick(run) / pick(without[index]));
      const cpuRatios = paired((run) => run.cpuMs);
      const rssRatios = paired((run) => run.maxRssKb);
      const minRatio = (pick) => Math.min(...withPlugin.map(pick)) / Math.min(...without.map(pick));
      const cpu = { median: median(cpuRatios), min: minRatio((run) => run.cpuMs), low: Math.min(...cpuRatios), high: Math.max(...cpuRatios) };
      const rss = { median: median(rssRatios), min: minRatio((run) => run.maxRssKb), low: Math.min(...rssRatios), high: Math.max(...rssRatios) };
      console.log(
        `| ${CODE_BASES[base].label} | ${CONFIGS[config].label} | ${added(cpu.median)} [${added(cpu.low)} … ${added(cpu.high)}] | ${added(cpu.min)} | ` +
          `${added(rss.median)} [${added(rss.low)} … ${added(rss.high)}] | ${added(rss.min)} |`,
      );
      verdicts.push({ base, config, cpu, rss });
    }
  }
  console.log('');
  for (const { base, config, cpu, rss } of verdicts) {
    // A median inside the round-to-round range around 0 cannot be told from noise.
    const noise = (figure) => (figure.low <= 1 && figure.high >= 1 ? ', its range includes 0' : '');
    const verdict = (figure, limit) =>
      `${added(figure.median)} (min ÷ min ${added(figure.min)}${noise(figure)}): ${figure.median <= limit ? 'within' : 'ABOVE'} the target ${added(limit)}`;
    const targets = base === 'lookalike' ? { cpu: 1, rss: 1 } : { cpu: 1.03, rss: 1.05 };
    console.log(`- ${base}/${config}: CPU ${verdict(cpu, targets.cpu)}; peak RSS ${verdict(rss, targets.rss)}.`);
  }
  const floorRuns = args.configs.includes('floor') ? args.only.map((base) => runs[key(base, 'floor', false)]) : [];
  for (const [index, list] of floorRuns.entries()) {
    const cpu = list.map((run) => run.cpuMs);
    const spread = ((Math.max(...cpu) - Math.min(...cpu)) / median(cpu)) * 100;
    console.log(`- noise: the floor's CPU on ${args.only[index]} spread over ${spread.toFixed(1)}% of its median in this run.`);
  }
}

async function printRuleTimes(args) {
  if (args.statsRuns < 1) return;
  console.log('');
  console.log(`### The rules' own time (ESLint \`stats\`, median of ${args.statsRuns} run(s) with the plugin)`);
  console.log('');
  console.log('| Code base | Config | glean rules | all rules | glean ÷ lint CPU |');
  console.log('|---|---|---|---|---|');
  for (const base of args.only) {
    for (const config of args.configs.filter((name) => CONFIGS[name].rules)) {
      const list = [];
      for (let run = 0; run < args.statsRuns; run++) list.push(await lintOnce(base, config, true, true));
      const glean = median(list.map((run) => run.gleanRulesMs));
      const all = median(list.map((run) => run.allRulesMs));
      const lintCpu = median(list.map((run) => run.lintCpuMs));
      console.log(`| ${CODE_BASES[base].label} | ${CONFIGS[config].label} | ${seconds(glean)} | ${seconds(all)} | ${((glean / lintCpu) * 100).toFixed(1)}% |`);
    }
  }
}

async function printImportTimes(args) {
  if (args.importRuns < 1) return;
  const results = Object.fromEntries(Object.keys(IMPORT_MODES).map((mode) => [mode, []]));
  for (let run = 0; run < args.importRuns; run++) {
    for (const mode of Object.keys(IMPORT_MODES)) results[mode].push(await runChild([`--import-child=${mode}`]));
  }
  console.log('');
  console.log(`### Import time of the plugin (dist), ${args.importRuns} fresh processes each`);
  console.log('');
  console.log('| Mode | Wall: median (min) | CPU: median (min) |');
  console.log('|---|---|---|');
  for (const [mode, { label }] of Object.entries(IMPORT_MODES)) {
    const wall = results[mode].map((run) => run.wallMs);
    const cpu = results[mode].map((run) => run.cpuMs);
    console.log(`| ${label} | ${millis(median(wall))} (${millis(Math.min(...wall))}) | ${millis(median(cpu))} (${millis(Math.min(...cpu))}) |`);
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) return child({ base: args.child, config: args.config, glean: args.glean, stats: args.stats });
  if (args.importChild) return importChild(args.importChild);

  const started = performance.now();
  if (!existsSync(PLUGIN_ENTRY)) throw new Error('dist/ is missing: run `npm run build` (npm run bench does).');
  if (!args.importOnly && args.only.includes('lookalike')) installLookalikes('Run with --only=sdk to time the Glean SDK only.');
  const pkg = (name, dir = join(ROOT, 'node_modules')) => JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')).version;
  console.log('## eslint-plugin-glean benchmark');
  console.log('');
  console.log(`- machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load average at start ${loadavg().map((value) => value.toFixed(2)).join(', ')}`);
  console.log(`- Node ${process.version}, ESLint ${pkg('eslint')}, typescript-eslint ${pkg('typescript-eslint')}, TypeScript ${pkg('typescript')}`);
  if (!args.importOnly) {
    for (const base of args.only) {
      writeTsconfig(base);
      const version = pkg(CODE_BASES[base].pkg, base === 'lookalike' ? LOOKALIKE_MODULES : undefined);
      console.log(`- ${base}: ${CODE_BASES[base].label}, ${CODE_BASES[base].pkg} ${version}, ${filesOf(CODE_BASES[base].dir).length} files`);
    }
    console.log(`- ${args.rounds} round(s); each round runs every variant once, in a fresh process`);
    printLintTables(args, await lintRounds(args));
    await printRuleTimes(args);
  }
  await printImportTimes(args);
  console.log('');
  console.log(`Total bench time: ${seconds(performance.now() - started)}; load average at the end ${loadavg().map((value) => value.toFixed(2)).join(', ')}.`);
}

await main();
