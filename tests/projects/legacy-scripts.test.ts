import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * legacy-scripts: CommonJS maintenance scripts ("type": "commonjs", `.js` and `.cjs`). `lib/glean.cjs`
 * is `module.exports = new Glean(…)`; `lib/clients.js` sets `exports.glean`, a sub-client
 * `exports.indexing` and a factory `exports.gleanAs`; `lib/config.js` exports
 * `{ glean: { restBase, indexBase, answersPath } }` with a `process.env.X ?? '…/api/index/v1'` default;
 * `lib/index.js` gathers them (`require('../lib')`). `lib/telemetry.js` is Mozilla's Glean, which is
 * not Glean search. Scripts require all of these. `lib/services.js` holds classes and a function that
 * call SDK methods on whatever client they are handed; `scripts/report.js` hands them lib/glean.cjs's
 * client (a constructor's parameter kept in `this.sdk`, read by a subclass too; a function's
 * parameter), and hands the payroll system's look-alike client to another class. `lib/workers.js`
 * is made only by the composition root `lib/container.js` (`makeWorkers(sdk)`), which
 * `scripts/nightly.js` gives lib/glean.cjs's client, and `makePayroll(api)` the payroll client.
 * `lib/job-events.js` exports an `EventEmitter` that `lib/search-poller.js` emits search responses on and
 * `lib/search-log.js` listens to.
 */

const P = 'legacy-scripts';

describe('legacy-scripts', () => {
  it('scripts/list-answers.js: `module.exports = new Glean()` in a .cjs file; Mozilla Glean and a path constant read for a log line are not uses', () => {
    expect(lintProjectFile(P, 'scripts/list-answers.js')).toEqual({
      reports: [{ line: 7, column: 35, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
  });

  it('scripts/agents.js: `exports.glean` and a factory through lib/index.js, the REST base of a config object; an agent edit (POST) and another service’s /agents/search are not uses', () => {
    const code = source(P, 'scripts/agents.js');
    expect(lintProjectFile(P, 'scripts/agents.js')).toEqual({
      reports: [
        {
          line: 4,
          column: 10,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() (review the code that reads the response).',
              output: edit(code, 'glean.client.agents.retrieve(agentId)', 'glean.agents.get(agentId)'),
            },
          ],
        },
        // The new endpoint is not under the shared REST base, which this file does not write: no switch.
        { line: 8, column: 27, rule: 'glean/no-deprecated', message: M.agentSearch },
        {
          line: 17,
          column: 10,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentSchemas,
          suggestions: [
            {
              desc: 'Switch to agents.getSchemas() (review the code that reads the response).',
              output: edit(code, 'gleanAs(token).client.agents.retrieveSchemas(agentId)', 'gleanAs(token).agents.getSchemas(agentId)'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('cli/commands/*.js: handlers of a command registry (`modules.map((mod) => ({ run(ctx, args) { return mod.handler(ctx, args) } }))`, run by cli/main.js’s `for (const cmd of commands) cmd.run(ctx, args)`) read the client cli/main.js keeps under `ctx.glean` (a shared client cli/glean.js makes on first use); handed, so fixes are suggestions; another object’s `glean`, and another key of the context, are not clients; a test that calls a handler with a stub context without the key does not stand for the registry; nor does a command that posts to Glean itself (the registry then sends too)', () => {
    expect(lintProjectFile(P, 'cli/commands/answers.js')).toEqual({
      reports: [{ line: 4, column: 23, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
    const agents = source(P, 'cli/commands/agents.js');
    expect(lintProjectFile(P, 'cli/commands/agents.js')).toEqual({
      reports: [
        {
          line: 4,
          column: 25,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [{ desc: 'Switch to agents.get() (review the code that reads the response).', output: edit(agents, 'ctx.glean.client.agents.retrieve(id)', 'ctx.glean.agents.get(id)') }],
        },
      ],
      output: null,
    });
    const search = source(P, 'cli/commands/search.js');
    expect(lintProjectFile(P, 'cli/commands/search.js')).toEqual({
      reports: [
        {
          line: 5,
          column: 45,
          rule: 'glean/no-removed',
          message: M.snippet,
          suggestions: [{ desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.', output: edit(search, '?.[0]?.snippet;', '?.[0]?.text;') }],
        },
      ],
      output: null,
    });
    // A command that posts to Glean itself (boards.js) makes the registry a module that sends: the handlers are still followed.
    expect(lintProjectFile(P, 'cli/commands/boards.js')).toEqual({ reports: [{ line: 8, column: 34, rule: 'glean/no-removed', message: M.listAnswers }], output: null });
    const policy = source(P, 'cli/commands/policy.js');
    expect(lintProjectFile(P, 'cli/commands/policy.js')).toEqual({
      reports: [
        {
          line: 4,
          column: 88,
          rule: 'glean/no-removed',
          message: M.datasources,
          suggestions: [{ desc: 'Rename to `datasourceInstances` once you have checked that only Glean’s value reaches this code.', output: edit(policy, "{ datasources: ['gdrive'] }", "{ datasourceInstances: ['gdrive'] }") }],
        },
      ],
      output: null,
    });
    for (const file of ['cli/commands/wiki.js', 'cli/commands/index.js', 'cli/main.js', 'cli/glean.js', 'cli/commands/answers.test.js']) expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });

  it('lib/op-commands.js: functions that send an imported table’s path (`ctx.http.post(PATHS.answers)`) through the axios instance scripts/op-commands.js hands them, reported at the entry read; the wiki’s instance and a current path are not uses', () => {
    expect(lintProjectFile(P, 'lib/op-commands.js')).toEqual({
      reports: [{ line: 4, column: 24, rule: 'glean/no-removed', message: M.listAnswers }],
      output: null,
    });
    for (const file of ['lib/op-table.js', 'scripts/op-commands.js']) expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });

  it('lib/snippet-format.js: a CommonJS formatter (`module.exports = { firstSnippet }`) that only scripts/snippet-search.js hands a search response is fixed like an ES module’s; one also handed the wiki’s results (`module.exports.lastSnippet = …`) gets a suggestion', () => {
    const code = source(P, 'lib/snippet-format.js');
    expect(lintProjectFile(P, 'lib/snippet-format.js')).toEqual({
      reports: [
        { line: 2, column: 43, rule: 'glean/no-removed', message: M.snippet },
        {
          line: 6,
          column: 46,
          rule: 'glean/no-removed',
          message: M.snippet,
          suggestions: [{ desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.', output: edit(code, 'at(-1)?.snippets?.[0]?.snippet', 'at(-1)?.snippets?.[0]?.text') }],
        },
      ],
      output: edit(code, '[0]?.snippets?.[0]?.snippet', '[0]?.snippets?.[0]?.text'),
    });
    expect(lintProjectFile(P, 'scripts/snippet-search.js')).toEqual({ reports: [], output: null });
  });

  it('scripts/factory-http.js: axios instances a required function makes on the base each call gives (`createHttp(glean.indexBase, token)` in lib/axios-factory.js, and here), reported at the path; the payroll instance from the same function is not Glean’s', () => {
    expect(lintProjectFile(P, 'scripts/factory-http.js')).toEqual({
      reports: [
        { line: 5, column: 24, rule: 'glean/no-removed', message: M.userCount },
        { line: 7, column: 66, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('scripts/member-required.js: wrappers whose bases lib/member-required.js reads off `require(…)` itself (`require(\'./config\').glean.restBase`, a destructured `require(\'./config\').glean`), and the same read in place, reported at the path; the payroll base read the same way and a current endpoint are not uses', () => {
    expect(lintProjectFile(P, 'scripts/member-required.js')).toEqual({
      reports: [
        { line: 6, column: 34, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 7, column: 33, rule: 'glean/no-removed', message: M.documentCount },
        { line: 11, column: 72, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
    expect(lintProjectFile(P, 'lib/member-required.js')).toEqual({ reports: [], output: null });
  });

  it('lib/axios-factory.js: making the instances is not a use', () => {
    expect(lintProjectFile(P, 'lib/axios-factory.js')).toEqual({ reports: [], output: null });
  });

  it('scripts/index-status.js: a sub-client set on `exports`, an index base destructured from a required config with a `??` default', () => {
    expect(lintProjectFile(P, 'scripts/index-status.js')).toEqual({
      reports: [
        { line: 5, column: 10, rule: 'glean/no-removed', message: M.sdkDocumentStatus },
        { line: 9, column: 39, rule: 'glean/no-removed', message: M.userCount },
      ],
      output: null,
    });
  });

  it('lib/config.js: a full path written in the config module is reported there, once', () => {
    expect(lintProjectFile(P, 'lib/config.js')).toEqual({
      reports: [{ line: 7, column: 18, rule: 'glean/no-removed', message: M.listAnswers }],
      output: null,
    });
  });

  it('lib/services.js: a client handed to a constructor (kept in `this.sdk`, read by a subclass) and to a function, by another module; fixes only as suggestions, since callers it does not see may hand it something else; the payroll client is not Glean’s', () => {
    const code = source(P, 'lib/services.js');
    expect(lintProjectFile(P, 'lib/services.js')).toEqual({
      reports: [
        {
          line: 8,
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
        { line: 14, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
        {
          line: 21,
          column: 92,
          rule: 'glean/no-removed',
          message: M.isNegated,
          suggestions: [
            {
              desc: 'Rename to `relationType` once you have checked that only Glean’s value reaches this code.',
              output: edit(code, 'isNegated: true', "relationType: 'NOT_EQUALS'"),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('scripts/report.js: the response of a function handed the client, read for `snippet`, is reported here (a suggestion: the function may be handed other clients)', () => {
    const code = source(P, 'scripts/report.js');
    expect(lintProjectFile(P, 'scripts/report.js')).toEqual({
      reports: [
        {
          line: 11,
          column: 62,
          rule: 'glean/no-removed',
          message: M.snippet,
          suggestions: [
            {
              desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.',
              output: edit(code, 'snippets[0].snippet);', 'snippets[0].text);'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('lib/workers.js: a client handed through a composition root one module away (scripts/nightly.js, which requires this module too, → the barrel lib/wiring.js → lib/container.js → a constructor and a destructured `{ client }` parameter here); suggestions only; the payroll client handed the same way is not Glean’s', () => {
    const code = source(P, 'lib/workers.js');
    expect(lintProjectFile(P, 'lib/workers.js')).toEqual({
      reports: [
        {
          line: 8,
          column: 12,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentSchemas,
          suggestions: [
            {
              desc: 'Switch to agents.getSchemas() (review the code that reads the response).',
              output: edit(code, 'this.sdk.client.agents.retrieveSchemas(agentId)', 'this.sdk.agents.getSchemas(agentId)'),
            },
          ],
        },
        {
          line: 19,
          column: 92,
          rule: 'glean/no-removed',
          message: M.isNegated,
          suggestions: [
            {
              desc: 'Rename to `relationType` once you have checked that only Glean’s value reaches this code.',
              output: edit(code, 'isNegated: false', "relationType: 'EQUALS'"),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('lib/answers.js: a sub-client destructured under another name (`{ client: api }`) from the client the composition root hands on', () => {
    expect(lintProjectFile(P, 'lib/answers.js')).toEqual({
      reports: [{ line: 2, column: 44, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
  });

  it('scripts/nightly.js: responses of the workers lib/container.js returns (a function and a class instance in its object), read here; suggestions only; the payroll worker’s response and the payroll client’s own `snippet` key are not Glean’s', () => {
    const code = source(P, 'scripts/nightly.js');
    const rename = (from: string, to: string) => ({ desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.', output: edit(code, from, to) });
    expect(lintProjectFile(P, 'scripts/nightly.js')).toEqual({
      reports: [
        { line: 21, column: 41, rule: 'glean/no-removed', message: M.snippet, suggestions: [rename('[sheets.results[0].snippets[0].snippet,', '[sheets.results[0].snippets[0].text,')] },
        { line: 21, column: 80, rule: 'glean/no-removed', message: M.snippet, suggestions: [rename('recent.results[0].snippets[0].snippet]', 'recent.results[0].snippets[0].text]')] },
      ],
      output: null,
    });
  });

  it('scripts/http-report.js: lib/http.js’s subclass that hands super() the config’s REST base, its options-object wrapper and its slash-trimming join; the payroll subclass, a GET and a current path are not uses', () => {
    expect(lintProjectFile(P, 'scripts/http-report.js')).toEqual({
      reports: [
        { line: 8, column: 19, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 9, column: 25, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 10, column: 40, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('scripts/indirect.js: an axios instance called itself, lib/http.js’s options wrapper through .call and its join through .apply; GET (the instance’s default, or given) is not a use', () => {
    expect(lintProjectFile(P, 'scripts/indirect.js')).toEqual({
      reports: [
        { line: 8, column: 25, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 9, column: 36, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 10, column: 53, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('scripts/json-report.js: a URL kept in a JSON module, required whole and destructured, is reported where it is read; the payroll URL is not Glean’s', () => {
    expect(lintProjectFile(P, 'scripts/json-report.js')).toEqual({
      reports: [
        { line: 5, column: 16, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 9, column: 16, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('scripts/json-bare.js: JSON modules required without their extension (a file, a folder’s index.json) are read; a source file of the same name answers first; the payroll base is not Glean’s', () => {
    expect(lintProjectFile(P, 'scripts/json-bare.js')).toEqual({
      reports: [{ line: 6, column: 16, rule: 'glean/no-removed', message: M.listAnswers }],
      output: null,
    });
  });

  it('scripts/bound.js: required functions bound with their base and method first, also called through .call; the edit of an agent, GET of listanswers and the payroll service are not uses', () => {
    expect(lintProjectFile(P, 'scripts/bound.js')).toEqual({
      reports: [
        { line: 4, column: 19, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 30, rule: 'glean/no-deprecated', message: M.agentGet },
      ],
      output: null,
    });
  });

  it('scripts/verbs.js: a required table of bound functions (`module.exports = { post: request.bind(null, base, \'POST\') }`), destructured and through the module object; the edit of an agent, GET of listanswers and the payroll service are not uses', () => {
    expect(lintProjectFile(P, 'scripts/verbs.js')).toEqual({
      reports: [
        { line: 5, column: 14, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 6, column: 13, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 7, column: 20, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('scripts/shared.js: required functions that make a shared axios instance on first use (`if (!gleanHttp) gleanHttp = axios.create(…)` on a `null` start, `(payrollHttp ??= axios.create(…))`); the edit of an agent and the payroll client are not uses', () => {
    expect(lintProjectFile(P, 'scripts/shared.js')).toEqual({
      reports: [
        { line: 4, column: 28, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 27, rule: 'glean/no-deprecated', message: M.agentGet },
      ],
      output: null,
    });
  });

  it('scripts/answers-client.js: a required class whose method has its own path on the base its constructor is given, reported at the base `new` gives; the payroll instance is not a use', () => {
    expect(lintProjectFile(P, 'scripts/answers-client.js')).toEqual({
      reports: [{ line: 5, column: 27, rule: 'glean/no-removed', message: M.listAnswers }],
      output: null,
    });
  });

  it('scripts/bound-sdk.js: the response of an SDK method bound in another module, read for `snippet`, is fixed here', () => {
    const code = source(P, 'scripts/bound-sdk.js');
    expect(lintProjectFile(P, 'scripts/bound-sdk.js')).toEqual({
      reports: [{ line: 5, column: 39, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets[0].snippet;', 'snippets[0].text;'),
    });
  });

  it('scripts/curried.js: required curried wrappers (`postTo(path)(body)`; a partial application of a three-step client set on `module.exports`), reported at the path; the edits of an agent and the payroll client are not uses', () => {
    expect(lintProjectFile(P, 'scripts/curried.js')).toEqual({
      reports: [
        { line: 4, column: 16, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 29, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('scripts/requests.js: a method bound with its instance (made on the Glean base) and its method, required from the module that makes the instance; the payroll instance is not a use', () => {
    expect(lintProjectFile(P, 'scripts/requests.js')).toEqual({
      reports: [{ line: 4, column: 19, rule: 'glean/no-removed', message: M.listAnswers }],
      output: null,
    });
  });

  it('scripts/templates.js: path templates filled by a required helper that returns a function (sent by options objects) and by path-to-regexp: POST to an agent is an edit, GET is deprecated; the platform API is not a use', () => {
    const code = source(P, 'scripts/templates.js');
    expect(lintProjectFile(P, 'scripts/templates.js')).toEqual({
      reports: [
        { line: 7, column: 48, rule: 'glean/no-deprecated', message: M.agentGet },
        {
          line: 9,
          column: 30,
          rule: 'glean/no-deprecated',
          message: M.agentSchemas,
          suggestions: [
            {
              desc: 'Switch to GET /api/agents/{agent_id}/schemas (review the code that reads the response).',
              output: edit(code, "compile('/rest/api/v1/agents/:agent_id/schemas')", "compile('/api/agents/:agent_id/schemas')"),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('scripts/choices.js: paths chosen by a conditional (a required module’s constant, a wrapper’s argument) or by an assignment before the request, and a loop over a required list; a method written in `module.exports = { postRest(path) { … } }` is followed as a wrapper; a choice of base for one path and the payroll path are not uses', () => {
    expect(lintProjectFile(P, 'scripts/choices.js')).toEqual({
      reports: [
        { line: 5, column: 15, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 6, column: 41, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 7, column: 25, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 9, column: 34, rule: 'glean/no-removed', message: M.listAnswers },
        // A loop over a list the required module holds: reported where this module reads it.
        { line: 19, column: 54, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('scripts/fields.js: instances required by their key from `module.exports = { gleanHttp: new FieldsHttp(…) }` (destructured and through the module object), whose methods are class fields holding functions on the base a getter gives, and a getter read on a required instance; the edit of an agent and the payroll base and instances are not uses', () => {
    expect(lintProjectFile(P, 'scripts/fields.js')).toEqual({
      reports: [
        { line: 5, column: 24, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 6, column: 23, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 7, column: 15, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 8, column: 28, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('scripts/layered.js: required wrappers over a wrapper in a third module (`gleanPost` → `transport.request` → fetch; postAndLog a level further), the method given at any level, options handed to fetch as they are; a response read through two levels, and that of a service over the shared request function; the edits of an agent, GET of listanswers and the payroll service are not uses', () => {
    const code = source(P, 'scripts/layered.js');
    expect(lintProjectFile(P, 'scripts/layered.js')).toEqual({
      reports: [
        { line: 6, column: 19, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 7, column: 18, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 8, column: 22, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 9, column: 20, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 11, column: 43, rule: 'glean/no-removed', message: M.snippet },
        { line: 12, column: 20, rule: 'glean/no-deprecated', message: M.agentGet },
        // The response of a service over the shared request function (lib/search-service.js).
        { line: 21, column: 64, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, 'snippets[0].snippet);', 'snippets[0].text);'), 'snippets[0].snippet));', 'snippets[0].text));'),
    });
  });

  it('scripts/chained.js: a wrapper module exported as `exports = module.exports = { … }`, required destructured and whole; the payroll service’s paths and fields are not uses', () => {
    const code = source(P, 'scripts/chained.js');
    expect(lintProjectFile(P, 'scripts/chained.js')).toEqual({
      reports: [
        { line: 5, column: 19, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 7, column: 44, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(code, "found.results[0].snippets[0].snippet", 'found.results[0].snippets[0].text'),
    });
  });

  it('scripts/inline-json.js: a JSON path table a wrapper module exports as it requires it (`{ paths: require(\'./paths.json\') }`, `module.exports.tables = require(…)`); a current path from the same table is not a use', () => {
    expect(lintProjectFile(P, 'scripts/inline-json.js')).toEqual({
      reports: [
        // JSON is not linted: the path is reported where the code reads it.
        { line: 3, column: 11, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 4, column: 11, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('scripts/undici-agents.js: methods of a factory of another module over undici’s `request`, on the base this module gives (reported there: the agent’s id a call gives only fills the path, and the path the factory gives its private `post` is its own); the edit of an agent, search and the wiki’s client are not uses', () => {
    expect(lintProjectFile(P, 'scripts/undici-agents.js')).toEqual({
      reports: [
        { line: 3, column: 39, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 3, column: 39, rule: 'glean/no-deprecated', message: M.agentGet },
      ],
      output: null,
    });
  });

  it('web/boards.js: an Express router that reads the client the app (web/app.js, which imports it) keeps in `app.locals` (`req.app.locals.glean`, also destructured) and hands each request in `res.locals`; the wiki’s client in `app.locals.wiki` is not Glean’s', () => {
    expect(lintProjectFile(P, 'web/boards.js')).toEqual({
      reports: [
        { line: 5, column: 52, rule: 'glean/no-removed', message: M.sdkListAnswers },
        { line: 8, column: 18, rule: 'glean/no-removed', message: M.sdkListAnswers },
        { line: 10, column: 59, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('web/koa-counts.js: Koa middleware that reads the client web/koa-app.js keeps in `ctx.state` (also destructured); the tenant kept beside it is no client', () => {
    expect(lintProjectFile(P, 'web/koa-counts.js')).toEqual({
      reports: [
        { line: 3, column: 23, rule: 'glean/no-removed', message: M.sdkUserCount },
        { line: 5, column: 27, rule: 'glean/no-removed', message: M.sdkDocumentCount },
      ],
      output: null,
    });
  });

  it('web/fastify-search.js: Fastify routes that read the client a plugin registered beside them (web/fastify-glean.js, both registered by web/fastify-server.js) decorates the app with: `fastify.glean`, `request.server.glean`, `this.glean` in a `function` handler, destructured; the tenant decorated beside it is no client', () => {
    const code = source(P, 'web/fastify-search.js');
    expect(lintProjectFile(P, 'web/fastify-search.js')).toEqual({
      reports: [
        {
          line: 3,
          column: 49,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() (review the code that reads the response).',
              output: edit(code, 'fastify.glean.client.agents.retrieve(request.params.id)', 'fastify.glean.agents.get(request.params.id)'),
            },
          ],
        },
        {
          line: 4,
          column: 43,
          rule: 'glean/no-deprecated',
          message: M.sdkRunWait,
          suggestions: [
            {
              desc: 'Switch to agents.createRun() (review the code that reads the response).',
              output: edit(
                code,
                'request.server.glean.client.agents.run({ agent_id: request.params.id, input: request.body })',
                'request.server.glean.agents.createRun({ input: request.body }, request.params.id)',
              ),
            },
          ],
        },
        { line: 6, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
        { line: 10, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('web/fastify-server.js: the server reads the client of the plugin it registers (`app.glean` on its `Fastify()`)', () => {
    expect(lintProjectFile(P, 'web/fastify-server.js')).toEqual({
      reports: [{ line: 11, column: 33, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
  });

  it('web/fastify-wiki.js: routes registered on the same app that read the wiki’s client the plugin decorates it with, and a `db` no module decorates: nothing is reported', () => {
    expect(lintProjectFile(P, 'web/fastify-wiki.js')).toEqual({ reports: [], output: null });
  });

  it('web/agents-router.js: an Express router reading `res.locals.glean`, which a middleware module registered beside it (web/request-glean.js, both used by web/intranet.js) sets; the caller kept beside it is no client', () => {
    const code = source(P, 'web/agents-router.js');
    expect(lintProjectFile(P, 'web/agents-router.js')).toEqual({
      reports: [
        {
          line: 5,
          column: 55,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() (review the code that reads the response).',
              output: edit(code, 'res.locals.glean.client.agents.retrieve(req.params.id)', 'res.locals.glean.agents.get(req.params.id)'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('lib/bot-commands.js: a function of another module handed the whole object a third module exports (`registerCommands(app, clients)` of `const clients = require(\'../lib/bot-clients.js\')`, `module.exports = { glean: new Glean(…), wiki }`), destructured in its parameter; the wiki’s client beside it is not Glean’s', () => {
    const code = source(P, 'lib/bot-commands.js');
    expect(lintProjectFile(P, 'lib/bot-commands.js')).toEqual({
      reports: [
        {
          line: 3,
          column: 48,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() (review the code that reads the response).',
              output: edit(code, 'glean.client.agents.retrieve(command.text)', 'glean.agents.get(command.text)'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('scripts/bot.js: the client a required object holds, read here before the object is handed on', () => {
    expect(lintProjectFile(P, 'scripts/bot.js')).toEqual({
      reports: [{ line: 6, column: 1, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
  });

  it('scripts/authed.js: an axios instance of another module whose token and timeout defaults are set after it is made keeps its base; one whose base default is moved to the payroll service is not Glean’s', () => {
    expect(lintProjectFile(P, 'scripts/authed.js')).toEqual({
      reports: [{ line: 3, column: 41, rule: 'glean/no-removed', message: M.listAnswers }],
      output: null,
    });
  });

  it.each(['web/app.js', 'web/koa-app.js', 'web/fastify-glean.js', 'lib/bot-clients.js', 'lib/authed-http.js', 'web/intranet.js', 'web/request-glean.js', 'lib/wiki-client.js'])('%s keeps clients for its handlers: nothing is reported', (file) => {
    expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });

  it('scripts/factory-client.js: a client a factory of one module returns, made in a second module as a key of `module.exports = { … }`: its response read here; the payroll client made the same way is not Glean’s', () => {
    const code = source(P, 'scripts/factory-client.js');
    expect(lintProjectFile(P, 'scripts/factory-client.js')).toEqual({
      reports: [
        {
          line: 5,
          column: 61,
          rule: 'glean/no-removed',
          message: M.citations,
          suggestions: [
            {
              desc: 'Switch to `fragments[].citation` (review the code that reads the response).',
              output: edit(code, 'reply.messages) console.log(message.citations)', 'reply.messages) console.log(message.fragments?.flatMap((item) => (item.citation ? [item.citation] : [])))'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('scripts/nightly-jobs.js: an operation’s own name (no slash) handed to a scheduler over another module’s indexing client, by itself or in a `{ op, payload }` job: reported where it is written; the current operations are not uses', () => {
    expect(lintProjectFile(P, 'scripts/nightly-jobs.js')).toEqual({
      reports: [
        { line: 5, column: 13, rule: 'glean/no-removed', message: M.userCount },
        { line: 6, column: 22, rule: 'glean/no-removed', message: M.documentCount },
      ],
      output: null,
    });
  });

  it('lib/search-log.js: a listener of an EventEmitter lib/job-events.js exports (`exports.jobs`), to which lib/search-poller.js emits a search response; the payroll export emitted on the same bus is not Glean’s', () => {
    const code = source(P, 'lib/search-log.js');
    expect(lintProjectFile(P, 'lib/search-log.js')).toEqual({
      reports: [{ line: 4, column: 77, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'console.log(result.snippets?.[0]?.snippet)', 'console.log(result.snippets?.[0]?.text)'),
    });
  });

  it('scripts/index-loop.js: loops over entries of lib/index-ops.js’s table (and a literal) handed to lib/index-post.js’s wrapper: each reported at its element, not at the `op` handed on; a table of this module’s entries at its literal; the current `indexdocument` is not a use', () => {
    expect(lintProjectFile(P, 'scripts/index-loop.js')).toEqual({
      reports: [
        { line: 5, column: 21, rule: 'glean/no-removed', message: M.userCount },
        { line: 5, column: 42, rule: 'glean/no-removed', message: M.documentCount },
        { line: 6, column: 21, rule: 'glean/no-removed', message: M.userCount },
        // A table of this module: at its literal.
        { line: 10, column: 28, rule: 'glean/no-removed', message: M.userCount },
      ],
      output: null,
    });
  });

  it.each(['lib/index-ops.js', 'lib/index-post.js'])('%s only names paths or sends what it is given: nothing is reported', (file) => {
    expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });

  it.each(['lib/search-poller.js', 'lib/job-events.js', 'scripts/search-jobs.js'])('%s only emits, makes the bus or starts the job: nothing is reported', (file) => {
    expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });

  it.each(['lib/scheduler.js', 'lib/indexing-client.js', 'lib/glean.cjs', 'lib/requests.js', 'lib/templates.js', 'lib/legacy.js', 'lib/fields.js', 'lib/verbs.js', 'lib/shared.js', 'lib/curried.js', 'lib/bound-sdk.js', 'lib/shorthands.js', 'lib/answers-client.js', 'lib/defaults.js', 'lib/clients.js', 'lib/index.js', 'lib/telemetry.js', 'lib/container.js', 'lib/wiring.js', 'lib/http.js', 'lib/transport.js', 'lib/layered.js', 'lib/search-service.js', 'lib/chained.js', 'lib/inline-json.js', 'lib/client-factory.js', 'lib/client-instance.js', 'lib/undici-client.js'])('%s only makes or hands on clients: nothing is reported', (file) => {
    expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });
});
