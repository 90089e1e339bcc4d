import type { Operation } from './types.js';

/**
 * The agent-run request contract of register §4.1: the body is a JSON object with an object named
 * `input`, and for an agent with an input form trigger, `input` holds every form field, optional ones
 * too. The same body goes to the stream endpoint and to the replacement run endpoint.
 */
export const agentRunOperations: readonly Operation[] = [
  { method: 'POST', path: '/rest/api/v1/agents/runs/wait' },
  { method: 'POST', path: '/rest/api/v1/agents/runs/stream' },
  { method: 'POST', path: '/api/agents/{agent_id}/runs' },
];

/** Where a run names its agent: the body of the deprecated endpoints, the path of the replacement. */
export const AGENT_ID_BODY_KEY = 'agent_id';
export const AGENT_ID_PATH_PARAM = 'agent_id';
export const INPUT_KEY = 'input';
