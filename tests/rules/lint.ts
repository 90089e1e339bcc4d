import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from '../../src/index.js';
import { NOW } from '../helpers.js';

/**
 * Lints `code` with one rule of the plugin and returns what a user sees: each report's position and
 * full message text, its suggestions applied, and the file after `eslint --fix`. Rule specifications
 * compare these with literal text, so a change of wording fails them.
 */

export interface Seen {
  line: number;
  column: number;
  message: string;
  /** Each suggestion: its description and the whole file once applied. */
  suggestions?: { desc: string; output: string }[];
}

export interface LintOptions {
  typescript?: boolean;
  settings?: Record<string, unknown>;
  options?: Record<string, unknown>;
}

export function lintWith(rule: string, code: string, { typescript = true, settings = {}, options }: LintOptions = {}) {
  const filename = typescript ? 'file.ts' : 'file.js';
  const config: Linter.Config[] = [
    ...(typescript ? [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } } as Linter.Config] : []),
    {
      files: ['**/*.ts', '**/*.js'],
      plugins: { glean: plugin },
      rules: { [`glean/${rule}`]: options ? ['error', options] : 'error' },
      settings: { glean: { now: NOW, ...settings } },
    },
  ];
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(code, config, filename);
  const seen: Seen[] = messages.map((message) => ({
    line: message.line,
    column: message.column,
    message: message.message,
    ...(message.suggestions?.length
      ? {
          suggestions: message.suggestions.map((suggestion) => ({
            desc: suggestion.desc,
            output: code.slice(0, suggestion.fix.range[0]) + suggestion.fix.text + code.slice(suggestion.fix.range[1]),
          })),
        }
      : {}),
  }));
  const fixed = linter.verifyAndFix(code, config, filename).output;
  return { reports: seen, output: fixed === code ? null : fixed };
}
