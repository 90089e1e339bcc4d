import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCS_BASE_URL } from '../src/rule-kit/create-rule.js';
import plugin from '../src/index.js';
import { rules } from '../src/rules.js';

/**
 * Rules, docs, tests, configs and package metadata agree: adding a rule without the rest fails here.
 */

const ROOT = new URL('../', import.meta.url);
const RULE_TESTS = new URL('tests/rules/', ROOT);
const ruleNames = Object.keys(rules);
const testFiles = readdirSync(RULE_TESTS, { recursive: true, encoding: 'utf8' }).filter((file) => /\.test\.tsx?$/.test(file));

/** Every `properties` entry of a JSON schema, at any depth, with its path. */
function schemaProperties(schema: unknown, path: string): [string, Record<string, unknown>][] {
  if (Array.isArray(schema)) return schema.flatMap((entry, index) => schemaProperties(entry, `${path}[${index}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  const found: [string, Record<string, unknown>][] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, property] of Object.entries(value as Record<string, Record<string, unknown>>)) {
        found.push([`${path}.${name}`, property], ...schemaProperties(property, `${path}.${name}`));
      }
    } else {
      found.push(...schemaProperties(value, `${path}.${key}`));
    }
  }
  return found;
}

describe.each(ruleNames)('glean/%s', (name) => {
  const rule = rules[name as keyof typeof rules];

  it('has a doc in docs/rules, and meta.docs.url points to it', () => {
    expect(existsSync(new URL(`docs/rules/${name}.md`, ROOT))).toBe(true);
    expect(rule.meta.docs?.url).toBe(`${DOCS_BASE_URL}/${name}.md`);
  });

  it('has a test file under tests/rules (named after it, or importing it)', () => {
    const importsRule = new RegExp(`from '(\\.\\./)+rules/${name}\\.js'`);
    const tests = testFiles.filter(
      (file) => file.split('/').pop()!.startsWith(name) || importsRule.test(readFileSync(new URL(file, RULE_TESTS), 'utf8')),
    );
    expect(tests).not.toEqual([]);
  });

  it('is in configs.recommended at its meta.docs.recommendedSeverity', () => {
    expect(rule.meta.docs?.recommended).toBe(true);
    expect(plugin.configs.recommended.rules?.[`glean/${name}`]).toBe(rule.meta.docs?.recommendedSeverity);
  });

  it('has a description that starts with Enforce, Require or Disallow', () => {
    expect(rule.meta.docs?.description).toMatch(/^(Enforce|Require|Disallow) /);
  });

  it('describes every schema property', () => {
    const undocumented = schemaProperties(rule.meta.schema, 'schema').filter(([, property]) => typeof property.description !== 'string');
    expect(undocumented.map(([path]) => path)).toEqual([]);
  });
});

describe('plugin', () => {
  it("meta.version is package.json's version", () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { name: string; version: string };
    expect(plugin.meta).toMatchObject({ name: pkg.name, version: pkg.version });
  });

  it('exports every rule of src/rules.ts, and every doc documents one', () => {
    expect(Object.keys(plugin.rules).sort()).toEqual([...ruleNames].sort());
    const docs = readdirSync(new URL('docs/rules/', ROOT)).filter((file) => file.endsWith('.md'));
    expect(docs.map((file) => file.replace(/\.md$/, '')).sort()).toEqual([...ruleNames].sort());
  });
});
