import type { HttpMethod, Operation } from '../../register/types.js';
import { HTTP_METHODS } from '../../register/types.js';
import { isIsoDate } from '../../register/validate.js';
import type { KeyPath, SourceDocument } from './source-document.js';

/**
 * One deprecation notice as Glean publishes it (`x-glean-deprecated` in the OpenAPI specs, an entry of
 * the developer site's feed), located on an operation, before it becomes a register item.
 */
export interface Notice {
  /** Glean's id of the notice (a UUID). */
  id: string;
  /**
   * Ids of other notices that mark the same deprecation: a schema-level notice on the schema this
   * property holds, when the property has its own. The item keeps them, so a source that lists only
   * the schema's notice (the developer site's feed does) is known to state the same item.
   */
  sameAs?: string[];
  kind: 'endpoint' | 'field' | 'enum-value';
  operation: Operation;
  /** The property, for fields and enum values. */
  field?: string;
  /** The deprecated value, for enum values. */
  value?: string;
  /** The schema types that own the property (only a spec names them). */
  owners?: string[];
  message: string;
  introduced: string;
  removal: string;
}

/** A notice the register cannot hold (yet), with the reason: printed, never silently dropped. */
export interface SkippedNotice {
  id: string;
  where: string;
  reason: string;
}

export interface NoticeSource {
  format: 'spec' | 'feed';
  /** The date the file states for itself, if any, and the key it is read from. */
  ownDate?: { date: string; key: string };
  notices: Notice[];
  skipped: SkippedNotice[];
}

/** The fields every notice has: `{ id, introduced, removal, message, docs? }`. */
export function readNoticeBase(
  document: SourceDocument,
  value: unknown,
  at: KeyPath,
): Pick<Notice, 'id' | 'message' | 'introduced' | 'removal'> {
  if (!isRecord(value)) throw document.error(at, `expected an object { id, introduced, removal, message }, got ${describe(value)}`);
  const text = (key: string): string => {
    const found = value[key];
    if (typeof found !== 'string' || found.trim() === '') throw document.error([...at, key], `expected a non-empty string, got ${describe(found)}`);
    return found.trim();
  };
  const date = (key: string): string => {
    const found = value[key];
    if (!isIsoDate(found)) throw document.error([...at, key], `expected a date "YYYY-MM-DD", got ${describe(found)}`);
    return found;
  };
  const notice = { id: text('id'), message: text('message'), introduced: date('introduced'), removal: date('removal') };
  if (notice.introduced > notice.removal) {
    throw document.error([...at, 'removal'], `the removal (${notice.removal}) is before the introduction (${notice.introduced})`);
  }
  return notice;
}

export function httpMethod(document: SourceDocument, value: unknown, at: KeyPath): HttpMethod {
  const method = typeof value === 'string' ? value.toUpperCase() : undefined;
  const known = HTTP_METHODS.find((candidate) => candidate === method);
  if (!known) throw document.error(at, `expected an HTTP method (${HTTP_METHODS.join(', ')}), got ${describe(value)}`);
  return known;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
