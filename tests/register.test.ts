import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { register } from '../src/index.js';
import type { EndpointItem, FieldItem } from '../src/register/types.js';
import { checkItems } from '../src/register/validate.js';

/**
 * The register is checked against its source document: every table row of the seed must be an item
 * with exactly its dates, operation and replacement, and there must be no item without a row.
 */

const SEED_COPY = new URL('../fixtures/register/deprecation-register.md', import.meta.url);
const seed = readFileSync(SEED_COPY, 'utf8');

function section(title: string): string {
  const start = seed.indexOf(title);
  expect(start, `section ${title}`).toBeGreaterThan(-1);
  const next = seed.indexOf('\n#', start + title.length);
  return seed.slice(start, next === -1 ? undefined : next);
}

/** Data rows of the first markdown table in a section, as arrays of trimmed cells. */
function tableRows(text: string): string[][] {
  const lines = text.split('\n').filter((line) => line.startsWith('|'));
  return lines.slice(2).map((line) => line.slice(1, -1).split('|').map((cell) => cell.trim()));
}

const fields = register.items.filter((item): item is FieldItem => item.kind === 'field');
const endpoints = register.items.filter((item): item is EndpointItem => item.kind === 'endpoint');

describe('register integrity', () => {
  it('is valid by the same checks users extra items get', () => {
    expect(checkItems(register.items, 'register')).toEqual([]);
  });

  it('has unique ids', () => {
    const ids = register.items.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is JSON-serialisable data', () => {
    expect(JSON.parse(JSON.stringify(register))).toEqual(register);
  });

  it('announces every item on or before its removal', () => {
    for (const item of register.items) expect(item.announced <= item.removal, item.id).toBe(true);
  });

  it('is current as of the seed date', () => {
    expect(seed).toContain(`The deprecation register is current as of ${register.asOf}.`);
  });
});

describe('register matches the seed', () => {
  it('§2.1: every deprecated field row is an item with its operation, note and dates', () => {
    const rows = tableRows(section('### 2.1'));
    expect(rows).toHaveLength(13);
    const matched = new Set<string>();
    for (const [fieldCell, operationCell, note, announced, removal] of rows as string[][] as [
      string,
      string,
      string,
      string,
      string,
    ][]) {
      const qualifier = /\((.+)\)$/.exec(fieldCell)?.[1];
      const field = fieldCell.replace(/\s*\(.+\)$/, '');
      const [method, path] = operationCell.split(' ');
      const item = fields.find((f) => f.field === field && f.operation.path === path);
      expect(item, `${field} ${operationCell}`).toBeDefined();
      expect(item!.operation.method).toBe(method);
      expect(item!.note).toBe(note);
      expect(item!.announced).toBe(announced);
      expect(item!.removal).toBe(removal);
      expect(item!.qualifier).toBe(qualifier);
      matched.add(item!.id);
    }
    expect(matched.size).toBe(13);
  });

  it('§2.2: every policy field notice is an item, both sensitiveInfoTypes notices kept', () => {
    const text = section('### 2.2');
    expect(text).toContain('all announced 2026-02-05, removal 2026-10-15');
    const rows = tableRows(text);
    expect(rows).toHaveLength(10);
    const policyItems = fields.filter((f) => f.operation.path === '/rest/api/v1/governance/data/policies/{id}');
    expect(policyItems).toHaveLength(10);
    const unmatched = [...policyItems];
    for (const [fieldCell, replacementCell] of rows as [string, string][]) {
      const field = fieldCell.replace(/\s*\(.+\)$/, '');
      const index = unmatched.findIndex((item) => {
        if (item.field !== field) return false;
        const replacement = item.replacement;
        if (replacementCell.startsWith('Deprecated; no replacement stated')) return replacement.kind === 'none';
        return (
          (replacement.kind === 'rename' && replacement.to === replacementCell) ||
          (replacement.kind === 'restructure' && replacement.to.join() === replacementCell)
        );
      });
      expect(index, `${fieldCell} → ${replacementCell}`).toBeGreaterThan(-1);
      const [item] = unmatched.splice(index, 1);
      expect(item!.operation.method).toBe('GET');
      expect(item!.announced).toBe('2026-02-05');
      expect(item!.removal).toBe('2026-10-15');
      expect(item!.category).toBe('Client API');
    }
    expect(unmatched).toEqual([]);
  });

  it('§4.2: every deprecated endpoint row is an item with its category, dates and replacement', () => {
    const rows = tableRows(section('### 4.2'));
    expect(rows).toHaveLength(10);
    for (const [method, path, replacementCell, category, announced, removal] of rows as [
      string,
      string,
      string,
      string,
      string,
      string,
    ][]) {
      const item = endpoints.find((e) => e.operation.method === method && e.operation.path === path);
      expect(item, `${method} ${path}`).toBeDefined();
      expect(item!.category).toBe(category);
      expect(item!.announced).toBe(announced);
      expect(item!.removal).toBe(removal);
      expect(item!.note).toBe(replacementCell);
      const named = /^(GET|POST) (\/\S+)/.exec(replacementCell);
      if (named) {
        expect(item!.replacement).toMatchObject({ kind: 'endpoint', operation: { method: named[1], path: named[2] } });
      } else {
        expect(item!.replacement.kind).toBe('none');
      }
    }
    expect(endpoints).toHaveLength(10);
  });

  it('§4.1: the run wait endpoint carries its body rules', () => {
    const text = section('### 4.1');
    const item = endpoints.find((e) => e.operation.path === '/rest/api/v1/agents/runs/wait')!;
    expect(text).toContain('| Path | {base_url}/rest/api/v1/agents/runs/wait |');
    expect(text).toContain(item.rules![1]!);
    expect(text).toContain('A JSON object that contains an object named input');
  });

  it('has no item without a row in the seed', () => {
    expect(register.items).toHaveLength(13 + 10 + 10);
  });

  it('the stream replacement adds stream=true and both run replacements move agent_id into the path', () => {
    const stream = endpoints.find((e) => e.operation.path.endsWith('/runs/stream'))!;
    expect(section('### 4.2')).toContain('with the parameter stream=true');
    expect(stream.replacement).toMatchObject({ addToBody: { stream: true }, pathFromBody: { agent_id: 'agent_id' } });
  });
});

describe('user register items are validated with messages that name the setting', () => {
  const valid: EndpointItem = {
    id: 'acme.search',
    kind: 'endpoint',
    operation: { method: 'POST', path: '/rest/api/v1/search' },
    category: 'Client API',
    announced: '2026-11-01',
    removal: '2027-06-01',
    replacement: { kind: 'none' },
  };

  it('accepts a well-formed item', () => {
    expect(checkItems([valid], 'settings.glean.register')).toEqual([]);
  });

  it.each([
    [{ ...valid, removal: '2027-13-01' }, 'settings.glean.register[0].removal: expected a date "YYYY-MM-DD", got "2027-13-01"'],
    [{ ...valid, announced: '2027-07-01' }, 'settings.glean.register[0]: announced (2027-07-01) is after removal (2027-06-01)'],
    [{ ...valid, operation: { method: 'FETCH', path: '/x' } }, 'settings.glean.register[0].operation.method: expected one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, got "FETCH"'],
    [{ ...valid, operation: { method: 'GET', path: 'rest/api' } }, 'settings.glean.register[0].operation.path: expected a path such as "/rest/api/v1/agents/{agent_id}" (segments of letters, digits, ._~- or {param}), got "rest/api"'],
    [{ ...valid, category: 'Agents API' }, 'settings.glean.register[0].category: expected one of "Client API", "Indexing API", got "Agents API"'],
    [{ ...valid, replacement: { kind: 'swap' } }, 'settings.glean.register[0].replacement.kind: expected one of rename, move, restructure, endpoint, none, got "swap"'],
    [{ ...valid, extra: 1 }, 'settings.glean.register[0]: unknown property "extra" (allowed: id, kind, category, announced, removal, replacement, note, operation, noticeIds, rules)'],
    [{ ...valid, id: 'listanswers' }, 'settings.glean.register[0].id: "listanswers" is already used by another register item'],
  ])('rejects %j', (item, problem) => {
    expect(checkItems([item], 'settings.glean.register', new Set(register.items.map((i) => i.id)))).toContain(problem);
  });

  it('rejects a path parameter moved from the body into a path without that parameter', () => {
    const item = {
      ...valid,
      replacement: { kind: 'endpoint', operation: { method: 'POST', path: '/api/x' }, pathFromBody: { id: 'id' } },
    };
    expect(checkItems([item], 'r')).toEqual(['r[0].replacement.pathFromBody.id: the replacement path has no {id} parameter']);
  });
});

describe('enum-value items, owners and notice ids are validated', () => {
  const enumValue = {
    id: 'acme.role=OWNER',
    kind: 'enum-value',
    field: 'role',
    value: 'OWNER',
    owners: ['ViewerInfo'],
    noticeIds: ['00000000-0000-4000-8000-000000000001'],
    operation: { method: 'POST', path: '/rest/api/v1/createannouncement' },
    category: 'Client API',
    announced: '2026-11-01',
    removal: '2027-06-01',
    replacement: { kind: 'restructure', to: ['permissions'] },
  };

  it('accepts a well-formed enum-value item and a field item with owners', () => {
    const field = Object.fromEntries(Object.entries({ ...enumValue, id: 'acme.role', kind: 'field' }).filter(([key]) => key !== 'value'));
    expect(checkItems([enumValue, field], 'r')).toEqual([]);
  });

  it.each([
    [{ ...enumValue, value: '' }, 'r[0].value: expected a non-empty string, got ""'],
    [{ ...enumValue, value: undefined }, 'r[0].value: expected a non-empty string, got nothing'],
    [{ ...enumValue, owners: [] }, 'r[0].owners: expected a non-empty array of schema type names such as "ViewerInfo", got []'],
    [{ ...enumValue, owners: ['Viewer Info'] }, 'r[0].owners: expected a non-empty array of schema type names such as "ViewerInfo", got ["Viewer Info"]'],
    [{ ...enumValue, noticeIds: 'x' }, 'r[0].noticeIds: expected a non-empty array of strings, got "x"'],
    [{ ...enumValue, replacement: { kind: 'rename', to: 'permissions' } }, 'r[0].replacement.kind: an enum value is replaced by restructure or none, got "rename"'],
    [{ ...enumValue, qualifier: 'top level' }, 'r[0]: unknown property "qualifier" (allowed: id, kind, category, announced, removal, replacement, note, operation, noticeIds, field, value, owners)'],
    [{ ...enumValue, kind: 'value' }, 'r[0].kind: expected one of "endpoint", "field", "enum-value", got "value"'],
  ])('rejects %j', (item, problem) => {
    expect(checkItems([item], 'r')).toContain(problem);
  });

  it('ids repeated within one list are still rejected', () => {
    expect(checkItems([enumValue, enumValue], 'r')).toEqual(['r[1].id: "acme.role=OWNER" is already used by another register item']);
  });
});
