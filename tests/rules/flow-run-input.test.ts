import agentRunInput from '../../rules/agent-run-input.js';
import { jsRuleTester, locate, tsRuleTester } from '../helpers.js';

/**
 * An agent run's `input` that is a string, an array or `null` is reported wherever the run body is
 * built: serialised inline, assigned later, returned by a helper, passed as an argument. JavaScript
 * and TypeScript.
 */

// What each report says the input is ("An agent run's `input` must be an object of form fields, not …"), in one place.
const NOT_A_STRING = 'a string';
const NOT_AN_ARRAY = 'an array';
const NOT_NULL = 'null';

const WAIT = `'https://acme-be.glean.com/rest/api/v1/agents/runs/wait'`;
const send = (body: string) => `await fetch(${WAIT}, { method: 'POST', body: JSON.stringify(${body}) });`;

const valid = [
  // A local `JSON` or `String` is not the global one; its result may be an object.
  `const JSON = { stringify: (value) => value };\n${send(`{ agent_id: 'agt_1', input: JSON.stringify(form) }`)}`.replace('JSON.stringify({', 'globalThis.JSON.stringify({'),
  // A helper's body sent to another service.
  `function runBody(q) { return { agent_id: 'agt_1', input: [q] }; }\nawait fetch('https://api.example.com/v1/agents/runs/wait', { method: 'POST', body: JSON.stringify(runBody('x')) });`,
  // An object input, built in a helper.
  `function runBody(q) { return { agent_id: 'agt_1', input: { question: q } }; }\n${send(`runBody('x')`)}`,
];

function invalid(name: string, code: string, reports: [string, string][]) {
  return {
    name,
    code,
    output: null,
    errors: reports.map(([actual, text]) => ({ messageId: 'inputNotObject' as const, data: { actual }, ...locate(code, text) })),
  };
}

const cases = [
  invalid('serialised form and String() inline', send(`{ agent_id: 'agt_1', input: JSON.stringify(form) }`) + '\n' + send(`{ agent_id: 'agt_2', input: String(topic) }`), [
    [NOT_A_STRING, 'JSON.stringify(form)'],
    [NOT_A_STRING, 'String(topic)'],
  ]),
  invalid('assigned to the body after its declaration', `const body = { agent_id: 'agt_1' };\nbody.input = \`topic=\${topic}\`;\n${send('body')}`, [[NOT_A_STRING, '`topic=${topic}`']]),
  invalid('returned by a helper declared after its use, and passed through a parameter', `${send(`runBody('x')`)}\nasync function run(body) {\n  ${send('body')}\n}\nawait run({ agent_id: 'agt_2', input: null });\nfunction runBody(q) {\n  return { agent_id: 'agt_1', input: [q] };\n}`, [
    [NOT_NULL, 'null'],
    [NOT_AN_ARRAY, '[q]'],
  ]),
];

for (const [language, tester] of [
  ['JavaScript', jsRuleTester()],
  ['TypeScript', tsRuleTester()],
] as const) {
  tester.run(`agent-run-input: wherever the run body is built (${language})`, agentRunInput, { valid, invalid: cases });
}
