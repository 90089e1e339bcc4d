import { describe, expect, it } from 'vitest';
import { withoutComments } from '../../src/util/comments.js';

describe('withoutComments', () => {
  it.each([
    ['a line comment, up to its line end', 'a // POST /api/search\nb', 'a \nb'],
    ['a block comment', 'a /* GET /rest/api/v1/agents/{id} */ b', 'a  b'],
    ['a `//` inside a string is kept', "const u = 'https://acme-be.glean.com/rest/api/v1'; // base", "const u = 'https://acme-be.glean.com/rest/api/v1'; "],
    ['a `/*` inside a template is kept, with its placeholder', "const t = `${base}/*x*/`; /* c */ go();", 'const t = `${base}/*x*/`;  go();'],
    ['an escaped quote does not end the string', '"e\\"//" // z', '"e\\"//" '],
    ['a block comment left open runs to the end', 'x /* open\nmore', 'x '],
    ['a string left open runs to the end, as code', "'open // s\nnext", "'open // s\nnext"],
    ['a text without comments is returned as it is', "fetch('/listanswers')", "fetch('/listanswers')"],
  ])('%s', (_name, text, expected) => {
    expect(withoutComments(text)).toBe(expected);
  });
});
