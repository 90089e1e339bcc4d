import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SDK_PACKAGE, SDK_VERSION, sdkOperations } from '../src/sdk/generated/operations.js';
import { sdkSchema } from '../src/sdk/generated/schema.js';
import { installedSdkVersion } from '../src/sdk/installed.js';
import type { SdkOperation } from '../src/sdk/types.js';
import { SDK_VERSIONS, tablesOf } from '../src/sdk/versions.js';
import { sdkOutputs, staleOutputs, type SdkOutputs } from '../tools/sdk-tables/outputs.js';

/**
 * The SDK tables in src/sdk/generated are generated from the installed versions of
 * @gleanwork/api-client by `npm run generate:sdk` (tools/sdk-tables/): the newest whole, each older
 * version as its differences from the next newer one. They must match what the generator produces
 * now, give every version's tables back, and hold the facts the rules rely on (taken from the SDK
 * research notes).
 */

const sdkRoot = dirname(createRequire(import.meta.url).resolve('@gleanwork/api-client/package.json'));
const FIXTURES = fileURLToPath(new URL('../fixtures/sdk-versions/', import.meta.url));

function operation(func: string, operations: readonly SdkOperation[] = sdkOperations): SdkOperation {
  const found = operations.find((op) => op.func === func);
  expect(found, `operation ${func}`).toBeDefined();
  return found as SdkOperation;
}

let outputs: SdkOutputs;
beforeAll(() => {
  outputs = sdkOutputs();
}, 60_000);

describe('generated SDK tables', () => {
  it('are up to date with the installed SDK versions, fixture projects included (run `npm run generate:sdk`)', () => {
    expect(staleOutputs(outputs)).toEqual([]);
  });

  it('give back every version’s tables as read from its install', () => {
    for (const { tables } of outputs.read) expect(tablesOf(tables.version), tables.version).toEqual(JSON.parse(JSON.stringify(tables)));
  });

  it('cover the supported versions, from the installed SDK and its aliases, each published with its TypeScript sources', () => {
    expect(SDK_VERSIONS).toEqual(['0.9.1', '0.13.0', '0.20.14', '0.20.15']);
    expect(outputs.installed.map(({ name, version }) => `${name} ${version}`)).toEqual([
      '@gleanwork/api-client-0.9.1 0.9.1',
      '@gleanwork/api-client-0.13.0 0.13.0',
      '@gleanwork/api-client-0.20.14 0.20.14',
      '@gleanwork/api-client 0.20.15',
    ]);
    for (const { root } of outputs.installed) expect(readdirSync(join(root, 'src', 'funcs')).length).toBeGreaterThan(100);
  });

  it('name the installed SDK version', () => {
    const pkg = JSON.parse(readFileSync(`${sdkRoot}/package.json`, 'utf8')) as { version: string };
    expect(SDK_PACKAGE).toBe('@gleanwork/api-client');
    expect(SDK_VERSION).toBe(pkg.version);
    expect(SDK_VERSION).toBe('0.20.15');
  });

  it('have one operation per func, sorted', () => {
    const funcs = sdkOperations.map((op) => op.func);
    expect(funcs).toEqual([...funcs].sort());
    const files = readdirSync(`${sdkRoot}/src/funcs`).filter((f) => f.endsWith('.ts'));
    expect(funcs).toEqual(files.map((f) => f.slice(0, -3)).sort());
  });

  it('the README states the supported range', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('from **0.9.1 to 0.20.15**\n(0.9.1, 0.13.0, 0.20.14 and 0.20.15)');
    expect(readme).toContain('[0.9.1 to 0.20.15](#sdk-versions)');
  });

  it('each fixture project resolves its own version of the SDK', () => {
    for (const version of SDK_VERSIONS) expect(installedSdkVersion(join(FIXTURES, version))).toBe(version);
  });
});

describe('older versions', () => {
  it('0.9.1 and 0.13.0: no platform agents API; run takes `agentId` in its request; a parameter the SDK never sends', () => {
    for (const version of ['0.9.1', '0.13.0']) {
      const { operations, schema } = tablesOf(version);
      expect(operations.filter((op) => op.func.startsWith('agents')).map((op) => op.func), version).toEqual([]);
      expect(operation('clientAgentsRun', operations).params).toEqual([
        { name: 'request', role: 'body', type: 'AgentRunCreate', optional: false },
        { name: 'options', role: 'options', optional: true },
      ]);
      expect(schema.keys?.AgentRunCreate).toEqual(['agentId', 'input', 'messages', 'metadata']);
      expect(operation('clientPinsList', operations).params[0]).toEqual({ name: '_request', role: 'unsent', optional: false });
      expect(operation('clientAgentsRetrieve', operations).params.map((param) => param.name)).toEqual(['agentId', 'timezoneOffset', 'options']);
    }
  });

  it('0.9.1 and 0.13.0 require `SearchResultSnippet.snippet`; from 0.20.14 it is optional', () => {
    expect(SDK_VERSIONS.map((version) => tablesOf(version).schema.required?.SearchResultSnippet?.includes('snippet') === true)).toEqual([true, true, false, false]);
    expect(SDK_VERSIONS.map((version) => tablesOf(version).schema.keys?.SearchResultSnippet?.includes('text'))).toEqual([true, true, true, true]);
  });

  it('`customSensitiveExpressions` first appears in 0.20.14', () => {
    expect(SDK_VERSIONS.map((version) => tablesOf(version).schema.types.SensitiveContentOptions?.customSensitiveExpressions !== undefined)).toEqual([false, false, true, true]);
  });

  it('0.20.14 has the platform agents API but not its newest runs operations', () => {
    const { operations } = tablesOf('0.20.14');
    expect(operations.filter((op) => op.func.startsWith('agents')).map((op) => op.func)).toEqual(['agentsCreateRun', 'agentsGet', 'agentsGetSchemas', 'agentsSearch']);
    expect(operation('agentsCreateRun', operations).params).toEqual(operation('agentsCreateRun').params);
  });
});

describe('sdkOperations', () => {
  it('clientAgentsRun', () => {
    const op = operation('clientAgentsRun');
    expect(op).toMatchObject({
      method: 'POST',
      path: '/rest/api/v1/agents/runs/wait',
      chain: ['client', 'agents', 'run'],
      deprecated: true,
      responseTypes: ['AgentRunWaitResponse'],
    });
    expect(op.params[0]).toEqual({ name: 'request', role: 'body', type: 'AgentRunCreate', optional: false });
    expect(op.hooks).toEqual([
      { name: 'buildClientAgentsRunMutation', kind: 'mutationBuilder' },
      { name: 'useClientAgentsRunMutation', kind: 'mutation' },
    ]);
  });

  it('clientAgentsRetrieve', () => {
    const op = operation('clientAgentsRetrieve');
    expect(op).toMatchObject({ method: 'GET', path: '/rest/api/v1/agents/{agent_id}', deprecated: true });
    expect(op.params).toEqual([
      { name: 'agentId', role: 'path', wire: 'agent_id', optional: false },
      { name: 'locale', role: 'query', wire: 'locale', optional: true },
      { name: 'timezoneOffset', role: 'query', wire: 'timezoneOffset', optional: true },
      { name: 'options', role: 'options', optional: true },
    ]);
    expect(op.hooks).toEqual([
      { name: 'buildClientAgentsRetrieveQuery', kind: 'queryBuilder', core: true },
      { name: 'prefetchClientAgentsRetrieve', kind: 'prefetch', core: true },
      { name: 'useClientAgentsRetrieve', kind: 'query' },
      { name: 'useClientAgentsRetrieveSuspense', kind: 'suspense' },
    ]);
  });

  it('agentsCreateRun (the replacement, agentId second)', () => {
    const op = operation('agentsCreateRun');
    expect(op).toMatchObject({
      method: 'POST',
      path: '/api/agents/{agent_id}/runs',
      chain: ['agents', 'createRun'],
      deprecated: false,
    });
    expect(op.params).toEqual([
      {
        name: 'platformAgentRunCreateRequest',
        role: 'body',
        type: 'PlatformAgentRunCreateRequest',
        optional: false,
      },
      { name: 'agentId', role: 'path', wire: 'agent_id', optional: false },
      { name: 'options', role: 'options', optional: true },
    ]);
  });

  it('strips the #fragment of a path', () => {
    expect(operation('clientChatCreateStream').path).toBe('/rest/api/v1/chat');
    expect(sdkOperations.every((op) => !op.path.includes('#'))).toBe(true);
  });

  it('clientAgentsUpdate shares the retrieve path but is not deprecated', () => {
    expect(operation('clientAgentsUpdate')).toMatchObject({
      method: 'POST',
      path: '/rest/api/v1/agents/{agent_id}',
      deprecated: false,
    });
  });

  it('marks exactly the 10 deprecated funcs', () => {
    expect(sdkOperations.filter((op) => op.deprecated).map((op) => op.func)).toEqual([
      'clientAgentsList',
      'clientAgentsRetrieve',
      'clientAgentsRetrieveSchemas',
      'clientAgentsRun',
      'clientAgentsRunStream',
      'clientAnswersList',
      'indexingDocumentsCount',
      'indexingDocumentsStatus',
      'indexingPeopleBulkIndex',
      'indexingPeopleCount',
    ]);
  });

  it('reaches deep chains', () => {
    expect(operation('clientGovernanceDataPoliciesRetrieve').chain).toEqual([
      'client',
      'governance',
      'data',
      'policies',
      'retrieve',
    ]);
  });
});

describe('sdkSchema', () => {
  const { types } = sdkSchema;

  it('records edges to component object types', () => {
    expect(types.FacetFilter?.values).toEqual({ type: 'FacetFilterValue', array: true });
    expect(types.ChatRequest?.messages).toEqual({ type: 'ChatMessage', array: true, required: true });
    expect(types.AnswerResult?.answer).toEqual({ type: 'Answer', required: true });
    expect(types.GetCollectionResponse?.collection).toEqual({ type: 'Collection' });
    expect(types.PersonMetadata?.inviteInfo).toEqual({ type: 'InviteInfo' });
    expect(types.InviteInfo?.invites).toEqual({ type: 'ChannelInviteInfo', array: true });
  });

  it('records deprecated properties with their text', () => {
    expect(types.FacetFilterValue?.isNegated?.deprecated).toContain('Use relationType instead');
    expect(types.AnswerResult?.trackingToken?.deprecated).toBeDefined();
    expect(types.GetCollectionResponse?.trackingToken?.deprecated).toBeDefined();
    expect(types.DlpConfig?.externalSharingOptions).toMatchObject({ type: 'ExternalSharingOptions' });
    expect(types.DlpConfig?.externalSharingOptions?.deprecated).toContain('Use broadSharingOptions instead');
  });

  it('omits properties that are neither edges nor deprecated', () => {
    expect(types.Announcement).toBeDefined();
    expect(types.Announcement).not.toHaveProperty('trackingToken');
  });
});
