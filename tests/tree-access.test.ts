import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter, type Rule, type SourceCode } from 'eslint';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { builtinCompiled } from '../src/matchers/compiled-register.js';
import { analyseFile, mayUseGlean } from '../src/uses/analysis.js';
import { NOW } from './helpers.js';

/**
 * Under oxlint, reading `context.sourceCode.ast` deserialises the whole tree from Rust, and so does
 * anything that needs it (scopes, `languageOptions.sourceType`): a plugin that touches it on every file
 * costs seconds on a large code base. The prefilter therefore decides from the file's text alone, and
 * the per-file memo cannot be keyed by the tree; oxlint also hands every file the same `SourceCode`
 * object, with a new text.
 */

const GLEAN_FILE = `await fetch('/rest/api/v1/listanswers', { method: 'POST', body: JSON.stringify({ boardId: 1 }) });\n`;
const OTHER_GLEAN_FILE = `await fetch('/api/index/v1/getusercount', { method: 'POST' });\n`;
const PLAIN_FILE = `export const answer = await fetch('/api/weather', { method: 'POST' });\n`;

/** The plugin's rules, each given a context that records what the rule reads of it and of its `sourceCode`. */
function recordingPlugin(reads: Set<string>) {
  const rules = Object.fromEntries(
    Object.entries(plugin.rules).map(([name, rule]): [string, Rule.RuleModule] => [
      name,
      {
        ...rule,
        create(context) {
          const sourceCode = new Proxy(context.sourceCode, {
            get(target, key) {
              reads.add(`sourceCode.${String(key)}`);
              return Reflect.get(target, key, target) as unknown;
            },
          });
          const recorded = new Proxy(Object.create(context) as Rule.RuleContext, {
            get(_, key) {
              reads.add(`context.${String(key)}`);
              if (key === 'sourceCode') return sourceCode;
              const value = Reflect.get(context, key, context) as unknown;
              return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(context) : value;
            },
          });
          return rule.create(recorded);
        },
      },
    ]),
  );
  return { rules };
}

function lint(code: string): Set<string> {
  const reads = new Set<string>();
  const config: Linter.Config[] = [
    {
      plugins: { glean: recordingPlugin(reads) },
      rules: { 'glean/no-removed': 'error', 'glean/no-deprecated': 'warn', 'glean/agent-run-input': 'error' },
      settings: { glean: { now: NOW } },
    },
  ];
  new Linter({ configType: 'flat' }).verify(code, config, 'file.js');
  return reads;
}

describe('what the rules read of a file before the prefilter decides', () => {
  it('a file that names no Glean path: its options, settings, path and text, never its tree', () => {
    // The path and the working directory: the import gate reads the file's imports from its text.
    expect([...lint(PLAIN_FILE)].sort()).toEqual([
      'context.cwd',
      'context.options',
      'context.physicalFilename',
      'context.settings',
      'context.sourceCode',
      'sourceCode.parserServices',
      'sourceCode.text',
    ]);
  });

  it('a file that names one: its tree too (the recording sees tree reads)', () => {
    expect(lint(GLEAN_FILE)).toContain('sourceCode.ast');
  });
});

describe('the per-file memo', () => {
  const linter = new Linter({ configType: 'flat' });
  /** The `SourceCode` ESLint makes for `code`: a new object each time. */
  const sourceCodeOf = (code: string): TSESLint.SourceCode => {
    linter.verify(code, [], 'file.js');
    return linter.getSourceCode() as unknown as TSESLint.SourceCode;
  };
  const rootOf = (node: TSESTree.Node): TSESTree.Node => (node.parent ? rootOf(node.parent) : node);
  const reportedPaths = (sourceCode: TSESLint.SourceCode) =>
    analyseFile(sourceCode, builtinCompiled).uses.map((use) => sourceCode.getText(use.node));

  it('tells files apart by their text when one SourceCode object serves them all, as under oxlint', () => {
    let current = sourceCodeOf(GLEAN_FILE);
    const shared = new Proxy({} as SourceCode, { get: (_, key) => Reflect.get(current, key, current) as unknown }) as unknown as TSESLint.SourceCode;
    expect(reportedPaths(shared)).toEqual(["'/rest/api/v1/listanswers'"]);
    current = sourceCodeOf(PLAIN_FILE);
    expect(mayUseGlean(shared, builtinCompiled)).toBe(false);
    expect(reportedPaths(shared)).toEqual([]);
    current = sourceCodeOf(OTHER_GLEAN_FILE);
    expect(reportedPaths(shared)).toEqual(["'/api/index/v1/getusercount'"]);
  });

  it('tells two files of the same text apart by their paths when one SourceCode object serves them, as under oxlint (a module copied into two folders, each sent by its own importer)', () => {
    const dir = fileURLToPath(new URL('../fixtures/projects/twin-modules/', import.meta.url));
    const text = readFileSync(join(dir, 'src/mapper-a.js'), 'utf8');
    expect(readFileSync(join(dir, 'src/mapper-b.js'), 'utf8')).toBe(text);
    let current = sourceCodeOf(text);
    const shared = new Proxy({} as SourceCode, { get: (_, key) => Reflect.get(current, key, current) as unknown }) as unknown as TSESLint.SourceCode;
    const usesIn = (file: string) => analyseFile(shared, builtinCompiled, { filename: join(dir, file), cwd: dir }).uses.map((use) => shared.getText(use.node));
    expect(usesIn('src/mapper-a.js')).toEqual(['location']);
    current = sourceCodeOf(text);
    expect(usesIn('src/mapper-b.js')).toEqual(['location']);
  });

  it('gives two files of the same text each its own analysis, on its own tree', () => {
    const first = sourceCodeOf(GLEAN_FILE);
    const second = sourceCodeOf(GLEAN_FILE);
    const [firstUse] = analyseFile(first, builtinCompiled).uses;
    const [secondUse] = analyseFile(second, builtinCompiled).uses;
    expect(firstUse).toBeDefined();
    expect(secondUse).toBeDefined();
    expect(rootOf(firstUse!.node)).toBe(first.ast);
    expect(rootOf(secondUse!.node)).toBe(second.ast);
  });
});
