import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `settings.glean.agentForms` as a file: saved responses of `GET /api/agents/{agent_id}/schemas`
 * (one response, an array of them, or an object of them by agent id). An agent's form fields are the
 * properties of its `input_schema` (JSON Schema). Problems come back as messages, never exceptions.
 */
export function readAgentFormsFile(path: string, cwd: string): { forms: Record<string, string[]> } | { problem: string } {
  const at = `settings.glean.agentForms: ${JSON.stringify(path)}`;
  let absolute: string;
  try {
    // A `file:` URL lets a config name the file next to itself: `new URL('forms.json', import.meta.url).href`.
    absolute = path.startsWith('file:') ? fileURLToPath(path) : resolve(cwd, path);
  } catch (error) {
    return { problem: `${at} is not a valid file URL (${(error as Error).message})` };
  }
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    const relative = !path.startsWith('file:') && !isAbsolute(path);
    return { problem: `${at} cannot be read (${reason}): ${absolute}${relative ? `, resolved from the working directory ${cwd}` : ''}` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problem: `${at} is not valid JSON (${(error as Error).message})` };
  }
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
