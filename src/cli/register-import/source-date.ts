import { isIsoDate } from '../../register/validate.js';

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The calendar date of a source: `YYYY-MM-DD`, or an ISO 8601 timestamp (the feed's `generatedAt`,
 * a commit date from GitHub's API) taken as its UTC date. Undefined for anything else.
 */
export function calendarDate(value: unknown): string | undefined {
  if (isIsoDate(value)) return value;
  if (typeof value !== 'string' || !TIMESTAMP.test(value)) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) || !isIsoDate(TIMESTAMP.exec(value)![1]) ? undefined : time.toISOString().slice(0, 10);
}
