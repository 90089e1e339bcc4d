import { Linter, type Rule } from 'eslint';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { NOW } from './helpers.js';

/**
 * What the plugin keeps from one file must not outlive it: ESLint lints file after file, and a tree
 * kept from an earlier file (with its tokens and scopes) adds to the peak memory of the whole run.
 * Checked with a full garbage collection and a weak reference to the file's tree, not with timings.
 */

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** A rule that hands each linted file's tree to `onTree`. */
const treeSpy = (onTree: (tree: object) => void): Rule.RuleModule => ({
  create: () => ({ Program: (node) => onTree(node) }),
});

const GLEAN_FILE = `await fetch('/rest/api/v1/listanswers', { method: 'POST', body: JSON.stringify({ query: 'q' }) });\n`;
const PLAIN_FILE = `export const answer = 42;\n`;

describe('per-file memory', () => {
  it('releases the tree of a file that uses Glean once the next file is linted', async () => {
    let tree: WeakRef<object> | undefined;
    const config = (spy: Rule.RuleModule): Linter.Config[] => [
      plugin.configs.recommended,
      { plugins: { spy: { rules: { tree: spy } } }, rules: { 'spy/tree': 'error' }, settings: { glean: { now: NOW } } },
    ];
    const linter = new Linter({ configType: 'flat' });
    const reports = linter.verify(GLEAN_FILE, config(treeSpy((node) => (tree = new WeakRef(node)))), 'first.js');
    expect(reports.map((report) => report.ruleId)).toEqual(['glean/no-removed']);
    expect(linter.verify(PLAIN_FILE, config(treeSpy(() => {})), 'second.js')).toEqual([]);

    // A weak reference holds its target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(tree?.deref()).toBeUndefined();
  });
});
