import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';

/**
 * The SDK README's layout: the client is made once in `src/lib/glean.ts` and imported everywhere. What
 * the importing module does with it is reported there, where it is written; nothing in the client's
 * module is.
 */

const AGENTS = `import { glean, BASE } from './lib/glean';

export const getAgent = (id: string) => glean.client.agents.retrieve(id);
export const answers = () => fetch(\`\${BASE}/listanswers\`, { method: 'POST' });
export const firstSnippets = async (q: string) =>
  (await glean.client.search.query({ query: q })).results?.map((r) => r.snippets?.[0]?.snippet);
`;

describe('readme-client: a client and a base URL imported from lib/glean.ts', () => {
  it('reports the deprecated SDK call, the removed endpoint on the imported base and the removed response field', () => {
    const { reports, output } = lintProjectFile('readme-client', 'src/agents.ts');
    expect(reports).toEqual([
      {
        line: 3,
        column: 41,
        rule: 'glean/no-deprecated',
        message:
          'GET /rest/api/v1/agents/{agent_id} (called by `client.agents.retrieve()`) is deprecated and will be removed on 2027-04-15 (in 143 days); use GET /api/agents/{agent_id} instead; the response wraps the agent in `agent`.',
        suggestions: [
          {
            desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
            output: AGENTS.replace('glean.client.agents.retrieve(id)', 'glean.agents.get(id)'),
          },
        ],
      },
      {
        line: 4,
        column: 36,
        rule: 'glean/no-removed',
        message: 'POST /rest/api/v1/listanswers was removed on 2026-10-15 (39 days ago); no replacement; answer boards are removed and the endpoint no longer serves a purpose.',
      },
      {
        line: 6,
        column: 88,
        rule: 'glean/no-removed',
        message: 'Field `snippet` of a search result snippet (`SearchResultSnippet`) was removed on 2026-10-15 (39 days ago); use `text` instead.',
      },
    ]);
    expect(output).toBe(AGENTS.replace('?.[0]?.snippet', '?.[0]?.text'));
  });

  it('reports nothing in the module that makes the client', () => {
    expect(lintProjectFile('readme-client', 'src/lib/glean.ts')).toEqual({ reports: [], output: null });
  });
});
