import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/command.js';
import { CLIENT_SPEC_NEW_ITEMS, UNDATED_SPEC_AND_FEED_DISAGREE } from './register-sources.js';

/**
 * `eslint-plugin-glean register import` as a user runs it, on slices of Glean's real sources
 * (fixtures/register-sources): the exact text it prints and the exact file it writes, with one source
 * or several, older or newer than the built-in register (as of 2026-09-26), dated by the file or by
 * `--date`, and the problems it stops on. Today is 2026-11-24.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = join(ROOT, 'fixtures', 'register-sources');
const OUT = join(ROOT, '.tmp', 'register-import-command');
const TODAY = '2026-11-24';

function run(...args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = main(['register', 'import', ...args], (text) => stdout.push(text), (text) => stderr.push(text), TODAY);
  return { status, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** The lines a run that succeeds prints. */
function printed(...args: string[]): string[] {
  const { status, stdout, stderr } = run(...args);
  expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
  return stdout.split('\n');
}

const written = (name: string): unknown => JSON.parse(readFileSync(join(OUT, name), 'utf8'));

// Sources are named relative to the working directory, as a user types them.
const cwd = process.cwd();
beforeAll(() => process.chdir(SOURCES));
afterAll(() => process.chdir(cwd));
beforeEach(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
});

const BUILTIN = 'The built-in register is as of 2026-09-26.';
const HELD_BACK = 'Held back (1), from sources older than the built-in register or undated, not written (--include-older writes them):';

describe('one source', () => {
  it('the feed, older than the built-in register: its moved date is held back, and nothing is written', () => {
    expect(run('feed.json', '--out', join(OUT, 'feed.json'))).toEqual({
      status: 0,
      stderr: '',
      stdout: [
        BUILTIN,
        'Read 14 items from 1 source:',
        '  feed.json  deprecations feed, generated 2026-08-20, older than the built-in register: 14 items',
        'New (0)',
        'Changed (0)',
        HELD_BACK,
        '  index.bulkindexemployees',
        '    removal 2027-01-15 → 2026-10-15',
        'Unchanged (13):',
        '  index.getdocumentcount, indexemployee.location, createannouncement.isNegated, createannouncement.boardId, createannouncement.snippet, createannouncement.role, getanswer.trackingToken, policy.sensitiveInfoTypes@sensitiveContentOptions, policy.externalSharingOptions, policy.enabled, policy.sensitiveInfoTypes@customSensitiveExpressions, insights.searchSessionSatisfaction, listanswers',
        'Not in the sources, kept as built in (19): getcollection.trackingToken, chat.citations, createannouncement.documents, createannouncement.inviteTime, createannouncement.reminderTime, createannouncement.reactions, policy.sensitiveTerms, policy.sensitiveRegexes, policy.likelihoodThreshold, policy.urlGreenlist, policy.datasources, policy.anyoneWithLinkEnabled, agents.get, agents.schemas, agents.runs.stream, agents.runs.wait, agents.search, index.getdocumentstatus, index.getusercount',
        `Wrote 0 items (0 new, 0 changed) to ${join(OUT, 'feed.json')}.`,
      ].join('\n'),
    });
    expect(written('feed.json')).toEqual({ sources: ['feed.json'], items: [] });
  });

  it('--include-older writes the held-back change', () => {
    const lines = printed('feed.json', '--include-older', '--out', join(OUT, 'older.json'));
    expect(lines.slice(4, 8)).toEqual([
      'Changed (0)',
      'Held back (1), from sources older than the built-in register or undated, written as --include-older asks:',
      '  index.bulkindexemployees',
      '    removal 2027-01-15 → 2026-10-15',
    ]);
    expect(lines.at(-1)).toBe(`Wrote 1 item (0 new, 1 changed) to ${join(OUT, 'older.json')}.`);
    expect(written('older.json')).toEqual({
      sources: ['feed.json'],
      items: [
        {
          id: 'index.bulkindexemployees',
          kind: 'endpoint',
          operation: { method: 'POST', path: '/api/index/v1/bulkindexemployees' },
          category: 'Indexing API',
          announced: '2026-02-03',
          removal: '2026-10-15',
          replacement: { kind: 'none' },
          note: 'None stated (endpoint is deprecated)',
          noticeIds: ['ce596f49-55c4-465e-bf3c-5a3a33906e1f'],
        },
      ],
    });
  });

  it('a spec without a date of its own is undated: its changes are held back', () => {
    expect(printed('client.yaml', '--out', join(OUT, 'client.json')).slice(0, 10)).toEqual([
      BUILTIN,
      'Read 15 items from 1 source:',
      '  client.yaml  OpenAPI spec, undated (--date gives it one): 15 items',
      'New (2):',
      '  createannouncement.inviter  field inviter (POST /rest/api/v1/createannouncement), removal 2026-10-15',
      '  insights.gleanAssist  field gleanAssist (POST /rest/api/v1/insights), removal 2026-10-15',
      'Changed (0)',
      HELD_BACK,
      '  createannouncement.boardId',
      '    owners Answer, AnswerCreationData, EditAnswerRequest → Answer, AnswerCreationData, AnswerMutableProperties, EditAnswerRequest',
    ]);
    expect((written('client.json') as { items: { id: string }[] }).items.map((item) => item.id)).toEqual(['createannouncement.inviter', 'insights.gleanAssist']);
  });

  it('a spec whose info.version is a date is dated by it', () => {
    expect(printed('platform.yaml', '--out', join(OUT, 'platform.json')).slice(0, 3)).toEqual([
      BUILTIN,
      'Read 0 items from 1 source:',
      '  platform.yaml  OpenAPI spec, version 2026-04-01, older than the built-in register: 0 items',
    ]);
  });

  it('--date takes an ISO timestamp (a commit date) as its UTC date', () => {
    expect(printed('index.yaml', '--date', 'index.yaml=2026-08-21T23:30:00-05:00', '--out', join(OUT, 'index.json'))[2]).toBe('  index.yaml  OpenAPI spec, dated 2026-08-22 (--date), older than the built-in register: 5 items');
  });
});

describe('several sources', () => {
  it("Glean's three specs and the feed, as of their last change: one item per deprecation; older changes held back; a notice without an item listed", () => {
    const out = join(OUT, 'all.json');
    expect(run('client.yaml', 'admin.yaml', 'index.yaml', 'feed.json', '--date', '2026-08-21', '--out', out)).toEqual({
      status: 0,
      stderr: '',
      stdout: [
        BUILTIN,
        'Read 30 items from 4 sources:',
        '  client.yaml  OpenAPI spec, dated 2026-08-21 (--date), older than the built-in register: 15 items',
        '  admin.yaml   OpenAPI spec, dated 2026-08-21 (--date), older than the built-in register: 10 items, 1 skipped',
        '  index.yaml   OpenAPI spec, dated 2026-08-21 (--date), older than the built-in register: 5 items',
        '  feed.json    deprecations feed, generated 2026-08-20, older than the built-in register: 14 items',
        'New (2):',
        '  createannouncement.inviter  field inviter (POST /rest/api/v1/createannouncement), removal 2026-10-15  from client.yaml',
        '  insights.gleanAssist  field gleanAssist (POST /rest/api/v1/insights), removal 2026-10-15  from client.yaml',
        'Changed (0)',
        'Held back (2), from sources older than the built-in register or undated, not written (--include-older writes them):',
        '  createannouncement.boardId  from client.yaml, feed.json',
        '    owners Answer, AnswerCreationData, EditAnswerRequest → Answer, AnswerCreationData, AnswerMutableProperties, EditAnswerRequest',
        '  index.bulkindexemployees  from index.yaml, feed.json',
        '    removal 2027-01-15 → 2026-10-15',
        'Unchanged (26):',
        '  listanswers, createannouncement.isNegated, createannouncement.documents, createannouncement.snippet, createannouncement.inviteTime, createannouncement.reminderTime, createannouncement.reactions, createannouncement.role, getanswer.trackingToken, chat.citations, getcollection.trackingToken, insights.searchSessionSatisfaction, policy.likelihoodThreshold, policy.urlGreenlist, policy.datasources, policy.enabled, policy.anyoneWithLinkEnabled, policy.sensitiveInfoTypes@customSensitiveExpressions, policy.sensitiveTerms, policy.sensitiveRegexes, policy.sensitiveInfoTypes@sensitiveContentOptions, policy.externalSharingOptions, index.getdocumentstatus, index.getdocumentcount, index.getusercount, indexemployee.location',
        'Not in the sources, kept as built in (5): agents.get, agents.schemas, agents.runs.stream, agents.runs.wait, agents.search',
        'Skipped (1):',
        '  7c9e4a1d-3f8b-4e2c-9a5d-6b0f1c8e2d4a in admin.yaml at components.schemas.ExternalSharingOptions.x-glean-deprecated: no item of its own: the property that holds the schema, DlpConfig.externalSharingOptions (6484ec17-a133-4176-b2ce-28e25b0e9065), has its own notice, and its item carries this id too',
        `Wrote 2 items (2 new, 0 changed) to ${out}.`,
      ].join('\n'),
    });
    expect(written('all.json')).toEqual({
      sources: ['client.yaml', 'admin.yaml', 'index.yaml', 'feed.json'],
      items: CLIENT_SPEC_NEW_ITEMS,
    });
  });

  it('Glean announces something new: a newer spec adds an item and moves dates, and wins over the older feed', () => {
    const out = join(OUT, 'announced.json');
    expect(run('variants/index-announced.yaml', 'feed.json', '--date', 'index-announced.yaml=2026-11-20', '--out', out)).toEqual({
      status: 0,
      stderr: '',
      stdout: [
        BUILTIN,
        'Read 17 items from 2 sources:',
        '  variants/index-announced.yaml  OpenAPI spec, dated 2026-11-20 (--date): 6 items',
        '  feed.json                      deprecations feed, generated 2026-08-20, older than the built-in register: 14 items',
        'Superseded by a newer source (2):',
        '  index.getdocumentcount removal: 2027-03-01 in variants/index-announced.yaml (2026-11-20), over 2026-10-15 in feed.json (2026-08-20)',
        '  index.bulkindexemployees removal: 2027-01-15 in variants/index-announced.yaml (2026-11-20), over 2026-10-15 in feed.json (2026-08-20)',
        'New (1):',
        '  index.indexemployeelist  POST /api/index/v1/indexemployeelist, removal 2027-05-15  from variants/index-announced.yaml',
        'Changed (1):',
        '  index.getdocumentcount  from variants/index-announced.yaml',
        '    removal 2026-10-15 → 2027-03-01',
        'Unchanged (15):',
        '  index.getdocumentstatus, index.getusercount, index.bulkindexemployees, indexemployee.location, createannouncement.isNegated, createannouncement.boardId, createannouncement.snippet, createannouncement.role, getanswer.trackingToken, policy.sensitiveInfoTypes@sensitiveContentOptions, policy.externalSharingOptions, policy.enabled, policy.sensitiveInfoTypes@customSensitiveExpressions, insights.searchSessionSatisfaction, listanswers',
        'Not in the sources, kept as built in (17): getcollection.trackingToken, chat.citations, createannouncement.documents, createannouncement.inviteTime, createannouncement.reminderTime, createannouncement.reactions, policy.sensitiveTerms, policy.sensitiveRegexes, policy.likelihoodThreshold, policy.urlGreenlist, policy.datasources, policy.anyoneWithLinkEnabled, agents.get, agents.schemas, agents.runs.stream, agents.runs.wait, agents.search',
        `Wrote 2 items (1 new, 1 changed) to ${out}.`,
      ].join('\n'),
    });
    expect(written('announced.json')).toEqual({
      sources: ['index-announced.yaml', 'feed.json'],
      items: [
        {
          id: 'index.getdocumentcount',
          kind: 'endpoint',
          operation: { method: 'POST', path: '/api/index/v1/getdocumentcount' },
          category: 'Indexing API',
          announced: '2026-02-03',
          removal: '2027-03-01',
          replacement: { kind: 'none' },
          note: 'None stated',
          noticeIds: ['c164089c-9412-4724-acf6-caf3b0d2a527'],
        },
        {
          id: 'index.indexemployeelist',
          kind: 'endpoint',
          category: 'Indexing API',
          announced: '2026-11-02',
          removal: '2027-05-15',
          operation: { method: 'POST', path: '/api/index/v1/indexemployeelist' },
          replacement: { kind: 'none', note: 'Endpoint is deprecated' },
          note: 'Endpoint is deprecated',
          noticeIds: ['00000000-0000-4000-8000-00000000e003'],
        },
      ],
    });
  });

  it('a new deprecation two sources list is one item, with the owner types of the spec', () => {
    const out = join(OUT, 'inviter.json');
    expect(printed('client.yaml', 'variants/feed-inviter.json', '--date', 'client.yaml=2026-08-21', '--out', out).slice(1, 7)).toEqual([
      'Read 22 items from 2 sources:',
      '  client.yaml                 OpenAPI spec, dated 2026-08-21 (--date), older than the built-in register: 15 items',
      '  variants/feed-inviter.json  deprecations feed, generated 2026-08-20, older than the built-in register: 15 items',
      'New (2):',
      '  createannouncement.inviter  field inviter (POST /rest/api/v1/createannouncement), removal 2026-10-15  from client.yaml, variants/feed-inviter.json',
      '  insights.gleanAssist  field gleanAssist (POST /rest/api/v1/insights), removal 2026-10-15  from client.yaml',
    ]);
    const items = (written('inviter.json') as { items: { id: string; owners?: string[] }[] }).items;
    expect(items.map(({ id, owners }) => [id, owners])).toEqual([
      ['createannouncement.inviter', ['InviteInfo']],
      ['insights.gleanAssist', ['InsightsResponse']],
    ]);
  });

  it('sources that disagree where dates cannot tell the newer (one undated) stop the import, naming both; nothing is written', () => {
    const out = join(OUT, 'never.json');
    expect(run('variants/index-announced.yaml', 'feed.json', '--out', out)).toEqual({
      status: 1,
      stdout: '',
      stderr: UNDATED_SPEC_AND_FEED_DISAGREE,
    });
    expect(existsSync(out)).toBe(false);
  });

  it('sources of the same date that disagree stop the import too', () => {
    const { status, stderr } = run('variants/index-announced.yaml', 'feed.json', '--date', 'variants/index-announced.yaml=2026-08-20', '--out', join(OUT, 'never.json'));
    expect(status).toBe(1);
    expect(stderr.split('\n')[1]).toBe(
      '  index.getdocumentcount removal: 2027-03-01 in variants/index-announced.yaml (2026-08-20); 2026-10-15 in feed.json (2026-08-20)',
    );
  });
});

describe('wrong usage (exit 2) and files it cannot read or write (exit 1), each named', () => {
  it.each([
    [['feed.json', '--date', '2026-13-01'], '--date 2026-13-01: expected a date "YYYY-MM-DD" or an ISO 8601 timestamp, got "2026-13-01"'],
    [['feed.json', '--date', 'feed.json=last week'], '--date feed.json=last week: expected a date "YYYY-MM-DD" or an ISO 8601 timestamp, got "last week"'],
    [['index.yaml', '--date', '2026-11-25'], '--date 2026-11-25: 2026-11-25 is after today (2026-11-24)'],
    [['index.yaml', '--date', 'client.yaml=2026-08-21'], '--date client.yaml=2026-08-21: client.yaml is not one of the sources (index.yaml)'],
    [['index.yaml', '--date', 'index.yaml=2026-08-21', '--date', 'index.yaml=2026-08-22'], '--date index.yaml=2026-08-22: index.yaml is given a date twice'],
    [['index.yaml', '--date', '2026-08-21', '--date', '2026-08-22'], '--date 2026-08-22: a date for every source is given twice'],
    [['index.yaml', './index.yaml'], 'index.yaml and ./index.yaml are the same file'],
    [['index.yaml', 'feed.json', '--out', 'feed.json'], '--out feed.json would overwrite the source feed.json'],
    [[], 'expected `register import <source>...`, got `register import`'],
  ])('%j', (args, problem) => {
    const { status, stdout, stderr } = run(...args);
    expect({ status, stdout }).toEqual({ status: 2, stdout: '' });
    expect(stderr.split('\n\n')[0]).toBe(`eslint-plugin-glean: ${problem}`);
    expect(stderr).toMatch(/\n\nUsage: eslint-plugin-glean register import <source>\.\.\. /);
  });

  it('a register file it cannot write', () => {
    const out = join(OUT, 'missing-folder', 'register.json');
    const { status, stderr } = run('index.yaml', '--out', out);
    expect({ status, stderr }).toEqual({ status: 1, stderr: `eslint-plugin-glean: cannot write ${out} (ENOENT)` });
  });

  it('a feed whose generatedAt is not a timestamp', () => {
    const { status, stderr } = run('malformed/feed-bad-generated-at.json', '--out', join(OUT, 'never.json'));
    expect({ status, stderr }).toEqual({
      status: 1,
      stderr: 'eslint-plugin-glean: cannot import malformed/feed-bad-generated-at.json:18: generatedAt: expected a timestamp such as "2026-08-20T18:46:54.066Z", got "last Tuesday"',
    });
  });
});
