import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * http-clients: a TypeScript service that calls Glean over raw HTTP, no SDK. `src/config.ts` holds the
 * host, the Client API base (`${HOST}/rest/api/v1`), the platform API base (`${HOST}/api`), the
 * indexing base, a frozen settings object that holds it, a getter and a function that joins a path to the REST base.
 * `src/http/` makes the shared clients: axios instances on the REST and the platform base, a
 * `GleanHttp` class whose constructor takes the base (one instance made there, one in a feature
 * module), a `FieldsHttp` class whose methods are class fields holding arrow functions on the base a
 * getter gives, `call(method, path, body)` with a `fill()` for path templates, and `pathToFunc()`
 * (a helper that makes a template's filler, as the SDK's own does) beside `send({ method, path })`.
 * The feature modules use them; `src/angular/` and `src/nest/` are an Angular app's and a NestJS app's
 * services, `src/graphql/` an Apollo server's REST data sources, `src/rtk/` RTK Query and Redux Toolkit thunks. (axios, Angular, NestJS and Apollo
 * are not installed in this repository: src/types/ holds the part of their typings the app uses.)
 */

const P = 'http-clients';

describe.each([
  ['without type information', false],
  ['with type information', true],
])('http-clients %s', (_mode, typed) => {
  it('features/answers.ts: an exported axios instance whose baseURL comes from the config module; the edit of an agent and the platform API’s /agents are not uses', () => {
    expect(lintProjectFile(P, 'src/features/answers.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 24, rule: 'glean/no-removed', message: M.listAnswers },
        // The replacement lives under another base (the platform instance): nothing to switch in this file.
        { line: 7, column: 59, rule: 'glean/no-deprecated', message: M.agentGet },
      ],
      output: null,
    });
  });

  it('features/handed-commands.ts: commands that send through an axios instance handed-runner.ts hands them (a parameter, a member of a context object), reported at their path; a command handed the wiki’s instance, one handed both, and a current operation are not uses', () => {
    expect(lintProjectFile(P, 'src/features/handed-commands.ts', { typed })).toEqual({
      reports: [
        { line: 10, column: 40, rule: 'glean/no-deprecated', message: M.runWait },
        { line: 15, column: 20, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/factory-http.ts: axios instances a function makes on the base each call gives (`createHttp(base, token)`, here and in http/axios-factory.ts), reported at the path; the wiki’s instance from the same function, and a current operation, are not uses', () => {
    expect(lintProjectFile(P, 'src/features/factory-http.ts', { typed })).toEqual({
      reports: [
        { line: 7, column: 24, rule: 'glean/no-removed', message: M.userCount },
        { line: 13, column: 19, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('http/axios-factory.ts: making the instances is not a use', () => {
    expect(lintProjectFile(P, 'src/http/axios-factory.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('features/handed-runner.ts: handing the clients is not a use', () => {
    expect(lintProjectFile(P, 'src/features/handed-runner.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('features/board.ts: a wrapper that always calls the same removed endpoint is reported in its own module, not at its callers', () => {
    expect(lintProjectFile(P, 'src/features/board.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('features/search.ts: an exported class whose constructor takes the base, instantiated here; its generic post<T>() result is read', () => {
    const code = source(P, 'src/features/search.ts');
    expect(lintProjectFile(P, 'src/features/search.ts', { typed })).toEqual({
      reports: [{ line: 9, column: 48, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'),
    });
  });

  it('features/index-status.ts: an instance exported by the module whose class sets the base in its constructor', () => {
    expect(lintProjectFile(P, 'src/features/index-status.ts', { typed })).toEqual({
      reports: [{ line: 3, column: 65, rule: 'glean/no-removed', message: M.documentStatus }],
      output: null,
    });
  });

  it('features/raw-agents.ts: the method given as an argument decides: POST to an agent is an edit, GET is deprecated; a path template filled by a helper', () => {
    const code = source(P, 'src/features/raw-agents.ts');
    expect(lintProjectFile(P, 'src/features/raw-agents.ts', { typed })).toEqual({
      reports: [
        {
          line: 5,
          column: 59,
          rule: 'glean/no-deprecated',
          message: M.agentGet,
          suggestions: [
            {
              desc: 'Switch to GET /api/agents/{agent_id} (review the code that reads the response).',
              output: edit(code, "call('GET', `/rest/api/v1/agents/${agentId}`)", "call('GET', `/api/agents/${agentId}`)"),
            },
          ],
        },
        {
          line: 8,
          column: 68,
          rule: 'glean/no-deprecated',
          message: M.agentSchemas,
          suggestions: [
            {
              desc: 'Switch to GET /api/agents/{agent_id}/schemas (review the code that reads the response).',
              output: edit(code, "'/rest/api/v1/agents/{agent_id}/schemas'", "'/api/agents/{agent_id}/schemas'"),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('features/templates.ts: path templates filled by an imported helper that returns a function, sent by options objects and fetch, and an imported URL helper: POST to an agent is an edit, GET is deprecated; the platform API is not a use', () => {
    const code = source(P, 'src/features/templates.ts');
    expect(lintProjectFile(P, 'src/features/templates.ts', { typed })).toEqual({
      reports: [
        {
          line: 7,
          column: 27,
          rule: 'glean/no-deprecated',
          message: M.agentGet,
          suggestions: [
            {
              desc: 'Switch to GET /api/agents/{agent_id} (review the code that reads the response).',
              output: edit(code, "const path = pathToFunc('/rest/api/v1/agents/{agent_id}')", "const path = pathToFunc('/api/agents/{agent_id}')"),
            },
          ],
        },
        // The URL's slash before the path is written in another literal (the template): no switch is offered.
        { line: 10, column: 78, rule: 'glean/no-deprecated', message: M.agentSchemas },
        // An imported URL helper read with GET: reported where this module reads it (its POST use is the edit).
        { line: 13, column: 54, rule: 'glean/no-deprecated', message: M.agentGet },
      ],
      output: null,
    });
  });

  it('features/choices.ts: paths chosen by a conditional (an imported constant, a wrapper’s argument) or by the cases of a switch, sent to the REST base; a choice of base for one path and another service’s path are not uses', () => {
    expect(lintProjectFile(P, 'src/features/choices.ts', { typed })).toEqual({
      reports: [
        // The constant chooses in another module: reported where this one reads it.
        { line: 4, column: 36, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 51, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 10, column: 14, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/loops.ts: loops over lists of paths imported by name and through the module namespace, reported where this module reads them; the current paths are not uses', () => {
    expect(lintProjectFile(P, 'src/features/loops.ts', { typed })).toEqual({
      reports: [
        { line: 6, column: 48, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 7, column: 61, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/raw-agents.ts with the migrate option: the switches whose method is known are applied; the edit of an agent stays', () => {
    const code = source(P, 'src/features/raw-agents.ts');
    expect(lintProjectFile(P, 'src/features/raw-agents.ts', { typed, options: { migrate: true } }).output).toBe(
      edit(
        edit(code, "call('GET', `/rest/api/v1/agents/${agentId}`)", "call('GET', `/api/agents/${agentId}`)"),
        "'/rest/api/v1/agents/{agent_id}/schemas'",
        "'/api/agents/{agent_id}/schemas'",
      ),
    );
  });

  it('features/config-shapes.ts: bases through a getter, a frozen object, a function that joins a path, a default parameter', () => {
    expect(lintProjectFile(P, 'src/features/config-shapes.ts', { typed })).toEqual({
      reports: [
        { line: 3, column: 45, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 4, column: 43, rule: 'glean/no-removed', message: M.documentCount },
        { line: 5, column: 62, rule: 'glean/no-deprecated', message: M.runWait },
        { line: 6, column: 55, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('http/glean-http.ts: an instance of a class whose constructor sets the base, used in the same module', () => {
    expect(lintProjectFile(P, 'src/http/glean-http.ts', { typed })).toEqual({
      reports: [{ line: 15, column: 69, rule: 'glean/no-removed', message: M.documentCount }],
      output: null,
    });
  });

  it('features/joined-urls.ts: helpers that trim slashes and join parts, enums of paths (a const enum through a barrel too), a subclass whose constructor hands the base to super(); the same on another service is not a use', () => {
    expect(lintProjectFile(P, 'src/features/joined-urls.ts', { typed })).toEqual({
      reports: [
        { line: 8, column: 62, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 9, column: 66, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 10, column: 42, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 11, column: 55, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 12, column: 43, rule: 'glean/no-removed', message: M.documentStatus },
      ],
      output: null,
    });
  });

  it('features/joined-lines.ts: a path joined to a base of the config module on a line of its own (`joinUrl(settings.indexBase,` then `\'getdocumentstatus\')`, `GLEAN_REST +` then `\'/listanswers\'`) is reported on the path’s line, where a disable comment above it applies; the same join on another service is not a use', () => {
    expect(lintProjectFile(P, 'src/features/joined-lines.ts', { typed })).toEqual({
      reports: [
        { line: 10, column: 7, rule: 'glean/no-removed', message: M.documentStatus },
        { line: 17, column: 7, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/options.ts: wrappers given an options object (destructured, or read as options.path) and an axios instance called itself; GET and a current path are not uses', () => {
    expect(lintProjectFile(P, 'src/features/options.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 46, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 49, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 6, column: 56, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 7, column: 44, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/json-config.ts: a path table in a JSON module joined to the config’s base, and a whole URL kept there (reported where it is read: JSON is not linted); the wiki’s base is not Glean’s', () => {
    expect(lintProjectFile(P, 'src/features/json-config.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 36, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 43, rule: 'glean/no-removed', message: M.documentStatus },
      ],
      output: null,
    });
  });

  it('features/indirect.ts: an imported URL helper and wrapper called through .call and .apply, with the arguments after `this`; GET and a current path are not uses', () => {
    expect(lintProjectFile(P, 'src/features/indirect.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 55, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 63, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/bound.ts: imported functions bound with their method first (`call.bind(null, \'POST\')`), also called through .call and kept in an object table; the edits of an agent (bound POST, a wrapper that always POSTs), GET of listanswers and another service are not uses', () => {
    expect(lintProjectFile(P, 'src/features/bound.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 35, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 52, rule: 'glean/no-removed', message: M.listAnswers },
        {
          line: 6,
          column: 42,
          rule: 'glean/no-deprecated',
          message: M.agentGet,
          suggestions: [
            {
              desc: 'Switch to GET /api/agents/{agent_id} (review the code that reads the response).',
              output: edit(source(P, 'src/features/bound.ts'), 'get(`/rest/api/v1/agents/${id}`)', 'get(`/api/agents/${id}`)'),
            },
          ],
        },
        // An instance's method bound with the instance (`requests.send.bind(requests, 'POST')`).
        { line: 14, column: 45, rule: 'glean/no-removed', message: M.listAnswers },
        // A function bound in an object table (`verbs.create`).
        { line: 15, column: 50, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/layered.ts: wrappers over a wrapper in another module (`gleanPost` → `request` → fetch, three levels for postJson), the method given at any level, a wrapper that hands the caller’s options to fetch, a URL helper over an imported base; a response read through two levels; a service over the shared request function whose response is read and whose payload is written here; the edits of an agent through each, GET of listanswers and another service are not uses', () => {
    const code = source(P, 'src/features/layered.ts');
    expect(lintProjectFile(P, 'src/features/layered.ts', { typed })).toEqual({
      reports: [
        { line: 5, column: 40, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 6, column: 47, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 7, column: 49, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 8, column: 43, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 11, column: 38, rule: 'glean/no-removed', message: M.snippet },
        // `gleanFetch(path)` without options: fetch's default, GET.
        { line: 13, column: 56, rule: 'glean/no-deprecated', message: M.agentGet },
        // The helper's importer sends it (GET): reported here, not in the helper's module.
        { line: 14, column: 46, rule: 'glean/no-deprecated', message: M.agentSchemas },
        // A service over the shared request function: the response it returns, read here; a payload written here.
        { line: 27, column: 95, rule: 'glean/no-removed', message: M.snippet },
        { line: 28, column: 134, rule: 'glean/no-removed', message: M.isNegated },
      ],
      output: edit(edit(edit(code, 'snippets[0].snippet;\n}', 'snippets[0].text;\n}'), 'snippets[0].snippet;\nexport const negated', 'snippets[0].text;\nexport const negated'), 'isNegated: true', "relationType: 'NOT_EQUALS'"),
    });
  });

  it('features/layered-constants.ts: paths kept in constants and tables handed to a wrapper over a wrapper of another module (`gleanPost(BOARDS)` → `request(\'POST\', path)` → fetch): a constant of this module is reported where its literal is written, once for both calls; one imported from another module at the argument that reads it; search and another service’s wrapper are not uses; the module of the constants reports nothing', () => {
    expect(lintProjectFile(P, 'src/features/layered-constants.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 16, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 29, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 11, column: 47, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 12, column: 55, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 13, column: 40, rule: 'glean/no-deprecated', message: M.runWait },
      ],
      output: null,
    });
    expect(lintProjectFile(P, 'src/http/op-paths.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('angular/search.service.ts and angular/results.component.ts: Angular’s HttpClient, its observable of the body read through `pipe(map)`, and, in a component given the service, in `subscribe` and after `firstValueFrom`; a method typed `Observable<SearchResponse>`, or with the app’s alias of it (`Wrapped<SearchResponse>`), is fixed the same way (rxjs’s generic type is not the user’s, and the alias names no field)', () => {
    const service = source(P, 'src/angular/search.service.ts');
    expect(lintProjectFile(P, 'src/angular/search.service.ts', { typed })).toEqual({
      reports: [{ line: 17, column: 131, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(service, 'snippets?.[0]?.snippet)));', 'snippets?.[0]?.text)));'),
    });
    const component = source(P, 'src/angular/results.component.ts');
    expect(lintProjectFile(P, 'src/angular/results.component.ts', { typed })).toEqual({
      reports: [
        { line: 11, column: 53, rule: 'glean/no-removed', message: M.snippet },
        { line: 17, column: 45, rule: 'glean/no-removed', message: M.snippet },
        { line: 22, column: 53, rule: 'glean/no-removed', message: M.snippet },
        { line: 28, column: 53, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(
        edit(edit(edit(component, "snippets?.[0]?.snippet ?? '';", "snippets?.[0]?.text ?? '';"), 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'), "snippets?.[0]?.snippet ?? 'none';", "snippets?.[0]?.text ?? 'none';"),
        "snippets?.[0]?.snippet ?? 'wrapped';",
        "snippets?.[0]?.text ?? 'wrapped';",
      ),
    });
  });

  it('nest/: NestJS’s HttpService is read on the base the module that provides its class registers (`HttpModule.register({ baseURL: GLEAN_REST })` in another module), also through its `axiosRef`; a response read after `firstValueFrom` is fixed. The wiki’s module registers its own API, a service provided by two modules that register different bases (or none) has no one base, and an intranet client injected beside it is not Glean’s', () => {
    const service = source(P, 'src/nest/answers-sync.service.ts');
    expect(lintProjectFile(P, 'src/nest/answers-sync.service.ts', { typed })).toEqual({
      reports: [
        { line: 21, column: 42, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 26, column: 31, rule: 'glean/no-deprecated', message: M.trackingToken },
        { line: 30, column: 36, rule: 'glean/no-deprecated', message: M.runWait },
      ],
      output: edit(service, 'answerResult?.trackingToken;', 'answerResult?.answer.trackingToken;'),
    });
    for (const file of ['src/nest/wiki.service.ts', 'src/nest/shared-http.service.ts', 'src/nest/answers.module.ts', 'src/nest/wiki.module.ts']) {
      expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
    }
  });

  it('features/nested-helpers.ts: a URL helper of the config module over another (`gleanUrl(path)` returning `joinBase(GLEAN_REST, path)`) is reported at each caller’s path; a current path, and the platform API’s agents search joined by the inner helper, are not uses', () => {
    expect(lintProjectFile(P, 'src/features/nested-helpers.ts', { typed })).toEqual({
      reports: [
        { line: 3, column: 50, rule: 'glean/no-deprecated', message: M.agentSearch },
        { line: 4, column: 49, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
    expect(lintProjectFile(P, 'src/config.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('graphql/glean-api.ts: an Apollo REST data source whose `baseURL` is the Client API: its inherited verbs are requests there (the path resolved as `new URL(path, baseURL)` does), their options’ `body` the payload, their result the parsed body; a leading slash leaves the API, and the wiki’s data source is not Glean’s', () => {
    const code = source(P, 'src/graphql/glean-api.ts');
    expect(lintProjectFile(P, 'src/graphql/glean-api.ts', { typed })).toEqual({
      reports: [
        { line: 10, column: 22, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 14, column: 21, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 19, column: 45, rule: 'glean/no-removed', message: M.snippet },
        { line: 23, column: 106, rule: 'glean/no-removed', message: M.isNegated },
      ],
      output: edit(edit(code, 'snippets?.[0]?.snippet;', 'snippets?.[0]?.text;'), "value: 'eng', isNegated: true }", "value: 'eng', relationType: 'NOT_EQUALS' }"),
    });
  });

  it('rtk/search-slice.ts: the payload of an async thunk imported from another module (`createAsyncThunk` over an SDK call) is read in a reducer of its `fulfilled` action and after `dispatch(thunk(q)).unwrap()`; the wiki thunk’s payload and the `rejected` action are not the response', () => {
    const code = source(P, 'src/rtk/search-slice.ts');
    expect(lintProjectFile(P, 'src/rtk/search-slice.ts', { typed })).toEqual({
      reports: [
        { line: 11, column: 65, rule: 'glean/no-removed', message: M.snippet },
        { line: 25, column: 43, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(edit(code, "snippets?.[0]?.snippet ?? '';", "snippets?.[0]?.text ?? '';"), 'snippets?.[0]?.snippet;\n}', 'snippets?.[0]?.text;\n}'),
    });
    expect(lintProjectFile(P, 'src/rtk/search-thunks.ts', { typed })).toEqual({ reports: [], output: null });
  });

  it('features/search-page.ts: the response of a service over a verb wrapper over the shared request function, read in a page that imports only the service (the function that sends is three modules away)', () => {
    const code = source(P, 'src/features/search-page.ts');
    expect(lintProjectFile(P, 'src/features/search-page.ts', { typed })).toEqual({
      reports: [{ line: 4, column: 96, rule: 'glean/no-removed', message: M.snippet }],
      output: edit(code, 'snippets[0].snippet;', 'snippets[0].text;'),
    });
  });

  it('features/bound-fields.ts: verbs kept in class fields bound to the instance’s request method (`post = this.request.bind(this, \'POST\')`), also inherited; the edit of an agent, GET of listanswers, the same class on another service and a field something replaces are not uses', () => {
    expect(lintProjectFile(P, 'src/features/bound-fields.ts', { typed })).toEqual({
      reports: [
        { line: 3, column: 47, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 4, column: 54, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 5, column: 51, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/answers-http.ts: imported classes whose methods have their own path on the base the constructor is given (trailing slash dropped by a conditional; a parameter property), reported at the base each `new` gives; the instances made for another service are not uses', () => {
    expect(lintProjectFile(P, 'src/features/answers-http.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 31, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 5, column: 31, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/curried.ts: imported curried wrappers (`postTo(path)(body)`; `clientOn(base)(method)(path)`, also through an exported partial application and a constant that keeps one), reported at the path; the edits of an agent and another service’s client are not uses', () => {
    expect(lintProjectFile(P, 'src/features/curried.ts', { typed })).toEqual({
      reports: [
        { line: 4, column: 37, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 6, column: 56, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 7, column: 44, rule: 'glean/no-removed', message: M.listAnswers },
        // The replacement lives under another base: nothing to switch in this file.
        { line: 8, column: 66, rule: 'glean/no-deprecated', message: M.agentGet },
      ],
      output: null,
    });
  });

  it('features/fields.ts: an imported instance whose methods are class fields holding arrow functions, on the base a getter gives, also after a fluent step that returns the client; a getter read on an imported instance; the edit of an agent and another service’s getter and instance are not uses', () => {
    expect(lintProjectFile(P, 'src/features/fields.ts', { typed })).toEqual({
      reports: [
        { line: 3, column: 46, rule: 'glean/no-removed', message: M.listAnswers },
        // The replacement lives under another base: nothing to switch in this file.
        { line: 4, column: 53, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 5, column: 35, rule: 'glean/no-removed', message: M.listAnswers },
        // Through a fluent step that returns the client (`.withTimeout(5_000).post(…)`).
        { line: 13, column: 97, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('features/named.ts: an imported wrapper that reads a path table by the key its caller gives (`PATHS[name]`), reported at the key; a key for a current operation is not a use', () => {
    expect(lintProjectFile(P, 'src/features/named.ts', { typed })).toEqual({
      reports: [
        { line: 3, column: 40, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 4, column: 43, rule: 'glean/no-deprecated', message: M.agentSearch },
      ],
      output: null,
    });
  });

  it('features/shared.ts: shared axios instances made on first use in another module (`if (!glean) glean = axios.create(…)`, `(wiki ??= axios.create(…))`) and by an awaited async factory; the edit of an agent and another service’s shared instance are not uses', () => {
    expect(lintProjectFile(P, 'src/features/shared.ts', { typed })).toEqual({
      reports: [
        { line: 3, column: 49, rule: 'glean/no-removed', message: M.listAnswers },
        // The replacement lives under another base: nothing to switch in this file.
        { line: 4, column: 56, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 5, column: 68, rule: 'glean/no-removed', message: M.listAnswers },
      ],
      output: null,
    });
  });

  it('http/glean-api.ts: a subclass calls the inherited post() with its base handed to super(); the other service’s subclass is not a use', () => {
    expect(lintProjectFile(P, 'src/http/glean-api.ts', { typed })).toEqual({
      reports: [{ line: 11, column: 22, rule: 'glean/no-removed', message: M.listAnswers }],
      output: null,
    });
  });

  it('features/factory-client.ts: a client a factory in one module returns (methods over an axios instance), made in a second module and used in a third: the response read and the payload written here; another service’s client made the same way is not Glean’s', () => {
    const code = source(P, 'src/features/factory-client.ts');
    expect(lintProjectFile(P, 'src/features/factory-client.ts', { typed })).toEqual({
      reports: [
        {
          line: 7,
          column: 58,
          rule: 'glean/no-removed',
          message: M.citations,
          suggestions: [
            {
              desc: 'Switch to `fragments[].citation` (review the code that reads the response).',
              output: edit(
                code,
                'cited.push(message.citations);\n  return cited;\n}\n\nexport function',
                "cited.push(message.fragments?.flatMap((item: NonNullable<(typeof message)['fragments']>[number]) => (item.citation ? [item.citation] : [])));\n  return cited;\n}\n\nexport function",
              ),
            },
          ],
        },
        { line: 12, column: 122, rule: 'glean/no-removed', message: M.isNegated },
      ],
      output: edit(code, "value: 'closed', isNegated: true", "value: 'closed', relationType: 'NOT_EQUALS'"),
    });
  });

  it('features/made-clients.ts: clients a factory of one module makes in another, each on the base it is given (the config’s Glean base, a wiki’s): a path this module gives and a response it reads; the wiki client’s are not uses', () => {
    const code = source(P, 'src/features/made-clients.ts');
    expect(lintProjectFile(P, 'src/features/made-clients.ts', { typed })).toEqual({
      reports: [
        { line: 5, column: 25, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 10, column: 39, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(code, 'snippets[0].snippet;\n}\n\nexport async function wikiTop', 'snippets[0].text;\n}\n\nexport async function wikiTop'),
    });
  });

  it('features/retried.ts: responses read after a retry helper of another module (`withRetry(() => gleanApi.post(…))`, also an async callback) that resolves to what its callback returns; a helper that keeps its first value is not followed', () => {
    const code = source(P, 'src/features/retried.ts');
    expect(lintProjectFile(P, 'src/features/retried.ts', { typed })).toEqual({
      reports: [
        {
          line: 7,
          column: 36,
          rule: 'glean/no-removed',
          message: M.citations,
          suggestions: [
            {
              desc: 'Switch to `fragments[].citation` (review the code that reads the response).',
              output: edit(
                code,
                'response.data.messages[0].citations;',
                "response.data.messages[0].fragments?.flatMap((item: NonNullable<NonNullable<NonNullable<NonNullable<(typeof response)['data']>['messages']>[0]>['fragments']>[number]) => (item.citation ? [item.citation] : []));",
              ),
            },
          ],
        },
        { line: 12, column: 38, rule: 'glean/no-removed', message: M.snippet },
      ],
      output: edit(code, 'snippets[0].snippet;\n}\n\n/**', 'snippets[0].text;\n}\n\n/**'),
    });
  });

  it('features/ofetch-responses.ts: ofetch resolves to the parsed body (an imported instance’s call, read directly), `.raw()` keeps it in `._data`, an instance kept in a class member (or an imported one as a constructor parameter’s default) is called itself; the wiki instance’s response, and a class defaulting to the wiki instance, are not Glean’s', () => {
    const code = source(P, 'src/features/ofetch-responses.ts');
    expect(lintProjectFile(P, 'src/features/ofetch-responses.ts', { typed })).toEqual({
      reports: [
        { line: 8, column: 38, rule: 'glean/no-removed', message: M.snippet },
        { line: 14, column: 49, rule: 'glean/no-removed', message: M.snippet },
        { line: 22, column: 22, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 37, column: 22, rule: 'glean/no-deprecated', message: M.agentGet },
      ],
      output: edit(edit(code, 'body.results[0].snippets[0].snippet;\n}\n\n/** `.raw()`', 'body.results[0].snippets[0].text;\n}\n\n/** `.raw()`'), '_data?.results[0].snippets[0].snippet;', '_data?.results[0].snippets[0].text;'),
    });
  });

  it('features/chat-view.ts: the response of another module’s service that retries its request through a helper re-exported by a barrel (`withRetry(() => gleanApi.post(…).then((r) => r.data))`)', () => {
    const code = source(P, 'src/features/chat-view.ts');
    expect(lintProjectFile(P, 'src/features/chat-view.ts', { typed })).toEqual({
      reports: [
        {
          line: 6,
          column: 31,
          rule: 'glean/no-removed',
          message: M.citations,
          suggestions: [
            {
              desc: 'Switch to `fragments[].citation` (review the code that reads the response).',
              output: edit(
                code,
                'response.messages[0].citations;',
                "response.messages[0].fragments?.flatMap((item: NonNullable<NonNullable<NonNullable<(typeof response)['messages']>[0]>['fragments']>[number]) => (item.citation ? [item.citation] : []));",
              ),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('features/ofetch-agents.ts: an imported ofetch instance called itself (GET without options, or with options that name no method), also taken from `await import()` of a barrel; its POST is an edit, and the wiki’s instance is not Glean’s', () => {
    expect(lintProjectFile(P, 'src/features/ofetch-agents.ts', { typed })).toEqual({
      reports: [
        { line: 3, column: 49, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 4, column: 60, rule: 'glean/no-deprecated', message: M.agentGet },
        { line: 11, column: 15, rule: 'glean/no-deprecated', message: M.agentGet },
      ],
      output: null,
    });
  });

  it.each(['src/http/fetchers.ts', 'src/http/chat-service.ts', 'src/util/index.ts', 'src/http/ofetch.ts', 'src/util/retry.ts', 'src/config.ts', 'src/http/axios.ts', 'src/http/call.ts', 'src/http/url.ts', 'src/http/index.ts', 'src/http/options.ts', 'src/http/bound.ts', 'src/http/wiki.ts', 'src/http/answers-http.ts', 'src/http/curried.ts', 'src/http/fields.ts', 'src/http/shared.ts', 'src/http/named.ts', 'src/http/templates.ts', 'src/http/legacy.ts', 'src/http/request.ts', 'src/http/layered.ts', 'src/http/agent-urls.ts', 'src/http/bound-fields.ts', 'src/http/search-service.ts', 'src/http/post-service.ts', 'src/http/direct-verbs.ts', 'src/http/direct-request.ts', 'src/http/client-factory.ts', 'src/http/client-instance.ts', 'src/http/make-client.ts', 'src/http/made-clients.ts'])('%s only holds bases and makes clients: nothing is reported', (file) => {
    expect(lintProjectFile(P, file, { typed })).toEqual({ reports: [], output: null });
  });
});

describe.each([
  ['without type information', false],
  ['with type information', true],
])('http-clients, RTK Query hooks, %s', (_mode, typed) => {
  it('rtk/results.ts: the `data` of the hooks rtk/glean-api.ts’s api generates (destructured and imported, a lazy query’s and a mutation’s tuple, `api.endpoints.search.useQuery`); the knowledge base api’s hook of the same endpoint is not Glean’s', () => {
    const code = source(P, 'src/rtk/results.ts');
    expect(lintProjectFile(P, 'src/rtk/results.ts', { typed })).toEqual({
      reports: [
        { line: 11, column: 47, rule: 'glean/no-removed', message: M.snippet },
        { line: 12, column: 48, rule: 'glean/no-removed', message: M.snippet },
        { line: 13, column: 65, rule: 'glean/no-removed', message: M.snippet },
        {
          line: 14,
          column: 40,
          rule: 'glean/no-removed',
          message: M.citations,
          suggestions: [
            {
              desc: 'Switch to `fragments[].citation` (review the code that reads the response).',
              output: edit(
                code,
                'chat.data?.messages?.[0]?.citations,',
                "chat.data?.messages?.[0]?.fragments?.flatMap((item: NonNullable<NonNullable<NonNullable<NonNullable<(typeof chat)['data']>['messages']>[0]>['fragments']>[number]) => (item.citation ? [item.citation] : [])),",
              ),
            },
          ],
        },
      ],
      output: code
        .replace('first: data?.results?.[0]?.snippets?.[0]?.snippet,', 'first: data?.results?.[0]?.snippets?.[0]?.text,')
        .replace('later: later?.results?.[0]?.snippets?.[0]?.snippet,', 'later: later?.results?.[0]?.snippets?.[0]?.text,')
        .replace('viaEndpoint: viaEndpoint.data?.results?.[0]?.snippets?.[0]?.snippet,', 'viaEndpoint: viaEndpoint.data?.results?.[0]?.snippets?.[0]?.text,'),
    });
  });

  it('rtk/glean-api.ts: the endpoints name nothing deprecated', () => {
    expect(lintProjectFile(P, 'src/rtk/glean-api.ts', { typed })).toEqual({ reports: [], output: null });
  });
});
