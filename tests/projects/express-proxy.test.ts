import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * express-proxy: an Express app in TypeScript that proxies Glean for an internal portal.
 * `src/lib/config.ts` holds the REST base (`${host}/rest/api/v1`, host from `process.env ?? …`) and a
 * path table `ENDPOINTS` of paths relative to it; `src/lib/http.ts` exports `gleanPost(path, body)`,
 * which joins the path to the base, and `searchGlean(q)`, which always calls /search. The routes pass
 * paths and bodies to the wrapper and read the search response. `src/app.ts` registers a middleware
 * (`src/middleware/attach-clients.ts`) that keeps a client on each request, and routes that read it.
 */

const P = 'express-proxy';

describe.each([
  ['without type information', false],
  ['with type information', true],
])('express-proxy %s', (_mode, typed) => {
  it('routes/answers.ts: paths and bodies the routes pass to the wrapper, a table path joined to the imported base, a response of an imported function', () => {
    const code = source(P, 'src/routes/answers.ts');
    expect(lintProjectFile(P, 'src/routes/answers.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 44, rule: 'glean/no-removed', message: M.listAnswers },
        // The table's relative path names the operation only once joined to the base: reported at the
        // argument that passes it, as a same-file table path joined to a base is reported at the join.
        { line: 5, column: 58, rule: 'glean/no-deprecated', message: M.runWait },
        { line: 6, column: 41, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 10, column: 42, rule: 'glean/no-removed', message: M.snippet },
        { line: 13, column: 144, rule: 'glean/no-removed', message: M.isNegated },
      ],
      output: edit(edit(code, 'snippets[0].snippet;', 'snippets[0].text;'), 'isNegated: true', "relationType: 'NOT_EQUALS'"),
    });
  });

  it.each(['src/lib/config.ts', 'src/lib/http.ts'])('%s: the base, the relative table and the wrappers are not uses on their own', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });

  it('routes/agents.ts: a client the middleware registered beside the routes (src/app.ts uses both) keeps on each request (`req.glean = new Glean(…)`), read in an inline handler and in a named one that destructures it; the wiki’s client on the same request is not Glean’s', () => {
    const code = source(P, 'src/routes/agents.ts');
    const switchToGet = (from: string, to: string) => ({
      desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
      output: edit(code, from, to),
    });
    expect(lintProjectFile(P, 'src/routes/agents.ts', { typed })).toEqual({
      reports: [
        { line: 6, column: 18, rule: 'glean/no-deprecated', message: M.sdkAgentGet, suggestions: [switchToGet('req.glean.client.agents.retrieve(req.params.id)', 'req.glean.agents.get(req.params.id)')] },
        { line: 11, column: 18, rule: 'glean/no-deprecated', message: M.sdkAgentGet, suggestions: [switchToGet('await glean.client.agents.retrieve(req.params.id)', 'await glean.agents.get(req.params.id)')] },
      ],
      output: null,
    });
  });

  it.each(['src/legacy/handlers.ts', 'src/middleware/attach-clients.ts', 'src/app.ts'])('%s: another app’s handlers whose middleware keeps the wiki’s client as `req.glean`, the middleware and the app are not uses', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
});
