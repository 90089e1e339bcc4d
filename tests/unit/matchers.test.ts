import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { describeRequestCall } from '../../src/matchers/http-requests.js';
import { OperationMatcher, splitPath } from '../../src/matchers/operations.js';
import { evaluatePattern, flatten, HOLE, type StringPattern } from '../../src/matchers/string-pattern.js';
import { register } from '../../src/index.js';

/**
 * The matchers on their own: string evaluation (what text a URL expression holds), URL matching (which
 * operation a path names) and request reading (method and body of a call).
 */

/** Runs `visit` on the nodes `selector` selects in `code`, with the file's scope, and returns its results. */
function collect<T>(code: string, selector: string, visit: (node: TSESTree.Node, scope: TSESLint.Scope.Scope) => T): T[] {
  const found: T[] = [];
  const rule = {
    create: (context: TSESLint.RuleContext<string, []>) => ({
      [selector]: (node: TSESTree.Node) => found.push(visit(node, context.sourceCode.getScope(node))),
    }),
  };
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(code, [{ plugins: { probe: { rules: { collect: rule as never } } }, rules: { 'probe/collect': 'error' } }], 'probe.js');
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return found;
}

/** The text of a pattern with holes shown as `…`. */
const textOf = (pattern: StringPattern) => flatten(pattern).text.replaceAll(HOLE, '…');

describe('string evaluation', () => {
  const evaluated = (code: string) => collect(code, 'VariableDeclarator[id.name="url"]', (node, scope) => textOf(evaluatePattern((node as TSESTree.VariableDeclarator).init!, scope)))[0];

  it('follows same-file constants, concatenation and templates, with holes for what cannot be known', () => {
    expect(evaluated(`const BASE = 'https://acme-be.glean.com/rest/api/v1';\nconst url = BASE + '/agents/' + agentId + '/schemas';`)).toBe(
      'https://acme-be.glean.com/rest/api/v1/agents/…/schemas',
    );
    expect(evaluated('const host = process.env.GLEAN_HOST;\nconst url = `${host}/rest/api/v1/listanswers`;')).toBe('…/rest/api/v1/listanswers');
  });

  it('reads object tables and leaves a name that is reassigned as a hole', () => {
    expect(evaluated(`const PATHS = { LIST: '/rest/api/v1/listanswers' };\nconst url = PATHS.LIST;`)).toBe('/rest/api/v1/listanswers');
    expect(evaluated(`let path = '/rest/api/v1/listanswers';\npath = other();\nconst url = path;`)).toBe('…');
  });
});

describe('URL matching', () => {
  const matcher = new OperationMatcher(register.items.map((item) => item.operation));
  const match = (text: string) => {
    const found = matcher.match(flatten([{ kind: 'text', value: text, node: {} as TSESTree.Node, start: null, via: [] }]));
    return found?.operations.map((operation) => operation.key);
  };

  it('a parameter takes any one segment; host, query and fragment do not count', () => {
    expect(match('https://acme-be.glean.com/rest/api/v1/agents/agt_1/schemas?x=1#top')).toEqual(['GET /rest/api/v1/agents/{agent_id}/schemas']);
    expect(match(`/rest/api/v1/agents/${HOLE}`)).toEqual(['GET /rest/api/v1/agents/{agent_id}']);
    expect(match('/api/index/v1/getdocumentcount/')).toEqual(['POST /api/index/v1/getdocumentcount']);
  });

  it('segments match in full: longer names and other paths are not uses', () => {
    expect(match('/rest/api/v1/listanswersbyuser')).toBeUndefined();
    expect(match(`/rest/api/v1/agents/${HOLE}/run`)).toBeUndefined();
    expect(match('/api/index/v1/fileTransaction/getDocumentStatus')).toBeUndefined();
  });

  it('splits paths, and prose with spaces is not a URL', () => {
    expect(splitPath('https://x.example/a/b?c')?.map((segment) => segment.text)).toEqual(['a', 'b']);
    expect(splitPath('see /rest/api/v1/listanswers for details')).toBeUndefined();
  });
});

describe('request reading', () => {
  const read = (code: string) =>
    collect(code, 'CallExpression', (node, scope) => {
      const site = describeRequestCall(node as TSESTree.CallExpression, scope);
      return site && { method: site.method, body: site.body && code.slice(...site.body.range) };
    }).filter((site) => site !== undefined)[0];

  it('fetch: the method from the init in any case, the body inside JSON.stringify', () => {
    expect(read(`fetch(url, { method: 'post', body: JSON.stringify({ id: 1 }) });`)).toEqual({ method: 'POST', body: '{ id: 1 }' });
    expect(read('fetch(url);')).toEqual({ method: 'GET', body: undefined });
  });

  it('axios verbs take the payload as the second argument; got and ky take json', () => {
    expect(read(`axios.post(url, { query: 'q' });`)).toEqual({ method: 'POST', body: "{ query: 'q' }" });
    expect(read(`got.post(url, { json: { query: 'q' } });`)).toEqual({ method: 'POST', body: "{ query: 'q' }" });
    expect(read(`axios({ url, method: 'get' });`)).toEqual({ method: 'GET', body: undefined });
  });

  it('Apps Script payload, and a method that cannot be known', () => {
    expect(read(`UrlFetchApp.fetch(url, { method: 'post', payload: JSON.stringify({ id: 1 }) });`)).toEqual({ method: 'POST', body: '{ id: 1 }' });
    expect(read('fetch(url, { method: verb });')).toEqual({ method: undefined, body: undefined });
  });
});
