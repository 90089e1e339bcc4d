import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import noDeprecated from '../rules/no-deprecated.js';
import noRemoved from '../rules/no-removed.js';
import { importRegister, registerFile } from '../src/cli/register-import/index.js';
import { readSettings } from '../src/rule-kit/settings.js';
import { locate, tsRuleTester } from './helpers.js';

/**
 * `settings.glean.register` as a register file (what `register import` writes), and items that replace
 * built-in ones: a moved removal date wins. Also the item shapes imports bring: field owners as data
 * and enum values.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIR = join(ROOT, '.tmp', 'register-setting');
mkdirSync(DIR, { recursive: true });
const SOURCES = join(ROOT, 'fixtures/register-sources');
// The feed's moved date is held back (the feed is older than the register) unless asked for: asked for here.
const REGISTER_FILE = join(DIR, 'glean-register.json');
writeFileSync(REGISTER_FILE, JSON.stringify(registerFile(importRegister(join(SOURCES, 'feed.json')), true)));
// The client spec's two new items, and the same InviteInfo.inviter from a feed that lists it (without owners).
const CLIENT_FILE = join(DIR, 'client-register.json');
writeFileSync(CLIENT_FILE, JSON.stringify(registerFile(importRegister(join(SOURCES, 'client.yaml')))));
const FEED_INVITER_FILE = join(DIR, 'feed-inviter-register.json');
writeFileSync(FEED_INVITER_FILE, JSON.stringify(registerFile(importRegister(join(SOURCES, 'variants/feed-inviter.json')))));
const BAD_FILE = join(DIR, 'bad-register.json');
writeFileSync(BAD_FILE, JSON.stringify({ items: [{ id: 'listanswers', kind: 'endpoint' }] }));
const RELATIVE = '.tmp/register-setting/glean-register.json';

const BULK = `fetch('/api/index/v1/bulkindexemployees', { method: 'POST' });`;
const LIST = `fetch('/rest/api/v1/listanswers', { method: 'POST' });`;
const ANNOUNCE = 'https://acme-be.glean.com/rest/api/v1/createannouncement';

const bulkRemovedByFeed = {
  messageId: 'removed',
  data: { subject: 'POST /api/index/v1/bulkindexemployees', removal: '2026-10-15', when: '39 days ago', replacement: 'no replacement' },
  ...locate(BULK, "'/api/index/v1/bulkindexemployees'"),
} as const;

describe('a register file in settings.glean.register', () => {
  const bulkRemoval = (register: string) => {
    const result = readSettings({ glean: { register } }, ROOT);
    if (!result.ok) throw new Error(result.problems.join('; '));
    return result.settings.register.items.find((item) => item.id === 'index.bulkindexemployees')?.removal;
  };

  it('is read relative to the working directory, as an absolute path, or as a file: URL', () => {
    expect(bulkRemoval(RELATIVE)).toBe('2026-10-15');
    expect(bulkRemoval(REGISTER_FILE)).toBe('2026-10-15');
    expect(bulkRemoval(pathToFileURL(REGISTER_FILE).href)).toBe('2026-10-15');
  });

  it('replaces built-in items in place and keeps the others', () => {
    const result = readSettings({ glean: { register: RELATIVE } }, ROOT);
    expect(result.ok && result.settings.register.items.map((item) => item.id).slice(0, 3)).toEqual([
      'insights.searchSessionSatisfaction',
      'getanswer.trackingToken',
      'getcollection.trackingToken',
    ]);
    expect(result.ok && result.settings.register.items).toHaveLength(33);
  });

  it.each([
    [
      'missing.json',
      `settings.glean.register: "missing.json" cannot be read (ENOENT): ${join(ROOT, 'missing.json')}, resolved from the working directory ${ROOT}`,
    ],
    ['package.json', 'settings.glean.register: "package.json" holds no register items (expected { "items": [...] } or an array)'],
    ['README.md', expect.stringMatching(/^settings\.glean\.register: "README\.md" is not valid JSON \(/)],
  ])('%s is a problem that names the file', (file, problem) => {
    expect(readSettings({ glean: { register: file } }, ROOT)).toEqual({ ok: false, problems: [problem] });
  });

  it('its invalid items are named by the file and their index', () => {
    const result = readSettings({ glean: { register: BAD_FILE } }, ROOT);
    expect(result.ok ? [] : result.problems[0]).toBe(
      `settings.glean.register: ${JSON.stringify(BAD_FILE)} items[0].category: expected one of "Client API", "Indexing API", got nothing`,
    );
  });
});

describe('several register files and inline items in settings.glean.register', () => {
  /** The ids after the 33 built-in items. */
  const newIds = (register: unknown) => {
    const result = readSettings({ glean: { register } }, ROOT);
    if (!result.ok) throw new Error(result.problems.join('; '));
    return result.settings.register.items.slice(33).map((item) => item.id);
  };
  const bulkOverride = {
    id: 'index.bulkindexemployees',
    kind: 'endpoint',
    operation: { method: 'POST', path: '/api/index/v1/bulkindexemployees' },
    category: 'Indexing API',
    announced: '2026-02-03',
    removal: '2027-02-01',
    replacement: { kind: 'none' },
  };

  it('an array of one file is the file (the settings differ only in their key, the text they are filed under)', () => {
    const inArray = readSettings({ glean: { register: [RELATIVE] } }, ROOT);
    const alone = readSettings({ glean: { register: RELATIVE } }, ROOT);
    if (!inArray.ok || !alone.ok) throw new Error('unexpected problems');
    expect({ ...inArray.settings, key: '' }).toEqual({ ...alone.settings, key: '' });
    expect(inArray.settings.files).toEqual([join(ROOT, RELATIVE)]);
    expect([inArray.settings.key, alone.settings.key]).toEqual([JSON.stringify({ register: [RELATIVE] }), JSON.stringify({ register: RELATIVE })]);
  });

  it('files and inline items together: every item, built-in ids replaced in place, new ones after the built-in ones', () => {
    const result = readSettings({ glean: { register: [RELATIVE, CLIENT_FILE, listanswersLater] } }, ROOT);
    if (!result.ok) throw new Error(result.problems.join('; '));
    const byId = new Map(result.settings.register.items.map((item) => [item.id, item]));
    expect([byId.get('index.bulkindexemployees')?.removal, byId.get('listanswers')?.removal]).toEqual(['2026-10-15', '2027-03-01']);
    expect(result.settings.register.items.map((item) => item.id).slice(31)).toEqual([
      'index.getusercount',
      'listanswers',
      'createannouncement.inviter',
      'insights.gleanAssist',
    ]);
  });

  it('one item in two files is one item, with the owner types of the file that names them', () => {
    for (const register of [[CLIENT_FILE, FEED_INVITER_FILE], [FEED_INVITER_FILE, CLIENT_FILE]]) {
      const result = readSettings({ glean: { register } }, ROOT);
      if (!result.ok) throw new Error(result.problems.join('; '));
      const inviters = result.settings.register.items.filter((item) => item.id === 'createannouncement.inviter');
      expect(inviters.map((item) => (item.kind === 'field' ? item.owners : undefined))).toEqual([['InviteInfo']]);
    }
    expect(newIds([CLIENT_FILE, FEED_INVITER_FILE])).toEqual(['createannouncement.inviter', 'insights.gleanAssist']);
  });

  it('two places that state one item differently are a problem naming both and the property', () => {
    expect(readSettings({ glean: { register: [RELATIVE, bulkOverride] } }, ROOT)).toEqual({
      ok: false,
      problems: [
        `settings.glean.register: two items "index.bulkindexemployees" disagree on removal: "2026-10-15" in "${RELATIVE}" items[0], "2027-02-01" in settings.glean.register[1]`,
        `settings.glean.register: two items "index.bulkindexemployees" disagree on note: "None stated (endpoint is deprecated)" in "${RELATIVE}" items[0], nothing in settings.glean.register[1]`,
      ],
    });
  });

  it('every problem of every entry, each named by its place', () => {
    expect(readSettings({ glean: { register: [42, 'missing.json', { ...bulkOverride, removal: 'soon' }, BAD_FILE] } }, ROOT)).toEqual({
      ok: false,
      problems: [
        'settings.glean.register[0]: expected a register item object or the path of a register file, got 42',
        `settings.glean.register[1]: "missing.json" cannot be read (ENOENT): ${join(ROOT, 'missing.json')}, resolved from the working directory ${ROOT}`,
        'settings.glean.register[2].removal: expected a date "YYYY-MM-DD", got "soon"',
        `settings.glean.register[3]: ${JSON.stringify(BAD_FILE)} items[0].category: expected one of "Client API", "Indexing API", got nothing`,
        `settings.glean.register[3]: ${JSON.stringify(BAD_FILE)} items[0].announced: expected a date "YYYY-MM-DD", got nothing`,
        `settings.glean.register[3]: ${JSON.stringify(BAD_FILE)} items[0].removal: expected a date "YYYY-MM-DD", got nothing`,
        `settings.glean.register[3]: ${JSON.stringify(BAD_FILE)} items[0].operation: expected { method, path }, got nothing`,
        `settings.glean.register[3]: ${JSON.stringify(BAD_FILE)} items[0].replacement: expected an object with a "kind", got nothing`,
      ],
    });
  });

  it('anything but a path or an array is a problem', () => {
    expect(readSettings({ glean: { register: { items: [] } } }, ROOT)).toEqual({
      ok: false,
      problems: ['settings.glean.register: expected the path of a register file, or an array of register items and paths of register files, got {"items":[]}'],
    });
  });
});

tsRuleTester().run('no-removed: a register file moves a removal date earlier', noRemoved, {
  valid: [BULK],
  invalid: [
    { name: 'relative path', code: BULK, settings: { glean: { now: '2026-11-23', register: RELATIVE } }, output: null, errors: [bulkRemovedByFeed] },
    {
      name: 'file: URL',
      code: BULK,
      settings: { glean: { now: '2026-11-23', register: pathToFileURL(REGISTER_FILE).href } },
      output: null,
      errors: [bulkRemovedByFeed],
    },
  ],
});

const INVITER = `const res = await fetch('${ANNOUNCE}', { method: 'POST', body: '{}' });
const a = await res.json();
console.log(a.author?.metadata?.inviteInfo?.inviter, a.author?.metadata?.inviteInfo?.invites);`;

tsRuleTester().run('no-removed: two register files, one from the feed and one from a spec, both apply', noRemoved, {
  valid: [{ code: INVITER, settings: { glean: { now: '2026-11-23', register: [RELATIVE] } } }],
  invalid: [
    {
      code: `${BULK}\n${INVITER}`,
      settings: { glean: { now: '2026-11-23', register: [RELATIVE, CLIENT_FILE] } },
      output: null,
      errors: [
        { ...bulkRemovedByFeed, line: 1 },
        {
          messageId: 'removed',
          data: {
            subject: 'Field `inviter` of a person’s invite info (`InviteInfo`)',
            removal: '2026-10-15',
            when: '39 days ago',
            replacement: 'use `ChannelInviteInfo` instead',
          },
          ...locate(`${BULK}\n${INVITER}`, 'inviter', 0),
          suggestions: [
            {
              messageId: 'switchToReplacement',
              data: { replacement: '`invites[].inviter`' },
              output: `${BULK}\n${INVITER.replace('inviteInfo?.inviter', "inviteInfo?.invites?.flatMap((item: NonNullable<NonNullable<NonNullable<NonNullable<(typeof a)['author']>['metadata']>['inviteInfo']>['invites']>[number]) => (item.inviter ? [item.inviter] : []))")}`,
            },
          ],
        },
      ],
    },
  ],
});

const listanswersLater = {
  id: 'listanswers',
  kind: 'endpoint',
  operation: { method: 'POST', path: '/rest/api/v1/listanswers' },
  category: 'Client API',
  announced: '2026-01-21',
  removal: '2027-03-01',
  replacement: { kind: 'none', note: 'answer boards are removed and the endpoint no longer serves a purpose' },
};

tsRuleTester().run('no-removed: an inline item with a built-in id moves its removal date later', noRemoved, {
  valid: [{ code: LIST, settings: { glean: { now: '2026-11-23', register: [listanswersLater] } } }],
  invalid: [
    {
      code: LIST,
      output: null,
      errors: [{ messageId: 'removed', data: { subject: 'POST /rest/api/v1/listanswers', removal: '2026-10-15', when: '39 days ago', replacement: 'no replacement; answer boards are removed and the endpoint no longer serves a purpose' }, ...locate(LIST, "'/rest/api/v1/listanswers'") }],
    },
  ],
});

tsRuleTester().run('no-deprecated: the overriding item is the one reported', noDeprecated, {
  valid: [LIST],
  invalid: [
    {
      code: LIST,
      settings: { glean: { now: '2026-11-23', register: [listanswersLater] } },
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: {
            subject: 'POST /rest/api/v1/listanswers',
            removal: '2027-03-01',
            when: 'in 98 days',
            replacement: 'no replacement; answer boards are removed and the endpoint no longer serves a purpose',
          },
          ...locate(LIST, "'/rest/api/v1/listanswers'"),
        },
      ],
    },
  ],
});

const notEquals = {
  id: 'acme.relationType=NOT_EQUALS',
  kind: 'enum-value',
  field: 'relationType',
  value: 'NOT_EQUALS',
  owners: ['FacetFilterValue'],
  operation: { method: 'POST', path: '/rest/api/v1/createannouncement' },
  category: 'Client API',
  announced: '2026-11-02',
  removal: '2027-05-15',
  replacement: { kind: 'restructure', to: ['EQUALS'] },
};
const enumSettings = { glean: { now: '2026-11-23', register: [notEquals] } };
const enumReport = (code: string, occurrence = 0) => ({
  messageId: 'deprecated' as const,
  data: {
    subject: 'Value "NOT_EQUALS" of field `relationType` of a facet filter value (`FacetFilterValue`)',
    removal: '2027-05-15',
    when: 'in 173 days',
    replacement: 'use `EQUALS` instead',
  },
  ...locate(code, "'NOT_EQUALS'", occurrence),
});
const SENT = `await axios.post('${ANNOUNCE}', { title: 'Launch', audienceFilters: [{ fieldName: 'department', values: [{ value: 'eng', relationType: 'NOT_EQUALS' }] }] });`;
const READ = `const res = await fetch('${ANNOUNCE}', { method: 'POST', body: '{}' });
const data = await res.json();
const value = data.audienceFilters[0].values[0];
if (value.relationType === 'NOT_EQUALS') console.log('negated');
switch (value?.relationType) { case 'NOT_EQUALS': break; case 'EQUALS': break; }
const { relationType } = value;
console.log('NOT_EQUALS' !== relationType);`;
const ASSIGNED = `const body = { title: 'Launch', audienceFilters: [{ fieldName: 'department', values: [{ value: 'eng' }] }] };
body.audienceFilters[0].values[0].relationType = 'NOT_EQUALS';
await axios.post('${ANNOUNCE}', body);`;

tsRuleTester().run('no-deprecated: an enum-value item is that literal value in that property, on its owner', noDeprecated, {
  valid: [
    // Another value of the property.
    { code: SENT.replace("'NOT_EQUALS'", "'EQUALS'"), settings: enumSettings },
    // The same key and value on another owner: the top level of the body, a chat message.
    { code: `await axios.post('${ANNOUNCE}', { title: 'Launch', relationType: 'NOT_EQUALS' });`, settings: enumSettings },
    { code: `await axios.post('https://acme-be.glean.com/rest/api/v1/chat', { messages: [{ relationType: 'NOT_EQUALS' }] });`, settings: enumSettings },
    // Not sent to Glean, and not compared with a Glean value.
    { code: `const filter = { values: [{ relationType: 'NOT_EQUALS' }] };\nif (filter.values[0].relationType === 'NOT_EQUALS') {}`, settings: enumSettings },
    // The value as a key is not the value.
    { code: SENT.replace("relationType: 'NOT_EQUALS'", "NOT_EQUALS: 'relationType'"), settings: enumSettings },
  ],
  invalid: [
    { name: 'sent in a payload', code: SENT, settings: enumSettings, output: null, errors: [enumReport(SENT)] },
    { name: 'assigned to a payload', code: ASSIGNED, settings: enumSettings, output: null, errors: [enumReport(ASSIGNED)] },
    {
      name: 'compared with a response read, in a switch, and through destructuring',
      code: READ,
      settings: enumSettings,
      output: null,
      errors: [enumReport(READ, 0), enumReport(READ, 1), enumReport(READ, 2)],
    },
  ],
});

const fieldNameOnFilter = {
  id: 'acme.fieldName',
  kind: 'field',
  field: 'fieldName',
  owners: ['FacetFilter'],
  operation: { method: 'POST', path: '/rest/api/v1/createannouncement' },
  category: 'Client API',
  announced: '2026-11-02',
  removal: '2027-05-15',
  replacement: { kind: 'none' },
};
const FILTER = `await axios.post('${ANNOUNCE}', { fieldName: 'x', audienceFilters: [{ fieldName: 'department', values: [] }] });`;

tsRuleTester().run('no-deprecated: a field item with owners is matched on its owners only', noDeprecated, {
  valid: [{ code: `await axios.post('${ANNOUNCE}', { fieldName: 'x' });`, settings: { glean: { now: '2026-11-23', register: [fieldNameOnFilter] } } }],
  invalid: [
    {
      code: FILTER,
      settings: { glean: { now: '2026-11-23', register: [fieldNameOnFilter] } },
      output: null,
      errors: [
        {
          messageId: 'deprecated',
          data: {
            subject: 'Field `fieldName` of `FacetFilter`',
            removal: '2027-05-15',
            when: 'in 173 days',
            replacement: 'no replacement',
          },
          ...locate(FILTER, 'fieldName', 1),
        },
      ],
    },
  ],
});
