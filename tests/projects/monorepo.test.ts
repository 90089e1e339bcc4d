import { lstatSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintProjectFile, PROJECTS } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * monorepo: an npm workspace. `packages/glean-client` (`@acme/glean-client`, its package.json `exports`
 * pointing at its TypeScript sources) makes the client and exports `chat()`; npm links it as
 * `node_modules/@acme/glean-client` (a symlink, committed as one). `apps/bot` imports the package by
 * name, and its own modules through its tsconfig `baseUrl` (`lib/urls`).
 */

const P = 'monorepo';

describe('monorepo layout', () => {
  it('the workspace package is linked the way npm links it: a symlink to its sources', () => {
    const link = join(PROJECTS, P, 'node_modules/@acme/glean-client');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('../../packages/glean-client');
  });
});

describe.each([
  ['without type information', false],
  ['with type information', true],
])('monorepo %s', (_mode, typed) => {
  it('apps/bot/src/reply.ts: the client and `chat()` of a workspace package, a URL from a module found through `baseUrl`', () => {
    const code = source(P, 'apps/bot/src/reply.ts');
    expect(lintProjectFile(P, 'apps/bot/src/reply.ts', { typed })).toEqual({
      reports: [
        {
          line: 6,
          column: 34,
          rule: 'glean/no-removed',
          message: M.citations,
          suggestions: [
            {
              desc: 'Switch to `fragments[].citation` (review the code that reads the response).',
              output: edit(
                code,
                'response.messages?.[0]?.citations?.length',
                "response.messages?.[0]?.fragments?.flatMap((item: NonNullable<NonNullable<NonNullable<(typeof response)['messages']>[0]>['fragments']>[number]) => (item.citation ? [item.citation] : []))?.length",
              ),
            },
          ],
        },
        {
          line: 9,
          column: 51,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, 'glean.client.agents.retrieve(agentId)', 'glean.agents.get(agentId)'),
            },
          ],
        },
        { line: 10, column: 41, rule: 'glean/no-deprecated', message: M.agentSearch },
      ],
      output: null,
    });
  });

  it.each(['apps/bot/src/lib/urls.ts', 'packages/glean-client/src/client.ts', 'packages/glean-client/src/chat.ts', 'packages/glean-client/src/index.ts'])(
    '%s: nothing deprecated is written there (POST /rest/api/v1/agents creates an agent)',
    (file) => {
      expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
    },
  );
});
