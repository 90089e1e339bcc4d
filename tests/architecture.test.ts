import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the plugin, in the order data flows. A module may import modules of its own layer and
 * of layers before it, never of a layer after it; every file belongs to a layer. docs/architecture.md
 * draws the same picture.
 */
const LAYERS = [
  'util', // generic AST and scope helpers
  'modules', // the project's other modules: resolution, parsing, exports, the linker imports are followed with
  'register', // the deprecation register: pure data, its types and validation
  'sdk', // tables generated from the SDK
  'flow', // which values reach an expression, within a file
  'matchers', // URL → operation, SDK reference → operation, payload/response → field; the compiled register
  'model', // what the analysis talks about: requests, uses, lifecycle, messages
  'uses', // the per-file analysis
  'fixes', // what a use is offered: the fix policy and the edits
  'rule-kit', // createRule, the lifecycle rule, settings and their errors
  'rules', // one thin file per rule (rules/)
  'plugin', // the entry, configs and formatters
  'cli', // the command shipped with the package
] as const;
type Layer = (typeof LAYERS)[number];

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function layerOf(file: string): Layer | undefined {
  const [top, folder] = relative(ROOT, file).split(/[\\/]/);
  if (top === 'rules') return 'rules';
  if (top !== 'src' || folder === undefined) return undefined;
  if (['index.ts', 'configs.ts', 'rules.ts', 'formatters'].includes(folder)) return 'plugin';
  return (LAYERS as readonly string[]).includes(folder) ? (folder as Layer) : undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports of a file, type-only ones included, resolved to source files. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name).replace(/\.js$/, '.ts'));
}

const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'rules'))];

describe('architecture', () => {
  it('every source file belongs to a layer', () => {
    const unplaced = files.filter((file) => layerOf(file) === undefined).map((file) => relative(ROOT, file));
    expect(unplaced).toEqual([]);
  });

  it('no module imports a module of a later layer', () => {
    const upward: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        const to = layerOf(target);
        if (to && LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
          upward.push(`${relative(ROOT, file)} (${from}) → ${relative(ROOT, target)} (${to})`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it('the check sees an upward import', () => {
    // Guards the test above against passing because it reads nothing.
    const rule = join(ROOT, 'rules', 'no-removed.ts');
    expect(importsOf(rule).map((target) => layerOf(target))).toContain('rule-kit');
    expect(LAYERS.indexOf('rule-kit')).toBeLessThan(LAYERS.indexOf('rules'));
    expect(LAYERS.indexOf(layerOf(join(ROOT, 'src', 'uses', 'analysis.ts'))!)).toBeGreaterThan(LAYERS.indexOf('matchers'));
  });
});
