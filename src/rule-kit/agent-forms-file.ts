import { readJsonSettingFile } from './setting-file.js';

/**
 * `settings.glean.agentForms` as a file: saved responses of `GET /api/agents/{agent_id}/schemas`
 * (one response, an array of them, or an object of them by agent id). An agent's form fields are the
 * properties of its `input_schema` (JSON Schema). Problems come back as messages, never exceptions.
 */
export function readAgentFormsFile(path: string, cwd: string): { forms: Record<string, string[]> } | { problem: string } {
  const at = `settings.glean.agentForms: ${JSON.stringify(path)}`;
  const read = readJsonSettingFile('settings.glean.agentForms', path, cwd);
  if ('problem' in read) return read;
  const data = read.data;
  const responses = Array.isArray(data) ? data : isRecord(data) && 'agent_id' in data ? [data] : isRecord(data) ? Object.values(data) : [];
  const forms: Record<string, string[]> = {};
  for (const [index, response] of responses.entries()) {
    const agent = isRecord(response) ? response.agent_id : undefined;
    const schema = isRecord(response) ? response.input_schema : undefined;
    const properties = isRecord(schema) ? (schema.properties ?? {}) : undefined;
    if (typeof agent !== 'string' || !isRecord(properties)) {
      return { problem: `${at}: entry ${index} is not an agent schemas response (expected agent_id and input_schema.properties)` };
    }
    forms[agent] = Object.keys(properties);
  }
  if (responses.length === 0) return { problem: `${at} holds no agent schemas responses` };
  return { forms };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
