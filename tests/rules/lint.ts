import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from '../../src/index.js';
import { recordFixOutput } from '../fix-outputs.js';
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
  const applied = ({ fix }: Linter.LintSuggestion) => code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);
  const seen: Seen[] = messages.map((message) => ({
    line: message.line,
    column: message.column,
    message: message.message,
    ...(message.suggestions?.length
      ? {
          suggestions: message.suggestions.map((suggestion) => ({
            desc: suggestion.desc,
            output: applied(suggestion),
          })),
        }
      : {}),
  }));
  const fixed = linter.verifyAndFix(code, config, filename).output;
  if (typescript) {
    // Recorded for the type-check of fixed outputs (tests/setup.ts).
    const source = `lintWith ${rule}: ${code.split('\n', 1)[0]}`;
    recordFixOutput({ source, what: 'autofix', input: code, output: fixed, extension: '.ts' });
    for (const message of messages) {
      for (const suggestion of message.suggestions ?? []) {
        recordFixOutput({ source, what: suggestion.messageId ?? suggestion.desc, input: code, output: applied(suggestion), extension: '.ts' });
      }
    }
  }
  return { reports: seen, output: fixed === code ? null : fixed };
}
