import { describe, httpMethod, isRecord, readNoticeBase, type Notice, type NoticeSource, type SkippedNotice } from './notice.js';
import { calendarDate } from './source-date.js';
import type { SourceDocument } from './source-document.js';

/**
 * Notices of the developer site's feed (`gleanwork/glean-developer-site`, `src/data/deprecations.json`):
 * `{ endpoints: [{ method, path, deprecations: [{ id, type, name, message, introduced, removal, docs?,
 * enumValue? }] }], generatedAt }`, with full paths; `generatedAt` (a timestamp) is its date. The feed
 * names no owner types: its fields are matched at the top level of their operation unless the
 * built-in register knows the item.
 */
export function readFeed(document: SourceDocument): NoticeSource {
  const data = document.data as Record<string, unknown>;
  if (!Array.isArray(data.endpoints)) throw document.error(['endpoints'], `expected an array of endpoints, got ${describe(data.endpoints)}`);
  const notices: Notice[] = [];
  const skipped: SkippedNotice[] = [];
  data.endpoints.forEach((endpoint: unknown, index: number) => {
    const at = ['endpoints', index];
    if (!isRecord(endpoint)) throw document.error(at, `expected { method, path, deprecations }, got ${describe(endpoint)}`);
    const method = httpMethod(document, endpoint.method, [...at, 'method']);
    if (typeof endpoint.path !== 'string' || !endpoint.path.startsWith('/')) {
      throw document.error([...at, 'path'], `expected a path such as "/rest/api/v1/chat", got ${describe(endpoint.path)}`);
    }
    const operation = { method, path: endpoint.path };
    if (!Array.isArray(endpoint.deprecations)) {
      throw document.error([...at, 'deprecations'], `expected an array of deprecations, got ${describe(endpoint.deprecations)}`);
    }
    endpoint.deprecations.forEach((entry: unknown, entryIndex: number) => {
      const entryAt = [...at, 'deprecations', entryIndex];
      const base = readNoticeBase(document, entry, entryAt);
      const { type, name, enumValue } = entry as Record<string, unknown>;
      if (type === 'endpoint') {
        notices.push({ ...base, kind: 'endpoint', operation });
        return;
      }
      if (type === 'parameter') {
        skipped.push({ id: base.id, where: `${method} ${endpoint.path}`, reason: 'a parameter notice: the register has no parameter items' });
        return;
      }
      if (type !== 'field' && type !== 'enum-value') {
        throw document.error([...entryAt, 'type'], `expected "endpoint", "field", "parameter" or "enum-value", got ${describe(type)}`);
      }
      if (typeof name !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(name)) {
        throw document.error([...entryAt, 'name'], `expected the property name, got ${describe(name)}`);
      }
      if (type === 'field') {
        notices.push({ ...base, kind: 'field', operation, field: name });
        return;
      }
      if (typeof enumValue !== 'string' || enumValue === '') {
        throw document.error([...entryAt, 'enumValue'], `expected the deprecated value, got ${describe(enumValue)}`);
      }
      notices.push({ ...base, kind: 'enum-value', operation, field: name, value: enumValue });
    });
  });
  if (data.generatedAt === undefined) return { format: 'feed', notices, skipped };
  const date = calendarDate(data.generatedAt);
  if (!date) throw document.error(['generatedAt'], `expected a timestamp such as "2026-08-20T18:46:54.066Z", got ${describe(data.generatedAt)}`);
  return { format: 'feed', ownDate: { date, key: 'generatedAt' }, notices, skipped };
}
