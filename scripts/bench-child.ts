// One measured run of `npm run bench` (scripts/bench.ts): lint a code base once with one config (with
// ESLint in this process, or with oxlint in a process of its own), or time the plugin's import, in a
// fresh plain `node` process, and print one line of JSON.
//
// What this process loads is what is measured, so it is not run through jiti: the bench transpiles
// this file alone (types stripped) to .tmp/bench/ and starts `node` on the result. Hence it imports
// only Node's modules and packages, never a sibling script, and gets everything else in its job.
import type { ESLint as ESLintApi, Linter } from 'eslint';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GleanPlugin } from '../src/index.js';

/** Lint every TypeScript source of `dirs` once. */
export interface LintJob {
  kind: 'lint';
  /** The tsconfig's root. */
  root: string;
  /** ESLint's working directory: the code base's own folder, as a user runs ESLint from their project's root. */
  cwd: string;
  dirs: readonly string[];
  pluginEntry: string;
  /** The `glean.now` setting, so that lifecycle dates do not depend on the day of the run. */
  now: string;
  /** typescript-eslint's recommendedTypeChecked with type information from `tsconfig`. */
  typed: boolean;
  tsconfig: string;
  /** @eslint/js and typescript-eslint recommended; without them, the parser alone (the floor). */
  rules: boolean;
  withGlean: boolean;
  /** ESLint's `stats` (per-rule times), which cost time themselves. */
  stats: boolean;
}

/** Lint every TypeScript source of `dirs` once with oxlint (`bin`, its launcher) and `config` (an .oxlintrc.json). */
export interface OxlintJob {
  kind: 'oxlint';
  dirs: readonly string[];
  bin: string;
  config: string;
  /** oxlint's working directory: the code base's folder, as ESLint's (the plugin reads it as the project's root). */
  cwd: string;
}

/** Load `preload` first, untimed, then time importing the plugin. */
export interface ImportJob {
  kind: 'import';
  pluginEntry: string;
  preload: readonly string[];
}

export type ChildJob = LintJob | OxlintJob | ImportJob;

export interface LintRun {
  files: number;
  gleanReports: number;
  /** Files not linted: a fatal message, or no config matched. */
  fatal: number;
  firstFatal: string | undefined;
  lintMs: number;
  lintCpuMs: number;
  /** The whole process: start-up, loading ESLint and the plugin, linting. */
  cpuMs: number;
  maxRssKb: number;
  gleanRulesMs: number;
  allRulesMs: number;
  /** ESLint's parse time (with type information: building the program, and the type checker's start). */
  parseMs: number;
  /**
   * The plugin's own time inside this run: its rules' `create` and listeners, timed by a wrapper (a few
   * thousand clock reads per run, well under a millisecond). 0 without the plugin.
   */
  ownMs: number;
  /** The main thread's garbage-collection pauses during the lint (Node's `gc` performance entries). */
  gcPauseMs: number;
  /** The heap still in use after the lint and a full collection: what stays reachable (tables, caches, results). */
  heapAfterKb: number;
}

export interface ImportRun {
  wallMs: number;
  cpuMs: number;
}

export const TS_FILES = ['**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'];

/** A code base's files, sorted: the .ts/.mts/.cts/.tsx sources of its folders, without declarations. */
export function filesOf(dirs: readonly string[]): string[] {
  const files: string[] = [];
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && /\.(?:[cm]?ts|tsx)$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of dirs) visit(dir);
  return files.sort();
}

async function importPlugin(entry: string): Promise<GleanPlugin> {
  const module = (await import(pathToFileURL(entry).href)) as { default: GleanPlugin };
  return module.default;
}

type RuleListener = (...args: unknown[]) => unknown;

/**
 * The plugin with each rule's `create` and listeners timed, so the run can say how much of its own time
 * is the plugin's. Time measured inside the same process is not disturbed by the machine's speed
 * changing from run to run, which paired runs are.
 */
function timedPlugin(plugin: GleanPlugin): { plugin: GleanPlugin; ownMs: () => number } {
  let own = 0;
  const time = <Result>(work: () => Result): Result => {
    const started = performance.now();
    try {
      return work();
    } finally {
      own += performance.now() - started;
    }
  };
  const rules = Object.fromEntries(
    Object.entries(plugin.rules ?? {}).map(([name, rule]) => [
      name,
      {
        ...rule,
        create(context: Parameters<typeof rule.create>[0]) {
          const listeners = time(() => rule.create(context)) as Record<string, RuleListener | undefined>;
          return Object.fromEntries(
            Object.entries(listeners).map(([selector, listener]) => [
              selector,
              listener && ((...args: unknown[]) => time(() => listener(...args))),
            ]),
          );
        },
      },
    ]),
  );
  return { plugin: { ...plugin, rules } as GleanPlugin, ownMs: () => own };
}

async function lint(job: LintJob): Promise<LintRun> {
  const { ESLint } = await import('eslint');
  const { default: js } = await import('@eslint/js');
  const { default: tseslint } = await import('typescript-eslint');
  const imported = job.withGlean ? await importPlugin(job.pluginEntry) : undefined;
  const timed = imported && timedPlugin(imported);
  const files = filesOf(job.dirs);

  const parserOptions = job.typed ? { project: job.tsconfig, tsconfigRootDir: job.root } : {};
  const config: Linter.Config[] = [
    ...(job.rules
      ? [js.configs.recommended, ...(job.typed ? tseslint.configs.recommendedTypeChecked : tseslint.configs.recommended)]
      : []),
    // `files` makes ESLint lint .ts files in the floor too (the shared configs name them themselves).
    { files: TS_FILES, languageOptions: { parser: tseslint.parser, parserOptions } },
    // Vendored code: its own disable comments must not change what runs.
    { linterOptions: { reportUnusedDisableDirectives: 'off', noInlineConfig: true } },
    ...(imported && timed
      ? [{ ...imported.configs.recommended, plugins: { glean: timed.plugin } }, { settings: { glean: { now: job.now } } }]
      : []),
  ];
  const options: ESLintApi.Options = {
    cwd: job.cwd,
    overrideConfigFile: true,
    overrideConfig: config,
    ignorePatterns: ['!**/node_modules/'],
    cache: false,
    stats: job.stats,
  };
  const eslint = new ESLint(options);
  let gcPauseMs = 0;
  const gcObserver = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) gcPauseMs += entry.duration;
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const lintStarted = performance.now();
  const lintCpuStarted = process.cpuUsage();
  const results = await eslint.lintFiles(files);
  const lintCpu = process.cpuUsage(lintCpuStarted);
  const lintMs = performance.now() - lintStarted;
  // Entries are delivered asynchronously: let the last ones arrive before reading the sum.
  await new Promise((resolve) => setImmediate(resolve));
  gcObserver.disconnect();

  let gleanRulesMs = 0;
  let allRulesMs = 0;
  let parseMs = 0;
  for (const result of results) {
    for (const pass of result.stats?.times.passes ?? []) {
      parseMs += pass.parse?.total ?? 0;
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
  const maxRssKb = process.resourceUsage().maxRSS;
  // After the figures above: a forced collection would otherwise count as the run's own. Twice: one
  // collection that lands in the middle of V8's concurrent marking keeps what that marking had already
  // found live (seen: 20 MB more, in one run of two, on the same code base and config).
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  const heapAfterKb = process.memoryUsage().heapUsed / 1024;
  return {
    files: results.length,
    gleanReports: messages.filter((message) => message.ruleId?.startsWith('glean/')).length,
    fatal: fatal.length + skipped.length,
    firstFatal: [...fatal, ...skipped][0]?.message,
    lintMs,
    lintCpuMs: (lintCpu.user + lintCpu.system) / 1000,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssKb,
    gleanRulesMs,
    allRulesMs,
    parseMs,
    ownMs: timed?.ownMs() ?? 0,
    gcPauseMs,
    heapAfterKb,
  };
}

/** This process's children's CPU time (all their threads), once they have exited: /proc (Linux), in ticks of 1/100 s. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The fields after the command name, which may hold spaces: cutime and cstime are the 16th and 17th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** A process's peak resident memory so far (/proc), or 0 once it has exited. */
function peakRssKb(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * oxlint in a process of its own, as users run it: its Rust threads and its JavaScript plugins are one
 * process, whose CPU the kernel adds to this process's children's times when it exits. Its peak memory
 * is sampled every 10 ms meanwhile. The rule and GC figures are ESLint's; they are 0 here.
 */
async function lintWithOxlint(job: OxlintJob): Promise<LintRun> {
  const files = filesOf(job.dirs);
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  // The code bases live under node_modules, which oxlint skips unless told not to.
  const child = spawn(process.execPath, [job.bin, '-c', job.config, '--format=json', '--no-ignore', ...files], { cwd: job.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let maxRssKb = 0;
  const sampler = setInterval(() => (maxRssKb = Math.max(maxRssKb, peakRssKb(child.pid!))), 10);
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  clearInterval(sampler);
  const lintMs = performance.now() - started;
  const cpuMs = childrenCpuMs() - cpuBefore;
  // Exit code 1: errors were reported, as the Glean SDK's removed items are.
  const report = status === 0 || status === 1 ? (JSON.parse(stdout) as { diagnostics: { code: string }[]; number_of_files: number }) : undefined;
  return {
    files: report?.number_of_files ?? 0,
    gleanReports: report?.diagnostics.filter((diagnostic) => diagnostic.code.startsWith('glean(')).length ?? 0,
    fatal: report ? files.length - report.number_of_files : files.length,
    firstFatal: report ? undefined : `oxlint exited with ${status}: ${stderr.slice(0, 500)}`,
    lintMs,
    lintCpuMs: cpuMs,
    cpuMs,
    maxRssKb,
    gleanRulesMs: 0,
    allRulesMs: 0,
    parseMs: 0,
    ownMs: 0,
    gcPauseMs: 0,
    heapAfterKb: 0,
  };
}

async function timeImport(job: ImportJob): Promise<ImportRun> {
  for (const name of job.preload) await import(name);
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  await importPlugin(job.pluginEntry);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

// Run only as the bench's child (`node child.mjs '<job as JSON>'`), not when the bench imports
// the types and helpers above.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const job = JSON.parse(process.argv[2] ?? '') as ChildJob;
  const run = job.kind === 'lint' ? await lint(job) : job.kind === 'oxlint' ? await lintWithOxlint(job) : await timeImport(job);
  process.stdout.write(JSON.stringify(run) + '\n');
}
