import { RuleTester, type RuleTesterConfig, type RunTests } from '@typescript-eslint/rule-tester';
import type { RuleModule } from '@typescript-eslint/utils/ts-eslint';
import * as espree from 'espree';
import noDeprecated from '../rules/no-deprecated.js';
import noRemoved from '../rules/no-removed.js';
import { register } from '../src/index.js';
import { statusOf } from '../src/model/lifecycle.js';
import { EXPECTED_MESSAGES, type ExpectedMessage } from './expected-messages.js';
import { recordRuleTesterCases } from './fix-outputs.js';
import type { RegisterItem } from '../src/register/types.js';

/** The day every rule test runs on, so day counts and lifecycles never drift. */
export const NOW = '2026-11-23';

export const gleanSettings = (extra: Record<string, unknown> = {}) => ({ glean: { now: NOW, ...extra } });

/**
 * typescript-eslint's RuleTester that also records every TypeScript case's `--fix` output and
 * suggestion outputs, which tests/setup.ts type-checks against the SDK once the file has run.
 */
export class TypeCheckedRuleTester extends RuleTester {
  readonly #config: RuleTesterConfig;

  constructor(config: RuleTesterConfig) {
    super(config);
    this.#config = config;
  }

  override run<MessageIds extends string, Options extends readonly unknown[]>(
    title: string,
    rule: RuleModule<MessageIds, Options>,
    tests: RunTests<MessageIds, Options>,
  ): void {
    recordRuleTesterCases(title, tests.invalid, this.#config.languageOptions?.parserOptions);
    super.run(title, rule, tests);
  }
}

/** TypeScript, through typescript-eslint's parser; its fixed outputs are type-checked. */
export function tsRuleTester(extra: Record<string, unknown> = {}): RuleTester {
  return new TypeCheckedRuleTester({ settings: gleanSettings(extra) });
}

/** Plain JavaScript (ESM and CommonJS), through ESLint's default parser, espree, in files named as JavaScript. */
export function jsRuleTester(extra: Record<string, unknown> = {}): RuleTester {
  return new RuleTester({
    defaultFilenames: { ts: 'file.js', tsx: 'react.jsx' },
    languageOptions: { parser: espree, ecmaVersion: 'latest', sourceType: 'module' },
    settings: gleanSettings(extra),
  });
}

export function item(id: string): RegisterItem {
  const found = register.items.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no register item ${id}`);
  return found;
}

/** The message data a report of `id` carries on NOW, as written out in `expected-messages.ts`. */
export function dataFor(id: string): ExpectedMessage {
  const expected = EXPECTED_MESSAGES[id];
  if (!expected) throw new Error(`no expected message for ${id}`);
  return { ...expected };
}

export type Loc = { line: number; column: number; endLine: number; endColumn: number };

/** 1-based line/column of the source range [start, start + length) of `code`. */
export function locAt(code: string, start: number, length: number): Loc {
  const position = (offset: number) => {
    const before = code.slice(0, offset).split('\n');
    return { line: before.length, column: before.at(-1)!.length + 1 };
  };
  const from = position(start);
  const to = position(start + length);
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/** The position of the `occurrence`-th (0-based) appearance of `text` in `code`. */
export function locate(code: string, text: string, occurrence = 0): Loc {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) {
    index = code.indexOf(text, index + 1);
    if (index === -1) throw new Error(`${JSON.stringify(text)} not found ${occurrence + 1} times`);
  }
  return locAt(code, index, text.length);
}

export type LifecycleRuleName = 'no-removed' | 'no-deprecated';

/** The lifecycle rule that reports register item `id` on NOW. */
export function ruleNameFor(id: string): LifecycleRuleName {
  return statusOf(item(id), NOW, 0).lifecycle === 'removed' ? 'no-removed' : 'no-deprecated';
}

/** The lifecycle rule module that reports register item `id` on NOW. */
export function ruleFor(id: string) {
  return lifecycleRules[ruleNameFor(id)];
}

export const lifecycleRules = { 'no-removed': noRemoved, 'no-deprecated': noDeprecated } as const;
