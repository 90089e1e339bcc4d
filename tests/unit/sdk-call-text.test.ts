import { describe, expect, it } from 'vitest';
import { SDK_VERSIONS, tablesOf } from '../../src/sdk/versions.js';
import { SDK_CALL_TEXT, SDK_METHOD_TEXT } from '../../src/uses/gates.js';

/**
 * The text tests for code that calls a Glean client: SDK_CALL_TEXT (a module calls its sub-clients:
 * the gates, the closed-project verdict) and SDK_METHOD_TEXT (a function calls any SDK method, 0.20's
 * top-level ones too: the callees followed). Checked against every supported version's composed
 * tables (the tests are built from the newest tables and the older versions' differences), so an SDK
 * method added to the tables cannot go unrecognised.
 */

const allChains = SDK_VERSIONS.flatMap((version) =>
  tablesOf(version)
    .operations.flatMap((operation) => [operation.chain, ...(operation.chains ?? [])])
    .map((chain) => [version, chain.join('.')] as const),
);

const subClientChains = SDK_VERSIONS.flatMap((version) =>
  tablesOf(version)
    .operations.flatMap((operation) => [operation.chain, ...(operation.chains ?? [])])
    .filter((chain) => (chain[0] === 'client' || chain[0] === 'indexing') && chain.length >= 3)
    .map((chain) => [version, chain.join('.')] as const),
);

describe('SDK_CALL_TEXT', () => {
  it('has sub-client calls to test in every supported version', () => {
    expect(new Set(subClientChains.map(([version]) => version))).toEqual(new Set(SDK_VERSIONS));
  });

  it.each(subClientChains)('%s: glean.%s(…), also with optional calls spread over lines', (_version, chain) => {
    expect(SDK_CALL_TEXT.test(`await glean.${chain}({});`)).toBe(true);
    expect(SDK_CALL_TEXT.test(`return this.glean?.${chain.split('.').join(' ?.\n  ')}({});`)).toBe(true);
  });

  it.each([
    ['Slack', 'await app.client.chat.postMessage({ channel, text });'],
    ['an OpenAI client held by a class', 'this.client.chat.completions.create({ model, messages });'],
    ['the Anthropic SDK', 'const stream = await this.client.beta.sessions.events.stream(id);'],
    ['Vite', "server.environments.client.hot.send({ type: 'error', err });"],
    ['undici', 'request.client?.globalObject?.constructor'],
    ['an OpenTelemetry name', "export const DURATION = 'db.client.operation.duration';"],
    ['a method the SDK does not have', 'glean.client.search.queryAll({});'],
    ['a sub-client without a call', 'const search = glean.client.search;'],
  ])('not %s: %s', (_what, text) => {
    expect(SDK_CALL_TEXT.test(text)).toBe(false);
  });
});

describe('SDK_METHOD_TEXT', () => {
  it('has top-level methods to test (0.20’s `glean.agents.createRun`)', () => {
    expect(allChains.some(([, chain]) => chain === 'agents.createRun')).toBe(true);
  });

  it.each(allChains)('%s: glean.%s(…), and on a client held as `this.client`', (_version, chain) => {
    expect(SDK_METHOD_TEXT.test(`await glean.${chain}({});`)).toBe(true);
    expect(SDK_METHOD_TEXT.test(`return this.client.${chain}(body);`)).toBe(true);
  });

  it.each([
    ['Slack', 'await app.client.chat.postMessage({ channel, text });'],
    ['an OpenAI client', 'openai.chat.completions.create({ model, messages });'],
    ['the Anthropic SDK', 'this.client.beta.sessions.events.stream(id);'],
    ['a method the SDK does not have', 'glean.agents.createRuns({});'],
  ])('not %s: %s', (_what, text) => {
    expect(SDK_METHOD_TEXT.test(text)).toBe(false);
  });
});
