import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * teams-bot: a Microsoft Teams bot in plain JavaScript ES modules (`.mjs`). `src/glean/client.mjs`
 * exports the client, a sub-client alias, a per-user factory and a default export;
 * `src/glean/index.mjs` re-exports them (`export *`, `export { default }`); `src/glean/lazy.mjs` loads
 * the SDK with `await import()`; `src/services.mjs` holds the client in a class instance and in an
 * object. `src/vendor/acme-ai.mjs` is the company's own agents SDK, whose `agents.run` is not Glean's.
 * `src/glean/runner.mjs` starts runs with the 0.20 agents API from functions that `src/handlers/summary.mjs`
 * calls: through a class that holds its client as `this.client`, and on a module's client directly.
 * `src/glean/jobs.mjs` calls SDK methods on clients it is handed: `src/handlers/schedule.mjs` hands a
 * `{ glean }` object to a subclass's constructor (passed on with `super(services)` to a base class that
 * destructures it) and the client to a function; `src/handlers/admin.mjs` hands the imported services
 * object to a function; the company's own SDK is handed to another function.
 */

const P = 'teams-bot';

describe('teams-bot', () => {
  it('handlers/agents.mjs: an alias, a factory and a lazily imported client from other modules, a client held by an imported object; another SDK’s `agents.run` and the platform API are not uses', () => {
    const code = source(P, 'src/handlers/agents.mjs');
    expect(lintProjectFile(P, 'src/handlers/agents.mjs')).toEqual({
      reports: [
        { line: 8, column: 37, rule: 'glean/no-deprecated', message: M.sdkAgentSchemas },
        {
          line: 9,
          column: 33,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentSearch,
          suggestions: [
            {
              desc: 'Switch to agents.search() (review the code that reads the response).',
              output: edit(code, "gleanFor(user).client.agents.list({ name: 'standup' })", "gleanFor(user).agents.search({ name: 'standup' })"),
            },
          ],
        },
        {
          line: 13,
          column: 10,
          rule: 'glean/no-deprecated',
          message: M.sdkRunWait,
          suggestions: [
            {
              desc: 'Switch to agents.createRun() (review the code that reads the response).',
              output: edit(code, 'glean.client.agents.run({ agent_id: agentId, input: {} })', 'glean.agents.createRun({ input: {} }, agentId)'),
            },
          ],
        },
        { line: 16, column: 30, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('handlers/summary.mjs: the run input passed to another module’s functions that call `agents.createRun` on a held client (`this.client.agents…`) or on the module’s own', () => {
    expect(lintProjectFile(P, 'src/handlers/summary.mjs')).toEqual({
      reports: [
        { line: 3, column: 50, rule: 'glean/agent-run-input', message: "An agent run's `input` must be an object of form fields, not a string." },
        { line: 4, column: 51, rule: 'glean/agent-run-input', message: "An agent run's `input` must be an object of form fields, not a string." },
      ],
      output: null,
    });
    // The calls in the wrapper's module take their body from the caller: nothing to report there.
    expect(lintProjectFile(P, 'src/glean/runner.mjs')).toEqual({ reports: [], output: null });
  });

  it('services.mjs: a class whose instance holds the imported default client', () => {
    const code = source(P, 'src/services.mjs');
    expect(lintProjectFile(P, 'src/services.mjs')).toEqual({
      reports: [
        {
          line: 9,
          column: 12,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() (review the code that reads the response).',
              output: edit(code, 'this.sdk.client.agents.retrieve(agentId)', 'this.sdk.agents.get(agentId)'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('services.mjs with the migrate option: the SDK method swap is applied (JavaScript: nothing to type-check)', () => {
    const code = source(P, 'src/services.mjs');
    expect(lintProjectFile(P, 'src/services.mjs', { options: { migrate: true } }).output).toBe(
      edit(code, 'this.sdk.client.agents.retrieve(agentId)', 'this.sdk.agents.get(agentId)'),
    );
  });

  it('glean/jobs.mjs: clients handed in by other modules (an object through a subclass’s constructor and `super()` to a destructuring base class, a client to a function, an imported services object); the company SDK handed to another function is not Glean’s', () => {
    const code = source(P, 'src/glean/jobs.mjs');
    expect(lintProjectFile(P, 'src/glean/jobs.mjs')).toEqual({
      reports: [
        {
          line: 15,
          column: 12,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentSchemas,
          suggestions: [
            {
              desc: 'Switch to agents.getSchemas() (review the code that reads the response).',
              output: edit(code, 'this.glean.client.agents.retrieveSchemas(this.agentId)', 'this.glean.agents.getSchemas(this.agentId)'),
            },
          ],
        },
        { line: 19, column: 52, rule: 'glean/no-removed', message: M.sdkDocumentCount },
        { line: 26, column: 10, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('glean/jobs.mjs with the migrate option: the swap stays a suggestion, since callers it does not see may hand the job another client', () => {
    expect(lintProjectFile(P, 'src/glean/jobs.mjs', { options: { migrate: true } }).output).toBeNull();
  });

  it.each(['src/handlers/schedule.mjs', 'src/handlers/admin.mjs', 'src/handlers/service.mjs', 'src/glean/client.mjs', 'src/glean/index.mjs', 'src/glean/lazy.mjs', 'src/vendor/acme-ai.mjs'])(
    '%s: nothing deprecated is written there',
    (file) => {
      expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
    },
  );
});
