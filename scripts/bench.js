// `npm run bench`: what the plugin costs, measured on this machine in one run.
//
// Corpus: the Glean SDK's own TypeScript sources (node_modules/@gleanwork/api-client/src/**/*.ts)
// plus fixtures/demo. Variants, each linted in a fresh child `node` process so that time and memory
// are the variant's alone:
//   floor        ESLint with typescript-eslint's parser (espree for .js) and no rules;
//   empty-rule   the floor plus one rule that does nothing (`Program() {}`): ESLint's own cost of
//                running rules at all, which no plugin can avoid (a reference, not a target);
//   recommended  the floor plus glean.configs.recommended;
//   typed floor  the parser with type information (a tsconfig under .tmp/bench) and no rules;
//   typed        type information plus glean.configs.recommended (the plugin's typed field checks);
//   peer         type information plus typescript-eslint's type-aware @typescript-eslint/no-deprecated.
// Two diagnostic variants repeat empty-rule and recommended with one ESLint internal changed in the
// child process: ESLint builds every rule's context with `Object.create(fileContext)`, a fresh
// prototype per file. V8 gives each new prototype its own map in old space, and that map keeps the
// file's context, source code and AST alive through young-generation collections, so every file's
// tree is copied and promoted instead of dying young. The patch builds the same context on the shared
// `FileContext.prototype` instead. It shows which part of the cost is ESLint's and which is ours;
// the plugin itself never patches ESLint.
// Runs are interleaved (one of each variant per round) so that a slow moment on the machine is
// shared out; the table gives medians. Time and memory come from runs without ESLint's `stats`
// (timing every rule listener costs time itself); the rules' own time comes from separate runs with
// `stats: true`.
//
// Options: --runs=N (timed runs per variant, default 5), --stats-runs=N (default 2),
// --only=floor,recommended (a subset of variants).
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, extname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SDK_SRC = join(ROOT, 'node_modules', '@gleanwork', 'api-client', 'src');
const DEMO = join(ROOT, 'fixtures', 'demo');
const BENCH_DIR = join(ROOT, '.tmp', 'bench');
const TSCONFIG = join(BENCH_DIR, 'tsconfig.json');
const NOW = '2026-11-23';

const VARIANTS = {
  floor: { label: 'floor: TS parser, no rules', typed: false, glean: false, peer: false },
  'empty-rule': { label: 'one empty rule (what any rule costs)', typed: false, glean: false, peer: false, empty: true },
  recommended: { label: 'glean.configs.recommended', typed: false, glean: true, peer: false },
  'typed-floor': { label: 'type information, no rules', typed: true, glean: false, peer: false },
  typed: { label: 'type information + recommended', typed: true, glean: true, peer: false },
  peer: { label: 'peer: @typescript-eslint/no-deprecated (typed)', typed: true, glean: false, peer: true },
  'empty-rule-shared': {
    label: 'diagnostic: one empty rule, ESLint patched (no per-file context prototype)',
    typed: false, glean: false, peer: false, empty: true, sharedContext: true,
  },
  'recommended-shared': {
    label: 'diagnostic: recommended, ESLint patched (no per-file context prototype)',
    typed: false, glean: true, peer: false, sharedContext: true,
  },
};

/** The diagnostic patch: rule contexts built on the shared class prototype, with the same own properties. */
async function shareRuleContextPrototype() {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const eslintLib = dirname(require.resolve('eslint'));
  const { FileContext } = require(join(eslintLib, 'linter', 'file-context.js'));
  if (typeof FileContext?.prototype?.extend !== 'function') throw new Error('this ESLint has no FileContext#extend to patch');
  FileContext.prototype.extend = function extend(extension) {
    return Object.freeze(Object.assign(Object.create(FileContext.prototype), this, extension));
  };
}

const EMPTY_PLUGIN = {
  rules: { empty: { meta: { type: 'problem', schema: [] }, create: () => ({ Program() {} }) } },
};

/** The corpus, sorted: the SDK's .ts sources and every .js/.ts file of the demo. */
function corpusFiles() {
  const files = [];
  const visit = (dir, keep) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path, keep);
      else if (entry.isFile() && keep(entry.name)) files.push(path);
    }
  };
  visit(SDK_SRC, (name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));
  visit(DEMO, (name) => ['.js', '.ts'].includes(extname(name)) && !name.endsWith('.d.ts'));
  return files.sort();
}

// ---------------------------------------------------------------------------------------------------
// Child: lint the corpus once with one variant, print one line of JSON.

async function child(name, withStats) {
  const started = performance.now();
  const variant = VARIANTS[name];
  if (variant.sharedContext) await shareRuleContextPrototype();
  const { ESLint } = await import('eslint');
  const { default: tseslint } = await import('typescript-eslint');
  const { default: glean } = await import('../dist/src/index.js');
  const files = corpusFiles();

  const tsLanguage = variant.typed
    ? { parser: tseslint.parser, parserOptions: { project: TSCONFIG, tsconfigRootDir: ROOT } }
    : { parser: tseslint.parser };
  const config = [
    { files: ['**/*.ts'], languageOptions: tsLanguage },
    { linterOptions: { reportUnusedDisableDirectives: 'off', noInlineConfig: true } },
    ...(variant.empty ? [{ plugins: { bench: EMPTY_PLUGIN }, rules: { 'bench/empty': 'error' } }] : []),
    ...(variant.glean ? [glean.configs.recommended, { settings: { glean: { now: NOW } } }] : []),
    ...(variant.peer
      ? [
          {
            files: ['**/*.ts'],
            plugins: { '@typescript-eslint': tseslint.plugin },
            rules: { '@typescript-eslint/no-deprecated': 'warn' },
          },
        ]
      : []),
  ];
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: config,
    ignorePatterns: ['!**/node_modules/'],
    cache: false,
    stats: withStats,
  });
  const loaded = performance.now();
  const results = await eslint.lintFiles(files);
  const linted = performance.now();

  const ruleTimes = {};
  let parseTime = 0;
  for (const result of results) {
    for (const pass of result.stats?.times.passes ?? []) {
      parseTime += pass.parse?.total ?? 0;
      for (const [ruleId, time] of Object.entries(pass.rules ?? {})) ruleTimes[ruleId] = (ruleTimes[ruleId] ?? 0) + time.total;
    }
  }
  const messages = results.flatMap((result) => result.messages);
  const fatal = messages.filter((message) => message.fatal);
  const cpu = process.cpuUsage();
  process.stdout.write(
    JSON.stringify({
      files: results.length,
      reports: messages.filter((message) => message.ruleId).length,
      fatal: fatal.length,
      firstFatal: fatal[0] ? `${fatal[0].message}` : undefined,
      loadMs: loaded - started,
      lintMs: linted - loaded,
      cpuMs: (cpu.user + cpu.system) / 1000,
      maxRssKb: process.resourceUsage().maxRSS,
      ruleMs: ruleTimes,
      parseMs: parseTime,
    }) + '\n',
  );
}

// ---------------------------------------------------------------------------------------------------
// Parent: runs the children, prints the table.

function runChild(name, withStats) {
  const args = [fileURLToPath(import.meta.url), `--child=${name}`, ...(withStats ? ['--stats'] : [])];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    proc.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) return reject(new Error(`variant ${name} failed (exit ${code}):\n${stderr}`));
      resolve({ ...JSON.parse(stdout.trim().split('\n').at(-1)), processMs: performance.now() - started });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const ratio = (value, floor) => `${(value / floor).toFixed(2)}×`;

function writeTsconfig() {
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
    include: [relative(BENCH_DIR, join(SDK_SRC, '**', '*.ts')), relative(BENCH_DIR, join(DEMO, '**', '*.ts'))],
  };
  writeFileSync(TSCONFIG, JSON.stringify(config, null, 2) + '\n');
}

function parseArgs(argv) {
  const args = { runs: 5, statsRuns: 2, only: Object.keys(VARIANTS), child: undefined, stats: false };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'runs') args.runs = Number(value);
    else if (key === 'stats-runs') args.statsRuns = Number(value);
    else if (key === 'only') args.only = value.split(',');
    else if (key === 'child') args.child = value;
    else if (key === 'stats') args.stats = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  for (const name of args.only) if (!(name in VARIANTS)) throw new Error(`unknown variant ${name}`);
  if (!args.only.includes('floor')) args.only.unshift('floor');
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) return child(args.child, args.stats);

  const started = performance.now();
  writeTsconfig();
  const files = corpusFiles();
  const pkg = (name) => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  const load = loadavg().map((value) => value.toFixed(2)).join(', ');
  console.log(`# eslint-plugin-glean benchmark`);
  console.log('');
  console.log(`- machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);
  console.log(`- Node ${process.version}, ESLint ${pkg('eslint')}, typescript-eslint ${pkg('typescript-eslint')}, TypeScript ${pkg('typescript')}`);
  console.log(
    `- corpus: ${files.length} files (${files.filter((file) => file.startsWith(SDK_SRC)).length} from @gleanwork/api-client ${pkg('@gleanwork/api-client')} src/, ` +
      `${files.filter((file) => file.startsWith(DEMO)).length} from fixtures/demo)`,
  );
  console.log(`- ${args.runs} timed runs per variant (medians), ${args.statsRuns} with stats: true for the rules' own time; load average at start ${load}`);

  const timed = Object.fromEntries(args.only.map((name) => [name, []]));
  const stats = Object.fromEntries(args.only.map((name) => [name, []]));
  for (let round = 1; round <= args.runs; round++) {
    for (const name of args.only) {
      const result = await runChild(name, false);
      if (result.fatal > 0) throw new Error(`variant ${name}: ${result.fatal} files failed to parse (${result.firstFatal})`);
      timed[name].push(result);
      process.stderr.write(`  round ${round}/${args.runs} ${name}: lint ${seconds(result.lintMs)}, cpu ${seconds(result.cpuMs)}, rss ${mb(result.maxRssKb)}\n`);
    }
  }
  for (let round = 1; round <= args.statsRuns; round++) {
    for (const name of args.only) {
      if (name === 'floor' || name === 'typed-floor' || name.startsWith('empty-rule')) continue;
      stats[name].push(await runChild(name, true));
      process.stderr.write(`  stats ${round}/${args.statsRuns} ${name}\n`);
    }
  }

  const summary = Object.fromEntries(
    args.only.map((name) => {
      const runs = timed[name];
      const ruleIds = [...new Set(stats[name].flatMap((run) => Object.keys(run.ruleMs)))];
      return [
        name,
        {
          lint: median(runs.map((run) => run.lintMs)),
          lintMin: Math.min(...runs.map((run) => run.lintMs)),
          lintMax: Math.max(...runs.map((run) => run.lintMs)),
          process: median(runs.map((run) => run.processMs)),
          cpu: median(runs.map((run) => run.cpuMs)),
          rss: median(runs.map((run) => run.maxRssKb)),
          reports: runs[0].reports,
          rules: ruleIds.length > 0 ? median(stats[name].map((run) => ruleIds.reduce((sum, id) => sum + (run.ruleMs[id] ?? 0), 0))) : undefined,
          statsLint: stats[name].length > 0 ? median(stats[name].map((run) => run.lintMs)) : undefined,
        },
      ];
    }),
  );

  const floor = summary.floor;
  const typedFloor = summary['typed-floor'];
  console.log('');
  console.log('| Variant | Lint wall (median; min–max) | × floor | Process wall | CPU (process) | × floor | Peak RSS | × floor | Rules\' own time (stats) | Reports |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const name of args.only) {
    const s = summary[name];
    const rules = s.rules === undefined ? '—' : `${seconds(s.rules)} (${((s.rules / s.statsLint) * 100).toFixed(1)}% of its lint)`;
    console.log(
      `| ${VARIANTS[name].label} | ${seconds(s.lint)} (${seconds(s.lintMin)}–${seconds(s.lintMax)}) | ${ratio(s.lint, floor.lint)} | ` +
        `${seconds(s.process)} | ${seconds(s.cpu)} | ${ratio(s.cpu, floor.cpu)} | ${mb(s.rss)} | ${ratio(s.rss, floor.rss)} | ${rules} | ${s.reports} |`,
    );
  }
  console.log('');
  const rec = summary.recommended;
  const spread = ((floor.lintMax - floor.lintMin) / floor.lint) * 100;
  if (rec) {
    const verdict = (value, limit) => (value <= limit ? 'met' : 'NOT met');
    console.log(
      `recommended vs floor: lint wall ${ratio(rec.lint, floor.lint)}, CPU ${ratio(rec.cpu, floor.cpu)}, peak RSS ${ratio(rec.rss, floor.rss)}.`,
    );
    console.log(
      `  target time ≤ 1.05×: ${verdict(rec.lint / floor.lint, 1.05)} on wall time, ${verdict(rec.cpu / floor.cpu, 1.05)} on CPU time; ` +
        `target memory ≤ 1.10×: ${verdict(rec.rss / floor.rss, 1.1)}.`,
    );
    if (timed.floor.length >= 3) {
      console.log(
        `  noise: the floor's own lint wall times spread over ${spread.toFixed(0)}% of their median in this run` +
          (spread > 10 ? ' (a busy machine): read the CPU ratio, not the wall ratio.' : '.'),
      );
    } else {
      console.log('  noise: too few runs to tell (use --runs=5 or more).');
    }
  }
  const empty = summary['empty-rule'];
  if (rec && empty) {
    console.log(`recommended vs one empty rule: lint time ${ratio(rec.lint, empty.lint)}, CPU ${ratio(rec.cpu, empty.cpu)}, peak RSS ${ratio(rec.rss, empty.rss)}`);
  }
  const emptyShared = summary['empty-rule-shared'];
  const recShared = summary['recommended-shared'];
  if (emptyShared && recShared) {
    console.log(
      `with ESLint's per-file context prototype removed: one empty rule ${ratio(emptyShared.lint, floor.lint)} wall, ${ratio(emptyShared.cpu, floor.cpu)} CPU; ` +
        `recommended ${ratio(recShared.lint, floor.lint)} wall, ${ratio(recShared.cpu, floor.cpu)} CPU, ${ratio(recShared.rss, floor.rss)} peak RSS of the floor.`,
    );
  }
  if (typedFloor && summary.typed) {
    console.log(`typed vs typed floor: lint time ${ratio(summary.typed.lint, typedFloor.lint)}, CPU ${ratio(summary.typed.cpu, typedFloor.cpu)}, peak RSS ${ratio(summary.typed.rss, typedFloor.rss)}`);
  }
  if (typedFloor && summary.peer) {
    console.log(`peer vs typed floor: lint time ${ratio(summary.peer.lint, typedFloor.lint)}, CPU ${ratio(summary.peer.cpu, typedFloor.cpu)}, peak RSS ${ratio(summary.peer.rss, typedFloor.rss)}`);
  }
  console.log(`\nLint wall: ESLint's lintFiles() in the child; process wall and CPU include Node start-up and loading ESLint, the parser and the plugin.`);
  console.log(`Total bench time: ${seconds(performance.now() - started)}; load average at the end ${loadavg().map((value) => value.toFixed(2)).join(', ')}.`);
}

await main();
