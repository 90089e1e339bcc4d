import { describe, expect, it } from 'vitest';
import { compileOperation, OperationMatcher, splitPath } from '../../src/matchers/operations.js';
import { FlatPattern, HOLE } from '../../src/matchers/string-pattern.js';
import type { Operation } from '../../src/register/types.js';

/**
 * URL matching: which operation a URL (with holes where the file cannot know its text) names. Path
 * templates' `{param}` segments match any one non-empty segment; the most literal template wins.
 */

const OPERATIONS: Operation[] = [
  { method: 'POST', path: '/rest/api/v1/listanswers' },
  { method: 'GET', path: '/rest/api/v1/agents/{agent_id}' },
  { method: 'POST', path: '/rest/api/v1/agents/{agent_id}' },
  { method: 'GET', path: '/rest/api/v1/agents/{agent_id}/schemas' },
  { method: 'POST', path: '/rest/api/v1/agents/search' },
  { method: 'POST', path: '/api/index/v1/getdocumentcount' },
];
const matcher = new OperationMatcher(OPERATIONS);

/** A flat pattern from text in which `${…}` stands for a hole. */
function flat(text: string): FlatPattern {
  const flatText = text.replace(/\$\{[^}]*\}/g, HOLE);
  const parts = flatText.split(HOLE).flatMap((value, index) => [
    ...(index > 0 ? [{ kind: 'hole' as const, node: {} as never, via: [] }] : []),
    ...(value ? [{ kind: 'text' as const, value, node: {} as never, start: null, via: [] }] : []),
  ]);
  const pattern = new FlatPattern(parts);
  expect(pattern.text).toBe(flatText);
  return pattern;
}

/** The keys of the operations a URL matches, and the matched text. */
function matchOf(text: string) {
  const pattern = flat(text);
  const match = matcher.match(pattern);
  if (!match) return undefined;
  return {
    operations: match.operations.map((operation) => operation.key),
    matched: pattern.text.slice(match.start, match.end),
  };
}

describe('splitPath', () => {
  it('drops scheme, host, query and fragment, and gives each segment its offsets', () => {
    const text = 'https://acme-be.glean.com/rest/api/v1/search?q=1#top';
    const segments = splitPath(text)!;
    expect(segments.map((segment) => segment.text)).toEqual(['rest', 'api', 'v1', 'search']);
    expect(segments.map(({ start, end }) => text.slice(start, end))).toEqual(['rest', 'api', 'v1', 'search']);
    expect(segments[0]!.start).toBe(text.indexOf('rest'));
  });

  it('reads a protocol-relative URL, a path without its leading slash, and ignores one trailing slash', () => {
    expect(splitPath('//host/api/x')!.map((segment) => segment.text)).toEqual(['api', 'x']);
    expect(splitPath('rest/api/v1/chat')!.map((segment) => segment.text)).toEqual(['rest', 'api', 'v1', 'chat']);
    expect(splitPath('/rest/api/v1/chat/')!.map((segment) => segment.text)).toEqual(['rest', 'api', 'v1', 'chat']);
  });

  it('keeps a hole as a segment of its own', () => {
    expect(splitPath(`${HOLE}/rest/api/v1/agents/${HOLE}`)!.map((segment) => segment.text)).toEqual([
      HOLE,
      'rest',
      'api',
      'v1',
      'agents',
      HOLE,
    ]);
  });

  it('is undefined for prose that mentions a path', () => {
    expect(splitPath('see /rest/api/v1/search for details')).toBeUndefined();
  });
});

describe('compileOperation', () => {
  it('splits the template into literal segments and parameter names, keyed `METHOD /path`', () => {
    expect(compileOperation({ method: 'GET', path: '/rest/api/v1/agents/{agent_id}/schemas' })).toMatchObject({
      segments: ['rest', 'api', 'v1', 'agents', null, 'schemas'],
      paramNames: [null, null, null, null, 'agent_id', null],
      paramCount: 1,
      key: 'GET /rest/api/v1/agents/{agent_id}/schemas',
    });
  });
});

describe('OperationMatcher.match', () => {
  it('matches a full URL and covers the path from its first slash', () => {
    expect(matchOf('https://acme-be.glean.com/rest/api/v1/listanswers')).toEqual({
      operations: ['POST /rest/api/v1/listanswers'],
      matched: '/rest/api/v1/listanswers',
    });
  });

  it('matches behind an unknown base URL and with a query string', () => {
    expect(matchOf('${base}/api/index/v1/getdocumentcount?x=1')).toEqual({
      operations: ['POST /api/index/v1/getdocumentcount'],
      matched: '/api/index/v1/getdocumentcount',
    });
  });

  it('a parameter segment takes a hole or any text; every method of the path is returned', () => {
    const both = ['GET /rest/api/v1/agents/{agent_id}', 'POST /rest/api/v1/agents/{agent_id}'];
    expect(matchOf('/rest/api/v1/agents/${id}')?.operations).toEqual(both);
    expect(matchOf('/rest/api/v1/agents/agt_123')?.operations).toEqual(both);
    expect(matchOf('/rest/api/v1/agents/${id}/schemas')?.operations).toEqual(['GET /rest/api/v1/agents/{agent_id}/schemas']);
  });

  it('a base’s trailing slash joined to a path’s leading one is one slash; a doubled slash written in one piece is not', () => {
    const text = (...pieces: string[]) => new FlatPattern(pieces.map((value) => ({ kind: 'text' as const, value, node: {} as never, start: null, via: [] })));
    const joined = text('https://acme-be.glean.com/rest/api/v1/', '/listanswers');
    const match = matcher.match(joined);
    expect(match?.operations.map((operation) => operation.key)).toEqual(['POST /rest/api/v1/listanswers']);
    expect(joined.text.slice(match!.start, match!.end)).toBe('/rest/api/v1//listanswers');
    expect(matcher.match(text('https://acme-be.glean.com/rest/api/v2/', '/listanswers'))).toBeUndefined();
    expect(matcher.match(text('https://acme-be.glean.com/rest/api/v1//listanswers'))).toBeUndefined();
    expect(matcher.mightMatch('https://acme-be.glean.com/rest/api/v1//listanswers')).toBe(true);
  });

  it('prefers the template with fewer parameters: `agents/search` is not an agent id', () => {
    expect(matchOf('/rest/api/v1/agents/search')?.operations).toEqual(['POST /rest/api/v1/agents/search']);
  });

  it.each([
    ['another API version', '/rest/api/v2/listanswers'],
    ['a longer last segment', '/rest/api/v1/listanswersv2'],
    ['a path that goes on', '/rest/api/v1/listanswers/archive'],
    ['a hole inside a literal segment', '/rest/api/v1/list${kind}'],
    ['an empty parameter segment', '/rest/api/v1/agents//schemas'],
    ['the same words under another prefix', '/api/v1/listanswers'],
    ['prose', 'POST /rest/api/v1/listanswers is removed'],
  ])('no match: %s', (_, text) => {
    expect(matchOf(text)).toBeUndefined();
  });

  it('keeps one compiled operation per method and path', () => {
    const twice = new OperationMatcher([...OPERATIONS, { method: 'POST', path: '/rest/api/v1/listanswers' }]);
    expect(twice.operations.map((operation) => operation.key)).toEqual(matcher.operations.map((operation) => operation.key));
    expect(twice.operations).toHaveLength(OPERATIONS.length);
  });
});

describe('OperationMatcher.mightMatch', () => {
  it('needs the literal start of some operation path', () => {
    expect(matcher.fileTokens).toEqual(['rest/api/v1', 'api/index/v1']);
    expect(matcher.mightMatch('https://x/rest/api/v1/agents/search')).toBe(true);
    expect(matcher.mightMatch('`${base}/api/index/v1/getdocumentcount`')).toBe(true);
    // The first three segments alone are not enough: no operation path starts `/rest/api/v1/chat`.
    expect(matcher.mightMatch('/rest/api/v1/chat')).toBe(false);
    expect(matcher.mightMatch('/api/v1/listanswers')).toBe(false);
  });
});
