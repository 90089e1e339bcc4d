import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { M } from './messages.js';

/**
 * ops-cli: an operations CLI in TypeScript compiled to CommonJS ("type": "commonjs", module NodeNext).
 * `src/glean.ts` is `export = new Glean(…)`; `src/config.ts` exports the REST base as
 * `process.env.GLEAN_REST ?? 'https://…/rest/api/v1'`. Commands take them with `import x = require()`,
 * one of them from a `.cts` module.
 */

const P = 'ops-cli';

describe.each([
  ['without type information', false],
  ['with type information', true],
])('ops-cli %s', (_mode, typed) => {
  it('commands/answers.ts: a client given by `export =` and taken by `import glean = require()`', () => {
    expect(lintProjectFile(P, 'src/commands/answers.ts', { typed })).toEqual({
      reports: [{ line: 4, column: 35, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
  });

  it('commands/agents.cts: a REST base that is an environment variable with a Glean default (`?? …/rest/api/v1`)', () => {
    expect(lintProjectFile(P, 'src/commands/agents.cts', { typed })).toEqual({
      reports: [{ line: 4, column: 27, rule: 'glean/no-deprecated', message: M.agentSearch }],
      output: null,
    });
  });

  it.each(['src/glean.ts', 'src/config.ts'])('%s: nothing deprecated is written there', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
});
