/**
 * What every report of a register item says on NOW (2026-11-23), written out: the subject (for fields,
 * with the first owner type), the removal date, the days left and the replacement. Tests compare the
 * rules' message data with these literal strings, so a change of wording in src/model/messages.ts
 * fails them instead of being recomputed.
 */

export type ExpectedMessage = {
  subject: string;
  removal: string;
  when: string;
  replacement: string;
};

export const EXPECTED_MESSAGES: Readonly<Record<string, ExpectedMessage>> = {
  'insights.searchSessionSatisfaction': {
    subject: 'Field `searchSessionSatisfaction` of an insights overview (`InsightsOverviewResponse`)',
    removal: '2027-01-15',
    when: 'in 53 days',
    replacement: 'no replacement; no longer supported; contact support for alternatives',
  },
  'getanswer.trackingToken': {
    subject: 'Field `trackingToken` of an answer result (`AnswerResult`)',
    removal: '2027-01-15',
    when: 'in 53 days',
    replacement: 'read `answer.trackingToken` instead',
  },
  'getcollection.trackingToken': {
    subject: 'Field `trackingToken` of a collection response (`GetCollectionResponse`)',
    removal: '2027-01-15',
    when: 'in 53 days',
    replacement: 'read `collection.trackingToken` instead',
  },
  'chat.citations': {
    subject: 'Field `citations` of a chat message (`ChatMessage`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `ChatMessageFragment.citation` and `ChatMessageCitation.referenceRanges` instead; inline citations; Glean keeps the field populated for backward compatibility up to its removal date',
  },
  'indexemployee.location': {
    subject: 'Field `location` of an indexed employee (`EmployeeInfoDefinition`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement',
  },
  'createannouncement.isNegated': {
    subject: 'Field `isNegated` of a facet filter value (`FacetFilterValue`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `relationType` instead (true → "NOT_EQUALS", false → "EQUALS")',
  },
  'createannouncement.documents': {
    subject: 'Field `documents` of a related-documents entry (`RelatedDocuments`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement',
  },
  'createannouncement.boardId': {
    subject: 'Field `boardId` of an answer (`Answer`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement; Answer Boards are no longer supported',
  },
  'createannouncement.snippet': {
    subject: 'Field `snippet` of a search result snippet (`SearchResultSnippet`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `text` instead',
  },
  'createannouncement.inviteTime': {
    subject: 'Field `inviteTime` of a person’s invite info (`InviteInfo`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `ChannelInviteInfo` instead',
  },
  'createannouncement.reminderTime': {
    subject: 'Field `reminderTime` of a person’s invite info (`InviteInfo`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `ChannelInviteInfo` instead',
  },
  'createannouncement.reactions': {
    subject: 'Field `reactions` of a document’s interactions (`DocumentInteractions`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `reacts` instead',
  },
  'createannouncement.role': {
    subject: 'Field `role` of a document’s viewer info (`ViewerInfo`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `permissions` instead',
  },
  'policy.sensitiveInfoTypes@sensitiveContentOptions': {
    subject: 'Field `sensitiveInfoTypes` of a data policy config (`DlpConfig`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `sensitiveContentOptions` instead',
  },
  'policy.sensitiveInfoTypes@customSensitiveExpressions': {
    subject: 'Field `sensitiveInfoTypes` of sensitive content options (`SensitiveContentOptions`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `customSensitiveExpressions` instead',
  },
  'policy.sensitiveTerms': {
    subject: 'Field `sensitiveTerms` of sensitive content options (`SensitiveContentOptions`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `customSensitiveExpressions` instead',
  },
  'policy.sensitiveRegexes': {
    subject: 'Field `sensitiveRegexes` of sensitive content options (`SensitiveContentOptions`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `customSensitiveExpressions` instead',
  },
  'policy.likelihoodThreshold': {
    subject: 'Field `likelihoodThreshold` of a sensitive info type (`SensitiveInfoType`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement',
  },
  'policy.urlGreenlist': {
    subject: 'Field `urlGreenlist` of a data policy’s input options (`InputOptions`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement',
  },
  'policy.datasources': {
    subject: 'Field `datasources` of a data policy’s input options (`InputOptions`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `datasourceInstances` instead',
  },
  'policy.externalSharingOptions': {
    subject: 'Field `externalSharingOptions` of a data policy config (`DlpConfig`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'use `broadSharingOptions` instead',
  },
  'policy.enabled': {
    subject: 'Field `enabled` of external sharing options (`ExternalSharingOptions`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement',
  },
  'policy.anyoneWithLinkEnabled': {
    subject: 'Field `anyoneWithLinkEnabled` of external sharing options (`ExternalSharingOptions`)',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement',
  },
  'agents.get': {
    subject: 'GET /rest/api/v1/agents/{agent_id}',
    removal: '2027-04-15',
    when: 'in 143 days',
    replacement: 'use GET /api/agents/{agent_id} instead; the response wraps the agent in `agent`',
  },
  'agents.schemas': {
    subject: 'GET /rest/api/v1/agents/{agent_id}/schemas',
    removal: '2027-04-15',
    when: 'in 143 days',
    replacement: 'use GET /api/agents/{agent_id}/schemas instead; the response holds the schemas as plain objects and adds request_id',
  },
  'agents.runs.stream': {
    subject: 'POST /rest/api/v1/agents/runs/stream',
    removal: '2027-04-15',
    when: 'in 143 days',
    replacement: 'use POST /api/agents/{agent_id}/runs instead; agent_id moves into the path and stream: true into the body',
  },
  'agents.runs.wait': {
    subject: 'POST /rest/api/v1/agents/runs/wait',
    removal: '2027-04-15',
    when: 'in 143 days',
    replacement: 'use POST /api/agents/{agent_id}/runs instead; agent_id moves into the path and the response adds request_id',
  },
  'agents.search': {
    subject: 'POST /rest/api/v1/agents/search',
    removal: '2027-04-15',
    when: 'in 143 days',
    replacement: 'use POST /api/agents/search instead; the response lists platform agents and adds request_id',
  },
  'index.bulkindexemployees': {
    subject: 'POST /api/index/v1/bulkindexemployees',
    removal: '2027-01-15',
    when: 'in 53 days',
    replacement: 'no replacement',
  },
  'index.getdocumentcount': {
    subject: 'POST /api/index/v1/getdocumentcount',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement',
  },
  'index.getdocumentstatus': {
    subject: 'POST /api/index/v1/getdocumentstatus',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement',
  },
  'index.getusercount': {
    subject: 'POST /api/index/v1/getusercount',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement',
  },
  listanswers: {
    subject: 'POST /rest/api/v1/listanswers',
    removal: '2026-10-15',
    when: '39 days ago',
    replacement: 'no replacement; answer boards are removed and the endpoint no longer serves a purpose',
  },
};
