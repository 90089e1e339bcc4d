import { RuleTester } from '@typescript-eslint/rule-tester';
import * as espree from 'espree';
import { daysBetween } from '../src/model/lifecycle.js';
import { describeDays, describeReplacement, subjectOf } from '../src/model/messages.js';
import { register } from '../src/index.js';
import type { RegisterItem } from '../src/register/types.js';

/** The day every rule test runs on, so day counts and lifecycles never drift. */
export const NOW = '2026-11-23';

export const gleanSettings = (extra: Record<string, unknown> = {}) => ({ glean: { now: NOW, ...extra } });

/** TypeScript, through typescript-eslint's parser. */
export function tsRuleTester(extra: Record<string, unknown> = {}): RuleTester {
  return new RuleTester({ settings: gleanSettings(extra) });
}

/** Plain JavaScript (ESM and CommonJS), through ESLint's default parser, espree. */
export function jsRuleTester(extra: Record<string, unknown> = {}): RuleTester {
  return new RuleTester({
    languageOptions: { parser: espree, ecmaVersion: 'latest', sourceType: 'module' },
    settings: gleanSettings(extra),
  });
}

export function item(id: string): RegisterItem {
  const found = register.items.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no register item ${id}`);
  return found;
}

/** The message data a report of `id` carries on NOW. */
export function dataFor(id: string, now = NOW) {
  const it = item(id);
  return {
    subject: subjectOf(it),
    removal: it.removal,
    when: describeDays(daysBetween(now, it.removal)),
    replacement: describeReplacement(it.replacement),
  };
}

/** 1-based line and column of the `occurrence`-th (0-based) appearance of `text` in `code`, and its end. */
export function locate(code: string, text: string, occurrence = 0) {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) {
    index = code.indexOf(text, index + 1);
    if (index === -1) throw new Error(`${JSON.stringify(text)} not found ${occurrence + 1} times`);
  }
  const position = (offset: number) => {
    const before = code.slice(0, offset).split('\n');
    return { line: before.length, column: before.at(-1)!.length + 1 };
  };
  const start = position(index);
  const end = position(index + text.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}
