import { builtinRegister } from '../../register/items.js';
import { readFeed } from './feed.js';
import { isRecord, type Notice, type NoticeSource, type SkippedNotice } from './notice.js';
import { ImportError, SourceDocument } from './source-document.js';
import { readSpec } from './spec.js';

/**
 * The files `register import` reads, each with its date: the date it gives itself (the feed's
 * `generatedAt`, a spec's `info.version` when that is a date) or one the user gives (`--date`). A
 * source older than the built-in register, or without a date, cannot overrule it (see compare.ts).
 */

/** A file to read, as named on the command line, and the date the user gives it. */
export interface SourceInput {
  file: string;
  /** Given for this file: wins over the file's own date. */
  date?: string;
  /** Given for every file without a date of its own. */
  fallbackDate?: string;
}

export interface SourceDate {
  date: string;
  /** Where it comes from: the file's key (`generatedAt`, `info.version`) or `--date`. */
  from: string;
}

export interface ImportedSource {
  file: string;
  format: NoticeSource['format'];
  date: SourceDate | undefined;
  notices: Notice[];
  skipped: SkippedNotice[];
}

export function readSource(input: SourceInput): ImportedSource {
  const document = SourceDocument.read(input.file);
  const data = document.data;
  let source: NoticeSource;
  if (isRecord(data) && 'openapi' in data) source = readSpec(document);
  else if (isRecord(data) && 'endpoints' in data) source = readFeed(document);
  else {
    throw new ImportError(input.file, document.lineOf([]), undefined, 'is neither an OpenAPI spec (no "openapi" key) nor a deprecations feed (no "endpoints" key)');
  }
  const given = input.date ?? (source.ownDate ? undefined : input.fallbackDate);
  const date = given ? { date: given, from: '--date' } : source.ownDate ? { date: source.ownDate.date, from: source.ownDate.key } : undefined;
  return { file: input.file, format: source.format, date, notices: source.notices, skipped: source.skipped };
}

/** True when a source cannot overrule the built-in register: it is older, or its date is unknown. */
export function isOlderThanBuiltin(source: ImportedSource): boolean {
  return !source.date || source.date.date < builtinRegister.asOf;
}

/** `generated 2026-08-20`, `version 2026-04-01`, `dated 2026-11-20 (--date)`, `undated (…)`. */
export function describeDate(source: ImportedSource): string {
  if (!source.date) return 'undated (--date gives it one)';
  if (source.date.from === 'generatedAt') return `generated ${source.date.date}`;
  if (source.date.from === 'info.version') return `version ${source.date.date}`;
  return `dated ${source.date.date} (${source.date.from})`;
}

/** `deprecations.json (2026-08-20)`, `client_rest.yaml (undated)`: a source named in a list. */
export function sourceLabel(source: ImportedSource): string {
  return `${source.file} (${source.date?.date ?? 'undated'})`;
}
