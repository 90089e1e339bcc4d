import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe } from 'vitest';
import agentRunInput from '../../rules/agent-run-input.js';
import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { TypeCheckedRuleTester, dataFor, gleanSettings, jsRuleTester, locate, tsRuleTester } from '../helpers.js';

/**
 * Findings and fixes follow the version of `@gleanwork/api-client` that resolves from the linted
 * file's directory. Each supported version has a fixture project (fixtures/sdk-versions/<version>/,
 * whose node_modules links that version's install), so the code below, linted as a file there, is
 * read with that version's tables and its fixed outputs are type-checked against that version
 * (tests/setup.ts). Outside the supported range, and where no SDK resolves, uses are still found and
 * nothing shaped by the SDK is fixed.
 *
 * The SDK calls of every deprecated operation, in every version, are in sdk.test.ts ("every supported
 * SDK version"); this file has the fields, type-aware mode, and the versions the plugin has no tables for.
 */

const VERSIONS = fileURLToPath(new URL('../../fixtures/sdk-versions/', import.meta.url));
const inVersion = (version: string, name = 'file.ts') => join(VERSIONS, version, name);
const OLDER = ['0.9.1', '0.13.0'] as const;
const NEWER = ['0.20.14', '0.20.15'] as const;
const MIGRATE = [{ migrate: true }] as const;

/** The message data of a field report; `upgrade`: the version the message asks to upgrade to. */
function fieldData(id: string, upgrade?: string) {
  const data = dataFor(id);
  return upgrade ? { ...data, replacement: `${data.replacement}; upgrade @gleanwork/api-client to ${upgrade} or later to migrate` } : data;
}

const SNIPPET_READ = `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });

export async function firstSnippet(query: string): Promise<string | undefined> {
  const response = await glean.client.search.query({ query });
  return response.results?.[0]?.snippets?.[0]?.snippet;
}
`;

const POLICY_UPDATE = `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });

export async function restrict(id: string) {
  await glean.client.governance.data.policies.update({ config: { inputOptions: { datasources: ['gdrive'] }, sensitiveContentOptions: { sensitiveTerms: [{ expression: 'secret' }] } } }, id);
}
`;

describe('fields of SDK models, in each supported version', () => {
  const cases = [
    // 0.9.1 and 0.13.0 declare `snippet: string` (required): its read cannot become `text` (`string | undefined`).
    ...OLDER.map((version) => ({
      name: `a snippet read: ${version} requires \`snippet\`, no fix, an upgrade asked for`,
      code: SNIPPET_READ,
      filename: inVersion(version),
      output: null,
      errors: [{ messageId: 'removed' as const, data: fieldData('createannouncement.snippet', '0.20.14'), ...locate(SNIPPET_READ, 'snippet', 1), suggestions: [] }],
    })),
    ...NEWER.map((version) => ({
      name: `a snippet read: ${version} has \`text\` beside an optional \`snippet\`, renamed`,
      code: SNIPPET_READ,
      filename: inVersion(version),
      output: SNIPPET_READ.replace('?.snippet;', '?.text;'),
      errors: [{ messageId: 'removed' as const, data: fieldData('createannouncement.snippet'), ...locate(SNIPPET_READ, 'snippet', 1), suggestions: [] }],
    })),
    // `datasourceInstances` is in every supported version; `customSensitiveExpressions` only from 0.20.14.
    ...OLDER.map((version) => ({
      name: `a policy update: ${version} renames \`datasources\`, and has no \`customSensitiveExpressions\``,
      code: POLICY_UPDATE,
      filename: inVersion(version),
      output: POLICY_UPDATE.replace('{ datasources:', '{ datasourceInstances:'),
      errors: [
        { messageId: 'removed' as const, data: fieldData('policy.datasources'), ...locate(POLICY_UPDATE, 'datasources'), suggestions: [] },
        { messageId: 'removed' as const, data: fieldData('policy.sensitiveTerms', '0.20.14'), ...locate(POLICY_UPDATE, 'sensitiveTerms'), suggestions: [] },
      ],
    })),
    ...NEWER.map((version) => ({
      name: `a policy update: ${version} renames \`datasources\`, and suggests \`customSensitiveExpressions\``,
      code: POLICY_UPDATE,
      filename: inVersion(version),
      output: POLICY_UPDATE.replace('{ datasources:', '{ datasourceInstances:'),
      errors: [
        { messageId: 'removed' as const, data: fieldData('policy.datasources'), ...locate(POLICY_UPDATE, 'datasources'), suggestions: [] },
        {
          messageId: 'removed' as const,
          data: fieldData('policy.sensitiveTerms'),
          ...locate(POLICY_UPDATE, 'sensitiveTerms'),
          suggestions: [
            {
              messageId: 'renameField' as const,
              data: { name: 'customSensitiveExpressions' },
              output: POLICY_UPDATE.replace('{ sensitiveTerms:', '{ customSensitiveExpressions:'),
            },
          ],
        },
      ],
    })),
  ];
  tsRuleTester().run('no-removed: fields of SDK models', noRemoved, { valid: [], invalid: cases });

  // 0.9.1 and 0.13.0 have no `Answer.trackingToken`: the read cannot move there.
  const ANSWER_TOKEN = `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });

export async function answerToken(id: number): Promise<string | undefined> {
  const response = await glean.client.answers.retrieve({ id });
  return response.answerResult?.trackingToken;
}
`;
  tsRuleTester().run('no-deprecated: a moved read of an SDK model', noDeprecated, {
    valid: [],
    invalid: [
      ...OLDER.map((version) => ({
        name: `${version} has no \`answer.trackingToken\`: no fix, an upgrade asked for`,
        code: ANSWER_TOKEN,
        filename: inVersion(version),
        output: null,
        errors: [{ messageId: 'deprecated' as const, data: fieldData('getanswer.trackingToken', '0.20.14'), ...locate(ANSWER_TOKEN, 'trackingToken') }],
      })),
      ...NEWER.map((version) => ({
        name: `${version}: read from \`answer\``,
        code: ANSWER_TOKEN,
        filename: inVersion(version),
        output: ANSWER_TOKEN.replace('?.trackingToken', '?.answer.trackingToken'),
        errors: [{ messageId: 'deprecated' as const, data: fieldData('getanswer.trackingToken'), ...locate(ANSWER_TOKEN, 'trackingToken') }],
      })),
    ],
  });
});

describe('type-aware mode, in the fixture project of each version', () => {
  // The case: a value typed with the SDK's model, seen by the type checker only.
  const PREVIEW = `import type { SearchResultSnippet } from '@gleanwork/api-client/models/components';

export const preview: SearchResultSnippet = { snippet: 'Q3 plan' };
`;
  for (const version of [...OLDER, ...NEWER]) {
    const typed = new TypeCheckedRuleTester({
      languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: join(VERSIONS, version) } },
      settings: gleanSettings(),
    });
    const older = (OLDER as readonly string[]).includes(version);
    typed.run(`no-removed with type information, SDK ${version}`, noRemoved, {
      valid: [],
      invalid: [
        {
          name: older ? `${version} requires \`snippet\`: no fix, an upgrade asked for` : `${version}: renamed to \`text\``,
          code: PREVIEW,
          output: older ? null : PREVIEW.replace('{ snippet:', '{ text:'),
          errors: [{ messageId: 'removed', data: fieldData('createannouncement.snippet', older ? '0.20.14' : undefined), ...locate(PREVIEW, 'snippet') }],
        },
      ],
    });
  }
});

describe('agent runs: the agent id where each version’s request holds it', () => {
  // 0.9.1 and 0.13.0 name it `agentId` in the request (the SDK sends it as `agent_id`); from 0.20.14, `agent_id`.
  const RUN = (key: string) => `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });

export const digest = () => glean.client.agents.run({ ${key}: 'agt_form', input: { topic: 'Q3' } });
`;
  const missing = (version: string, key: string) => {
    const code = RUN(key);
    return {
      name: `${version}: \`${key}\``,
      code,
      filename: inVersion(version),
      errors: [
        {
          messageId: 'missingFields' as const,
          data: { agent: 'agt_form', missing: '`audience`' },
          ...locate(code, 'input'),
          suggestions: [{ messageId: 'addMissingFields' as const, data: { missing: '`audience`' }, output: code.replace("{ topic: 'Q3' }", "{ topic: 'Q3', audience: '' }") }],
        },
      ],
    };
  };
  tsRuleTester({ agentForms: { agt_form: ['topic', 'audience'] } }).run('agent-run-input in each version', agentRunInput, {
    valid: [],
    invalid: [...OLDER.map((version) => missing(version, 'agentId')), ...NEWER.map((version) => missing(version, 'agent_id'))],
  });
});

// ---------------------------------------------------------------------------------------------------
// Versions without tables of their own, and no SDK at all: projects in the system's temporary folder
// (outside this repository, whose own SDK would resolve) whose node_modules holds only the SDK's
// package.json. Nothing here is type-checked: JavaScript.

const scratch = mkdtempSync(join(tmpdir(), 'glean-sdk-versions-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A project whose SDK is `version` (its package.json alone), or none; the path of a file in it. */
function project(name: string, version?: string): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  if (version !== undefined) {
    const sdk = join(dir, 'node_modules', '@gleanwork', 'api-client');
    mkdirSync(sdk, { recursive: true });
    writeFileSync(join(sdk, 'package.json'), JSON.stringify({ name: '@gleanwork/api-client', version }));
  }
  return join(dir, 'src', 'app.js');
}

const APP = `import { Glean } from '@gleanwork/api-client';

const glean = new Glean({ apiToken: 'token', instance: 'acme' });

export const agent = (id) => glean.client.agents.retrieve(id);
export const restrict = (id) => glean.client.governance.data.policies.update({ config: { inputOptions: { datasources: ['gdrive'] } } }, id);
export const search = () => fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: JSON.stringify({ query: 'q' }) }).then((res) => res.json()).then((data) => data.results[0].snippets[0].snippet);
`;

const agentError = (upgrade?: string) => {
  const data = dataFor('agents.get');
  const found = locate(APP, 'glean.client.agents.retrieve');
  return {
    messageId: 'deprecated' as const,
    data: {
      ...data,
      subject: `${data.subject} (called by \`client.agents.retrieve()\`)`,
      ...(upgrade ? { replacement: `${data.replacement}; upgrade @gleanwork/api-client to ${upgrade} or later to migrate` } : {}),
    },
    ...found,
    suggestions: [],
  };
};

/** On the wire, the newest tables decide: a raw HTTP read is renamed whatever SDK is installed. */
const WIRE_FIXED = APP.replace('snippets[0].snippet', 'snippets[0].text');

describe('outside the supported range, and without an SDK', () => {
  const removedCases = [
    { name: 'SDK 0.21.0, newer than the range: found with the newest tables, no SDK fix', version: '0.21.0' },
    { name: 'SDK 0.7.1, older than the range: found with the oldest tables, no SDK fix', version: '0.7.1' },
    { name: 'no SDK resolves: found with the newest tables, no SDK fix', version: undefined },
  ].map(({ name, version }) => ({
    name,
    code: APP,
    filename: project(name.split(':')[0]!.replace(/\W+/g, '-'), version),
    output: WIRE_FIXED,
    errors: [
      { messageId: 'removed' as const, data: fieldData('policy.datasources'), ...locate(APP, 'datasources'), suggestions: [] },
      { messageId: 'removed' as const, data: fieldData('createannouncement.snippet'), ...locate(APP, 'snippet', 1), suggestions: [] },
    ],
  }));
  jsRuleTester().run('no-removed: SDK fields are not fixed, the wire still is', noRemoved, { valid: [], invalid: removedCases });

  jsRuleTester().run('no-deprecated: an SDK method swap is not offered; before the range, the oldest tables ask for an upgrade', noDeprecated, {
    valid: [],
    invalid: [
      { name: 'SDK 0.21.0', code: APP, filename: project('newer-swap', '0.21.0'), options: MIGRATE, output: null, errors: [agentError()] },
      { name: 'SDK 0.7.1', code: APP, filename: project('older-swap', '0.7.1'), options: MIGRATE, output: null, errors: [agentError('0.20.14')] },
      { name: 'no SDK', code: APP, filename: project('none-swap'), options: MIGRATE, output: null, errors: [agentError()] },
      {
        name: 'SDK 0.20.15 (supported): the swap is offered',
        code: APP,
        filename: project('supported-swap', '0.20.15'),
        options: MIGRATE,
        output: APP.replace('glean.client.agents.retrieve(id)', 'glean.agents.get(id)'),
        errors: [
          {
            ...agentError(),
            suggestions: [{ messageId: 'switchToReplacement', data: { replacement: 'agents.get()' }, output: APP.replace('glean.client.agents.retrieve(id)', 'glean.agents.get(id)') }],
          },
        ],
      },
    ],
  });
});
