import { ESLint, type Linter } from 'eslint';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { collectFindings } from '../src/formatters/findings.js';
import migrationReportMarkdown from '../src/formatters/migration-report-markdown.js';
import migrationReport from '../src/formatters/migration-report.js';
import plugin, { register } from '../src/index.js';
import { daysBetween } from '../src/model/lifecycle.js';
import { describeDays, describeReplacement, subjectOf } from '../src/model/messages.js';
import type { RegisterItem } from '../src/register/types.js';
import { NOW, item } from './helpers.js';

/**
 * The migration report formatters: exact output for a fixed set of results, identification of every
 * register item from message text alone, and an end-to-end run through ESLint.
 */

const CWD = '/work/app';
const at = (file: string) => join(CWD, file);
const TEMPLATES = plugin.rules['no-removed'].meta!.messages!;

type LifecycleId = 'removed' | 'dueSoon' | 'deprecated';

/** A lint message exactly as the lifecycle rules word it, for `item` on `now`. */
function use(
  it: RegisterItem,
  messageId: LifecycleId,
  where: { line: number; column: number },
  extra: { via?: string; owners?: string[]; fix?: boolean; suggestion?: boolean; now?: string; ruleId?: string; upgrade?: string } = {},
): Linter.LintMessage {
  const data: Record<string, string> = {
    subject: subjectOf(it, extra.via, extra.owners),
    removal: it.removal,
    when: describeDays(daysBetween(extra.now ?? NOW, it.removal)),
    replacement: describeReplacement(it.replacement, extra.upgrade),
  };
  const rule = messageId === 'deprecated' ? 'no-deprecated' : 'no-removed';
  return {
    ruleId: extra.ruleId ?? `glean/${rule}`,
    messageId,
    severity: messageId === 'deprecated' ? 1 : 2,
    message: TEMPLATES[messageId]!.replace(/\{\{(\w+)\}\}/g, (_, key: string) => data[key]!),
    line: where.line,
    column: where.column,
    ...(extra.fix ? { fix: { range: [0, 1] as [number, number], text: 'x' } } : {}),
    ...(extra.suggestion ? { suggestions: [{ desc: 'Switch', messageId: 'switchToReplacement', fix: { range: [0, 1] as [number, number], text: 'x' } }] } : {}),
  };
}

function result(file: string, messages: Linter.LintMessage[], suppressedMessages: Linter.SuppressedLintMessage[] = []): ESLint.LintResult {
  return {
    filePath: at(file),
    messages,
    suppressedMessages,
    errorCount: messages.filter((m) => m.severity === 2).length,
    fatalErrorCount: messages.filter((m) => m.fatal).length,
    warningCount: messages.filter((m) => m.severity === 1).length,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
    usedDeprecatedRules: [],
  };
}

const suppressed = (message: Linter.LintMessage): Linter.SuppressedLintMessage => ({
  ...message,
  suppressions: [{ kind: 'directive', justification: '' }],
});

/** A small codebase's results on 2026-11-23, every kind of finding once. */
const RESULTS: ESLint.LintResult[] = [
  result('src/agents.ts', [
    use(item('agents.get'), 'deprecated', { line: 12, column: 32 }, { suggestion: true }),
    use(item('agents.runs.wait'), 'deprecated', { line: 27, column: 32 }, { fix: true, suggestion: true }),
    use(item('agents.get'), 'deprecated', { line: 40, column: 9 }, { via: 'client.agents.retrieve()', suggestion: true }),
  ]),
  result(
    'src/answers.js',
    [
      use(item('listanswers'), 'removed', { line: 10, column: 37 }),
      use(item('chat.citations'), 'removed', { line: 31, column: 12 }, { owners: ['ChatMessage'], suggestion: true }),
      {
        ruleId: 'glean/agent-run-input',
        messageId: 'inputNotObject',
        severity: 2,
        message: "An agent run's `input` must be an object of form fields, not a string.",
        line: 44,
        column: 20,
      },
      // Another plugin's rule of the same name is not ours.
      { ruleId: '@typescript-eslint/no-deprecated', messageId: 'deprecated', severity: 2, message: '`foo` is deprecated.', line: 50, column: 1 },
    ],
    [suppressed(use(item('listanswers'), 'removed', { line: 3, column: 1 }))],
  ),
  result('src/indexing.js', [
    use(item('index.bulkindexemployees'), 'dueSoon', { line: 23, column: 18 }),
    use(item('createannouncement.isNegated'), 'removed', { line: 5, column: 60 }, { owners: ['FacetFilterValue'], fix: true }),
    use(item('policy.sensitiveInfoTypes@customSensitiveExpressions'), 'removed', { line: 8, column: 7 }, { owners: ['SensitiveContentOptions'], suggestion: true }),
  ]),
  result('src/broken.js', [{ ruleId: null, fatal: true, severity: 2, message: 'Parsing error: Unexpected token )', line: 2, column: 9 }]),
  result('src/clean.js', []),
];

const TEXT = `Glean API migration report

9 uses (1 suppressed) of 7 register items in 3 files: 6 reported as removed, 3 as deprecated.
2 autofixable with \`eslint --fix\`, 5 with suggestions, 3 to migrate by hand.

Removed on 2026-10-15 (39 days ago): 4 items, 5 uses
  POST /rest/api/v1/listanswers  [listanswers]
    2 uses (1 suppressed) in 1 file; 0 autofixable, 0 with suggestions
    Replacement: no replacement; answer boards are removed and the endpoint no longer serves a purpose
    Fix: none
    src/answers.js:3:1 (suppressed)
    src/answers.js:10:37
  Field \`citations\` of a chat message (\`ChatMessage\`)  [chat.citations]
    1 use in 1 file; 0 autofixable, 1 with suggestions
    Replacement: use \`ChatMessageFragment.citation\` and \`ChatMessageCitation.referenceRanges\` instead; inline citations; Glean keeps the field populated for backward compatibility up to its removal date
    Fix: keys: none; reads: 💡 collect \`fragments[].citation\`
    src/answers.js:31:12
  Field \`isNegated\` of a facet filter value (\`FacetFilterValue\`)  [createannouncement.isNegated]
    1 use in 1 file; 1 autofixable, 0 with suggestions
    Replacement: use \`relationType\` instead (true → "NOT_EQUALS", false → "EQUALS")
    Fix: keys: 🔧 rename to \`relationType\` with \`true\` → \`'NOT_EQUALS'\`, \`false\` → \`'EQUALS'\`; reads: none
    src/indexing.js:5:60
  Field \`sensitiveInfoTypes\` of sensitive content options (\`SensitiveContentOptions\`)  [policy.sensitiveInfoTypes@customSensitiveExpressions]
    1 use in 1 file; 0 autofixable, 1 with suggestions
    Replacement: use \`customSensitiveExpressions\` instead
    Fix: 💡 rename to \`customSensitiveExpressions\`, then reshape the value
    src/indexing.js:8:7

Due for removal on 2027-01-15 (in 53 days; reported as removed: within escalateWithinDays): 1 item, 1 use
  POST /api/index/v1/bulkindexemployees  [index.bulkindexemployees]
    1 use in 1 file; 0 autofixable, 0 with suggestions
    Replacement: no replacement
    Fix: none
    src/indexing.js:23:18

Removal on 2027-04-15 (in 143 days): 2 items, 3 uses
  GET /rest/api/v1/agents/{agent_id}  [agents.get]
    2 uses in 1 file; 0 autofixable, 2 with suggestions
    Replacement: use GET /api/agents/{agent_id} instead; the response wraps the agent in \`agent\`
    Fix: 💡 switch to \`GET /api/agents/{agent_id}\`; 🔧 with \`migrate\`
    src/agents.ts:12:32
    src/agents.ts:40:9
  POST /rest/api/v1/agents/runs/wait  [agents.runs.wait]
    1 use in 1 file; 1 autofixable, 1 with suggestions
    Replacement: use POST /api/agents/{agent_id}/runs instead; agent_id moves into the path and the response adds request_id
    Fix: 💡 switch to \`POST /api/agents/{agent_id}/runs\`; 🔧 with \`migrate\`
    src/agents.ts:27:32

Other findings of eslint-plugin-glean (1)
  src/answers.js:44:20  glean/agent-run-input  An agent run's \`input\` must be an object of form fields, not a string.

Not parsed (1 file): uses in them are not counted
  src/broken.js  Parsing error: Unexpected token )
`;

const MARKDOWN = `## Glean API migration report

9 uses (1 suppressed) of 7 register items in 3 files: 6 reported as removed, 3 as deprecated. 2 autofixable with \`eslint --fix\`, 5 with suggestions, 3 to migrate by hand.

### ⛔ Removed on 2026-10-15 (39 days ago)

| Item | Id | Uses | Files | Autofixable | Suggestions | Replacement | Fix |
| --- | --- | ---: | ---: | ---: | ---: | --- | --- |
| \`POST /rest/api/v1/listanswers\` | \`listanswers\` | 2 (1 suppressed) | 1 | 0 | 0 | no replacement; answer boards are removed and the endpoint no longer serves a purpose | none |
| \`citations\` field of a chat message (\`ChatMessage\`) | \`chat.citations\` | 1 | 1 | 0 | 1 | use \`ChatMessageFragment.citation\` and \`ChatMessageCitation.referenceRanges\` instead; inline citations; Glean keeps the field populated for backward compatibility up to its removal date | keys: none; reads: 💡 collect \`fragments[].citation\` |
| \`isNegated\` field of a facet filter value (\`FacetFilterValue\`) | \`createannouncement.isNegated\` | 1 | 1 | 1 | 0 | use \`relationType\` instead (true → "NOT_EQUALS", false → "EQUALS") | keys: 🔧 rename to \`relationType\` with \`true\` → \`'NOT_EQUALS'\`, \`false\` → \`'EQUALS'\`; reads: none |
| \`sensitiveInfoTypes\` field of sensitive content options (\`SensitiveContentOptions\`) | \`policy.sensitiveInfoTypes@customSensitiveExpressions\` | 1 | 1 | 0 | 1 | use \`customSensitiveExpressions\` instead | 💡 rename to \`customSensitiveExpressions\`, then reshape the value |

### ⛔ Due for removal on 2027-01-15 (in 53 days; reported as removed: within escalateWithinDays)

| Item | Id | Uses | Files | Autofixable | Suggestions | Replacement | Fix |
| --- | --- | ---: | ---: | ---: | ---: | --- | --- |
| \`POST /api/index/v1/bulkindexemployees\` | \`index.bulkindexemployees\` | 1 | 1 | 0 | 0 | no replacement | none |

### ⚠️ Removal on 2027-04-15 (in 143 days)

| Item | Id | Uses | Files | Autofixable | Suggestions | Replacement | Fix |
| --- | --- | ---: | ---: | ---: | ---: | --- | --- |
| \`GET /rest/api/v1/agents/{agent_id}\` | \`agents.get\` | 2 | 1 | 0 | 2 | use GET /api/agents/{agent_id} instead; the response wraps the agent in \`agent\` | 💡 switch to \`GET /api/agents/{agent_id}\`; 🔧 with \`migrate\` |
| \`POST /rest/api/v1/agents/runs/wait\` | \`agents.runs.wait\` | 1 | 1 | 1 | 1 | use POST /api/agents/{agent_id}/runs instead; agent_id moves into the path and the response adds request_id | 💡 switch to \`POST /api/agents/{agent_id}/runs\`; 🔧 with \`migrate\` |

<details>
<summary>Where</summary>

- POST /rest/api/v1/listanswers, 2 uses (1 suppressed) in 1 file: \`src/answers.js:3:1\` (suppressed), \`src/answers.js:10:37\`
- Field citations of a chat message (ChatMessage), 1 use in 1 file: \`src/answers.js:31:12\`
- Field isNegated of a facet filter value (FacetFilterValue), 1 use in 1 file: \`src/indexing.js:5:60\`
- Field sensitiveInfoTypes of sensitive content options (SensitiveContentOptions), 1 use in 1 file: \`src/indexing.js:8:7\`
- POST /api/index/v1/bulkindexemployees, 1 use in 1 file: \`src/indexing.js:23:18\`
- GET /rest/api/v1/agents/{agent_id}, 2 uses in 1 file: \`src/agents.ts:12:32\`, \`src/agents.ts:40:9\`
- POST /rest/api/v1/agents/runs/wait, 1 use in 1 file: \`src/agents.ts:27:32\`

</details>

### Other findings of eslint-plugin-glean (1)

- \`src/answers.js:44:20\` \`glean/agent-run-input\`: An agent run's \`input\` must be an object of form fields, not a string.

### Not parsed (1 file): uses in them are not counted

- \`src/broken.js\`: Parsing error: Unexpected token )
`;

describe('migration report: exact output', () => {
  it('plain text, grouped by removal date: removed first, then by days left', () => {
    expect(migrationReport(RESULTS, { cwd: CWD })).toBe(TEXT);
  });

  it('Markdown for CI summaries', () => {
    expect(migrationReportMarkdown(RESULTS, { cwd: CWD })).toBe(MARKDOWN);
  });

  it('says so when there is nothing to migrate', () => {
    expect(migrationReport([result('src/clean.js', [])], { cwd: CWD })).toBe(
      'Glean API migration report\n\nNo uses of deprecated or removed Glean API items.\n',
    );
    expect(migrationReportMarkdown([], { cwd: CWD })).toBe('## Glean API migration report\n\nNo uses of deprecated or removed Glean API items.\n');
  });

  it('groups the uses that need a newer SDK, by the version to upgrade to; they count as the same items', () => {
    const results = [
      result('src/legacy/agents.ts', [
        use(item('agents.get'), 'deprecated', { line: 6, column: 23 }, { via: 'client.agents.retrieve()', upgrade: '0.20.14' }),
        use(item('createannouncement.snippet'), 'removed', { line: 12, column: 51 }, { owners: ['SearchResultSnippet'], upgrade: '0.20.14' }),
      ]),
      result('src/app/agents.ts', [use(item('agents.get'), 'deprecated', { line: 3, column: 9 }, { via: 'client.agents.retrieve()', suggestion: true })]),
    ];
    expect(migrationReport(results, { cwd: CWD })).toBe(`Glean API migration report

3 uses of 2 register items in 2 files: 1 reported as removed, 2 as deprecated.
0 autofixable with \`eslint --fix\`, 1 with suggestions, 2 to migrate by hand.
2 uses need a newer @gleanwork/api-client before they can be migrated.

Removed on 2026-10-15 (39 days ago): 1 item, 1 use
  Field \`snippet\` of a search result snippet (\`SearchResultSnippet\`)  [createannouncement.snippet]
    1 use in 1 file; 0 autofixable, 0 with suggestions
    Replacement: use \`text\` instead
    Fix: 🔧 rename to \`text\`
    src/legacy/agents.ts:12:51

Removal on 2027-04-15 (in 143 days): 1 item, 2 uses
  GET /rest/api/v1/agents/{agent_id}  [agents.get]
    2 uses in 2 files; 0 autofixable, 1 with suggestions
    Replacement: use GET /api/agents/{agent_id} instead; the response wraps the agent in \`agent\`
    Fix: 💡 switch to \`GET /api/agents/{agent_id}\`; 🔧 with \`migrate\`
    src/app/agents.ts:3:9
    src/legacy/agents.ts:6:23

Upgrade @gleanwork/api-client to 0.20.14 or later to migrate: 2 uses in 1 file
  src/legacy/agents.ts:6:23  GET /rest/api/v1/agents/{agent_id}
  src/legacy/agents.ts:12:51  Field \`snippet\` of a search result snippet (\`SearchResultSnippet\`)
`);
    expect(migrationReportMarkdown(results, { cwd: CWD })).toContain(`
### ⬆️ Upgrade @gleanwork/api-client to 0.20.14 or later to migrate: 2 uses in 1 file

- \`src/legacy/agents.ts:6:23\` GET /rest/api/v1/agents/{agent_id}
- \`src/legacy/agents.ts:12:51\` Field snippet of a search result snippet (SearchResultSnippet)
`);
  });

  it('lists at most ten locations per item in the terminal', () => {
    const many = Array.from({ length: 12 }, (_, index) => use(item('listanswers'), 'removed', { line: index + 1, column: 1 }));
    const text = migrationReport([result('src/many.js', many)], { cwd: CWD });
    expect(text).toContain('    src/many.js:10:1\n    … and 2 more\n');
    expect(text).not.toContain('src/many.js:11:1');
  });
});

describe('identifying register items from message text', () => {
  const MESSAGE_IDS: LifecycleId[] = ['removed', 'dueSoon', 'deprecated'];

  it('every built-in item renders to words no other item renders to', () => {
    const keys = register.items.map((it) => `${subjectOf(it)}|${it.removal}|${describeReplacement(it.replacement)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(register.items.map((it) => [it.id, it] as const))('%s, under every message, with and without what the use reaches it through', (_, it) => {
    const how = it.kind === 'endpoint' ? { via: 'client.x.y()' } : { owners: ['SomeOwner', 'OtherOwner'] };
    for (const messageId of MESSAGE_IDS) {
      const messages = [use(it, messageId, { line: 1, column: 1 }), use(it, messageId, { line: 2, column: 1 }, how)];
      const report = collectFindings([result('a.ts', messages)], { cwd: CWD });
      const items = report.groups.flatMap((group) => group.items);
      expect(items.map((found) => [found.id, found.uses, found.removal])).toEqual([[it.id, 2, it.removal]]);
    }
  });

  it("items from settings.glean.register are grouped by their words, without an id", () => {
    const extra: RegisterItem = {
      id: 'acme.feed',
      kind: 'endpoint',
      operation: { method: 'POST', path: '/rest/api/v1/feed' },
      category: 'Client API',
      announced: '2026-06-01',
      removal: '2026-11-01',
      replacement: { kind: 'none', note: 'use search' },
    };
    const report = collectFindings([result('a.ts', [use(extra, 'removed', { line: 1, column: 1 }), use(extra, 'removed', { line: 5, column: 1 })])], { cwd: CWD });
    expect(report.groups).toMatchObject([
      { removal: '2026-11-01', daysToRemoval: -22, items: [{ id: undefined, name: 'POST /rest/api/v1/feed', uses: 2, replacement: 'no replacement; use search' }] },
    ]);
  });

  it('names a field by every holder its uses name, as the messages do, not by the register\'s host operation', () => {
    const boardId = item('createannouncement.boardId');
    const messages = [
      use(boardId, 'removed', { line: 1, column: 1 }, { owners: ['Answer'] }),
      use(boardId, 'removed', { line: 2, column: 1 }, { owners: ['Answer'] }),
      use(boardId, 'removed', { line: 3, column: 1 }, { owners: ['AnswerCreationData', 'Answer'] }),
    ];
    const text = migrationReport([result('src/answers.ts', messages)], { cwd: CWD });
    expect(text).toContain('  Field `boardId` of an answer (`Answer`) or an answer being created (`AnswerCreationData`)  [createannouncement.boardId]\n');
    expect(text).not.toContain('createannouncement)');
  });

  it('finds the plugin under another namespace through the rules meta ESLint passes', () => {
    const renamed = use(item('listanswers'), 'removed', { line: 1, column: 1 }, { ruleId: 'legacy/no-removed' });
    const rulesMeta = { 'legacy/no-removed': plugin.rules['no-removed'].meta! };
    expect(collectFindings([result('a.ts', [renamed])], { cwd: CWD }).totals.uses).toBe(0);
    expect(collectFindings([result('a.ts', [renamed])], { cwd: CWD, rulesMeta }).totals.uses).toBe(1);
  });

  it('falls back to the glean namespace when ESLint cannot give the rules meta', () => {
    const context = {
      cwd: CWD,
      get rulesMeta(): never {
        throw new Error('Results object was not created from this ESLint instance.');
      },
    };
    expect(collectFindings([result('a.ts', [use(item('listanswers'), 'removed', { line: 1, column: 1 })])], context).totals.uses).toBe(1);
  });
});

describe('end to end through ESLint', () => {
  it('reports what the rules found, with fixes counted under the migrate config', async () => {
    const eslint = new ESLint({
      cwd: CWD,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        { ...plugin.configs.migrate, settings: { glean: { now: NOW } } },
      ],
    });
    const code = [
      `await fetch('/rest/api/v1/listanswers', { method: 'POST' });`,
      `await fetch('/rest/api/v1/agents/runs/wait', { method: 'POST', body: JSON.stringify({ agent_id: 'agt_1', input: {} }) });`,
      `await fetch(\`/rest/api/v1/agents/\${id}\`);`,
      '',
    ].join('\n');
    const results = [
      ...(await eslint.lintText(code, { filePath: at('src/a.ts') })),
      ...(await eslint.lintText(code, { filePath: at('src/b.js') })),
    ];
    const text = migrationReport(results, { cwd: CWD });
    expect(text).toContain('6 uses of 3 register items in 2 files: 2 reported as removed, 4 as deprecated.');
    const report = collectFindings(results, { cwd: CWD });
    expect(report.groups.map((group) => group.items.map((found) => [found.id, found.uses, found.files, found.autofixable]))).toEqual([
      [['listanswers', 2, 2, 0]],
      [
        ['agents.get', 2, 2, 2],
        ['agents.runs.wait', 2, 2, 2],
      ],
    ]);
  });
});
