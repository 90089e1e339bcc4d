import { Linter } from 'eslint';
import * as espree from 'espree';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { NOW } from './helpers.js';

/**
 * Odd input: every rule, with `configs.strict` and `configs.migrate`, through a real ESLint `Linter`
 * with espree or typescript-eslint's parser. Nothing may throw, every case must parse (or the case
 * tests nothing), and the number of reports is exact: 0 where the input holds no Glean use, and the
 * uses it holds otherwise. Under `migrate` the fixed output must parse again and a second fix pass
 * must change nothing.
 */

type ParserName = 'espree-module' | 'espree-script' | 'espree-commonjs' | 'typescript';

interface Case {
  name: string;
  code: string | (() => string);
  /** Glean uses in the code, reported under strict (every rule an error) and migrate alike. */
  reports: number;
  parsers: ParserName[];
  /** Without an extension: .js for espree, .ts for typescript-eslint (.tsx when `jsx`). */
  jsx?: boolean;
  /** A known plugin bug that makes the count wrong: the test checks everything else, and that the bug still shows. */
  knownIssue?: string | undefined;
}

const PRESETS = { strict: plugin.configs.strict, migrate: plugin.configs.migrate } as Record<string, Linter.Config>;

function languageOptions(parser: ParserName, jsx: boolean): Linter.LanguageOptions {
  if (parser === 'typescript') {
    return { parser: tseslint.parser as Linter.Parser, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx } } };
  }
  const sourceType = parser === 'espree-module' ? 'module' : parser === 'espree-script' ? 'script' : 'commonjs';
  return { parser: espree as Linter.Parser, ecmaVersion: 'latest', sourceType, parserOptions: { ecmaFeatures: { jsx } } };
}

function filenameFor(parser: ParserName, jsx: boolean): string {
  if (parser === 'typescript') return jsx ? 'case.tsx' : 'case.ts';
  if (parser === 'espree-commonjs') return 'case.cjs';
  return jsx ? 'case.jsx' : 'case.js';
}

function configFor(parser: ParserName, jsx: boolean, preset: Linter.Config): Linter.Config[] {
  return [
    { files: ['**/*.js', '**/*.jsx', '**/*.cjs', '**/*.ts', '**/*.tsx'], languageOptions: languageOptions(parser, jsx) },
    preset,
    { settings: { glean: { now: NOW } } },
  ];
}

const linter = new Linter({ configType: 'flat' });

function check(testCase: Case, parser: ParserName, presetName: string) {
  const jsx = testCase.jsx ?? false;
  const code = typeof testCase.code === 'function' ? testCase.code() : testCase.code;
  const config = configFor(parser, jsx, PRESETS[presetName]!);
  const filename = filenameFor(parser, jsx);
  const messages = linter.verify(code, config, filename);
  expect(messages.filter((m) => m.fatal), 'the case must parse').toEqual([]);
  const glean = messages.filter((m) => m.ruleId?.startsWith('glean/'));
  expect(messages.filter((m) => !m.ruleId?.startsWith('glean/')), 'only glean rules report').toEqual([]);
  const reported = glean.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message.slice(0, 100)}`);
  if (testCase.knownIssue) {
    // Everything else about the case still holds; the count is wrong, as the issue says.
    expect(
      reported.length,
      `known issue (${testCase.knownIssue}) no longer shows: the case gives the right ${testCase.reports} report(s); drop its knownIssue`,
    ).not.toBe(testCase.reports);
  } else {
    expect(reported, `exactly ${testCase.reports} report(s), got:\n${reported.join('\n')}\n`).toHaveLength(testCase.reports);
  }
  if (presetName === 'migrate') {
    const fixed = linter.verifyAndFix(code, config, filename);
    if (fixed.fixed) {
      expect(linter.verify(fixed.output, config, filename).filter((m) => m.fatal), 'the fixed output parses').toEqual([]);
      const again = linter.verifyAndFix(fixed.output, config, filename);
      expect(again.fixed, 'a second fix pass changes nothing').toBe(false);
    }
  }
}

const JS: ParserName[] = ['espree-module', 'typescript'];
const JS_SCRIPT: ParserName[] = ['espree-script', 'espree-commonjs', 'espree-module', 'typescript'];
const TS: ParserName[] = ['typescript'];
const HOST = 'https://acme-be.glean.com';

const cases: Case[] = [
  // Nothing, or nothing but text.
  { name: 'an empty file', code: '', reports: 0, parsers: JS_SCRIPT },
  // Being written: a name destructured from itself (a ReferenceError when run) is not followed round and round.
  { name: 'a name destructured from itself, and a base destructured from a table', code: "const { a } = a;\nfetch(a + '/search');\nconst T = { base: 'https://acme-be.glean.com/rest/api/v1' };\nconst { base } = T;\nfetch(base + '/listanswers', { method: 'POST' });\n", reports: 1, parsers: JS },
  { name: 'only white space', code: '\n\n   \t\n', reports: 0, parsers: JS_SCRIPT },
  {
    name: 'only comments that name Glean paths',
    code: `// POST /rest/api/v1/listanswers is gone\n/* ${HOST}/api/index/v1/getusercount */\n/** @see /rest/api/v1/agents/runs/wait */\n`,
    reports: 0,
    parsers: JS_SCRIPT,
  },
  { name: 'a hashbang and a comment', code: `#!/usr/bin/env node\n// /rest/api/v1/listanswers\n`, reports: 0, parsers: JS },

  // JSX and TSX.
  {
    name: 'JSX: a component that fetches a removed endpoint; paths in JSX text and attributes',
    code: [
      `import { useEffect } from 'react';`,
      `export function Answers({ board }) {`,
      `  useEffect(() => { fetch('${HOST}/rest/api/v1/listanswers', { method: 'POST', body: JSON.stringify({ board }) }); }, [board]);`,
      `  return <section data-doc="/rest/api/v1/listanswers is removed"><p>/rest/api/v1/listanswers</p>{board && <Answer {...board} />}<></></section>;`,
      `}`,
    ].join('\n'),
    reports: 1,
    parsers: JS,
    jsx: true,
  },
  {
    name: 'TSX: generic component, typed props, as-cast',
    code: [
      `type Props<T> = { items: T[]; render: (item: T) => JSX.Element };`,
      `export function List<T,>({ items, render }: Props<T>) { return <ul>{items.map(render)}</ul>; }`,
      `export const load = async (id: string) => (await fetch(\`${HOST}/rest/api/v1/agents/\${id}\`)).json() as Promise<{ id: string }>;`,
      `export const el = <List<string> items={['a']} render={(s) => <li key={s}>{s}</li>} />;`,
    ].join('\n'),
    reports: 1,
    parsers: TS,
    jsx: true,
  },

  // Module systems.
  {
    name: 'CommonJS: require, module.exports, top-level return',
    code: [
      `'use strict';`,
      `const axios = require('axios');`,
      `const { post } = require('got');`,
      `if (!process.env.GLEAN) return;`,
      `module.exports.count = (datasource) => axios.post('${HOST}/api/index/v1/getusercount', { datasource });`,
      `exports.status = () => post('${HOST}/api/index/v1/getdocumentstatus', { json: {} });`,
    ].join('\n'),
    reports: 2,
    parsers: ['espree-commonjs'],
  },

  // TypeScript-only syntax.
  {
    name: 'TS: enums, const enums, namespaces, declare',
    code: [
      `enum Paths { List = '/rest/api/v1/listanswers', Search = '/rest/api/v1/search' }`,
      `const enum Count { Users = '/api/index/v1/getusercount' }`,
      `namespace Glean { export const STATUS = '/api/index/v1/getdocumentstatus'; export namespace Inner { export type T = string; } }`,
      `declare const token: string;`,
      `declare module 'x' { export const y: number; }`,
      `export async function run() {`,
      `  await fetch(Paths.List, { method: 'POST' });`,
      `  await fetch(Count.Users, { method: 'POST' });`,
      `  await fetch(Glean.STATUS, { method: 'POST', headers: { token } });`,
      `}`,
    ].join('\n'),
    reports: 3,
    parsers: TS,
  },
  {
    name: 'TS: decorators, abstract classes, parameter properties, accessors, overloads',
    code: [
      `function Route(path: string): ClassDecorator & MethodDecorator { return () => undefined; }`,
      `@Route('/internal/answers')`,
      `abstract class Client {`,
      `  constructor(private readonly base: string = '${HOST}/api/index/v1', protected token?: string) {}`,
      `  abstract get name(): string;`,
      `  declare readonly kind: 'client';`,
      `  accessor retries = 3;`,
      `  protected async count(datasource: string): Promise<number>;`,
      `  protected async count(datasource: number): Promise<number>;`,
      `  @Route('/x') protected async count(datasource: string | number): Promise<number> {`,
      `    const res = await fetch(\`\${this.base}/getusercount\`, { method: 'POST', body: JSON.stringify({ datasource }) });`,
      `    return ((await res.json()) as { userCount: number }).userCount;`,
      `  }`,
      `}`,
      `export class Impl extends Client { get name() { return 'impl'; } }`,
      `export function get(id: string): Promise<Response>;`,
      `export function get(id: number): Promise<Response>;`,
      `export function get(id: string | number) { return fetch(\`${HOST}/rest/api/v1/agents/\${id}\`); }`,
    ].join('\n'),
    // getusercount on the parameter property's default base, and the agent read.
    reports: 2,
    parsers: TS,
  },
  {
    name: 'TS: satisfies, as const, type-only imports and exports, generics, non-null, definite assignment',
    code: [
      `import type { AxiosInstance } from 'axios';`,
      `import axios, { type AxiosResponse } from 'axios';`,
      `export type { AxiosInstance };`,
      `const PATHS = { list: '/rest/api/v1/listanswers', search: '/rest/api/v1/search' } as const satisfies Record<string, string>;`,
      `let client!: AxiosInstance;`,
      `type Path = '/rest/api/v1/listanswers' | \`/rest/api/v1/agents/\${string}\`;`,
      `interface Req { path: Path; method?: 'GET' | 'POST' }`,
      `export async function list(): Promise<AxiosResponse<unknown>> { return client!.post<unknown>(PATHS.list, {}); }`,
      `export const count = () => axios.post<{ n: number }>('${HOST}/api/index/v1/getusercount' as string, {});`,
      `export const x = <T,>(v: T) => v as unknown as Req;`,
    ].join('\n'),
    reports: 2,
    parsers: TS,
  },

  // Templates.
  {
    // A template whose whole text is a Glean path is a use, tagged or not (String.raw makes exactly that
    // string; a tag named like `url` or `path` builds one); tagged prose (SQL, GraphQL) is not.
    name: 'tagged templates next to a plain template use',
    code: [
      `const sql = (s, ...v) => s.join('?');`,
      `const q = sql\`SELECT '/rest/api/v1/listanswers' FROM log WHERE id = \${1}\`;`,
      `const raw = String.raw\`/rest/api/v1/listanswers\`;`,
      `const tag = (s) => s[0]; const tagged = tag\`/api/index/v1/getusercount\`;`,
      `const gql = (s) => s; const doc = gql\`query { answers(path: "/rest/api/v1/listanswers") }\`;`,
      `const id = 'agt_1';`,
      `fetch(\`${HOST}/rest/api/v1/agents/\${id}/schemas\`);`,
    ].join('\n'),
    reports: 3,
    parsers: JS,
  },

  // Dynamic code.
  {
    name: 'eval and new Function with Glean paths in code strings',
    code: [
      `eval("fetch('/rest/api/v1/listanswers', { method: 'POST' })");`,
      `const f = new Function('fetch', "return fetch('/api/index/v1/getusercount', { method: 'POST' })");`,
      `setTimeout("fetch('/api/index/v1/getdocumentcount')", 10);`,
      `const g = Function('url', 'return fetch(url)');`,
      `g('${HOST}/api/index/v1/getdocumentcount');`,
    ].join('\n'),
    reports: 1,
    parsers: JS_SCRIPT,
  },

  // Modern syntax.
  {
    name: 'optional chaining everywhere',
    code: [
      `const res = await globalThis?.fetch?.('${HOST}/rest/api/v1/listanswers', { method: 'POST' })?.then?.((r) => r?.json?.());`,
      `const v = window?.config?.['glean']?.paths?.[0]?.toString?.();`,
      `await window?.axios?.post?.('${HOST}/api/index/v1/getusercount', { datasource: res?.ds });`,
    ].join('\n'),
    reports: 2,
    parsers: JS,
  },
  {
    name: 'computed and numeric keys in a path table',
    code: [
      `const key = 'dyn';`,
      `const PATHS = { ['list']: '/rest/api/v1/listanswers', 1: '/api/index/v1/getusercount', 0x2: '/rest/api/v1/search', [\`\${key}\`]: '/api/index/v1/getdocumentcount', [key + 1]: 1 };`,
      `fetch(PATHS.list, { method: 'POST' });`,
      `fetch(PATHS[1], { method: 'POST' });`,
      `fetch(PATHS[2], { method: 'POST' });`,
      `fetch(PATHS[key], { method: 'POST' });`,
    ].join('\n'),
    reports: 3,
    parsers: JS,
  },
  {
    name: 'getters and setters',
    code: [
      `const api = {`,
      `  _p: '',`,
      `  get url() { return '${HOST}/rest/api/v1/listanswers'; },`,
      `  set url(v) { this._p = v; },`,
      `  get ['computed']() { return 1; },`,
      `};`,
      `class C { static get base() { return '${HOST}/api/index/v1'; } set x(v) {} }`,
      `fetch(api.url, { method: 'POST' });`,
    ].join('\n'),
    reports: 1,
    parsers: JS,
  },
  {
    name: 'generators and async generators',
    code: [
      `function* pages() { let page = 0; while (true) yield* [page++]; }`,
      `async function* counts(sources) {`,
      `  for await (const ds of sources) yield await fetch('${HOST}/api/index/v1/getusercount', { method: 'POST', body: JSON.stringify({ datasource: ds }) });`,
      `}`,
      `const o = { *gen() { yield '/rest/api/v1/search'; }, async *ag() {} };`,
    ].join('\n'),
    reports: 1,
    parsers: JS,
  },
  {
    name: 'import.meta, dynamic import, top-level await',
    code: [
      `const { default: got } = await import('got');`,
      `const here = new URL('.', import.meta.url);`,
      `const r = await fetch(new URL('/rest/api/v1/listanswers', import.meta.env?.GLEAN_URL ?? here), { method: 'POST' });`,
      `await got.post(\`\${import.meta.env.GLEAN}/api/index/v1/getdocumentcount\`, { json: {} });`,
      `export default await r.json();`,
    ].join('\n'),
    reports: 2,
    parsers: JS,
  },
  {
    name: 'class private fields and methods, static blocks, ergonomic brand checks',
    code: [
      `export class Indexer {`,
      `  #url = '${HOST}/api/index/v1/bulkindexemployees';`,
      `  static #instances = 0;`,
      `  static { Indexer.#instances = 0; }`,
      `  #headers() { return { a: 1 }; }`,
      `  static is(o) { return #url in o; }`,
      `  async upload(employees) { return fetch(this.#url, { method: 'POST', headers: this.#headers(), body: JSON.stringify({ employees }) }); }`,
      `}`,
    ].join('\n'),
    reports: 1,
    parsers: JS,
  },
  {
    name: 'labels, break and continue',
    code: [
      `outer: for (const ds of ['a', 'b']) {`,
      `  inner: for (let i = 0; i < 3; i++) {`,
      `    if (i === 1) continue outer;`,
      `    if (i === 2) break inner;`,
      `    block: { await fetch('${HOST}/api/index/v1/getdocumentcount', { method: 'POST', body: JSON.stringify({ datasource: ds }) }); break block; }`,
      `  }`,
      `}`,
    ].join('\n'),
    reports: 1,
    parsers: JS,
  },
  {
    name: '`with` in a sloppy script, octal escapes and legacy octals',
    code: [
      `var legacy = 010;`,
      `var s = '\\101';`,
      `with (window) {`,
      `  fetch('${HOST}/rest/api/v1/listanswers', { method: 'POST' });`,
      `}`,
      `function f() { arguments = 1; return eval('1'); }`,
    ].join('\n'),
    reports: 1,
    parsers: ['espree-script'],
  },

  // Code without Glean uses that names their words.
  {
    name: 'non-Glean requests with payload keys named like deprecated fields',
    code: [
      `await fetch('https://api.example.com/v1/policies', { method: 'POST', body: JSON.stringify({ enabled: true, role: 'x', location: 'y', datasources: [], citations: [], trackingToken: 't' }) });`,
      `await axios.post('/api/v2/index/getusercount', { snippet: 's' });`,
      `const docs = 'The /rest/api/v1/listanswers endpoint was removed.';`,
      `const lookalike = '/rest/api/v1/listanswersbyuser';`,
      `const other = '/api/index/v1/getdocumentstatusx';`,
    ].join('\n'),
    reports: 0,
    parsers: JS,
  },

  // Size and depth.
  {
    name: 'a 1 MB string literal that holds a Glean URL (a use)',
    code: () => `fetch('${HOST}/rest/api/v1/listanswers?q=${'a'.repeat(1_000_000)}', { method: 'POST' });\n`,
    reports: 1,
    parsers: JS,
  },
  {
    name: 'a 1 MB string literal with a Glean path inside other text (no use)',
    code: () => `const blob = '${'x'.repeat(500_000)}/rest/api/v1/listanswers${'y'.repeat(500_000)}';\n`,
    reports: 0,
    parsers: JS,
  },
  {
    name: 'a 1 MB template literal of prose around a Glean URL (no use)',
    code: () => `const blob = \`${'lorem ipsum '.repeat(45_000)}${HOST}/rest/api/v1/listanswers ${'dolor sit '.repeat(45_000)}\`;\n`,
    reports: 0,
    parsers: JS,
  },
];

/**
 * Inputs whose size is the point, by depth or length. The parsers and ESLint's own scope analysis
 * overflow a default stack long before depth 2,000 (espree near 600 nested objects, typescript-eslint
 * near 370; eslint-scope on `+` chains near 4,000), so each shape runs twice: on the default stack at a
 * depth ESLint itself handles (with room to spare), and in a worker thread with a 64 MB stack at the
 * full depth, where only a recursion of our own could fail.
 */
interface DeepShape {
  name: string;
  code: (n: number) => string;
  reports: number;
  /** Depth or length on the default stack, and in the big-stack worker. */
  n: { default: number; worker: number };
  /** A known plugin bug (see Case.knownIssue). */
  knownIssue?: string;
}

// Fixed regressions, kept as cases above: long `+` chains once lost the URL at their start (each
// operand cost a level of depth), and deep path tables were reported twice (at the literal and at the call).

const deepShapes: DeepShape[] = [
  {
    name: 'objects nested n deep in a request body',
    code: (n) =>
      `fetch('${HOST}/api/index/v1/getdocumentstatus', { method: 'POST', body: JSON.stringify(${'{ a: '.repeat(n)}'/rest/api/v1/listanswers'${' }'.repeat(n)}) });\n`,
    reports: 2,
    n: { default: 250, worker: 2000 },
  },
  {
    name: 'arrays and calls nested n deep',
    code: (n) =>
      `const deep = ${'['.repeat(n)}'${HOST}/api/index/v1/getusercount'${']'.repeat(n)};\nconst call = ${'f('.repeat(n)}1${')'.repeat(n)};\n`,
    reports: 1,
    n: { default: 500, worker: 2000 },
  },
  {
    name: 'a + chain of n strings with no Glean use',
    code: (n) => `const s = '/rest/api/v1/' + ${Array.from({ length: n - 1 }, (_, i) => `'s${i}'`).join(' + ')};\nfetch(s);\n`,
    reports: 0,
    n: { default: 600, worker: 5000 },
  },
  {
    name: 'a + chain of n strings that builds a Glean URL with a query string',
    code: (n) =>
      `fetch('${HOST}/rest/api/v1/listanswers?x=1' + ${Array.from({ length: n - 1 }, (_, i) => (i % 2 ? `v${i}` : `'&p${i}='`)).join(' + ')}, { method: 'POST' });\n`,
    reports: 1,
    n: { default: 600, worker: 5000 },
  },
  {
    name: 'a path table nested n deep, used by a call',
    code: (n) => `const T = ${'{ a: '.repeat(n)}'/rest/api/v1/listanswers'${' }'.repeat(n)};\nfetch(T${'.a'.repeat(n)}, { method: 'POST' });\n`,
    reports: 1,
    n: { default: 200, worker: 2000 },
  },
];

// The smallest inputs that showed the two regressions above.
cases.push(
  {
    name: 'a query string of 6 parameters built with + (13 operands)',
    code: `fetch('${HOST}/rest/api/v1/listanswers?x=1' + ${Array.from({ length: 6 }, (_, i) => `'&p${i}=' + v${i}`).join(' + ')}, { method: 'POST' });`,
    reports: 1,
    parsers: JS,
  },
  {
    name: 'a query string of 7 parameters built with + (15 operands)',
    code: `fetch('${HOST}/rest/api/v1/listanswers?x=1' + ${Array.from({ length: 7 }, (_, i) => `'&p${i}=' + v${i}`).join(' + ')}, { method: 'POST' });`,
    reports: 1,
    parsers: JS,
  },
  {
    name: 'a path table nested 4 deep',
    code: `const API = { v1: { glean: { answers: { list: '/rest/api/v1/listanswers' } } } };\nfetch(API.v1.glean.answers.list, { method: 'POST' });`,
    reports: 1,
    parsers: JS,
  },
  {
    name: 'a path table nested 5 deep',
    code: `const API = { v1: { rest: { glean: { answers: { list: '/rest/api/v1/listanswers' } } } } };\nfetch(API.v1.rest.glean.answers.list, { method: 'POST' });`,
    reports: 1,
    parsers: JS,
  },
  ...deepShapes.map((shape) => ({
    name: `${shape.name.replace(' n ', ` ${shape.n.default.toLocaleString('en-US')} `)} (default stack)`,
    code: () => shape.code(shape.n.default),
    reports: shape.reports,
    parsers: JS,
    knownIssue: shape.knownIssue,
  })),
);

describe('every rule survives odd input', () => {
  it('the configs under test enable every rule of the plugin', () => {
    const all = Object.keys(plugin.rules).map((name) => `glean/${name}`).sort();
    for (const preset of Object.values(PRESETS)) expect(Object.keys(preset.rules ?? {}).sort()).toEqual(all);
  });

  for (const testCase of cases) {
    describe(testCase.name, () => {
      for (const parser of testCase.parsers) {
        for (const presetName of Object.keys(PRESETS)) {
          it(`${parser}, ${presetName}${testCase.knownIssue ? ' (known issue)' : ''}`, () => check(testCase, parser, presetName), 30_000);
        }
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------------
// The full depths, in a worker thread with a 64 MB stack. The worker loads the plugin from its
// TypeScript sources (transpiled by a module loader hook), so it needs no build.

const require = createRequire(import.meta.url);

const LOADER = `
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from ${JSON.stringify(pathToFileURL(require.resolve('typescript')).href)};
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const url = new URL(specifier.slice(0, -3) + '.ts', context.parentURL);
    if (existsSync(url)) return { url: url.href, shortCircuit: true };
  }
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const { outputText } = ts.transpileModule(readFileSync(new URL(url), 'utf8'), {
    fileName: fileURLToPath(url),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}`;

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
require('node:module').register('data:text/javascript,' + encodeURIComponent(workerData.loader));
const { Linter } = require(workerData.paths.eslint);
const espree = require(workerData.paths.espree);
const tseslint = require(workerData.paths.tseslint);
(async () => {
  const plugin = (await import(workerData.plugin)).default;
  const linter = new Linter({ configType: 'flat' });
  const results = workerData.jobs.map((job) => {
    const languageOptions = job.parser === 'typescript'
      ? { parser: tseslint.parser, sourceType: 'module' }
      : { parser: espree, ecmaVersion: 'latest', sourceType: 'module' };
    const config = [{ files: ['**/*.js', '**/*.ts'], languageOptions }, plugin.configs[job.preset], { settings: workerData.settings }];
    const filename = job.parser === 'typescript' ? 'case.ts' : 'case.js';
    try {
      const messages = linter.verify(job.code, config, filename);
      const result = { messages: messages.map(({ ruleId, fatal, line, column, message }) => ({ ruleId, fatal: !!fatal, line, column, message })), fixedParses: null, stable: null };
      if (job.preset === 'migrate') {
        const fixed = linter.verifyAndFix(job.code, config, filename);
        if (fixed.fixed) {
          result.fixedParses = !linter.verify(fixed.output, config, filename).some((m) => m.fatal);
          result.stable = !linter.verifyAndFix(fixed.output, config, filename).fixed;
        }
      }
      return result;
    } catch (error) {
      return { error: String(error && error.stack || error) };
    }
  });
  parentPort.postMessage({ results });
})().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

interface WorkerResult {
  error?: string;
  messages?: { ruleId: string | null; fatal: boolean; line: number; column: number; message: string }[];
  fixedParses?: boolean | null;
  stable?: boolean | null;
}

const WORKER_PARSERS = ['espree-module', 'typescript'] as const;
const workerJobs = deepShapes.flatMap((shape) =>
  WORKER_PARSERS.flatMap((parser) => Object.keys(PRESETS).map((preset) => ({ shape, parser, preset }))),
);

describe('the full depths on a big stack (a worker thread with 64 MB)', () => {
  let results: WorkerResult[] = [];

  beforeAll(async () => {
    const worker = new Worker(WORKER, {
      eval: true,
      resourceLimits: { stackSizeMb: 64 },
      workerData: {
        loader: LOADER,
        plugin: new URL('../src/index.ts', import.meta.url).href,
        paths: { eslint: require.resolve('eslint'), espree: require.resolve('espree'), tseslint: require.resolve('typescript-eslint') },
        settings: { glean: { now: NOW } },
        jobs: workerJobs.map(({ shape, parser, preset }) => ({ code: shape.code(shape.n.worker), parser, preset })),
      },
    });
    try {
      const reply = await new Promise<{ results?: WorkerResult[]; error?: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      if (reply.error) throw new Error(reply.error);
      results = reply.results!;
    } finally {
      await worker.terminate();
    }
  }, 120_000);

  workerJobs.forEach(({ shape, parser, preset }, index) => {
    const name = shape.name.replace(' n ', ` ${shape.n.worker.toLocaleString('en-US')} `);
    it(`${name}: ${parser}, ${preset}${shape.knownIssue ? ' (known issue)' : ''}`, () => {
      const result = results[index]!;
      expect(result.error, 'no exception').toBeUndefined();
      const messages = result.messages!;
      expect(messages.filter((m) => m.fatal), 'the case must parse').toEqual([]);
      expect(messages.filter((m) => !m.ruleId?.startsWith('glean/')), 'only glean rules report').toEqual([]);
      const reported = messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message.slice(0, 100)}`);
      if (shape.knownIssue) {
        expect(reported.length, `known issue (${shape.knownIssue}) no longer shows; drop its knownIssue`).not.toBe(shape.reports);
      } else {
        expect(reported, `exactly ${shape.reports} report(s), got:\n${reported.join('\n')}\n`).toHaveLength(shape.reports);
      }
      if (result.fixedParses !== null) {
        expect(result.fixedParses, 'the fixed output parses').toBe(true);
        expect(result.stable, 'a second fix pass changes nothing').toBe(true);
      }
    });
  });
});
