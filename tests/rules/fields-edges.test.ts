import noRemoved from '../../rules/no-removed.js';
import { tsRuleTester } from '../helpers.js';
import { at, report } from './fields-support.js';

/** Edge cases found while reviewing the engine: payload keys named like options, other operations, layout. */

const SNIPPET = 'Field `snippet` of a search result snippet (`SearchResultSnippet`)';
const IS_NEGATED = 'Field `isNegated` of a facet filter value (`FacetFilterValue`)';
const DATASOURCES = 'Field `datasources` of a data policy’s input options (`InputOptions`)';
const BOARD_ID = 'Field `boardId` of an answer (`Answer`)';

const AXIOS_BODY_KEY = `await axios.post('https://acme-be.glean.com/rest/api/v1/createannouncement', {
  title: 'Launch',
  body: { text: 'See below' },
  audienceFilters: [{ values: [{ value: 'eng', isNegated: true }] }],
});`;

const SEARCH_RESPONSE = `const res = await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: '{}' });
const data = await res.json();
console.log(data.results[0].snippets[0].snippet);`;

const CREATE_POLICY = `await axios.post('https://acme-be.glean.com/rest/api/v1/governance/data/policies', {
  config: { inputOptions: { datasources: ['gdrive'] } },
});`;

const ONLY_BOARD_ID = `await fetch('https://acme-be.glean.com/rest/api/v1/createannouncement', {
  method: 'POST',
  body: JSON.stringify({ title: 't', body: { text: 'x', structuredList: [{ structuredResult: { answer: { boardId: 3 } } }] } }),
});`;

tsRuleTester().run('no-removed: field edge cases', noRemoved, {
  valid: [
    // A method named like a field is not data: serialisation drops it.
    `await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: JSON.stringify({ query: 'q', snippet() { return 1; } }) });`,
  ],
  invalid: [
    {
      name: 'axios payload with a `body` key (an announcement text) is the payload, not options',
      code: AXIOS_BODY_KEY,
      output: AXIOS_BODY_KEY.replace('isNegated: true', "relationType: 'NOT_EQUALS'"),
      errors: [report('createannouncement.isNegated', IS_NEGATED, at(AXIOS_BODY_KEY, 'isNegated'))],
    },
    {
      name: 'the response of an operation outside the register (search) carries a deprecated schema',
      code: SEARCH_RESPONSE,
      output: SEARCH_RESPONSE.replace('snippets[0].snippet', 'snippets[0].text'),
      errors: [report('createannouncement.snippet', SNIPPET, at(SEARCH_RESPONSE, 'snippet'))],
    },
    {
      name: 'a policy created through its list endpoint (POST /governance/data/policies) carries DlpConfig',
      code: CREATE_POLICY,
      output: CREATE_POLICY.replace('datasources:', 'datasourceInstances:'),
      errors: [report('policy.datasources', DATASOURCES, at(CREATE_POLICY, 'datasources'))],
    },
    {
      name: 'removing the only property leaves an empty object without stray spaces',
      code: ONLY_BOARD_ID,
      output: null,
      errors: [
        report('createannouncement.boardId', BOARD_ID, at(ONLY_BOARD_ID, 'boardId'), [
          { messageId: 'removeField', data: { name: 'boardId' }, output: ONLY_BOARD_ID.replace('{ boardId: 3 }', '{}') },
        ]),
      ],
    },
  ],
});
