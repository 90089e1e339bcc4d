import { AST_NODE_TYPES } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { describeRequestCall, describeRequestObject, readOptions, type RequestSite } from '../../src/matchers/http-requests.js';
import { parseModule, type Parsed } from './parse.js';

/**
 * Request reading: where a call or an options object sends a request, with which method and body. The
 * URL is matched later and decides whether the request goes to Glean; these tests pin the shapes.
 */

/** The site of the call whose source text is `call`, in source text form. */
function requestCall(code: string, call: string) {
  const parsed = parseModule(code);
  const node = parsed.find(AST_NODE_TYPES.CallExpression, call);
  return describeSite(parsed, describeRequestCall(node, parsed.globalScope));
}

function describeSite(parsed: Parsed, site: RequestSite | undefined) {
  if (!site) return undefined;
  return {
    url: parsed.textOf(site.url),
    method: site.method,
    ...(site.body ? { body: parsed.textOf(site.body) } : {}),
    ...(site.base ? { base: parsed.textOf(site.base) } : {}),
  };
}

describe('describeRequestCall', () => {
  it('fetch(url) is a GET without a body', () => {
    expect(requestCall("fetch('/rest/api/v1/search');", "fetch('/rest/api/v1/search')")).toEqual({
      url: "'/rest/api/v1/search'",
      method: 'GET',
    });
  });

  it('fetch(url, init) reads the method and the body inside JSON.stringify', () => {
    const code = "fetch(url, { method: 'POST', headers, body: JSON.stringify(request) });";
    expect(requestCall(code, code.slice(0, -1))).toEqual({ url: 'url', method: 'POST', body: 'request' });
  });

  it('reads init through a constant', () => {
    const code = "const init = { method: 'put', body: JSON.stringify({ a: 1 }) };\nfetch(url, init);";
    expect(requestCall(code, 'fetch(url, init)')).toEqual({ url: 'url', method: 'PUT', body: '{ a: 1 }' });
  });

  it('a method the file cannot know leaves the method unknown, not GET', () => {
    const code = 'function send(method) { return fetch(url, { method }); }';
    expect(requestCall(code, 'fetch(url, { method })')).toEqual({ url: 'url', method: undefined });
  });

  it('axios.post(url, data): the second argument is the payload', () => {
    const code = "axios.post('/rest/api/v1/chat', { messages }, { headers });";
    expect(requestCall(code, code.slice(0, -1))).toEqual({
      url: "'/rest/api/v1/chat'",
      method: 'POST',
      body: '{ messages }',
    });
  });

  it('a payload with a `body` key of its own (an announcement) is still the payload', () => {
    const code = "axios.post(url, { title, body: { text } });";
    expect(requestCall(code, code.slice(0, -1))).toMatchObject({ method: 'POST', body: '{ title, body: { text } }' });
  });

  it('got.post(url, { json }) and ky.post(url, { body: JSON.stringify(x) }): the payload is in the options', () => {
    expect(requestCall('got.post(url, { json: payload });', 'got.post(url, { json: payload })')).toEqual({
      url: 'url',
      method: 'POST',
      body: 'payload',
    });
    expect(requestCall('ky.post(url, { body: JSON.stringify(x) });', 'ky.post(url, { body: JSON.stringify(x) })')).toEqual({
      url: 'url',
      method: 'POST',
      body: 'x',
    });
  });

  it('axios({ url, method, data }) reads everything from the one options object', () => {
    const code = "axios({ url: '/rest/api/v1/chat', method: 'post', data: request });";
    expect(requestCall(code, code.slice(0, -1))).toEqual({ url: "'/rest/api/v1/chat'", method: 'POST', body: 'request' });
  });

  it('a client made by axios.create({ baseURL }) carries its base URL', () => {
    const code = "const glean = axios.create({ baseURL: 'https://acme-be.glean.com/rest/api/v1' });\nglean.get('/agents/x');";
    expect(requestCall(code, "glean.get('/agents/x')")).toEqual({
      url: "'/agents/x'",
      method: 'GET',
      base: "'https://acme-be.glean.com/rest/api/v1'",
    });
  });

  it('https.request(options) with the body written later through req.write(JSON.stringify(…))', () => {
    const code = [
      "const req = https.request({ host, path: '/api/index/v1/getusercount', method: 'POST' });",
      'req.write(JSON.stringify(body));',
      'req.end();',
    ].join('\n');
    expect(requestCall(code, "https.request({ host, path: '/api/index/v1/getusercount', method: 'POST' })")).toEqual({
      url: "'/api/index/v1/getusercount'",
      method: 'POST',
      body: 'body',
    });
  });

  it("Apps Script's UrlFetchApp.fetch(url, { method: 'post', payload })", () => {
    const code = "UrlFetchApp.fetch(url, { method: 'post', payload: JSON.stringify(data) });";
    expect(requestCall(code, code.slice(0, -1))).toEqual({ url: 'url', method: 'POST', body: 'data' });
  });

  it('a call of any other name is a site whose method is unknown: its URL alone decides', () => {
    expect(requestCall("track('/rest/api/v1/search');", "track('/rest/api/v1/search')")).toEqual({
      url: "'/rest/api/v1/search'",
      method: undefined,
    });
  });

  describe('not a request', () => {
    it.each([
      ['no argument', 'fetch();'],
      ['a spread first argument', 'fetch(...args);'],
      ['an options object without a URL key', "axios({ method: 'post', data });"],
      ['an options object whose URL key is not a string it can know', 'axios({ [key]: value });'],
    ])('%s', (_, code) => {
      const parsed = parseModule(code);
      const call = parsed.find(AST_NODE_TYPES.CallExpression, code.slice(0, -1));
      expect(describeRequestCall(call, parsed.globalScope)).toBeUndefined();
    });
  });
});

describe('describeRequestObject', () => {
  function requestObject(code: string, object: string) {
    const parsed = parseModule(code);
    const node = parsed.find(AST_NODE_TYPES.ObjectExpression, object);
    return describeSite(parsed, describeRequestObject(node, parsed.globalScope));
  }

  it('an object that states a method and a path describes a request', () => {
    const code = "const route = { method: 'POST', path: '/rest/api/v1/listanswers', body: { query } };";
    expect(requestObject(code, code.slice('const route = '.length, -1))).toEqual({
      url: "'/rest/api/v1/listanswers'",
      method: 'POST',
      body: '{ query }',
    });
  });

  it.each([
    ['no method key', "const link = { path: '/rest/api/v1/listanswers' };"],
    ['a method that is no HTTP method', "const step = { method: 'fetch', url: '/rest/api/v1/listanswers' };"],
    ['a method the file cannot know', "const route = { method: verb, url: '/rest/api/v1/listanswers' };"],
    ['no URL key', "const route = { method: 'POST', name: 'listanswers' };"],
  ])('not a request: %s', (_, code) => {
    expect(requestObject(code, code.slice(code.indexOf('{'), -1))).toBeUndefined();
  });
});

describe('readOptions', () => {
  function options(object: string) {
    const parsed = parseModule(`const options = ${object};`);
    const facts = readOptions(parsed.find(AST_NODE_TYPES.ObjectExpression, object), parsed.globalScope);
    return { url: parsed.textOf(facts.url), method: facts.method, body: parsed.textOf(facts.body) };
  }

  it('no method key is null (the client default applies); an unknown one is undefined', () => {
    expect(options("{ url: '/x' }")).toEqual({ url: "'/x'", method: null, body: undefined });
    expect(options("{ url: '/x', method: verb }").method).toBeUndefined();
    // A spread after the last key may set the method.
    expect(options("{ url: '/x', ...defaults }")).toEqual({ url: undefined, method: undefined, body: undefined });
    expect(options("{ ...defaults, url: '/x', method: 'DELETE' }")).toEqual({ url: "'/x'", method: 'DELETE', body: undefined });
  });

  it('reads the URL from url, path or uri, and the body from json, else data, else body, else payload', () => {
    expect(options("{ uri: '/x', data: a, payload: b }")).toEqual({ url: "'/x'", method: null, body: 'a' });
    expect(options("{ path: '/x', body: JSON.stringify(b), json: c }")).toMatchObject({ body: 'c' });
    expect(options("{ url: '/x', data: a, json: b }")).toMatchObject({ body: 'b' });
    expect(options("{ url: '/x', payload: JSON.stringify(p) }")).toMatchObject({ body: 'p' });
  });
});
