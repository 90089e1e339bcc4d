import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetProjects, lintProjectFile, PROJECTS } from './lint-project.js';

/**
 * What one file's lint finds must not depend on which files of the project were linted before it in
 * the same process (an editor lints them in any order, `eslint .` in its own): the plugin keeps other
 * modules' trees and what it learnt of them between lints. Every file of every fixture project is
 * linted once in order and once in reverse order, each pass from a fresh start, and the two must agree.
 */

/** Source files, and Svelte components (linted through svelte-eslint-parser; Vue's are not linted here). */
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx|svelte)$/;

function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (name === 'node_modules' || name.startsWith('.')) return [];
      if (statSync(path).isDirectory()) return sourceFiles(root, path);
      return SOURCE.test(name) && !name.endsWith('.d.ts') ? [relative(root, path)] : [];
    });
}

const projects = readdirSync(PROJECTS).filter((name) => statSync(join(PROJECTS, name)).isDirectory());

describe('a file’s findings do not depend on the files linted before it', () => {
  it.each(projects)('%s: every file, linted in order and in reverse order', (project) => {
    const files = sourceFiles(join(PROJECTS, project));
    expect(files.length).toBeGreaterThanOrEqual(2);
    const pass = (order: readonly string[]) => {
      forgetProjects();
      return Object.fromEntries(order.map((file) => [file, lintProjectFile(project, file)] as const));
    };
    const forward = pass(files);
    const backward = pass([...files].reverse());
    expect(Object.values(forward).some((result) => result.reports.length > 0)).toBe(true);
    for (const file of files) expect(backward[file], file).toEqual(forward[file]);
  });
});
