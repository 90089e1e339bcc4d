import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TSESLint } from '@typescript-eslint/utils';
import { Linter } from 'eslint';
import { Linter as Linter9 } from 'eslint-v9';
import { describe, expect, it } from 'vitest';
import { createRule } from '../src/rule-kit/create-rule.js';
import { builtinCompiled, compileRegister } from '../src/matchers/compiled-register.js';
import { OperationMatcher } from '../src/matchers/operations.js';
import { flatten, type StringPattern } from '../src/matchers/string-pattern.js';
import { builtinRegister } from '../src/register/items.js';
import type { RegisterItem } from '../src/register/types.js';
import { sdkOperations } from '../src/sdk/generated/operations.js';
import { FileMemo } from '../src/util/file-memo.js';

/**
 * The shortcuts that keep the per-file cost low must never change an answer: each is checked against
 * every operation the plugin knows, so a new register item or SDK operation cannot fall through them.
 */

/** A concrete URL path for an operation template: every `{param}` filled in. */
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');
const patternOf = (value: string): StringPattern => [{ kind: 'text', value, node: {} as never, start: null, via: [] }];

describe('operation matcher gate', () => {
  const operations = [
    ...builtinRegister.items.map((item) => item.operation),
    ...sdkOperations.map(({ method, path }) => ({ method, path })),
  ];

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s passes the gate and matches as a full URL',
    (_, operation) => {
      const url = `https://acme-be.glean.com${concretePath(operation.path)}`;
      expect(builtinCompiled.operations.mightMatch(url)).toBe(true);
      const match = builtinCompiled.operations.match(flatten(patternOf(url)));
      expect(match?.operations.map((op) => op.path)).toContain(operation.path);
    },
  );

  it('rejects text without any operation root', () => {
    expect(builtinCompiled.operations.mightMatch('/v1/chat/completions')).toBe(false);
    expect(builtinCompiled.operations.mightMatch('Content-Type')).toBe(false);
  });

  it('lets every text through when an operation starts with a parameter', () => {
    const matcher = new OperationMatcher([{ method: 'GET', path: '/{tenant}/items' }]);
    expect(matcher.fileTokens).toEqual(['']);
    expect(matcher.mightMatch('/acme/items')).toBe(true);
  });
});

describe('file prefilter', () => {
  it.each(builtinRegister.items.map((item) => [item.id, item] as const))('lets a file naming %s through', (_, item) => {
    expect(builtinCompiled.mightUse(`fetch('${concretePath(item.operation.path)}')`)).toBe(true);
  });

  it('lets a path split across literals through, but not a module path that merely starts like a segment', () => {
    expect(builtinCompiled.mightUse("fetch('/rest' + '/api/v1/agents/agt_1')")).toBe(true);
    expect(builtinCompiled.mightUse("fetch('/rest/api' + '/v1/' + 'chat')")).toBe(true);
    expect(builtinCompiled.mightUse("const V = 'v1';\nfetch(`/rest/api/${V}/agents/runs/wait`)")).toBe(true);
    expect(builtinCompiled.mightUse("const ROOT = '/rest/api/';\nfetch(`${ROOT}v1/chat`)")).toBe(true);
    expect(builtinCompiled.mightUse("import { searchQuery } from '../api/funcs/searchQuery.js';")).toBe(false);
  });

  it('rejects a file that holds some segments of a Glean path but not all of them', () => {
    // Another API's client: `api`, `/chat` and `/runs` but no `rest` segment (the OpenAI SDK's sources).
    expect(builtinCompiled.mightUse("const base = 'https://api.example.com/v1';\nclient.post('/chat/completions');\nclient.get(`/threads/${id}/runs`);")).toBe(false);
    // The API root is missing: no operation can match, whatever the unknown base holds.
    expect(builtinCompiled.mightUse('fetch(`${root}/api/v1/search?q=1`)')).toBe(false);
  });

  it('sends a file that names the SDK but no URL to SDK analysis only', () => {
    const text = "import { Glean } from '@gleanwork/api-client';";
    expect(builtinCompiled.mightUse(text)).toBe(true);
    expect(builtinCompiled.mightNameUrl(text)).toBe(false);
  });

  it('rejects a file without the text every token shares', () => {
    expect(builtinCompiled.mightUse("fetch('/v1/agents/runs/wait')")).toBe(false);
  });

  it('drops no token for a user item whose path lacks that text', () => {
    const item: RegisterItem = {
      id: 'acme.things',
      kind: 'endpoint',
      operation: { method: 'GET', path: '/v2/things/list' },
      category: 'Client API',
      announced: '2026-01-01',
      removal: '2027-01-01',
      replacement: { kind: 'none' },
    } as RegisterItem;
    const compiled = compileRegister([item]);
    expect(compiled.mightUse("fetch('/v2/things/list')")).toBe(true);
    expect(builtinCompiled.mightUse("fetch('/v2/things/list')")).toBe(false);
  });
});

describe('path-table gate', () => {
  it('marks a module by a path segment only Glean names, after a slash', () => {
    expect(builtinCompiled.mightNamePathSegment("export const ENDPOINTS = { answers: '/listanswers' };")).toBe(true);
    expect(builtinCompiled.mightNamePathSegment('export const COUNT = `/getdocumentcount`;')).toBe(true);
    expect(builtinCompiled.mightNamePathSegment("export const PATHS = { employees: '/bulkindexemployees' };")).toBe(true);
    // Not written as a path: a word in a sentence or an identifier.
    expect(builtinCompiled.mightNamePathSegment("export const label = 'listanswers';")).toBe(false);
  });

  it('leaves path tables of other APIs alone: their segments are everyone’s (the OpenAI SDK’s `/chat`, `/runs`, `/search`)', () => {
    expect(builtinCompiled.mightNamePathSegment("export const PATHS = { chat: '/chat/completions', runs: `/threads/${id}/runs`, search: '/search' };")).toBe(false);
    expect(builtinCompiled.mightNamePathSegment("export const AGENTS = '/agents', SCHEMAS = '/schemas', POLICIES = '/policies';")).toBe(false);
  });
});

describe('the mapper text gate (mightWriteField)', () => {
  it.each([
    ['a plain key', '{ isNegated: true }'],
    ['a quoted key', "{ 'isNegated': true }"],
    ['a shorthand', '{ location }'],
    ['a computed key', "{ ['isNegated']: true }"],
    ['a computed template key', '{ [`location`]: row.office }'],
    ['a computed key with comments inside its brackets', "{ [/* c */'location'/* c */]: row.office }"],
    ['a comment before the colon', '{ location /* office */: row.office }'],
    ['a doc comment before a comma', '{ location /** doc */ , email }'],
  ])('lets a deprecated field written as %s through', (_, text) => {
    expect(builtinCompiled.mightWriteField(text)).toBe(true);
  });

  it.each([
    ['a read', 'const x = row.location;'],
    ['an assignment', 'row.location = 1;'],
    ['a computed read', 'row[location] = 1;'],
    ['a variable', 'const location = 1;'],
    ['a comment before an assignment', 'location /* c */ = 2;'],
  ])('rejects %s', (_, text) => {
    expect(builtinCompiled.mightWriteField(text)).toBe(false);
  });

  it('stays linear on a long run of spaces or comment openers after a field name', () => {
    const started = performance.now();
    expect(builtinCompiled.mightWriteField(`location${' '.repeat(200_000)}x`)).toBe(false);
    expect(builtinCompiled.mightWriteField(`location ${'/* '.repeat(100_000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('FileMemo', () => {
  it('computes once per key and again for a new key', () => {
    const memo = new FileMemo<object, number>();
    const first = {};
    const second = {};
    let calls = 0;
    expect(memo.get(first, () => ++calls)).toBe(1);
    expect(memo.get(first, () => ++calls)).toBe(1);
    expect(memo.get(second, () => ++calls)).toBe(2);
    expect(memo.get(first, () => ++calls)).toBe(3);
  });

  it('keeps no value for a key whose computation threw', () => {
    const memo = new FileMemo<object, string>();
    const key = {};
    expect(() =>
      memo.get(key, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(memo.get(key, () => 'computed')).toBe('computed');
  });
});

describe('createRule', () => {
  type ProbeOptions = [{ migrate?: boolean; ignore?: string[] }];
  const seen: unknown[] = [];
  const defaults: ProbeOptions = [{ migrate: false, ignore: [] }];
  const rule = createRule<ProbeOptions, 'x'>({
    name: 'probe',
    meta: {
      type: 'problem',
      docs: { description: 'probe', recommended: true, recommendedSeverity: 'error' },
      messages: { x: 'x' },
      defaultOptions: defaults,
      schema: [
        {
          type: 'object',
          additionalProperties: false,
          properties: { migrate: { type: 'boolean' }, ignore: { type: 'array', items: { type: 'string' } } },
        },
      ],
    },
    defaultOptions: defaults,
    create(_context, options) {
      seen.push(options);
      return {};
    },
  });

  it('derives the docs URL from the rule name', () => {
    expect(rule.meta.docs?.url).toBe('https://github.com/eslint-plugin-glean/eslint-plugin-glean/blob/main/docs/rules/probe.md');
  });

  // The rules rely on the runtime merging `meta.defaultOptions` (oxlint does too: its migrate config
  // passes partial options in tests/e2e/oxlint.test.ts).
  it.each([
    ['ESLint 10', Linter],
    ['ESLint 9', Linter9],
  ] as const)('%s merges meta.defaultOptions into the configured options', (_, LinterClass) => {
    seen.length = 0;
    // Two versions' Linter types have no common call signature; both take a flat config here.
    const linter = new LinterClass() as Linter;
    const configured = { migrate: true };
    for (const options of [[], [configured], [{ ignore: ['snippet'] }]]) {
      const config = { plugins: { probe: { rules: { probe: rule } } }, rules: { 'probe/probe': ['error', ...options] } };
      expect(linter.verify('x;', config as never)).toEqual([]);
    }
    expect(seen).toEqual([[{ migrate: false, ignore: [] }], [{ migrate: true, ignore: [] }], [{ migrate: false, ignore: ['snippet'] }]]);
    expect(configured).toEqual({ migrate: true });
  });

  it('gives the defaults to a context without options (a runtime that merges nothing)', () => {
    seen.length = 0;
    rule.create({ options: [], sourceCode: { text: 'x;' } } as unknown as Readonly<TSESLint.RuleContext<'x', ProbeOptions>>);
    expect(seen).toEqual([[{ migrate: false, ignore: [] }]]);
  });

  it('in oxlint’s createOnce form, asks create for each file in `before`, and skips the file when it has no Program listener', () => {
    seen.length = 0;
    const file = join(tmpdir(), 'glean-engine-probe', 'x.ts');
    const context = { options: [{ migrate: true }], sourceCode: { text: 'x;' }, physicalFilename: file, filename: file, cwd: dirname(file), settings: {} } as unknown as Readonly<
      TSESLint.RuleContext<'x', ProbeOptions>
    >;
    const visitor = rule.createOnce(context);
    expect(Object.keys(visitor).sort()).toEqual(['Program', 'before']);
    expect(visitor.before()).toBe(false);
    expect(visitor.before()).toBe(false);
    expect(seen).toEqual([[{ migrate: true }], [{ migrate: true }]]);
  });
});
