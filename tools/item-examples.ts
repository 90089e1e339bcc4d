import type { SiteKind } from '../src/fixes/policy.js';

/**
 * One documented example per register item, shown in the rule docs beside the fix policy's decision
 * for it. `code` is one statement in a module where `glean` is an instance of `Glean` from
 * `@gleanwork/api-client` (`EXAMPLE_PRELUDE`); `after` is the statement once the offer is applied
 * (the autofix, or the first suggestion; with `migrate` for a migrate-only rewrite), absent when
 * nothing is offered. A test lints every example and checks that it gets exactly this.
 */
export interface ItemExample {
  site: SiteKind;
  code: string;
  after?: string;
}

export const EXAMPLE_PRELUDE = "import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({ apiToken: 'token', instance: 'acme' });\n";

const HOST = 'https://acme-be.glean.com';

export const itemExamples: Record<string, ItemExample> = {
  // Endpoints
  'agents.get': {
    site: 'url',
    code: `await fetch('${HOST}/rest/api/v1/agents/a1');`,
    after: `await fetch('${HOST}/api/agents/a1');`,
  },
  'agents.schemas': {
    site: 'sdk',
    code: "await glean.client.agents.retrieveSchemas('a1');",
    after: "await glean.agents.getSchemas('a1');",
  },
  'agents.runs.stream': {
    site: 'url',
    code: `await fetch('${HOST}/rest/api/v1/agents/runs/stream', { method: 'POST', body: JSON.stringify({ agent_id: 'a1', input: {} }) });`,
    after: `await fetch('${HOST}/api/agents/a1/runs', { method: 'POST', body: JSON.stringify({ input: {}, stream: true }) });`,
  },
  'agents.runs.wait': {
    site: 'url',
    code: `await fetch('${HOST}/rest/api/v1/agents/runs/wait', { method: 'POST', body: JSON.stringify({ agent_id: 'a1', input: {} }) });`,
    after: `await fetch('${HOST}/api/agents/a1/runs', { method: 'POST', body: JSON.stringify({ input: {} }) });`,
  },
  'agents.search': {
    site: 'sdk',
    code: "await glean.client.agents.list({ name: 'triage' });",
    after: "await glean.agents.search({ name: 'triage' });",
  },
  'index.bulkindexemployees': { site: 'sdk', code: "await glean.indexing.people.bulkIndex({ uploadId: 'u1', employees: [] });" },
  'index.getdocumentcount': { site: 'sdk', code: "await glean.indexing.documents.count({ datasource: 'wiki' });" },
  'index.getdocumentstatus': {
    site: 'url',
    code: `await fetch('${HOST}/api/index/v1/getdocumentstatus', { method: 'POST', body: JSON.stringify({ datasource: 'wiki', objectType: 'Page', docId: 'd1' }) });`,
  },
  'index.getusercount': { site: 'sdk', code: "await glean.indexing.people.count({ datasource: 'wiki' });" },
  listanswers: { site: 'sdk', code: 'await glean.client.answers.list({});' },

  // Fields
  'insights.searchSessionSatisfaction': {
    site: 'read',
    code: 'console.log((await glean.client.insights.retrieve({})).overviewResponse?.searchSessionSatisfaction);',
  },
  'getanswer.trackingToken': {
    site: 'read',
    code: 'console.log((await glean.client.answers.retrieve({ id: 42 })).answerResult.trackingToken);',
    after: 'console.log((await glean.client.answers.retrieve({ id: 42 })).answerResult.answer.trackingToken);',
  },
  'getcollection.trackingToken': {
    site: 'read',
    code: 'console.log((await glean.client.collections.retrieve({ id: 7 })).trackingToken);',
    after: 'console.log((await glean.client.collections.retrieve({ id: 7 })).collection?.trackingToken);',
  },
  'chat.citations': {
    site: 'read',
    code: "console.log((await glean.client.chat.create({ messages: [] })).messages?.[0]?.citations);",
    after: "console.log((await glean.client.chat.create({ messages: [] })).messages?.[0]?.fragments?.flatMap((item) => (item.citation ? [item.citation] : [])));",
  },
  'indexemployee.location': {
    site: 'write',
    code: "await glean.indexing.people.index({ employee: { email: 'ada@acme.com', department: 'R&D', location: 'Paris' } });",
  },
  'createannouncement.isNegated': {
    site: 'write',
    code: "await glean.client.search.query({ query: 'q', requestOptions: { facetBucketSize: 10, facetFilters: [{ fieldName: 'type', values: [{ value: 'pdf', isNegated: true }] }] } });",
    after: "await glean.client.search.query({ query: 'q', requestOptions: { facetBucketSize: 10, facetFilters: [{ fieldName: 'type', values: [{ value: 'pdf', relationType: 'NOT_EQUALS' }] }] } });",
  },
  'createannouncement.documents': {
    site: 'read',
    code: "console.log((await glean.client.search.query({ query: 'q' })).results?.[0]?.document?.metadata?.author?.relatedDocuments?.[0]?.documents);",
  },
  'createannouncement.boardId': {
    site: 'write',
    code: "await glean.client.announcements.create({ title: 'Launch', startTime, endTime, body: { text: 'See below', structuredList: [{ structuredResult: { answer: { id: 7, boardId: 3 } } }] } });",
    after: "await glean.client.announcements.create({ title: 'Launch', startTime, endTime, body: { text: 'See below', structuredList: [{ structuredResult: { answer: { id: 7 } } }] } });",
  },
  'createannouncement.snippet': {
    site: 'read',
    code: "console.log((await glean.client.search.query({ query: 'q' })).results?.[0]?.snippets[0]?.snippet);",
    after: "console.log((await glean.client.search.query({ query: 'q' })).results?.[0]?.snippets[0]?.text);",
  },
  'createannouncement.inviteTime': {
    site: 'read',
    code: "console.log((await glean.client.entities.list({})).results?.[0]?.metadata?.inviteInfo?.inviteTime);",
    after: "console.log((await glean.client.entities.list({})).results?.[0]?.metadata?.inviteInfo?.invites?.flatMap((item) => (item.inviteTime ? [item.inviteTime] : [])));",
  },
  'createannouncement.reminderTime': {
    site: 'read',
    code: "console.log((await glean.client.entities.list({})).results?.[0]?.metadata?.inviteInfo?.reminderTime);",
    after: "console.log((await glean.client.entities.list({})).results?.[0]?.metadata?.inviteInfo?.invites?.flatMap((item) => (item.reminderTime ? [item.reminderTime] : [])));",
  },
  'createannouncement.reactions': {
    site: 'read',
    code: "console.log((await glean.client.search.query({ query: 'q' })).results?.[0]?.document?.metadata?.interactions?.reactions);",
    after: "console.log((await glean.client.search.query({ query: 'q' })).results?.[0]?.document?.metadata?.interactions?.reacts);",
  },
  'createannouncement.role': {
    site: 'read',
    code: "console.log((await glean.client.search.query({ query: 'q' })).results?.[0]?.document?.metadata?.viewerInfo?.role);",
    after: "console.log((await glean.client.search.query({ query: 'q' })).results?.[0]?.document?.metadata?.permissions);",
  },
  'policy.sensitiveInfoTypes@sensitiveContentOptions': {
    site: 'write',
    code: "await glean.client.governance.data.policies.update({ config: { sensitiveInfoTypes: [] } }, 'pol_1');",
    after: "await glean.client.governance.data.policies.update({ config: { sensitiveContentOptions: [] } }, 'pol_1');",
  },
  'policy.sensitiveInfoTypes@customSensitiveExpressions': {
    site: 'read',
    code: "console.log((await glean.client.governance.data.policies.retrieve('pol_1')).report?.config?.sensitiveContentOptions?.sensitiveInfoTypes);",
    after: "console.log((await glean.client.governance.data.policies.retrieve('pol_1')).report?.config?.sensitiveContentOptions?.customSensitiveExpressions);",
  },
  'policy.sensitiveTerms': {
    site: 'write',
    code: "await glean.client.governance.data.policies.update({ config: { sensitiveContentOptions: { sensitiveTerms: [{ expression: 'falcon' }] } } }, 'pol_1');",
    after: "await glean.client.governance.data.policies.update({ config: { sensitiveContentOptions: { customSensitiveExpressions: [{ expression: 'falcon' }] } } }, 'pol_1');",
  },
  'policy.sensitiveRegexes': {
    site: 'read',
    code: "console.log((await glean.client.governance.data.policies.retrieve('pol_1')).report?.config?.sensitiveContentOptions?.sensitiveRegexes);",
    after: "console.log((await glean.client.governance.data.policies.retrieve('pol_1')).report?.config?.sensitiveContentOptions?.customSensitiveExpressions);",
  },
  'policy.likelihoodThreshold': {
    site: 'read',
    code: "console.log((await glean.client.governance.data.policies.retrieve('pol_1')).report?.config?.sensitiveInfoTypes?.[0]?.likelihoodThreshold);",
  },
  'policy.urlGreenlist': {
    site: 'write',
    code: "await glean.client.governance.data.policies.update({ config: { inputOptions: { urlGreenlist: ['https://intranet.acme.com'] } } }, 'pol_1');",
  },
  'policy.datasources': {
    site: 'write',
    code: "await glean.client.governance.data.policies.update({ config: { inputOptions: { datasources: ['gdrive'] } } }, 'pol_1');",
    after: "await glean.client.governance.data.policies.update({ config: { inputOptions: { datasourceInstances: ['gdrive'] } } }, 'pol_1');",
  },
  'policy.externalSharingOptions': {
    site: 'write',
    code: "await glean.client.governance.data.policies.update({ config: { externalSharingOptions: { threshold: 5 } } }, 'pol_1');",
    after: "await glean.client.governance.data.policies.update({ config: { broadSharingOptions: { threshold: 5 } } }, 'pol_1');",
  },
  'policy.enabled': {
    site: 'write',
    code: "await glean.client.governance.data.policies.update({ config: { broadSharingOptions: { enabled: true } } }, 'pol_1');",
  },
  'policy.anyoneWithLinkEnabled': {
    site: 'read',
    code: "console.log((await glean.client.governance.data.policies.retrieve('pol_1')).report?.config?.broadSharingOptions?.anyoneWithLinkEnabled);",
  },
};
