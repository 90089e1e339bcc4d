import { basename } from 'node:path';
import type { RegisterItem } from '../../register/types.js';
import { checkItems } from '../../register/validate.js';
import { compareWithBuiltin, type Comparison } from './compare.js';
import { readFeed } from './feed.js';
import { isRecord, type NoticeSource, type SkippedNotice } from './notice.js';
import { ImportError, SourceDocument } from './source-document.js';
import { readSpec } from './spec.js';
import { itemsFromNotices } from './to-items.js';

/**
 * `register import`: reads one of Glean's published forms of its deprecations (an OpenAPI source spec,
 * or the developer site's feed), turns them into register items and compares them with the built-in
 * register. Throws `ImportError` (file, line, key) on input it cannot read.
 */

export { ImportError } from './source-document.js';

export interface ImportResult {
  format: NoticeSource['format'];
  items: RegisterItem[];
  skipped: SkippedNotice[];
  comparison: Comparison;
}

/** The register file `settings.glean.register` reads. */
export interface RegisterFile {
  /** The file the items were imported from (its name only: the output must not depend on where it was). */
  source: string;
  items: RegisterItem[];
}

export function importRegister(file: string): ImportResult {
  const document = SourceDocument.read(file);
  const data = document.data;
  let source: NoticeSource;
  if (isRecord(data) && 'openapi' in data) source = readSpec(document);
  else if (isRecord(data) && 'endpoints' in data) source = readFeed(document);
  else {
    throw new ImportError(file, document.lineOf([]), undefined, 'is neither an OpenAPI spec (no "openapi" key) nor a deprecations feed (no "endpoints" key)');
  }
  const items = itemsFromNotices(source.notices);
  // What the importer makes must be what the plugin accepts; a notice that breaks this is named.
  const problems = checkItems(items, 'items');
  if (problems.length > 0) throw new ImportError(file, undefined, undefined, `makes register items the plugin rejects: ${problems.join('; ')}`);
  return { format: source.format, items, skipped: source.skipped, comparison: compareWithBuiltin(items) };
}

export function registerFile(file: string, result: ImportResult): RegisterFile {
  return { source: basename(file), items: result.items };
}
