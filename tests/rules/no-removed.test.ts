import { describe, expect, it } from 'vitest';
import { lintWith } from './lint.js';

/**
 * `glean/no-removed`, as a user meets it on 2026-11-23 (tests/helpers.ts NOW): one representative
 * item of every kind, with the full message text, the suggestions and the file after `eslint --fix`.
 * The generated matrices of every register item live in tests/matrix/.
 */

const SDK = `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: process.env.GLEAN_TOKEN, instance: 'acme' });\n`;
const lint = (code: string, settings?: Record<string, unknown>) => lintWith('no-removed', code, { settings });

describe('no-removed', () => {
  it('an endpoint URL without a replacement: reported, nothing to fix', () => {
    const code = `await fetch('https://acme-be.glean.com/rest/api/v1/listanswers', { method: 'POST', body: '{}' });\n`;
    expect(lint(code)).toEqual({
      reports: [
        {
          line: 1,
          column: 13,
          message:
            'POST /rest/api/v1/listanswers was removed on 2026-10-15 (39 days ago); no replacement; answer boards are removed and the endpoint no longer serves a purpose.',
        },
      ],
      output: null,
    });
  });

  it('an SDK method: names the operation and the method the code calls', () => {
    const code = `${SDK}await glean.indexing.documents.count({ datasource: 'wiki' });\n`;
    expect(lint(code)).toEqual({
      reports: [
        {
          line: 3,
          column: 7,
          message: 'POST /api/index/v1/getdocumentcount (called by `indexing.documents.count()`) was removed on 2026-10-15 (39 days ago); no replacement.',
        },
      ],
      output: null,
    });
  });

  it('a field rename on a read: names the field and its owner as the code meets it; autofix', () => {
    const code = `${SDK}const data = await glean.client.search.query({ query: 'roadmap' });\nconsole.log(data.results?.[0]?.snippets[0]?.snippet);\n`;
    expect(lint(code)).toEqual({
      reports: [
        {
          line: 4,
          column: 45,
          message: 'Field `snippet` of a search result snippet (`SearchResultSnippet`) was removed on 2026-10-15 (39 days ago); use `text` instead.',
        },
      ],
      output: `${SDK}const data = await glean.client.search.query({ query: 'roadmap' });\nconsole.log(data.results?.[0]?.snippets[0]?.text);\n`,
    });
  });

  it('a field rename on a key: datasources → datasourceInstances is an autofix', () => {
    const code = `${SDK}await glean.client.governance.data.policies.update({ config: { inputOptions: { datasources: ['gdrive'] } } }, 'pol_1');\n`;
    expect(lint(code)).toEqual({
      reports: [
        {
          line: 3,
          column: 80,
          message: 'Field `datasources` of a data policy’s input options (`InputOptions`) was removed on 2026-10-15 (39 days ago); use `datasourceInstances` instead.',
        },
      ],
      output: code.replace('datasources:', 'datasourceInstances:'),
    });
  });

  it('a restructure: a suggestion to rename, the value is the person’s to reshape', () => {
    const code = `${SDK}await glean.client.governance.data.policies.update({ config: { sensitiveContentOptions: { sensitiveTerms: [{ expression: 'falcon' }] } } }, 'pol_1');\n`;
    expect(lint(code)).toEqual({
      reports: [
        {
          line: 3,
          column: 91,
          message:
            'Field `sensitiveTerms` of sensitive content options (`SensitiveContentOptions`) was removed on 2026-10-15 (39 days ago); use `customSensitiveExpressions` instead.',
          suggestions: [
            {
              desc: 'Rename to `customSensitiveExpressions`, then give it a value of its new shape.',
              output: code.replace('sensitiveTerms:', 'customSensitiveExpressions:'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('a removal whose feature is gone: a suggestion to remove the key', () => {
    const code = `${SDK}await glean.client.announcements.create({ title: 'Launch', startTime, endTime, body: { structuredList: [{ structuredResult: { answer: { id: 7, boardId: 3 } } }] } });\n`;
    expect(lint(code)).toEqual({
      reports: [
        {
          line: 3,
          column: 144,
          message: 'Field `boardId` of an answer (`Answer`) was removed on 2026-10-15 (39 days ago); no replacement; Answer Boards are no longer supported.',
          suggestions: [{ desc: 'Remove `boardId`: the feature it belongs to is gone.', output: code.replace(', boardId: 3', '') }],
        },
      ],
      output: null,
    });
  });

  it('escalated: an item due within escalateWithinDays is reported here, with the days left', () => {
    const code = `${SDK}await glean.indexing.people.bulkIndex({ uploadId: 'u1', employees: [] });\n`;
    expect(lint(code, { escalateWithinDays: 60 })).toEqual({
      reports: [
        {
          line: 3,
          column: 7,
          message:
            'POST /api/index/v1/bulkindexemployees (called by `indexing.people.bulkIndex()`) is due for removal on 2027-01-15 (in 53 days, within settings.glean.escalateWithinDays); no replacement.',
        },
      ],
      output: null,
    });
    expect(lint(code)).toEqual({ reports: [], output: null });
  });
});

describe('no-removed: a rename is an autofix only when it keeps the program type-checking', () => {
  const externalSharing = 'Field `externalSharingOptions` of a data policy config (`DlpConfig`) was removed on 2026-10-15 (39 days ago); use `broadSharingOptions` instead.';
  const snippet = 'Field `snippet` of a search result snippet (`SearchResultSnippet`) was removed on 2026-10-15 (39 days ago); use `text` instead.';

  it('a value with keys the new owner type lacks: a suggestion that names the key', () => {
    const code = `${SDK}await glean.client.governance.data.policies.update({ config: { externalSharingOptions: { domainAccessEnabled: true, userAccessEnabled: true } } }, 'pol_1');\n`;
    expect(lint(code)).toEqual({
      reports: [
        {
          line: 3,
          column: 64,
          message: externalSharing,
          suggestions: [
            {
              desc: 'Rename to `broadSharingOptions` once you have checked that the value needs no `domainAccessEnabled` (`SharingOptions` has none).',
              output: code.replace('externalSharingOptions:', 'broadSharingOptions:'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('a value whose shape the file cannot see: a suggestion', () => {
    const code = `${SDK}const sharing = loadSharing();\nawait glean.client.governance.data.policies.update({ config: { externalSharingOptions: sharing } }, 'pol_1');\n`;
    expect(lint(code)).toEqual({
      reports: [
        {
          line: 4,
          column: 64,
          message: externalSharing,
          suggestions: [
            {
              desc: 'Rename to `broadSharingOptions` once you have checked that the value fits `SharingOptions`.',
              output: code.replace('externalSharingOptions:', 'broadSharingOptions:'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('a value whose keys all exist on the new owner type: autofix', () => {
    const code = `${SDK}await glean.client.governance.data.policies.update({ config: { externalSharingOptions: { enabled: false, threshold: 5 } } }, 'pol_1');\n`;
    const { output } = lint(code);
    expect(output).toBe(code.replace('externalSharingOptions:', 'broadSharingOptions:'));
  });

  it('a guard and the reads it guards (`cfg.externalSharingOptions && cfg.externalSharingOptions.threshold`, `!cfg.externalSharingOptions`, `== null`): only their truth or the new owner’s keys are read, so each is renamed by the autofix, never the guarded read alone; a value handed on by `||` is a suggestion, and a guard of a read that lacks a key of the new owner is held back with it', () => {
    const code = `${SDK}const { report } = await glean.client.governance.data.policies.retrieve('pol_1');\nconst cfg = report.config;\nif (cfg.externalSharingOptions && cfg.externalSharingOptions.threshold > 3) console.log('shared');\nif (!cfg.externalSharingOptions || cfg.externalSharingOptions == null) console.log('none');\nconst sharing = cfg.externalSharingOptions || {};\nif (cfg.externalSharingOptions && cfg.externalSharingOptions.domainAccessEnabled) console.log('domains');\n`;
    const check = 'Rename to `broadSharingOptions` once you have checked that the value fits `SharingOptions`.';
    const lacks = 'Rename to `broadSharingOptions` once you have checked that the value needs no `domainAccessEnabled` (`SharingOptions` has none).';
    expect(lint(code)).toEqual({
      reports: [
        { line: 5, column: 9, message: externalSharing },
        { line: 5, column: 39, message: externalSharing },
        { line: 6, column: 10, message: externalSharing },
        { line: 6, column: 40, message: externalSharing },
        {
          line: 7,
          column: 21,
          message: externalSharing,
          suggestions: [{ desc: check, output: code.replace('cfg.externalSharingOptions || {}', 'cfg.broadSharingOptions || {}') }],
        },
        // The guarded read lacks a key of the new owner: the guard is held back with it.
        {
          line: 8,
          column: 9,
          message: externalSharing,
          suggestions: [{ desc: lacks, output: code.replace('(cfg.externalSharingOptions && cfg.externalSharingOptions.domainAccessEnabled)', '(cfg.broadSharingOptions && cfg.externalSharingOptions.domainAccessEnabled)') }],
        },
        {
          line: 8,
          column: 39,
          message: externalSharing,
          suggestions: [{ desc: lacks, output: code.replace('(cfg.externalSharingOptions && cfg.externalSharingOptions.domainAccessEnabled)', '(cfg.externalSharingOptions && cfg.broadSharingOptions.domainAccessEnabled)') }],
        },
      ],
      output: code.replace(/(?<!= )cfg\.externalSharingOptions(?! \|\| \{|\.domainAccessEnabled| && cfg\.externalSharingOptions\.domainAccessEnabled)/g, 'cfg.broadSharingOptions'),
    });
  });

  it('a type declared in the same file: its property is a use, renamed by the same fix', () => {
    const code = `interface Snippet {\n  snippet: string;\n}\ninterface SearchResponse {\n  results: { snippets: Snippet[] }[];\n}\nconst res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });\nconsole.log(((await res.json()) as SearchResponse).results[0].snippets[0].snippet);\n`;
    expect(lint(code)).toEqual({
      reports: [
        { line: 2, column: 3, message: snippet },
        { line: 8, column: 75, message: snippet },
      ],
      output: code.replace('  snippet: string;', '  text: string;').replace('snippets[0].snippet', 'snippets[0].text'),
    });
  });

  it('a generic argument names a same-file type: renamed with the read', () => {
    const code = `import axios from 'axios';\ninterface SearchResponse {\n  results: { snippets: { snippet: string }[] }[];\n}\nconst { data } = await axios.post<SearchResponse>('https://acme-be.glean.com/rest/api/v1/search', {});\nconsole.log(data.results[0]?.snippets[0]?.snippet);\n`;
    expect(lint(code)).toEqual({
      reports: [
        { line: 3, column: 26, message: snippet },
        { line: 6, column: 43, message: snippet },
      ],
      output: code.replace('{ snippet: string }', '{ text: string }').replace('?.snippet);', '?.text);'),
    });
  });

  it('a function’s declared return type names a same-file type: renamed with the read', () => {
    const code = `interface SearchResponse {\n  results: { snippets: { snippet: string }[] }[];\n}\nasync function search(): Promise<SearchResponse> {\n  const res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });\n  return res.json();\n}\nconst data = await search();\nconsole.log(data.results[0]?.snippets[0]?.snippet);\n`;
    expect(lint(code)).toEqual({
      reports: [
        { line: 2, column: 26, message: snippet },
        { line: 9, column: 43, message: snippet },
      ],
      output: code.replace('{ snippet: string }', '{ text: string }').replace('?.snippet);', '?.text);'),
    });
  });

  it('a destructuring parameter’s annotation names a same-file type: renamed with the read; one declared in another file makes it a suggestion', () => {
    const code = `type Hits = { results: { snippets: { snippet: string }[] }[] };\nfunction show({ results }: Hits) {\n  return results[0]?.snippets[0]?.snippet;\n}\nconst res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });\nshow(await res.json());\n`;
    expect(lint(code)).toEqual({
      reports: [
        { line: 1, column: 38, message: snippet },
        { line: 3, column: 35, message: snippet },
      ],
      output: code.replace('{ snippet: string }', '{ text: string }').replace('?.snippet;', '?.text;'),
    });
    const imported = `import type { Hits } from './hits.js';\nfunction show({ results }: Hits) {\n  return results[0]?.snippets[0]?.snippet;\n}\nconst res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });\nshow(await res.json());\n`;
    expect(lint(imported)).toEqual({
      reports: [
        {
          line: 3,
          column: 35,
          message: snippet,
          suggestions: [{ desc: 'Rename to `text` once you have checked that your type `Hits` (declared in another file) names `text`.', output: imported.replace('?.snippet;', '?.text;') }],
        },
      ],
      output: null,
    });
  });

  it('a type declared in another file: a suggestion that names it', () => {
    const code = `import type { SearchResponse } from './search-types.js';\nconst res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });\nconsole.log(((await res.json()) as SearchResponse).results[0].snippets[0].snippet);\n`;
    expect(lint(code)).toEqual({
      reports: [
        {
          line: 3,
          column: 75,
          message: snippet,
          suggestions: [
            {
              desc: 'Rename to `text` once you have checked that your type `SearchResponse` (declared in another file) names `text`.',
              output: code.replace('snippets[0].snippet', 'snippets[0].text'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('the SDK’s own types follow the rename: autofix', () => {
    const code = `import type { SearchResponse } from '@gleanwork/api-client/models/components';\nconst res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });\nconst data: SearchResponse = await res.json();\nconsole.log(data.results?.[0]?.snippets?.[0]?.snippet);\n`;
    expect(lint(code).output).toBe(code.replace('?.snippet)', '?.text)'));
  });
});
