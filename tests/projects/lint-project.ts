import { Linter } from 'eslint';
import { readFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import svelteParser from 'svelte-eslint-parser';
import plugin from '../../src/index.js';
import { forgetProject } from '../../src/modules/index.js';
import { recordFixOutput } from '../fix-outputs.js';
import { NOW } from '../helpers.js';

/**
 * Lints one file of a multi-file fixture project (fixtures/projects/<project>/…) the way ESLint does
 * in that project: the file's text from disk, its real path, ESLint's working directory at the
 * project's root, so that the plugin follows the file's imports into the project's other modules and
 * finds the modules that import it. Returns what a user sees: each report's position and message, each
 * suggestion applied to the whole file, and the file after `--fix`. TypeScript outputs are recorded for
 * the type-check of fixed outputs (tests/setup.ts), next to the file, with the project's tsconfig.
 */

export const PROJECTS = fileURLToPath(new URL('../../fixtures/projects/', import.meta.url));

export interface ProjectReport {
  line: number;
  column: number;
  rule: string;
  message: string;
  suggestions?: { desc: string; output: string }[];
}

export interface ProjectLintOptions {
  /** Lint with type information (the project's tsconfig.json, typescript-eslint's project service). */
  typed?: boolean;
  /** Rule options for both lifecycle rules (`{ migrate: true }`). */
  options?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  /** The text to lint instead of the file's on disk (an editor's unsaved buffer). */
  text?: string;
}

const TYPESCRIPT = /\.[cm]?tsx?$/;
const JSX = /\.[jt]sx$/;

/** `project` is the folder under fixtures/projects, `file` the path inside it. */
export function lintProjectFile(project: string, file: string, { typed = false, options, settings = {}, text }: ProjectLintOptions = {}) {
  const root = join(PROJECTS, project);
  const filename = join(root, file);
  const code = text ?? readFileSync(filename, 'utf8');
  const typescript = TYPESCRIPT.test(filename);
  const ruleOptions = options ? [options] : [];
  const config: Linter.Config[] = [
    {
      files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx,svelte}'],
      languageOptions: {
        ...(typescript ? { parser: tseslint.parser } : {}),
        // A Svelte component: svelte-eslint-parser, its `<script lang="ts">` through typescript-eslint's parser.
        ...(filename.endsWith('.svelte') ? { parser: svelteParser } : {}),
        ...(filename.endsWith('.cjs') ? { sourceType: 'commonjs' as const } : {}),
        parserOptions: {
          ...(JSX.test(filename) ? { ecmaFeatures: { jsx: true } } : {}),
          ...(filename.endsWith('.svelte') ? { parser: tseslint.parser } : {}),
          ...(typed ? { projectService: true, tsconfigRootDir: root } : {}),
        },
      },
      plugins: { glean: plugin },
      rules: {
        'glean/no-removed': ['error', ...ruleOptions],
        'glean/no-deprecated': ['warn', ...ruleOptions],
        'glean/agent-run-input': 'error',
      },
      settings: { glean: { now: NOW, ...settings } },
    },
  ];
  const linter = new Linter({ configType: 'flat', cwd: root });
  const messages = linter.verify(code, config, filename);
  const applied = ({ fix }: Linter.LintSuggestion) => code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);
  const reports: ProjectReport[] = messages.map((message) => ({
    line: message.line,
    column: message.column,
    rule: message.ruleId ?? '(parser)',
    message: message.message,
    ...(message.suggestions?.length ? { suggestions: message.suggestions.map((suggestion) => ({ desc: suggestion.desc, output: applied(suggestion) })) } : {}),
  }));
  const fixed = linter.verifyAndFix(code, config, filename).output;
  if (typescript) {
    const source = `${project}/${relative(root, filename)}${typed ? ' (typed)' : ''}`;
    const location = { source, input: code, dir: dirname(filename), extension: extname(filename) };
    recordFixOutput({ ...location, what: 'autofix', output: fixed });
    for (const message of messages) {
      for (const suggestion of message.suggestions ?? []) recordFixOutput({ ...location, what: suggestion.messageId ?? suggestion.desc, output: applied(suggestion) });
    }
  }
  return { reports, output: fixed === code ? null : fixed };
}

/** Forgets what earlier lints learnt of the projects' modules (a test that edits a module starts afresh). */
export function forgetProjects(): void {
  forgetProject();
}
