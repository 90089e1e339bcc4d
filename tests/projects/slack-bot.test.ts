import { describe, expect, it } from 'vitest';
import { lintProjectFile } from './lint-project.js';
import { edit, M, source } from './messages.js';

/**
 * slack-bot: a Slack bot in plain JavaScript, ES modules ("type": "module"). `src/config.js` holds the
 * REST base and the platform base (`${HOST}/api`); `src/glean.js` makes a got instance on the REST base
 * (`got.extend({ prefixUrl })`, with a streamed agent run in the same module), ky instances on the
 * REST and the platform base, and exports `chat()`. `src/http.js` is a `postJson(url, body)` used for Glean and for
 * the ticket tracker; `src/filters.js` builds a facet filter both backends are sent; `src/openai.js`
 * talks to an OpenAI-style API with the same words (`/agents/search`, `/runs`, `citations`). Commands
 * use all of them.
 */

const P = 'slack-bot';

describe('slack-bot', () => {
  it('glean.js: got’s `instance.stream.post()` on a `got.extend({ prefixUrl })` instance whose base comes from config.js', () => {
    expect(lintProjectFile(P, 'src/glean.js')).toEqual({
      reports: [{ line: 12, column: 31, rule: 'glean/no-deprecated', message: M.runStream }],
      output: null,
    });
  });

  it('bolt/listeners.js: Bolt listeners that read the client a middleware module registered beside them (bolt/middleware.js, both called by bolt/app.js) keeps in `context` (`context.glean`, also destructured); the wiki’s client and the team kept beside it are not Glean’s', () => {
    const code = source(P, 'src/bolt/listeners.js');
    expect(lintProjectFile(P, 'src/bolt/listeners.js')).toEqual({
      reports: [
        {
          line: 5,
          column: 25,
          rule: 'glean/no-deprecated',
          message: M.sdkAgentGet,
          suggestions: [
            {
              desc: 'Switch to agents.get() (review the code that reads the response).',
              output: edit(code, 'context.glean.client.agents.retrieve(command.text)', 'context.glean.agents.get(command.text)'),
            },
          ],
        },
        { line: 11, column: 12, rule: 'glean/no-removed', message: M.sdkListAnswers },
      ],
      output: null,
    });
  });

  it.each(['src/bolt/middleware.js', 'src/bolt/app.js', 'src/bolt/sdk.js'])('%s sets up the Bolt app’s clients: nothing is reported', (file) => {
    expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });

  it('commands/ask.js: the result of an imported `chat()` read for `citations`', () => {
    const code = source(P, 'src/commands/ask.js');
    expect(lintProjectFile(P, 'src/commands/ask.js')).toEqual({
      reports: [
        {
          line: 5,
          column: 37,
          rule: 'glean/no-removed',
          message: M.citations,
          suggestions: [
            {
              desc: 'Switch to `fragments[].citation` (review the code that reads the response).',
              output: edit(code, 'reply.messages[0].citations', 'reply.messages[0].fragments?.flatMap((item) => (item.citation ? [item.citation] : []))'),
            },
          ],
        },
      ],
      output: null,
    });
  });

  it('commands/answers.js: paths on an imported got instance; the edit of an agent (POST) is not a use', () => {
    expect(lintProjectFile(P, 'src/commands/answers.js')).toEqual({
      reports: [
        { line: 3, column: 48, rule: 'glean/no-removed', message: M.listAnswers },
        { line: 4, column: 55, rule: 'glean/no-deprecated', message: M.agentSchemas },
      ],
      output: null,
    });
  });

  it('commands/agents.js: paths on an imported ky instance whose prefixUrl is the REST base of config.js', () => {
    expect(lintProjectFile(P, 'src/commands/agents.js')).toEqual({
      reports: [
        { line: 3, column: 52, rule: 'glean/no-deprecated', message: M.agentSearch },
        { line: 4, column: 58, rule: 'glean/no-deprecated', message: M.runWait },
      ],
      output: null,
    });
  });

  it('commands/platform.js: a ky instance on the platform API (`/api`): its /agents calls are not uses', () => {
    expect(lintProjectFile(P, 'src/commands/platform.js')).toEqual({ reports: [], output: null });
  });

  it('commands/triage.js: the streamed run is reported in the wrapper’s module, not at its caller', () => {
    expect(lintProjectFile(P, 'src/commands/triage.js')).toEqual({ reports: [], output: null });
  });

  it('commands/triage.js: the agent id and input the caller passes to the wrapper are checked against the agent’s form at the caller', () => {
    const code = source(P, 'src/commands/triage.js');
    expect(lintProjectFile(P, 'src/commands/triage.js', { settings: { agentForms: { agt_triage: ['question', 'team'] } } })).toEqual({
      reports: [
        {
          line: 4,
          column: 27,
          rule: 'glean/agent-run-input',
          message: "Agent `agt_triage`'s input form needs every field, optional ones too: `team` missing.",
          suggestions: [{ desc: 'Add `team` as empty strings.', output: edit(code, '{ question: text }', "{ question: text, team: '' }") }],
        },
      ],
      output: null,
    });
  });

  it('filters.js: a filter built for Glean and the ticket tracker is reported where its key is written, and only suggested', () => {
    const code = source(P, 'src/filters.js');
    expect(lintProjectFile(P, 'src/filters.js')).toEqual({
      reports: [
        {
          line: 3,
          column: 63,
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

  it('commands/search.js: a response only Glean’s search reaches is fixed; one the ticket tracker’s may reach is reported, never fixed; the shared filter is not reported again', () => {
    const code = source(P, 'src/commands/search.js');
    expect(lintProjectFile(P, 'src/commands/search.js')).toEqual({
      reports: [
        { line: 10, column: 33, rule: 'glean/no-removed', message: M.snippet },
        // The README's rule for a read another value may reach (a variable another branch assigns): reported, a checked rename.
        {
          line: 16,
          column: 39,
          rule: 'glean/no-removed',
          message: M.snippet,
          suggestions: [
            {
              desc: 'Rename to `text` once you have checked that only Glean’s value reaches this code.',
              output: edit(code, 'return found.results[0].snippets[0].snippet;', 'return found.results[0].snippets[0].text;'),
            },
          ],
        },
      ],
      output: edit(code, 'return results[0].snippets[0].snippet;', 'return results[0].snippets[0].text;'),
    });
  });

  it.each(['src/config.js', 'src/http.js', 'src/openai.js', 'src/commands/assistant.js'])('%s does not call anything deprecated of Glean: nothing is reported', (file) => {
    expect(lintProjectFile(P, file)).toEqual({ reports: [], output: null });
  });
});
