import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * sdk-service: a TypeScript ESM service ("type": "module", `.js` specifiers for `.ts` sources) built on
 * `@gleanwork/api-client`. `src/lib/glean.ts` makes the client and exports it every way a service
 * does: the instance, a sub-client alias (`client = glean.client`), a factory (`gleanAs(token)`), a
 * default export and a type for injection; `src/lib/shared.ts` makes shared clients on first use;
 * `src/lib/index.ts` is a barrel (`export *`,
 * `export { glean as default }`); `src/lib/lazy.ts` loads the SDK with `await import()`;
 * `src/lib/services.ts` holds clients in an object and a class instance; `src/main.ts` hands the
 * client to constructors and a function of `src/runner.ts` and `src/jobs.ts`, and to the composition
 * root `src/container.ts` (through the barrel `src/wiring.ts`), which hands it on to `src/workers.ts`. package.json `imports` maps
 * `#lib/*` to `src/lib/*.ts`. `src/events/` is an in-process bus: `publisher.ts` emits search responses on
 * the `EventEmitter` `bus.ts` exports, `replay.ts` emits recorded values on the same event, `audit.ts` listens. The modules that call the SDK are reported, where the calls are written;
 * the modules that only make or hand on clients never are. Every file is linted without and with type
 * information, with the same reports: the module flow and the checker agree. One fix differs: a
 * response read through a handed-in client is renamed by an autofix only where its type says it is Glean's.
 */

const P = 'sdk-service';

describe.each([
  ['without type information', false],
  ['with type information', true],
])('sdk-service %s', (_mode, typed) => {
  it('agents.ts: a sub-client alias and a factory through a barrel, the default export of the barrel; the edit of an agent and the platform API are not uses', () => {
    const code = source(P, 'src/agents.ts');
    expect(lintProjectFile(P, 'src/agents.ts', { typed })).toEqual({
      reports: [
        // `client` is a sub-client: there is no Glean instance here to move the call to, so no switch is offered.
        { line: 3, column: 51, rule: 'glean/no-deprecated', message: M.sdkAgentGet },
        {
          line: 5,
          column: 51,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentSearch,
          suggestions: [
            {
              desc: 'Switch to agents.search() once you have checked that the code that uses the result fits `PlatformAgentsSearchResponse` (the result leaves what this file shows).',
              output: edit(code, 'gleanAs(adminToken).client.agents.list(', 'gleanAs(adminToken).agents.search('),
            },
          ],
        },
        { line: 7, column: 34, rule: 'glean/no-removed', message: M.sdkUserCount },
      ],
      output: null,
    });
  });

  it('answers.ts: the default export through package.json `imports` (#lib/glean), and a client made after `await import()` in another module', () => {
    expect(lintProjectFile(P, 'src/answers.ts', { typed })).toEqual({
      reports: [
        { line: 5, column: 35, rule: 'glean/no-removed', message: M.sdkListAnswers },
        { line: 11, column: 10, rule: 'glean/no-removed', message: M.sdkDocumentCount },
      ],
      output: null,
    });
  });

  it('shared.ts: shared clients made on first use in another module (`if (!shared) shared = new Glean(…)` on a `null` start, `(indexing ??= new Glean(…))`), returned by a function and an arrow; the platform API is not a use', () => {
    const code = source(P, 'src/shared.ts');
    expect(lintProjectFile(P, 'src/shared.ts', { typed })).toEqual({
      reports: [
        {
          line: 3,
          column: 51,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, 'sharedGlean().client.agents.retrieve(', 'sharedGlean().agents.get('),
            },
          ],
        },
        { line: 4, column: 34, rule: 'glean/no-removed', message: M.sdkUserCount },
      ],
      output: null,
    });
  });

  it('status.ts: clients held by an object and by a class instance of another module; `boardId` of a list-answers request is not the deprecated `Answer.boardId`', () => {
    expect(lintProjectFile(P, 'src/status.ts', { typed })).toEqual({
      reports: [
        { line: 3, column: 46, rule: 'glean/no-removed', message: M.sdkDocumentStatus },
        { line: 4, column: 35, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('summary.ts: the response of an imported function that returns a search, read for `snippet`, is fixed there; a local `snippet` is not a use', () => {
    const code = source(P, 'src/summary.ts');
    expect(lintProjectFile(P, 'src/summary.ts', { typed })).toEqual({
      reports: [{ line: 4, column: 66, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('search-page.ts: the response another module’s composable returns in an object (`{ response, count, pending }`), read under its key, destructured or as a member, is fixed here; the page’s own object of the same shape is not Glean’s', () => {
    const code = source(P, 'src/search-page.ts');
    expect(lintProjectFile(P, 'src/search-page.ts', { typed })).toEqual({
      reports: [
        { line: 5, column: 60, rule: 'glean/no-removed', message: M.snippet },
        { line: 10, column: 57, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, 'snippets?.[0]?.snippet : undefined;', 'snippets?.[0]?.text : undefined;'), 'at(-1)?.snippets?.[0]?.snippet;', 'at(-1)?.snippets?.[0]?.text;'),
    });
    expect(lintProjectFile(P, 'src/search-state.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('recent.ts: a response another module’s class keeps in a field, read on the instance made here, is fixed here; another object’s `last` is not a use', () => {
    const code = source(P, 'src/recent.ts');
    expect(lintProjectFile(P, 'src/recent.ts', { typed })).toEqual({
      reports: [{ line: 6, column: 52, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('facade.ts: the response of an SDK method bound in another module (`export const search = glean.client.search.query.bind(glean.client.search)`), read for `snippet`, is fixed there; another library’s bound search is not a use', () => {
    const code = source(P, 'src/facade.ts');
    expect(lintProjectFile(P, 'src/facade.ts', { typed })).toEqual({
      reports: [{ line: 5, column: 48, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet;\n}\n\nexport async function answerCount', 'snippets?.[0]?.text;\n}\n\nexport async function answerCount'),
    });
  });

  it('builders/pushed-request.ts: a request whose filters an exported builder collects with `push` into a `[]`, sent by pushed-search.ts, is fixed where the key is written (the array’s type evolves with what is pushed, so the string stays literal); notes collected the same way and never sent are not', () => {
    const code = source(P, 'src/builders/pushed-request.ts');
    expect(lintProjectFile(P, 'src/builders/pushed-request.ts', { typed })).toEqual({
      reports: [{ line: 6, column: 74, rule: 'glean/no-removed', message: M.isNegated }],
      output: edit(code, "value: 'archived', isNegated: true }] });", "value: 'archived', relationType: 'NOT_EQUALS' as const }] });"),
    });
    expect(lintProjectFile(P, 'src/pushed-search.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('lib/bound.ts: the removed method, bound where it is written, is reported there; another library’s is not', () => {
    expect(lintProjectFile(P, 'src/lib/bound.ts', { typed })).toEqual({
      reports: [{ line: 5, column: 28, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
  });

  it.each(['src/lib/glean.ts', 'src/lib/searches.ts', 'src/lib/index.ts', 'src/lib/lazy.ts', 'src/lib/shared.ts', 'src/lib/services.ts', 'src/search.ts', 'src/main.ts', 'src/container.ts', 'src/wiring.ts'])(
    '%s makes, holds or hands on clients and calls nothing deprecated: nothing is reported',
    (file) => {
      expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
    },
  );
});

describe.each([
  ['without type information: followed from main.ts, which hands it the client', false],
  ['with type information: recognised by its type, an alias from another module', true],
])('sdk-service, clients injected through constructors and parameters, %s', (_mode, typed) => {
  it('runner.ts: a client injected through the constructor (a parameter property)', () => {
    const code = source(P, 'src/runner.ts');
    expect(lintProjectFile(P, 'src/runner.ts', { typed })).toEqual({
      reports: [
        {
          line: 8,
          column: 12,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, 'this.glean.client.agents.retrieve(', 'this.glean.agents.get('),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('jobs.ts: a client kept by a base class’s parameter property and called by a subclass; a function’s parameter', () => {
    const code = source(P, 'src/jobs.ts');
    const snippet = { line: 16, column: 48, rule: 'glean/no-removed', message: M.snippet };
    const renamed = edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;');
    expect(lintProjectFile(P, 'src/jobs.ts', { typed })).toEqual({
      reports: [
        { line: 10, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
        // `GleanClient` is the project's alias of the SDK's class (lib/glean.ts): its response is Glean's, in both modes.
        snippet,
      ],
      output: renamed,
    });
  });
});

describe.each([
  ['without type information: followed from main.ts through the barrel wiring.ts and the composition root container.ts', false],
  ['with type information', true],
])('sdk-service, a composition root one module away, %s', (_mode, typed) => {
  it('workers.ts: a client kept by a parameter property and a renamed destructured sub-client (`{ client: search }`), handed in by container.ts’s `makeWorkers(sdk)`, which main.ts calls with the client (importing a type of workers.ts too)', () => {
    const code = source(P, 'src/workers.ts');
    const snippet = { line: 18, column: 48, rule: 'glean/no-removed', message: M.snippet };
    const renamed = edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;');
    expect(lintProjectFile(P, 'src/workers.ts', { typed })).toEqual({
      reports: [
        {
          line: 8,
          column: 12,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentSchemas,
          suggestions: [
            {
              desc: 'Switch to agents.getSchemas() once you have checked that the code that uses the result fits `PlatformAgentSchemasResponse` (the result leaves what this file shows).',
              output: edit(code, 'this.sdk.client.agents.retrieveSchemas(agentId)', 'this.sdk.agents.getSchemas(agentId)'),
            },
          ],
        },
        // Untyped, what container.ts hands on may come from other callers: a suggestion. Typed, `GleanClient` says it is Glean's.
        typed
          ? snippet
          : { ...snippet, suggestions: [{ desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.', output: renamed }] },
      ],
      output: typed ? renamed : null,
    });
  });
});

describe.each([
  ['without type information: followed into container.ts and workers.ts', false],
  ['with type information', true],
])('sdk-service, responses of the workers a composition root returns, %s', (_mode, typed) => {
  it('digest.ts: a function and a class instance in the object `makeWorkers(glean)` returns (kept in a constant, or called at once) send a search whose response is read here; `text` is not a use', () => {
    const code = source(P, 'src/digest.ts');
    const byFunction = { line: 11, column: 46, rule: 'glean/no-removed', message: M.snippet };
    const byInstance = { line: 11, column: 60, rule: 'glean/no-removed', message: M.snippet };
    const renameFunction = edit(code, 'snippets?.[0]?.snippet,', 'snippets?.[0]?.text,');
    const renameInstance = edit(code, 'hit?.snippet,', 'hit?.text,');
    const suggestion = (output: string) => [{ desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.', output }];
    expect(lintProjectFile(P, 'src/digest.ts', { typed })).toEqual({
      // Untyped, the root's parameter may be handed another client by other callers: suggestions. Typed, the responses' types are the SDK's.
      reports: typed
        ? [byFunction, byInstance]
        : [
            { ...byFunction, suggestions: suggestion(renameFunction) },
            { ...byInstance, suggestions: suggestion(renameInstance) },
          ],
      output: typed ? edit(renameFunction, 'hit?.snippet,', 'hit?.text,') : null,
    });
  });
});

describe.each([
  ['without type information', false],
  ['with type information', true],
])('sdk-service, classes a framework injects (no `new` anywhere), %s', (_mode, typed) => {
  it('di/controller.ts: members and a parameter declared by their class: a service’s response read here, a config’s getter base, a URL helper of a module that names nothing of Glean’s; a tenant config given its host by each `new`, and the edit of an agent, are not uses', () => {
    const code = source(P, 'src/di/controller.ts');
    const renameInMethod = edit(code, 'snippets?.[0]?.snippet;\n  }', 'snippets?.[0]?.text;\n  }');
    const inFunction = { line: 36, column: 48, rule: 'glean/no-removed', message: M.snippet };
    expect(lintProjectFile(P, 'src/di/controller.ts', { typed })).toEqual({
      reports: [
        { line: 14, column: 69, rule: 'glean/no-removed', message: M.snippet },
        { line: 18, column: 18, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 22, column: 26, rule: 'glean/no-deprecated', message: M.agentGet },
        // The method of the parameter's class (in another module) declares no return type: the SDK's response type is kept.
        inFunction,
      ],
      output: edit(renameInMethod, 'snippets?.[0]?.snippet;\n}', 'snippets?.[0]?.text;\n}'),
    });
  });

  it('di/typed-import.controller.ts: the service class imported as a type only (`import type`, an inline `type` specifier under another name) is the class its injected members are instances of', () => {
    const code = source(P, 'src/di/typed-import.controller.ts');
    expect(lintProjectFile(P, 'src/di/typed-import.controller.ts', { typed })).toEqual({
      reports: [
        { line: 12, column: 69, rule: 'glean/no-removed', message: M.snippet },
        { line: 16, column: 69, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: code.replaceAll('snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('di/aliased.ts: the project’s own names for the client (`export type GleanClient = Glean`, a local `| undefined` alias, `export { Glean } from` the SDK in lib/sdk.ts) are the SDK’s class; a wiki’s `Glean` interface under an alias is not', () => {
    const code = source(P, 'src/di/aliased.ts');
    expect(lintProjectFile(P, 'src/di/aliased.ts', { typed })).toEqual({
      reports: [
        { line: 12, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
        {
          line: 17,
          column: 10,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, 'sdk.client.agents.retrieve(id)', 'sdk.agents.get(id)'),
            },
          ],
        },
        { line: 21, column: 10, rule: 'glean/no-removed', message: M.sdkUserCount },
        { line: 25, column: 35, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('di/resolved.ts: clients a container hands out, asked for by the client’s type or class (`container.resolve<Glean>(…)`, `container.resolve(Glean)`, a module reference’s `get<GleanClient>(token)` and `get(Glean, { strict: false })`, an awaited `getAsync<Glean>(…)`); a wiki’s client and a list of clients asked for the same way are not', () => {
    const code = source(P, 'src/di/resolved.ts');
    expect(lintProjectFile(P, 'src/di/resolved.ts', { typed })).toEqual({
      reports: [
        {
          line: 9,
          column: 10,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentSchemas,
          suggestions: [
            {
              desc: 'Switch to agents.getSchemas() once you have checked that the code that uses the result fits `PlatformAgentSchemasResponse` (the result leaves what this file shows).',
              output: edit(code, 'glean.client.agents.retrieveSchemas(id)', 'glean.agents.getSchemas(id)'),
            },
          ],
        },
        { line: 12, column: 34, rule: 'glean/no-removed', message: M.sdkUserCount },
        { line: 18, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
        {
          line: 22,
          column: 45,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentSchemas,
          suggestions: [
            {
              desc: 'Switch to agents.getSchemas() once you have checked that the code that uses the result fits `PlatformAgentSchemasResponse` (the result leaves what this file shows).',
              output: edit(code, 'moduleRef.get(Glean, { strict: false }).client.agents.retrieveSchemas(id)', 'moduleRef.get(Glean, { strict: false }).agents.getSchemas(id)'),
            },
          ],
        },
        { line: 26, column: 10, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('di/inherited.ts: subclasses read the client their base class in another module declares (a parameter property, a field of a base one step up, a getter typed `Glean` or returning such a field, or its sub-client: `get api() { return this._glean.client }`); the wiki’s bases with a client of the same shape (a parameter property, a getter) are not Glean’s', () => {
    const code = source(P, 'src/di/inherited.ts');
    expect(lintProjectFile(P, 'src/di/inherited.ts', { typed })).toEqual({
      reports: [
        { line: 6, column: 12, rule: 'glean/no-removed', message: M.sdkDocumentCount },
        { line: 12, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
        {
          line: 16,
          column: 12,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, 'this.glean.client.agents.retrieve(id)', 'this.glean.agents.get(id)'),
            },
          ],
        },
        {
          line: 28,
          column: 12,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, 'this.glean.client.agents.retrieve(agentId)', 'this.glean.agents.get(agentId)'),
            },
          ],
        },
        { line: 32, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
        { line: 38, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('di/cli-commands.ts: commands whose parameter is typed by an interface or object type of another module that declares the client (`ctx: CliContext`, `{ glean }: JobContext`); the wiki’s context of the same shape is not Glean’s', () => {
    const code = source(P, 'src/di/cli-commands.ts');
    expect(lintProjectFile(P, 'src/di/cli-commands.ts', { typed })).toEqual({
      reports: [
        {
          line: 5,
          column: 23,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (it has no `name`).',
              output: edit(code, 'ctx.glean.client.agents.retrieve(agentId)', 'ctx.glean.agents.get(agentId)'),
            },
          ],
        },
        { line: 10, column: 10, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('hono/routes.ts: handlers of Hono apps whose environment type (in another module) declares the client in `Variables`, reading it with `c.get(\'glean\')` and `c.var.glean` (chained routes, and an app kept in a `const`); the wiki’s app, whose environment declares a client of the same shape, is not Glean’s', () => {
    const code = source(P, 'src/hono/routes.ts');
    expect(lintProjectFile(P, 'src/hono/routes.ts', { typed })).toEqual({
      reports: [
        { line: 8, column: 45, rule: 'glean/no-removed', message: M.sdkListAnswers },
        {
          line: 9,
          column: 49,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, "c.var.glean.client.agents.retrieve(c.req.param('id'))", "c.var.glean.agents.get(c.req.param('id'))"),
            },
          ],
        },
        { line: 16, column: 68, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(code, 'snippets?.[0]?.snippet));', 'snippets?.[0]?.text));'),
    });
  });

  it('fastify/routes.ts: routes of a Fastify plugin that read the client a plugin module registered beside it decorates the app with (`fastify.glean`, `request.server.glean`); the wiki’s client, decorated and declared the same way, is not Glean’s', () => {
    const code = source(P, 'src/fastify/routes.ts');
    expect(lintProjectFile(P, 'src/fastify/routes.ts', { typed })).toEqual({
      reports: [
        { line: 7, column: 63, rule: 'glean/no-removed', message: M.snippet },
        {
          line: 9,
          column: 77,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, 'request.server.glean.client.agents.retrieve(request.params.id)', 'request.server.glean.agents.get(request.params.id)'),
            },
          ],
        },
      ],
      output: edit(code, "fastify.glean.client.search.query({ query: 'onboarding' });\n    return res.results?.map((result) => result.snippets?.[0]?.snippet);", "fastify.glean.client.search.query({ query: 'onboarding' });\n    return res.results?.map((result) => result.snippets?.[0]?.text);"),
    });
  });

  it('fastify/server.ts: the server reads the client of the plugin it registers (`app.glean`); the plugin itself reports nothing', () => {
    expect(lintProjectFile(P, 'src/fastify/server.ts', { typed })).toEqual({
      reports: [{ line: 9, column: 32, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
    expect(lintProjectFile(P, 'src/fastify/plugin.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('fastify/format.ts and fastify/policy-format.ts: a formatter (also one that reads only through a local alias, `const config = res.report?.config`) and a payload builder that announce-routes.ts uses with `fastify.glean` (decorated by plugin.ts, which the routes do not import) are fixed where the fields are written; the wiki’s formatter is not', () => {
    const code = source(P, 'src/fastify/format.ts');
    expect(lintProjectFile(P, 'src/fastify/format.ts', { typed })).toEqual({
      reports: [
        { line: 5, column: 43, rule: 'glean/no-removed', message: M.snippet },
        { line: 14, column: 69, rule: 'glean/no-removed', message: M.isNegated },
      ],
      output: edit(edit(code, 'snippets?.[0]?.snippet;\n}\n\n/** A payload', 'snippets?.[0]?.text;\n}\n\n/** A payload'), 'isNegated: true', "relationType: 'NOT_EQUALS'"),
    });
    const policy = source(P, 'src/fastify/policy-format.ts');
    expect(lintProjectFile(P, 'src/fastify/policy-format.ts', { typed })).toEqual({
      reports: [{ line: 6, column: 32, rule: 'glean/no-removed', message: M.datasources }],
      output: edit(policy, 'inputOptions?.datasources ??', 'inputOptions?.datasourceInstances ??'),
    });
    expect(lintProjectFile(P, 'src/fastify/announce-routes.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('hono/handlers.ts: a handler whose parameter is a `Context<AppEnv>`, and handlers a `createFactory<AppEnv>()` makes, read the client the environment declares; a `Context<WikiEnv>` handler’s is the wiki’s', () => {
    expect(lintProjectFile(P, 'src/hono/handlers.ts', { typed })).toEqual({
      reports: [
        { line: 7, column: 23, rule: 'glean/no-removed', message: M.sdkListAnswers },
        { line: 14, column: 23, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('hono/middleware.ts: middleware made with `createMiddleware<AppEnv>` reads the client another middleware keeps', () => {
    expect(lintProjectFile(P, 'src/hono/middleware.ts', { typed })).toEqual({
      reports: [{ line: 13, column: 35, rule: 'glean/no-removed', message: M.sdkListAnswers }],
      output: null,
    });
  });

  it('di/commands.ts: methods whose parameters take their types from the object’s type, declared in another module (`const boardsCommand: Command = { run(ctx) { … } }`, each element of a `Job[]`, `satisfies Command`); the wiki’s command type, whose context holds a client of the same shape, is not Glean’s', () => {
    const code = source(P, 'src/di/commands.ts');
    expect(lintProjectFile(P, 'src/di/commands.ts', { typed })).toEqual({
      reports: [
        { line: 7, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
        {
          line: 11,
          column: 76,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() once you have checked that the code that uses the result fits `PlatformAgentGetResponse` (the result leaves what this file shows).',
              output: edit(code, "glean.client.agents.retrieve('agt_1')", "glean.agents.get('agt_1')"),
            },
          ],
        },
        { line: 15, column: 67, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it('di/cli-context.ts: declaring the context is not a use', () => {
    expect(lintProjectFile(P, 'src/di/cli-context.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('di/employee-mapper.ts: a mapper’s `location`, sent by people-sync.ts through a client its options object declares (`{ glean, row }: { glean: Glean; … }`); the wiki’s mapper is not Glean’s', () => {
    expect(lintProjectFile(P, 'src/di/employee-mapper.ts', { typed })).toEqual({
      reports: [{ line: 3, column: 48, rule: 'glean/no-removed', message: M.location }],
      output: null,
    });
  });

  it('di/office.mapper.ts: a mapper in a dotted file name, imported without its extension (`./office.mapper`) by office.sync.ts, which sends its `location`', () => {
    expect(lintProjectFile(P, 'src/di/office.mapper.ts', { typed })).toEqual({
      reports: [{ line: 3, column: 55, rule: 'glean/no-removed', message: M.location }],
      output: null,
    });
  });

  it('di/collection-token.ts: a moved response field read through a client that a context type of another module declares (an interface, a type alias destructured) is autofixed: that type declares the client, not the field; kept as a type of another module that names the field, it is a suggestion naming that type', () => {
    const code = source(P, 'src/di/collection-token.ts');
    const moved = (text: string, occurrence: 'first' | 'second' | 'third') => {
      const at = [...text.matchAll(/return col\.trackingToken;/g)][{ first: 0, second: 1, third: 2 }[occurrence]]!.index;
      return text.slice(0, at) + 'return col.collection?.trackingToken;' + text.slice(at + 'return col.trackingToken;'.length);
    };
    expect(lintProjectFile(P, 'src/di/collection-token.ts', { typed })).toEqual({
      reports: [
        { line: 6, column: 14, rule: 'glean/no-deprecated', message: M.collectionTrackingToken },
        { line: 11, column: 14, rule: 'glean/no-deprecated', message: M.collectionTrackingToken },
        {
          line: 17,
          column: 14,
          rule: 'glean/no-deprecated',
          message: M.collectionTrackingToken,
          suggestions: [
            {
              desc: 'Rename to `collection.trackingToken` once you have checked that your type `CachedCollection` (declared in another file) names `collection.trackingToken`.',
              output: moved(code, 'third'),
            },
          ],
        },
      ],
      output: moved(moved(code, 'second'), 'first'),
    });
  });

  it('di/people-sync.ts: a client read as a member of a parameter whose interface or type alias declares it (`deps.glean`)', () => {
    expect(lintProjectFile(P, 'src/di/people-sync.ts', { typed })).toEqual({
      reports: [
        { line: 17, column: 9, rule: 'glean/no-removed', message: M.sdkUserCount },
        { line: 25, column: 10, rule: 'glean/no-removed', message: M.sdkUserCount },
      ],
      output: null,
    });
  });

  it.each(['src/lib/safely.ts', 'src/di/office.sync.ts', 'src/di/config.ts', 'src/di/join-url.ts', 'src/di/search-service.ts', 'src/di/lookalikes.ts', 'src/di/wiki-types.ts', 'src/lib/sdk.ts', 'src/di/base-service.ts'])('%s: nothing is reported (lookalikes.ts: a config field set from outside, a getter of a subclass whose base is given its host, `this` in an object’s method)', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
});

describe.each([
  ['without type information', false],
  ['with type information', true],
])('sdk-service, responses handed to another module’s formatter, %s', (_mode, typed) => {
  it('format-plain.ts: a formatter typed by the app, handed a search response by top-snippet.ts: the read and its type’s member, renamed together; a wiki page’s `location` is not Glean’s', () => {
    const code = source(P, 'src/format-plain.ts');
    expect(lintProjectFile(P, 'src/format-plain.ts', { typed })).toEqual({
      reports: [
        { line: 2, column: 78, rule: 'glean/no-removed', message: M.snippet },
        { line: 3, column: 43, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, 'snippets?: Array<{ snippet?: string }>', 'snippets?: Array<{ text?: string }>'), 'snippets?.[0]?.snippet ??', 'snippets?.[0]?.text ??'),
    });
  });

  it('format-loops.ts: a formatter that reads what top-snippet.ts hands it only through loops (`for (const s of result.snippets ?? [])`): the reads and its type’s member, renamed together; the same loops over a wiki’s results are not Glean’s', () => {
    const code = source(P, 'src/format-loops.ts');
    expect(lintProjectFile(P, 'src/format-loops.ts', { typed })).toEqual({
      reports: [
        { line: 2, column: 74, rule: 'glean/no-removed', message: M.snippet },
        { line: 6, column: 13, rule: 'glean/no-removed', message: M.snippet },
        { line: 6, column: 35, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, 'snippetTexts(res: { results?: Array<{ snippets?: Array<{ snippet?: string }>', 'snippetTexts(res: { results?: Array<{ snippets?: Array<{ text?: string }>'), 'if (s.snippet) texts.push(s.snippet);', 'if (s.text) texts.push(s.text);'),
    });
  });

  it('safe-search.ts: a search run through a helper of another module (lib/safely.ts) that resolves to what its callback returns', () => {
    const code = source(P, 'src/safe-search.ts');
    expect(lintProjectFile(P, 'src/safe-search.ts', { typed })).toEqual({
      reports: [{ line: 7, column: 48, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('top-snippet.ts: nothing deprecated is written there', () => {
    expect(lintProjectFile(P, 'src/top-snippet.ts', { typed })).toEqual({ reports: [], output: null });
  });
});

describe('sdk-service with type information', () => {
  it('format.ts: a read of an SDK model type taken as a parameter, whatever module calls it', () => {
    const code = source(P, 'src/format.ts');
    expect(lintProjectFile(P, 'src/format.ts', { typed: true })).toEqual({
      reports: [{ line: 5, column: 66, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet ??', 'snippets?.[0]?.text ??'),
    });
  });
});

describe.each([
  ['without type information', false],
  ['with type information', true],
])('sdk-service, a getter of its own named `client`, %s', (_mode, typed) => {
  it('agent-repo.ts: `this.client.agents.retrieve(id)` where `get client()` returns `this.sdk.client` is reported with no method swap: `this` is the repository, and `this.agents.get(id)` would not exist', () => {
    expect(lintProjectFile(P, 'src/agent-repo.ts', { typed })).toEqual({
      reports: [
        { line: 12, column: 12, rule: 'glean/no-deprecated', message: M.sdkAgentGet },
        { line: 16, column: 11, rule: 'glean/no-deprecated', message: M.sdkAgentGet },
      ],
      output: null,
    });
  });
});

describe.each([
  ['without type information', false],
  ['with type information', true],
])('sdk-service, events, %s', (_mode, typed) => {
  it('events/audit.ts: a listener of the bus events/bus.ts exports, to which events/publisher.ts emits a search response (after the query); events/replay.ts emits other values on the same event, so untyped it is a suggestion, while typed the listener’s `SearchResponse` says it is Glean’s; the metrics listener is not a use; a listener of an event named by the bus module’s constant (`FIRST_RESULT`) hears the first result publisher.ts emits', () => {
    const code = source(P, 'src/events/audit.ts');
    const renamed = edit(code, 'console.log(query, first?.snippet)', 'console.log(query, first?.text)');
    // The first result, published under an event name the bus's module holds in a constant: only Glean's.
    const first = (text: string) => edit(text, 'result?.snippets?.[0]?.snippet)', 'result?.snippets?.[0]?.text)');
    const report = { line: 6, column: 29, rule: 'glean/no-removed', message: M.snippet };
    expect(lintProjectFile(P, 'src/events/audit.ts', { typed })).toEqual({
      reports: [
        typed ? report : { ...report, suggestions: [{ desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.', output: renamed }] },
        { line: 15, column: 69, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: typed ? first(renamed) : first(code),
    });
  });

  it.each(['src/events/bus.ts', 'src/events/publisher.ts', 'src/events/replay.ts'])('%s makes the bus or emits on it: nothing is reported', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
});
