import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_PACKAGE, SDK_VERSION, sdkOperations } from '../src/sdk/generated/operations.js';
import { sdkSchema } from '../src/sdk/generated/schema.js';
import type { SdkOperation } from '../src/sdk/types.js';
import { generateSdkTables } from '../tools/sdk-tables/generate.js';

/**
 * The SDK tables in src/sdk/generated are generated from the installed @gleanwork/api-client by
 * `npm run generate:sdk` (tools/sdk-tables/). They must match what the generator produces now, and
 * they must hold the facts the rules rely on (taken from the SDK research notes).
 */

const OPERATIONS_FILE = new URL('../src/sdk/generated/operations.ts', import.meta.url);
const SCHEMA_FILE = new URL('../src/sdk/generated/schema.ts', import.meta.url);
const sdkRoot = dirname(createRequire(import.meta.url).resolve('@gleanwork/api-client/package.json'));

function operation(func: string): SdkOperation {
  const found = sdkOperations.find((op) => op.func === func);
  expect(found, `operation ${func}`).toBeDefined();
  return found as SdkOperation;
}

describe('generated SDK tables', () => {
  it('are up to date with the installed SDK (run `npm run generate:sdk`)', () => {
    const generated = generateSdkTables(sdkRoot);
    expect(generated.operations).toBe(readFileSync(OPERATIONS_FILE, 'utf8'));
    expect(generated.schema).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
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
