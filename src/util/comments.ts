/**
 * A source text with its comments blanked out (strings, templates and everything else kept in place):
 * text tests that decide whether a module names Glean must not be fooled by a doc comment that says
 * `POST /api/search`. A cheap scan, not a parse: regular expression literals are read as code, which
 * at worst keeps a little comment text or blanks a little code in a rare file.
 */
export function withoutComments(text: string): string {
  if (!text.includes('/*') && !text.includes('//')) return text;
  let out = '';
  let from = 0;
  let i = 0;
  let quote: string | undefined;
  while (i < text.length) {
    const char = text[i]!;
    if (quote) {
      if (char === '\\') i += 2;
      else {
        if (char === quote) quote = undefined;
        i += 1;
      }
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      quote = char;
      i += 1;
      continue;
    }
    if (char === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const end = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2) + 2;
      const stop = end <= 1 || end === -1 ? text.length : end;
      out += text.slice(from, i);
      from = stop;
      i = stop;
      continue;
    }
    i += 1;
  }
  return out + text.slice(from);
}
