import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { evaluatePattern, flatten, hasText, HOLE, type StringPattern } from '../../src/matchers/string-pattern.js';
import { parseModule } from './parse.js';

/**
 * String evaluation: what text a string expression is known to hold, where in the source each piece
 * is written, and where the file cannot know (holes). URLs are matched on these patterns.
 */

/** The code, and the pattern of the initializer of `const url = …` (the last declaration named url). */
function urlPattern(code: string) {
  const parsed = parseModule(code);
  const init = parsed.find(AST_NODE_TYPES.VariableDeclarator, code.slice(code.lastIndexOf('url = ')).split(';')[0]!).init!;
  return { parsed, pattern: evaluatePattern(init, parsed.globalScope) };
}

/** The same, where helpers a string is made by are evaluated too (as for a request's URL). */
function helperPattern(code: string) {
  const parsed = parseModule(code);
  const init = parsed.find(AST_NODE_TYPES.VariableDeclarator, code.slice(code.lastIndexOf('url = ')).split(';')[0]!).init!;
  const context = { sourceCode: parsed.sourceCode, visitorKeys: parsed.sourceCode.visitorKeys, helpers: true };
  return { parsed, pattern: evaluatePattern(init, parsed.globalScope, context) };
}

/** Each part as [its text, its source offset], a hole as 'hole'. */
function partsOf(pattern: StringPattern): (readonly [string, number | null] | 'hole')[] {
  return pattern.map((part) => (part.kind === 'text' ? ([part.value, part.start] as const) : 'hole'));
}

/** A readable form: known text as it is, a hole as `<its source text>`. */
function describePattern(pattern: StringPattern, textOf: (node: TSESTree.Node) => string | undefined): string {
  return pattern.map((part) => (part.kind === 'text' ? part.value : `<${textOf(part.node)}>`)).join('');
}

describe('evaluatePattern', () => {
  it('a string literal is known text that starts right after its quote', () => {
    const code = "const url = '/rest/api/v1/search';";
    const { pattern } = urlPattern(code);
    expect(pattern).toHaveLength(1);
    expect(pattern[0]).toMatchObject({ kind: 'text', value: '/rest/api/v1/search', start: code.indexOf('/rest') });
  });

  it('a literal with escapes is known text with no source offset (its text is not written verbatim)', () => {
    const { pattern } = urlPattern("const url = '\\/rest/api/v1/search';");
    expect(pattern).toEqual([expect.objectContaining({ kind: 'text', value: '/rest/api/v1/search', start: null })]);
  });

  it('a template keeps its text pieces with their offsets and makes each unknown expression a hole', () => {
    const code = 'function get(base, id) { const url = `${base}/rest/api/v1/agents/${id}/schemas`; return url; }';
    const { parsed, pattern } = urlPattern(code);
    expect(describePattern(pattern, parsed.textOf)).toBe('<base>/rest/api/v1/agents/<id>/schemas');
    expect(pattern.map((part) => part.kind)).toEqual(['hole', 'text', 'hole', 'text']);
    expect(pattern[1]).toMatchObject({ start: code.indexOf('/rest/api') });
    expect(pattern[3]).toMatchObject({ start: code.indexOf('/schemas') });
  });

  it('follows constants and `+` chains, and records the composites the text travelled through', () => {
    const code = [
      "const HOST = 'https://acme-be.glean.com';",
      "const API = HOST + '/rest/api/v1';",
      "const url = API + '/chat';",
    ].join('\n');
    const { parsed, pattern } = urlPattern(code);
    expect(describePattern(pattern, parsed.textOf)).toBe('https://acme-be.glean.com/rest/api/v1/chat');
    // The host is reported where it is written, inside HOST's literal.
    expect(pattern[0]).toMatchObject({ value: 'https://acme-be.glean.com', start: code.indexOf('https') });
    expect(pattern[0]!.via.map((node) => parsed.textOf(node))).toEqual([
      "API + '/chat'",
      "HOST + '/rest/api/v1'",
      "'https://acme-be.glean.com'",
    ]);
  });

  it('reads a property of a same-file object table', () => {
    const code = "const PATHS = { chat: '/rest/api/v1/chat' };\nconst url = PATHS.chat;";
    const { pattern } = urlPattern(code);
    expect(pattern).toEqual([expect.objectContaining({ kind: 'text', value: '/rest/api/v1/chat', start: code.indexOf('/rest') })]);
  });

  it('numbers and String(…) become text with no offset', () => {
    const { pattern } = urlPattern("const url = '/rest/api/v' + 1 + String(2);");
    expect(pattern.map((part) => (part.kind === 'text' ? [part.value, part.start] : 'hole'))).toEqual([
      ['/rest/api/v', 13],
      ['1', null],
      ['2', null],
    ]);
  });

  it.each([
    ['a regular expression of placeholders', "const T = '/rest/api/v1/agents/{agent_id}';\nfunction f(id) { const url = T.replace(/\\{(\\w+)\\}/g, id); }"],
    ['one placeholder written out', "const T = '/rest/api/v1/agents/{agent_id}';\nfunction f(id) { const url = T.replace('{agent_id}', id); }"],
    ['one placeholder written out, replaceAll', "const T = '/rest/api/v1/agents/{agent_id}';\nfunction f(id) { const url = T.replaceAll('{agent_id}', id); }"],
  ])('a path template filled by replace() keeps its placeholder (%s)', (_, code) => {
    const { pattern } = urlPattern(code);
    expect(pattern).toEqual([expect.objectContaining({ kind: 'text', value: '/rest/api/v1/agents/{agent_id}', start: code.indexOf('/rest') })]);
  });

  describe('the string methods URL helpers normalise with', () => {
    const BASE = "const BASE = 'https://acme-be.glean.com/rest/api/v1/';\n";

    it('a trailing slash trimmed off a base keeps the rest where it is written', () => {
      const code = `${BASE}const url = BASE.replace(/\\/+$/, '') + '/listanswers';`;
      expect(partsOf(urlPattern(code).pattern)).toEqual([
        ['https://acme-be.glean.com/rest/api/v1', code.indexOf('https')],
        ['/listanswers', code.indexOf('/listanswers')],
      ]);
    });

    it('a leading slash trimmed off a path moves its offset past the slash', () => {
      const code = `${BASE}const url = BASE + '/listanswers'.replace(/^\\//, '');`;
      expect(partsOf(urlPattern(code).pattern)).toEqual([
        ['https://acme-be.glean.com/rest/api/v1/', code.indexOf('https')],
        ['listanswers', code.indexOf('listanswers')],
      ]);
    });

    it.each([
      ['both edges, every slash (g)', "const url = '//chat//'.replace(/^\\/+|\\/+$/g, '');", 'chat'],
      ['both edges in the other order', "const url = '//chat//'.replace(/\\/+$|^\\/+/g, '');", 'chat'],
      ['both edges without g: only the first match, the leading slashes', "const url = '//chat//'.replace(/^\\/+|\\/+$/, '');", 'chat//'],
      ['both edges without g and no leading slash: the trailing ones', "const url = 'chat//'.replace(/^\\/+|\\/+$/, '');", 'chat'],
      ['one slash at the end', "const url = 'chat//'.replace(/\\/$/, '');", 'chat/'],
      ['any number of slashes at the end (*)', "const url = 'chat//'.replaceAll(/\\/*$/g, '');", 'chat'],
      ['one leading slash, where it empties a part: the next part keeps its own', "const url = ('/' + '/chat').replace(/^\\//, '');", '/chat'],
      ['every leading slash, on across the parts it empties', "const url = ('/' + '//chat').replace(/^\\/+/, '');", 'chat'],
      ['trim() of whitespace at both ends', "const url = '  /rest/api/v1/chat \\n'.trim();", '/rest/api/v1/chat'],
      ['trimEnd() only at the end', "const url = ' /chat '.trimEnd();", ' /chat'],
      ['toString()', "const url = '/rest/api/v1/chat'.toString();", '/rest/api/v1/chat'],
      ['concat() of known text', "const url = '/rest/api/v1'.concat('/chat', '?x=1');", '/rest/api/v1/chat?x=1'],
      ['join() of an array written out', "const url = ['https://h/rest/api/v1', 'chat'].join('/');", 'https://h/rest/api/v1/chat'],
      ['join() without a separator joins with commas', "const url = ['/a', '/b'].join();", '/a,/b'],
      ['join() of an array kept in a constant, filter(Boolean) and map()', "const PARTS = ['/rest/api/v1/', '/chat'];\nconst url = PARTS.filter(Boolean).map((p) => p.replace(/^\\/+|\\/+$/g, '')).join('/');", 'rest/api/v1/chat'],
      ['new URL(…).href', "const url = new URL('/rest/api/v1/chat', 'https://acme-be.glean.com').href;", '/rest/api/v1/chat'],
      ['a URL’s origin', "const u = new URL('https://h.example.com/rest/api/v1/chat?x=1#top');\nconst url = u.origin;", 'https://h.example.com'],
      ['a URL’s pathname, without its query and fragment', "const u = new URL('https://h.example.com/rest/api/v1/chat?x=1#top');\nconst url = u.pathname;", '/rest/api/v1/chat'],
      ['the pathname of a URL with no path written', "const url = new URL('https://h.example.com').pathname;", '/'],
      ['a URL’s origin and pathname joined again', "const u = new URL('https://h.example.com/rest/api/v1');\nconst url = u.origin + u.pathname + '/chat';", 'https://h.example.com/rest/api/v1/chat'],
      ['a URL whose pathname is written before it is read', "const u = new URL('https://h.example.com/rest/api/v1');\nu.pathname = u.pathname + '/chat';\nconst url = u.href;", 'https://h.example.com/rest/api/v1/chat'],
      ['a pathname written without its slash', "const u = new URL('https://h.example.com/x');\nu.pathname = 'rest/api/v1/chat';\nconst url = u.href;", 'https://h.example.com/rest/api/v1/chat'],
      ['a constant new URL(…)’s href', "const u = new URL('chat', 'https://acme-be.glean.com/rest/api/v1/');\nconst url = u.href;", 'https://acme-be.glean.com/rest/api/v1/chat'],
      ['a trailing slash dropped when there is one: slice(0, -1)', "const B = 'https://h/rest/api/v1/';\nconst url = B.endsWith('/') ? B.slice(0, -1) : B;", 'https://h/rest/api/v1'],
      ['the same with a negated test and substring()', "const B = 'https://h/rest/api/v1/';\nconst url = !B.endsWith('/') ? B : B.substring(0, B.length - 1);", 'https://h/rest/api/v1'],
      ['the same with slice(0, length - 1), on text without one', "const B = 'https://h/rest/api/v1';\nconst url = B.endsWith('/') ? B.slice(0, B.length - 1) : B;", 'https://h/rest/api/v1'],
      ['a trailing slash added when there is none: + \'/\'', "const B = 'https://h/rest/api/v1';\nconst url = B.endsWith('/') ? B : B + '/';", 'https://h/rest/api/v1/'],
      ['the same with a template, on text that has one', "const B = 'https://h/rest/api/v1/';\nconst url = B.endsWith('/') ? B : `${B}/`;", 'https://h/rest/api/v1/'],
      ['on a member chain', "const cfg = { base: 'https://h/rest/api/v1/' };\nconst url = cfg.base.endsWith('/') ? cfg.base.slice(0, -1) : cfg.base;", 'https://h/rest/api/v1'],
      ['a leading slash added when there is none: \'/\' + x', "const P = 'chat';\nconst url = P.startsWith('/') ? P : '/' + P;", '/chat'],
      ['the same with a template, on text that has one', "const P = '/chat';\nconst url = P.startsWith('/') ? P : `/${P}`;", '/chat'],
      ['a leading slash dropped when there is one: slice(1)', "const P = '/chat';\nconst url = P.startsWith('/') ? P.slice(1) : P;", 'chat'],
      ['the same with a negated test and substring(1), on text without one', "const P = 'chat';\nconst url = !P.startsWith('/') ? P : P.substring(1);", 'chat'],
      ['join() of an array with a spread of a known list', "const PARTS = ['agents', 'runs'];\nconst url = ['/rest/api/v1', ...PARTS].join('/');", '/rest/api/v1/agents/runs'],
    ])('%s', (_, code, expected) => {
      const { parsed, pattern } = helperPattern(code);
      expect(describePattern(pattern, parsed.textOf)).toBe(expected);
    });

    it('a trailing slash dropped by a conditional keeps the text where it is written', () => {
      const code = "const B = 'https://acme-be.glean.com/rest/api/v1/';\nconst url = (B.endsWith('/') ? B.slice(0, -1) : B) + '/listanswers';";
      expect(partsOf(urlPattern(code).pattern)).toEqual([
        ['https://acme-be.glean.com/rest/api/v1', code.indexOf('https')],
        ['/listanswers', code.indexOf('/listanswers')],
      ]);
    });

    it('a helper that joins its rest parameter’s items, each trimmed, with the arguments’ offsets', () => {
      const code = [
        "const joinUrl = (...parts) => parts.map((part) => part.replace(/^\\/+|\\/+$/g, '')).join('/');",
        "const url = joinUrl('https://acme-be.glean.com/rest/api/v1/', '/listanswers');",
      ].join('\n');
      const { pattern } = helperPattern(code);
      expect(partsOf(pattern)).toEqual([
        ['https://acme-be.glean.com/rest/api/v1', code.indexOf('https')],
        ['/', code.lastIndexOf("'/'") + 1],
        ['listanswers', code.indexOf('listanswers')],
      ]);
    });

    it('a member of a TypeScript enum is its initializer', () => {
      const code = "enum GleanPath { Answers = '/listanswers', 'Run Wait' = '/agents/runs/wait' }\nconst url = GleanPath.Answers + GleanPath['Run Wait'];";
      expect(partsOf(urlPattern(code).pattern)).toEqual([
        ['/listanswers', code.indexOf('/listanswers')],
        ['/agents/runs/wait', code.indexOf('/agents')],
      ]);
    });

    it('an edge trim of an unknown value is that unknown value (a caller may fill it)', () => {
      const { parsed, pattern } = helperPattern("function f(base) { const url = base.replace(/\\/+$/, '').trim(); }");
      expect(describePattern(pattern, parsed.textOf)).toBe('<base>');
    });

    it.each([
      ['a replace() that is not an edge trim', "const url = '/rest/api/v1/chat'.replace(/\\//g, '');", "<'/rest/api/v1/chat'.replace(/\\//g, '')>"],
      ['an edge trim that puts something back', "const url = '/rest/api/v1/chat/'.replace(/\\/+$/, '/x');", "<'/rest/api/v1/chat/'.replace(/\\/+$/, '/x')>"],
      ['an edge trim with the sticky flag', "const url = '/chat/'.replace(/\\/+$/y, '');", "<'/chat/'.replace(/\\/+$/y, '')>"],

      ['both edges without g when the start is unknown', "function f(base) { const url = `${base}/chat/`.replace(/^\\/+|\\/+$/, ''); }", "<`${base}/chat/`.replace(/^\\/+|\\/+$/, '')>"],
      ['a join() with an unknown separator', "function f(sep) { const url = ['/a', '/b'].join(sep); }", "<['/a', '/b'].join(sep)>"],
      ['a join() of an array with a spread', "function f(more) { const url = ['/a', ...more].join('/'); }", "<['/a', ...more].join('/')>"],
      ['a map() whose callback has two returns', "const url = ['/a'].map(function (p) { if (p) return p\n return '/b' }).join('/');", "<['/a'].map(function (p) { if (p) return p\n return '/b' }).join('/')>"],
      ['an enum member without an initializer', 'enum E { A }\nconst url = E.A;', '<E.A>'],
      ['concat() of two parameters: each a hole its caller may fill', "function f(base, path) { const url = base.concat(path); }", '<base><path>'],
      ['concat() of an array', "const url = [1].concat([2]);", '<[1].concat([2])>'],
      ['the origin of a URL whose text is not known', "function f(base) { const url = new URL(base).origin; }", '<new URL(base).origin>'],
      ['the pathname of a URL whose host is not known to end', "function f(host) { const url = new URL(`https://${host}`).pathname; }", '<new URL(`https://${host}`).pathname>'],
      ['a URL whose pathname is written in a branch', "const u = new URL('https://h.example.com/rest/api/v1');\nif (x) u.pathname += '/chat';\nconst url = u.href;", '<u>'],
      ['the href of something other than a URL', "function f(link) { const url = link.href; }", '<link.href>'],
      ['a conditional between two values', "const url = prod ? 'https://h/rest/api/v1' : 'https://s/api';", "<prod ? 'https://h/rest/api/v1' : 'https://s/api'>"],
      ['a conditional that drops two characters', "const B = 'https://h/v1/';\nconst url = B.endsWith('/') ? B.slice(0, -2) : B;", "<B.endsWith('/') ? B.slice(0, -2) : B>"],
      ['a conditional over two names', "const A = '/a/';\nconst B = '/b';\nconst url = A.endsWith('/') ? A.slice(0, -1) : B;", "<A.endsWith('/') ? A.slice(0, -1) : B>"],
      ['a conditional on another character', "const B = '/rest/api/v1?';\nconst url = B.endsWith('?') ? B.slice(0, -1) : B;", "<B.endsWith('?') ? B.slice(0, -1) : B>"],
      ['a trailing slash dropped off an unknown value: that value', "function f(base) { const url = base.endsWith('/') ? base.slice(0, -1) : base; }", '<base>'],
      ['a conditional that drops two leading characters', "const P = '//chat';\nconst url = P.startsWith('/') ? P.slice(2) : P;", "<P.startsWith('/') ? P.slice(2) : P>"],
      ['a leading slash added on the wrong side', "const P = 'chat';\nconst url = P.startsWith('/') ? P : P + '/';", "<P.startsWith('/') ? P : P + '/'>"],
      ['a spread of an unknown list among known parts', "function f(more) { const url = ['/a', ...more.map((p) => p.trim())].join('/'); }", "<['/a', ...more.map((p) => p.trim())].join('/')>"],
    ])('stays unknown: %s', (_, code, expected) => {
      const { parsed, pattern } = helperPattern(code);
      expect(describePattern(pattern, parsed.textOf)).toBe(expected);
    });
  });

  describe('unknown values stay holes', () => {
    it.each([
      ['a replace() of text that is no placeholder', "const T = '/rest/api/v1/agents/{agent_id}';\nconst url = T.replace('v1', 'v2');", "<T.replace('v1', 'v2')>"],
      ['a parameter', "function f(path) { const url = path; }", '<path>'],
      ['a call', "const url = buildUrl('/rest/api/v1/chat');", "<buildUrl('/rest/api/v1/chat')>"],
      ['a `let` written later', "let base = '/rest/api/v1/chat';\nbase = other;\nconst url = base;", '<base>'],
      ['a table written later', "const PATHS = { chat: '/rest/api/v1/chat' };\nPATHS.chat = other;\nconst url = PATHS.chat;", '<PATHS.chat>'],
      ['a property that a later spread may override', "const PATHS = { chat: '/rest/api/v1/chat', ...more };\nconst url = PATHS.chat;", '<PATHS.chat>'],
      ['a sum of unknowns (not a concatenation)', 'function f(a, b) { const url = a + b; }', '<a + b>'],
    ])('%s', (_, code, expected) => {
      const { parsed, pattern } = urlPattern(code);
      expect(describePattern(pattern, parsed.textOf)).toBe(expected);
    });

    it('names that refer to each other end in a hole instead of looping', () => {
      const { pattern } = urlPattern("var a = b + '/x';\nvar b = a + '/y';\nconst url = a;");
      expect(pattern.map((part) => (part.kind === 'text' ? part.value : 'hole'))).toEqual(['hole', '/y', '/x']);
    });
  });
});

describe('flatten', () => {
  it('writes one NUL per hole and maps every character back to its part and offset', () => {
    const { pattern } = urlPattern('function f(id) { const url = `/agents/${id}/runs`; }');
    const flat = flatten(pattern);
    expect(flat.text).toBe(`/agents/${HOLE}/runs`);
    expect([...flat.partIndex]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2]);
    expect([...flat.offset]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 1, 2, 3, 4]);
  });
});

describe('hasText', () => {
  it('is true when any part is known text, false for holes only', () => {
    expect(hasText(urlPattern('function f(id) { const url = `${id}/x`; }').pattern)).toBe(true);
    expect(hasText(urlPattern('function f(id) { const url = `${id}`; }').pattern)).toBe(false);
  });
});
