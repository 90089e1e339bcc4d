import { describe, expect, it } from 'vitest';
import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { register } from '../../src/index.js';
import type { FieldItem } from '../../src/register/types.js';
import { tsRuleTester } from '../helpers.js';
import { HOST, SDK_IMPORT, type Valid } from './fields-support.js';

/**
 * Look-alikes (README, "What counts as a use": owner-precise): the same names on other schemas, at other depths, in
 * objects that never reach Glean, and in local variables. None of them is reported by either rule.
 * Every register field name has look-alikes here; a test fails when a new name has none.
 */

const announce = (body: string) => `await fetch('${HOST}/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify(${body}) });`;
const announcement = (read: string) => `${SDK_IMPORT}const a = await glean.client.announcements.create({ title: 'Launch', startTime, endTime });\n${read}`;
const search = (read: string) => `${SDK_IMPORT}const s = await glean.client.search.query({ query: 'roadmap' });\n${read}`;
const policyUpdate = (config: string) => `await axios.post('${HOST}/rest/api/v1/governance/data/policies/pol_1', { config: ${config} });`;
const policyRead = (read: string) => `const { data } = await axios.get('${HOST}/rest/api/v1/governance/data/policies/pol_1');\n${read}`;
const structured = (item: string) => `{ title: 'Launch', body: { text: 'See', structuredList: [${item}] } }`;

const LOOKALIKES: Record<string, (string | Omit<Valid, 'name'>)[]> = {
  searchSessionSatisfaction: [
    // Sent in the insights request, where no schema has it.
    `await axios.post('${HOST}/rest/api/v1/insights', { overviewRequest: { searchSessionSatisfaction: 1 } });`,
    // Another analytics service.
    `const { data } = await axios.post('https://analytics.example.com/v1/insights', {});\nconsole.log(data.overviewResponse.searchSessionSatisfaction);`,
    `const searchSessionSatisfaction = 0.8;\nawait axios.post('${HOST}/rest/api/v1/insights', { searchSessionSatisfaction });`,
  ],
  trackingToken: [
    // Search requests and responses carry their own trackingToken.
    `${SDK_IMPORT}await glean.client.search.query({ query: 'roadmap', trackingToken: previous.trackingToken });`,
    search(`console.log(s.trackingToken, s.results?.[0]?.trackingToken);`),
    `await fetch('${HOST}/rest/api/v1/getanswer', { method: 'POST', body: JSON.stringify({ id: 42, trackingToken: 't' }) });`,
    // Announcement.trackingToken is not deprecated (the createannouncement response is an Announcement).
    announcement(`console.log(a.trackingToken);`),
    // The moved-to places, and other non-top-level tokens of the same responses.
    `const res = await fetch('${HOST}/rest/api/v1/getanswer', { method: 'POST', body: '{}' });\nconst data = await res.json();\nconsole.log(data.answerResult.answer.trackingToken, data.answerResult.answer.collections?.[0]?.trackingToken);`,
    `const { data } = await axios.post('${HOST}/rest/api/v1/getcollection', { id: 7 });\nconsole.log(data.collection?.trackingToken, data.rootCollection?.trackingToken, data.collection?.children?.[0]?.trackingToken);`,
    `const { data } = await axios.post('${HOST}/rest/api/v1/chat', { messages: [] });\nconsole.log(data.chatSessionTrackingToken, data.messages[0].messageTrackingToken, data.messages[0].fragments[0].trackingToken, data.messages[0].fragments[0].citation.trackingToken);`,
    `const trackingToken = crypto.randomUUID();\nconsole.log(trackingToken);`,
  ],
  citations: [
    // The replacement (singular, on fragments).
    `const { data } = await axios.post('${HOST}/rest/api/v1/chat', { messages: [] });\nconsole.log(data.messages[0].fragments?.[0]?.citation?.referenceRanges);`,
    `await axios.post('${HOST}/rest/api/v1/chat', { messages: [{ fragments: [{ text: 'Hi', citation: { trackingToken: 't' } }] }] });`,
    // At the wrong depth: on the request, not on a message.
    `await axios.post('${HOST}/rest/api/v1/chat', { messages: [], citations: [] });`,
    // The platform chat API (`/api/chat`) is another schema.
    `${SDK_IMPORT}await glean.chat.create({ messages: [{ role: 'user', content: 'Hi', citations: [] }] });`,
    `const { data } = await axios.post('https://llm.example.com/v1/chat', { messages: [{ citations: [] }] });\nconsole.log(data.messages[0].citations);`,
  ],
  location: [
    // A person's location (PersonMetadata), in requests and responses.
    announce(structured(`{ structuredResult: { person: { name: 'Ada', metadata: { location: 'Paris', title: 'Engineer' } } } }`)),
    announcement(`console.log(a.author?.metadata?.location, a.updatedBy?.metadata?.location);`),
    search(`console.log(s.results?.[0]?.document?.metadata?.author?.metadata?.location);`),
    // The employee's non-deprecated structuredLocation, and location at the wrong depth.
    `await axios.post('${HOST}/api/index/v1/indexemployee', { employee: { email: 'ada@acme.com', department: 'Eng', structuredLocation: { city: 'Paris' } } });`,
    `await axios.post('${HOST}/api/index/v1/indexemployee', { employee: { email: 'ada@acme.com', department: 'Eng' }, location: 'Paris' });`,
    `const location = window.location.href;\nconsole.log(location);`,
  ],
  isNegated: [
    // At the wrong depth: directly on the facet filter instead of on one of its values.
    announce(`{ title: 'Launch', audienceFilters: [{ fieldName: 'department', isNegated: true, values: [{ value: 'eng' }] }] }`),
    announce(`{ title: 'Launch', isNegated: true }`),
    `await fetch('https://search.example.com/v1/query', { method: 'POST', body: JSON.stringify({ filters: [{ values: [{ isNegated: true }] }] }) });`,
    `const isNegated = filter.relationType === 'NOT_EQUALS';`,
  ],
  documents: [
    // Bulk indexing sends documents (BulkIndexDocumentsRequest), as does the SDK.
    `${SDK_IMPORT}await glean.indexing.documents.bulkIndex({ uploadId: 'up_1', datasource: 'wiki', documents: [{ id: 'doc_1' }] });`,
    `${SDK_IMPORT}await glean.indexing.documents.index({ datasource: 'wiki', documents: [{ id: 'doc_1' }] });`,
    `${SDK_IMPORT}const facets = await glean.client.documents.retrieveByFacets({});\nconsole.log(facets.documents);`,
    // The replacement for RelatedDocuments.documents, and documents at the wrong depth.
    announcement(`console.log(a.author?.relatedDocuments?.[0]?.results);`),
    announce(structured(`{ structuredResult: { documents: [] } }`)),
  ],
  boardId: [
    // On the answer itself but not inside the creation data (the SDK marks `data.boardId` only).
    `${SDK_IMPORT}await glean.client.answers.create({ data: { question: 'Q?' }, boardId: 3 });`,
    announce(structured(`{ structuredResult: { boardId: 3 } }`)),
    `const boardId = 3;\nconsole.log(boardId);`,
  ],
  snippet: [
    // The plural lists, and the replacement `text`.
    announce(structured(`{ structuredResult: { snippets: [{ text: 'Q3 plan' }] } }`)),
    search(`console.log(s.results?.[0]?.snippets?.length, s.results?.[0]?.snippets?.[0]?.text);`),
    // At the wrong depth: on the structured result, not on one of its snippets.
    announce(structured(`{ structuredResult: { snippet: 'Q3 plan' } }`)),
    `const snippet = text.slice(0, 80);\nconsole.log(snippet);`,
  ],
  inviteTime: [
    // ChannelInviteInfo.inviteTime is the replacement, right next to the deprecated field.
    announce(structured(`{ structuredResult: { person: { metadata: { inviteInfo: { invites: [{ channel: 'COMMUNICATION_CHANNEL_EMAIL', inviteTime: '2026-01-05T09:00:00Z' }] } } } } }`)),
    announcement(`console.log(a.author?.metadata?.inviteInfo?.invites?.[0]?.inviteTime);`),
    announcement(`for (const invite of a.author?.metadata?.inviteInfo?.invites ?? []) console.log(invite.inviteTime);`),
  ],
  reminderTime: [
    announce(structured(`{ structuredResult: { person: { metadata: { inviteInfo: { invites: [{ reminderTime: '2026-01-12T09:00:00Z' }] } } } } }`)),
    announcement(`const [invite] = a.updatedBy?.metadata?.inviteInfo?.invites ?? [];\nconsole.log(invite?.reminderTime);`),
  ],
  reactions: [
    announce(structured(`{ document: { metadata: { interactions: { reacts: [{ type: 'like', count: 2 }] } } } }`)),
    `await fetch('https://slack.com/api/reactions.add', { method: 'POST', body: JSON.stringify({ reactions: ['thumbsup'] }) });`,
    // At the wrong depth: on the document metadata.
    announce(structured(`{ document: { metadata: { reactions: ['like'] } } }`)),
  ],
  role: [
    // Messages of agent runs (MessageInput) and of the platform agent API.
    // (The deprecated run endpoint itself is ignored here: only its fields are looked at.)
    {
      code: `${SDK_IMPORT}await glean.client.agents.run({ agent_id: 'agt_1', messages: [{ role: 'USER', content: [{ text: 'Hi', type: 'text' }] }] });`,
      options: [{ ignore: ['agents.runs.wait'] }],
    },
    `${SDK_IMPORT}await glean.agents.createRun({ messages: [{ role: 'USER', content: [{ text: 'Hi', type: 'text' }] }] }, 'agt_1');`,
    // Chat messages have an author, and a role key on them is not ViewerInfo.role.
    `await axios.post('${HOST}/rest/api/v1/chat', { messages: [{ role: 'user', author: 'USER', fragments: [{ text: 'Hi' }] }] });`,
    // User role specifications of answers and collections.
    `const res = await fetch('${HOST}/rest/api/v1/getanswer', { method: 'POST', body: '{}' });\nconst data = await res.json();\nconsole.log(data.answerResult.answer.roles?.[0]?.role);`,
    `${SDK_IMPORT}await glean.client.collections.update({ id: 7, name: 'Team', addedRoles: [{ role: 'EDITOR', person: { name: 'Ada' } }] });`,
    // A person's permissions, and a role at the wrong depth.
    announcement(`console.log(a.author?.metadata?.permissions?.role);`),
    announce(structured(`{ document: { metadata: { role: 'OWNER' } } }`)),
  ],
  sensitiveInfoTypes: [
    // The replacements, and the same shape on another DLP service.
    policyUpdate(`{ sensitiveContentOptions: { customSensitiveExpressions: [{ keyword: { type: 'INFO_TYPE', value: 'CREDIT_CARD' } }] } }`),
    `await fetch('https://dlp.example.com/v2/inspect', { method: 'POST', body: JSON.stringify({ config: { sensitiveInfoTypes: [], sensitiveContentOptions: { sensitiveInfoTypes: [] } } }) });`,
    // At the wrong depth: on the update request itself, not on its config.
    policyUpdate(`{}, sensitiveInfoTypes: []`),
  ],
  sensitiveTerms: [
    `await fetch('https://dlp.example.com/v2/inspect', { method: 'POST', body: JSON.stringify({ sensitiveContentOptions: { sensitiveTerms: [] } }) });`,
    policyUpdate(`{ sensitiveTerms: [] }`),
  ],
  sensitiveRegexes: [
    `const sensitiveRegexes = [/\\d{16}/];\nconsole.log(sensitiveRegexes);`,
    policyRead(`console.log(data.report.sensitiveRegexes);`),
  ],
  likelihoodThreshold: [
    // On a custom sensitive rule (CustomSensitiveRule), in the request and in the response.
    policyUpdate(`{ sensitiveContentOptions: { customSensitiveExpressions: [{ keyword: { type: 'INFO_TYPE', value: 'CREDIT_CARD', likelihoodThreshold: 'LIKELY' } }] } }`),
    policyRead(`console.log(data.report.config.sensitiveContentOptions.customSensitiveExpressions[0].keyword.likelihoodThreshold);`),
    policyRead(`for (const expression of data.report.config.sensitiveContentOptions.customSensitiveExpressions) console.log(expression.keyword?.likelihoodThreshold);`),
  ],
  urlGreenlist: [
    `const urlGreenlist = ['https://intranet.acme.com'];\nconsole.log(urlGreenlist);`,
    policyUpdate(`{ urlGreenlist: [] }`),
  ],
  datasources: [
    // The platform search API takes `datasources` (PlatformSearchRequest).
    `${SDK_IMPORT}await glean.search.query({ query: 'roadmap', datasources: ['gdrive'] });`,
    // Objects unrelated to Glean, and the replacement key.
    `const settings = { enabled: true, datasources: ['gdrive'] };\nconsole.log(settings.datasources);`,
    policyUpdate(`{ inputOptions: { datasourceInstances: ['gdrive'] }, datasources: ['x'] }`),
  ],
  externalSharingOptions: [
    `await fetch('https://drive.example.com/v3/policies', { method: 'POST', body: JSON.stringify({ config: { externalSharingOptions: { enabled: true } } }) });`,
    policyRead(`console.log(data.report.config.broadSharingOptions?.threshold, data.report.externalSharingOptions);`),
  ],
  enabled: [
    `const settings = { enabled: true, datasources: ['gdrive'] };\nif (settings.enabled) start();`,
    // Other options of a DLP config and `enabled` at the wrong depth.
    policyUpdate(`{ enabled: true, broadSharingOptions: { thresholdEnabled: true }, allowlistOptions: { enabled: true } }`),
    `await axios.post('${HOST}/rest/api/v1/getanswer', { id: 42, enabled: true });`,
  ],
  anyoneWithLinkEnabled: [
    policyUpdate(`{ broadSharingOptions: { anyoneInternalEnabled: true, userAccessEnabled: false } }`),
    `await fetch('https://drive.example.com/v3/policies', { method: 'POST', body: JSON.stringify({ config: { broadSharingOptions: { anyoneWithLinkEnabled: true } } }) });`,
  ],
};

const cases: Valid[] = Object.entries(LOOKALIKES).flatMap(([name, list]) =>
  list.map((entry, index) => ({ name: `${name} look-alike #${index + 1}`, ...(typeof entry === 'string' ? { code: entry } : entry) })),
);

describe('look-alikes of every register field are not reported', () => {
  tsRuleTester().run('no-removed: look-alikes', noRemoved, { valid: cases, invalid: [] });
  tsRuleTester().run('no-deprecated: look-alikes', noDeprecated, { valid: cases, invalid: [] });

  it('every register field name has look-alikes', () => {
    const names = new Set(register.items.filter((i): i is FieldItem => i.kind === 'field').map((i) => i.field));
    expect([...names].filter((name) => !LOOKALIKES[name]?.length)).toEqual([]);
    expect(Object.keys(LOOKALIKES).filter((name) => !names.has(name))).toEqual([]);
  });
});
