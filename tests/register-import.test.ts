import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fieldOwners } from '../src/register/field-owners.js';
import { builtinRegister } from '../src/register/items.js';
import type { RegisterItem } from '../src/register/types.js';
import { checkItems } from '../src/register/validate.js';
import { importRegister } from '../src/cli/register-import/index.js';
import { namedReplacements } from '../src/cli/register-import/replacement.js';
import { unexplainedDifferences } from '../tools/register-drift.js';
import { CLIENT_SPEC_NEW_ITEMS } from './register-sources.js';

/**
 * `register import` on slices of Glean's real sources (fixtures/register-sources, see its README):
 * importing them reproduces the built-in items, except where Glean's data differs — listed here.
 */

const SOURCES = fileURLToPath(new URL('../fixtures/register-sources/', import.meta.url));
const source = (name: string) => join(SOURCES, name);

/** What the register is matched by: every property that decides a report. */
function essence(item: RegisterItem) {
  const owners = item.kind === 'endpoint' ? undefined : [...(item.owners ?? fieldOwners[item.id] ?? [])].sort();
  const { id, kind, operation, announced, removal, replacement, category } = item;
  return { id, kind, category, operation, announced, removal, replacement, owners, field: item.kind === 'endpoint' ? undefined : item.field };
}

const builtin = new Map(builtinRegister.items.map((item) => [item.id, item]));

/** Where Glean's published data differs from the built-in register, by source file and id. */
const KNOWN_DIFFERENCES: Record<string, Partial<ReturnType<typeof essence>>> = {
  // The feed and the spec give bulkindexemployees 2026-10-15; the register and the SDK 2027-01-15.
  'feed.json index.bulkindexemployees': { removal: '2026-10-15' },
  'index.yaml index.bulkindexemployees': { removal: '2026-10-15' },
  // The spec declares boardId on AnswerMutableProperties, which the answer requests include too.
  'client.yaml createannouncement.boardId': { owners: ['Answer', 'AnswerCreationData', 'AnswerMutableProperties', 'EditAnswerRequest'] },
};

describe('importing the slices reproduces the built-in items', () => {
  it.each(['client.yaml', 'admin.yaml', 'index.yaml', 'feed.json'])('%s', (name) => {
    const items = importRegister(source(name)).items.map(({ item }) => item);
    expect(checkItems(items, 'items')).toEqual([]);
    for (const item of items.filter((imported) => builtin.has(imported.id))) {
      const expected = { ...essence(builtin.get(item.id)!), ...KNOWN_DIFFERENCES[`${name} ${item.id}`] };
      // The feed names no owner types: its items keep the built-in owner table's.
      expect(essence(item), `${name} ${item.id}`).toEqual(expected);
    }
  });

  it('the slices together publish every built-in item but the five agents items (in the SDK only)', () => {
    const published = new Set(['client.yaml', 'admin.yaml', 'index.yaml'].flatMap((name) => importRegister(source(name)).items.map(({ item }) => item.id)));
    expect(builtinRegister.items.map((item) => item.id).filter((id) => !published.has(id))).toEqual([
      'agents.get',
      'agents.schemas',
      'agents.runs.stream',
      'agents.runs.wait',
      'agents.search',
    ]);
  });

  it('a field from the spec carries its owner types and its host operation', () => {
    const role = importRegister(source('client.yaml')).items.find(({ item }) => item.id === 'createannouncement.role');
    expect(role?.item).toEqual({
      ...builtin.get('createannouncement.role'),
      owners: ['ViewerInfo'],
      noticeIds: ['fbc55efe-3e6c-485c-8b60-bab574c3813b'],
    });
  });

  it('the spec marks two properties the register does not list: new items with ids from their operation', () => {
    const { comparison } = importRegister(source('client.yaml'));
    expect(comparison.added.map(({ item }) => item)).toEqual(CLIENT_SPEC_NEW_ITEMS);
  });

  it('reports the moved removal date of bulkindexemployees as a change, held back: the feed is older than the register', () => {
    const { comparison } = importRegister(source('feed.json'));
    expect(comparison.added).toEqual([]);
    expect(comparison.changed.map(({ merged, changes, heldBack }) => [merged.item.id, changes, heldBack])).toEqual([
      ['index.bulkindexemployees', ['removal 2027-01-15 → 2026-10-15'], true],
    ]);
    expect(comparison.unchanged).toHaveLength(13);
  });

  it('the schema-level and the property notice of externalSharingOptions are one item, which the feed (the schema notice only) states too', () => {
    const idOf = (name: string) =>
      importRegister(name.split(' ').map((file) => ({ file: source(file) }))).items.filter(({ item }) => item.id === 'policy.externalSharingOptions');
    const property = '6484ec17-a133-4176-b2ce-28e25b0e9065';
    const schema = '7c9e4a1d-3f8b-4e2c-9a5d-6b0f1c8e2d4a';
    expect(idOf('admin.yaml').map(({ item }) => item.noticeIds)).toEqual([[property, schema]]);
    expect(idOf('feed.json').map(({ item }) => item.noticeIds)).toEqual([[schema]]);
    expect(idOf('admin.yaml feed.json').map(({ item, sources }) => [item.noticeIds, sources.map((from) => from.file)])).toEqual([
      [[property, schema], [source('admin.yaml'), source('feed.json')]],
    ]);
  });

  it('the schema-level notice is listed as skipped, with the property notice that gives the item', () => {
    expect(importRegister(source('admin.yaml')).sources[0]!.skipped).toEqual([
      {
        id: '7c9e4a1d-3f8b-4e2c-9a5d-6b0f1c8e2d4a',
        where: 'components.schemas.ExternalSharingOptions.x-glean-deprecated',
        reason:
          'no item of its own: the property that holds the schema, DlpConfig.externalSharingOptions (6484ec17-a133-4176-b2ce-28e25b0e9065), has its own notice, and its item carries this id too',
      },
    ]);
  });
});

describe('enum-value notices', () => {
  it('a spec array entry of kind enum-value becomes an enum-value item with the property owners', () => {
    const { comparison } = importRegister(source('variants/admin-enum-value.yaml'));
    expect(comparison.added.map(({ item }) => item)).toEqual([
      {
        id: 'governance.data.policies.likelihoodThreshold=VERY_UNLIKELY',
        kind: 'enum-value',
        field: 'likelihoodThreshold',
        value: 'VERY_UNLIKELY',
        owners: ['SensitiveInfoType'],
        category: 'Client API',
        announced: '2026-11-02',
        removal: '2027-05-15',
        operation: { method: 'GET', path: '/rest/api/v1/governance/data/policies/{id}' },
        replacement: { kind: 'restructure', to: ['UNLIKELY'] },
        note: 'Use UNLIKELY instead',
        noticeIds: ['00000000-0000-4000-8000-00000000e001'],
      },
    ]);
  });

  it('a feed deprecation of type enum-value becomes an enum-value item without owners', () => {
    const { comparison } = importRegister(source('variants/feed-enum-value.json'));
    expect(comparison.added.map(({ item }) => item)).toEqual([
      {
        id: 'createannouncement.role=ANSWER_MODERATOR',
        kind: 'enum-value',
        field: 'role',
        value: 'ANSWER_MODERATOR',
        category: 'Client API',
        announced: '2026-11-02',
        removal: '2027-05-15',
        operation: { method: 'POST', path: '/rest/api/v1/createannouncement' },
        replacement: { kind: 'restructure', to: ['permissions'] },
        note: 'Use permissions instead',
        noticeIds: ['00000000-0000-4000-8000-00000000e002'],
      },
    ]);
  });
});

describe('input the importer cannot read is named by file, line and key', () => {
  it.each([
    ['spec-bad-date.yaml', 'spec-bad-date.yaml:20: paths./getdocumentstatus.post.x-glean-deprecated.removal: expected a date "YYYY-MM-DD", got "2026-13-01"'],
    ['spec-bad-indent.yaml', 'spec-bad-indent.yaml:21: is not valid YAML (All mapping items must start at the same column)'],
    ['spec-no-servers.yaml', `spec-no-servers.yaml:1: servers[0].url: expected the API's base URL (its path prefixes every operation), got nothing`],
    [
      'spec-enum-value-unknown.yaml',
      `spec-enum-value-unknown.yaml:39: components.schemas.SensitiveInfoType.properties.likelihoodThreshold.x-glean-deprecated[1].enum-value: "RARELY" is not one of the property's values (LIKELY, VERY_LIKELY, POSSIBLE, UNLIKELY, VERY_UNLIKELY)`,
    ],
    [
      'spec-notice-kind.yaml',
      'spec-notice-kind.yaml:33: components.schemas.SensitiveInfoType.properties.likelihoodThreshold.x-glean-deprecated[0].kind: expected "property" or "enum-value", got "value"',
    ],
    ['feed-missing-removal.json', 'feed-missing-removal.json:7: endpoints[0].deprecations[0].removal: expected a date "YYYY-MM-DD", got nothing'],
    [
      'feed-unknown-type.json',
      'feed-unknown-type.json:23: endpoints[1].deprecations[0].type: expected "endpoint", "field", "parameter" or "enum-value", got "property"',
    ],
    ['feed-trailing-comma.json', 'feed-trailing-comma.json:14: is not valid JSON (Expected double-quoted property name)'],
    ['neither.json', 'neither.json:1: is neither an OpenAPI spec (no "openapi" key) nor a deprecations feed (no "endpoints" key)'],
  ])('%s', (name, message) => {
    const file = source(`malformed/${name}`);
    expect(() => importRegister(file)).toThrow(`${join(SOURCES, 'malformed')}/${message}`);
  });

  it('a file that does not exist', () => {
    expect(() => importRegister(source('missing.yaml'))).toThrow(`${source('missing.yaml')}: cannot be read (ENOENT)`);
  });
});

describe('replacements named by a message', () => {
  it.each([
    ['Use relationType instead', ['relationType']],
    ["Use 'text' field instead", ['text']],
    ['Use `answer.trackingToken` instead.', ['answer.trackingToken']],
    ['Use permissions instead', ['permissions']],
    [
      'Use inline citations via ChatMessageFragment.citation and ChatMessageCitation.referenceRanges instead. This field is still populated.',
      ['ChatMessageFragment.citation', 'ChatMessageCitation.referenceRanges'],
    ],
    ['Use POST /api/agents/{agent_id}/runs with stream=true instead.', ['POST /api/agents/{agent_id}/runs']],
    ['Answer Boards no longer supported', []],
    ['Use the new reporting pages instead', []],
  ])('%s', (message, names) => {
    expect(namedReplacements(message)).toEqual(names);
  });
});

describe('register drift', () => {
  it('the register differs from the SDK, the spec and the feed only where explained', () => {
    expect(unexplainedDifferences()).toEqual([]);
  });
});
