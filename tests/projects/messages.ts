import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECTS } from './lint-project.js';

/**
 * The messages the project tests expect, written out once, literally, as a user reads them on
 * 2026-11-23 (tests/helpers.ts NOW). Nothing here is computed by the plugin.
 */

const AGENT_GET_TAIL = 'is deprecated and will be removed on 2027-04-15 (in 143 days); use GET /api/agents/{agent_id} instead; the response wraps the agent in `agent`.';
const SCHEMAS_TAIL =
  'is deprecated and will be removed on 2027-04-15 (in 143 days); use GET /api/agents/{agent_id}/schemas instead; the response holds the schemas as plain objects and adds request_id.';
const AGENT_SEARCH_TAIL = 'is deprecated and will be removed on 2027-04-15 (in 143 days); use POST /api/agents/search instead; the response lists platform agents and adds request_id.';
const RUN_WAIT_TAIL =
  'is deprecated and will be removed on 2027-04-15 (in 143 days); use POST /api/agents/{agent_id}/runs instead; agent_id moves into the path and the response adds request_id.';
const RUN_STREAM_TAIL =
  'is deprecated and will be removed on 2027-04-15 (in 143 days); use POST /api/agents/{agent_id}/runs instead; agent_id moves into the path and stream: true into the body.';
const LIST_ANSWERS_TAIL = 'was removed on 2026-10-15 (39 days ago); no replacement; answer boards are removed and the endpoint no longer serves a purpose.';
const REMOVED_NO_REPLACEMENT = 'was removed on 2026-10-15 (39 days ago); no replacement.';

export const M = {
  // Endpoints met as URLs.
  agentGet: `GET /rest/api/v1/agents/{agent_id} ${AGENT_GET_TAIL}`,
  agentSchemas: `GET /rest/api/v1/agents/{agent_id}/schemas ${SCHEMAS_TAIL}`,
  agentSearch: `POST /rest/api/v1/agents/search ${AGENT_SEARCH_TAIL}`,
  runWait: `POST /rest/api/v1/agents/runs/wait ${RUN_WAIT_TAIL}`,
  runStream: `POST /rest/api/v1/agents/runs/stream ${RUN_STREAM_TAIL}`,
  listAnswers: `POST /rest/api/v1/listanswers ${LIST_ANSWERS_TAIL}`,
  documentCount: `POST /api/index/v1/getdocumentcount ${REMOVED_NO_REPLACEMENT}`,
  documentStatus: `POST /api/index/v1/getdocumentstatus ${REMOVED_NO_REPLACEMENT}`,
  userCount: `POST /api/index/v1/getusercount ${REMOVED_NO_REPLACEMENT}`,
  bulkIndexEmployees: 'POST /api/index/v1/bulkindexemployees is deprecated and will be removed on 2027-01-15 (in 53 days); no replacement.',

  // Endpoints met as SDK calls.
  sdkAgentGet: `GET /rest/api/v1/agents/{agent_id} (called by \`client.agents.retrieve()\`) ${AGENT_GET_TAIL}`,
  sdkAgentSchemas: `GET /rest/api/v1/agents/{agent_id}/schemas (called by \`client.agents.retrieveSchemas()\`) ${SCHEMAS_TAIL}`,
  sdkAgentSearch: `POST /rest/api/v1/agents/search (called by \`client.agents.list()\`) ${AGENT_SEARCH_TAIL}`,
  sdkRunWait: `POST /rest/api/v1/agents/runs/wait (called by \`client.agents.run()\`) ${RUN_WAIT_TAIL}`,
  sdkListAnswers: `POST /rest/api/v1/listanswers (called by \`client.answers.list()\`) ${LIST_ANSWERS_TAIL}`,
  sdkDocumentCount: `POST /api/index/v1/getdocumentcount (called by \`indexing.documents.count()\`) ${REMOVED_NO_REPLACEMENT}`,
  sdkDocumentStatus: `POST /api/index/v1/getdocumentstatus (called by \`indexing.documents.status()\`) ${REMOVED_NO_REPLACEMENT}`,
  sdkUserCount: `POST /api/index/v1/getusercount (called by \`indexing.people.count()\`) ${REMOVED_NO_REPLACEMENT}`,

  // Fields.
  snippet: 'Field `snippet` of a search result snippet (`SearchResultSnippet`) was removed on 2026-10-15 (39 days ago); use `text` instead.',
  citations:
    'Field `citations` of a chat message (`ChatMessage`) was removed on 2026-10-15 (39 days ago); use `ChatMessageFragment.citation` and `ChatMessageCitation.referenceRanges` instead; inline citations; Glean keeps the field populated for backward compatibility up to its removal date.',
  isNegated:
    'Field `isNegated` of a facet filter value (`FacetFilterValue`) was removed on 2026-10-15 (39 days ago); use `relationType` instead (true → "NOT_EQUALS", false → "EQUALS").',
  location: 'Field `location` of an indexed employee (`EmployeeInfoDefinition`) was removed on 2026-10-15 (39 days ago); no replacement.',
  externalSharingOptions:
    'Field `externalSharingOptions` of a data policy config (`DlpConfig`) was removed on 2026-10-15 (39 days ago); use `broadSharingOptions` instead.',
  enabled: 'Field `enabled` of external sharing options (`ExternalSharingOptions`) was removed on 2026-10-15 (39 days ago); no replacement.',
  datasources: 'Field `datasources` of a data policy’s input options (`InputOptions`) was removed on 2026-10-15 (39 days ago); use `datasourceInstances` instead.',
  sensitiveTerms:
    'Field `sensitiveTerms` of sensitive content options (`SensitiveContentOptions`) was removed on 2026-10-15 (39 days ago); use `customSensitiveExpressions` instead.',
  trackingToken:
    'Field `trackingToken` of an answer result (`AnswerResult`) is deprecated and will be removed on 2027-01-15 (in 53 days); read `answer.trackingToken` instead.',
  collectionTrackingToken:
    'Field `trackingToken` of a collection response (`GetCollectionResponse`) is deprecated and will be removed on 2027-01-15 (in 53 days); read `collection.trackingToken` instead.',
  boardId: 'Field `boardId` of an answer (`Answer`) was removed on 2026-10-15 (39 days ago); no replacement; Answer Boards are no longer supported.',
} as const;

/** A file of a fixture project as it is on disk. */
export function source(project: string, file: string): string {
  return readFileSync(join(PROJECTS, project, file), 'utf8');
}

/** `text` with `from` replaced, failing loudly when `from` is not there exactly once (an expected output must not silently equal its input). */
export function edit(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + 1) !== -1) throw new Error(`expected exactly one ${JSON.stringify(from)}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
