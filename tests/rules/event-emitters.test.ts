import { describe, expect, it } from 'vitest';
import { lintWith } from './lint.js';
import { M } from '../projects/messages.js';

/**
 * An event emitter of the same process hands what `emit(event, …values)` is given to that event's
 * listeners: Node's `EventEmitter` (imported, required, extended), eventemitter3 and mitt. A socket's
 * `emit` sends to the other side, and a listener of another event hears something else.
 */

const RENAME = 'Rename to `text` once you have checked that only Glean’s value reaches this code.';

describe('event emitters', () => {
  it('`bus.emit(event, response)` of `new EventEmitter()` reaches `bus.on(event, …)`; a listener of another event does not hear it', () => {
    const code = `import { EventEmitter } from 'node:events';
const SEARCH = 'https://acme-be.glean.com/rest/api/v1/search';
const bus = new EventEmitter();
export async function poll(query: string) {
  const res = await fetch(SEARCH, { method: 'POST', body: JSON.stringify({ query }) });
  bus.emit('results', await res.json());
}
bus.on('results', (body) => console.log(body.results[0].snippets[0].snippet));
bus.on('other', (body) => console.log(body.results[0].snippets[0].snippet));
`;
    expect(lintWith('no-removed', code)).toEqual({
      reports: [{ line: 8, column: 69, message: M.snippet }],
      output: code.replace("bus.on('results', (body) => console.log(body.results[0].snippets[0].snippet));", "bus.on('results', (body) => console.log(body.results[0].snippets[0].text));"),
    });
  });

  it('`this.emit(event, query, response)` in a class that extends a required EventEmitter reaches `instance.once(event, (query, response) => …)` at the second parameter; socket.io’s emit and on do not hand on', () => {
    const code = `const EventEmitter = require('events');
const SEARCH = 'https://acme-be.glean.com/rest/api/v1/search';
class Poller extends EventEmitter {
  async run(query) {
    const res = await fetch(SEARCH, { method: 'POST', body: JSON.stringify({ query }) });
    const body = await res.json();
    this.emit('results', query, body);
  }
}
const poller = new Poller();
poller.once('results', (q, body) => console.log(q, body.results[0].snippets[0].snippet));
const io = require('socket.io')();
async function relay(query) {
  const res = await fetch(SEARCH, { method: 'POST', body: JSON.stringify({ query }) });
  io.emit('results', await res.json());
}
io.on('results', (body) => console.log(body.results[0].snippets[0].snippet));
`;
    expect(lintWith('no-removed', code, { typescript: false })).toEqual({
      reports: [{ line: 11, column: 80, message: M.snippet }],
      output: code.replace("console.log(q, body.results[0].snippets[0].snippet)", 'console.log(q, body.results[0].snippets[0].text)'),
    });
  });

  it('an event emitted twice, once with another value, reaches its listener with either: a suggestion; an event name held in a constant is followed', () => {
    const code = `import EventEmitter from 'eventemitter3';
const SEARCH = 'https://acme-be.glean.com/rest/api/v1/search';
const EVENTS = { done: 'search:done' } as const;
const bus = new EventEmitter();
export async function poll(query: string, cached: unknown) {
  const res = await fetch(SEARCH, { method: 'POST', body: JSON.stringify({ query }) });
  bus.emit(EVENTS.done, await res.json());
  bus.emit('search:done', cached);
}
bus.addListener(EVENTS.done, (body: any) => console.log(body.results[0].snippets[0].snippet));
`;
    expect(lintWith('no-removed', code)).toEqual({
      reports: [
        {
          line: 10,
          column: 85,
          message: M.snippet,
          suggestions: [{ desc: RENAME, output: code.replace('snippets[0].snippet)', 'snippets[0].text)') }],
        },
      ],
      output: null,
    });
  });

  it('mitt’s emitter hands its one value to `on`; an object of our own with `emit` and `on` methods, and an emitter of the DOM, are not followed', () => {
    const code = `import mitt from 'mitt';
const SEARCH = 'https://acme-be.glean.com/rest/api/v1/search';
const emitter = mitt();
const local = { emit(name: string, value: unknown) { return [name, value]; }, on(name: string, fn: (value: any) => void) { return [name, fn]; } };
const target = new EventTarget() as any;
export async function poll(query: string) {
  const res = await fetch(SEARCH, { method: 'POST', body: JSON.stringify({ query }) });
  const body = await res.json();
  emitter.emit('search', body);
  local.emit('search', body);
  target.emit('search', body);
}
emitter.on('search', (body: any) => console.log(body.results[0].snippets[0].snippet));
local.on('search', (body) => console.log(body.results[0].snippets[0].snippet));
target.on('search', (body: any) => console.log(body.results[0].snippets[0].snippet));
`;
    expect(lintWith('no-removed', code)).toEqual({
      reports: [{ line: 13, column: 77, message: M.snippet }],
      output: code.replace("emitter.on('search', (body: any) => console.log(body.results[0].snippets[0].snippet));", "emitter.on('search', (body: any) => console.log(body.results[0].snippets[0].text));"),
    });
  });

  it('a class that extends `EventEmitter` destructured from `require(\'node:events\')`; a class that extends another package’s `EventEmitter` is not followed', () => {
    const code = `const { EventEmitter } = require('node:events');
const { EventEmitter: Channel } = require('./channel');
const SEARCH = 'https://acme-be.glean.com/rest/api/v1/search';
class Poller extends EventEmitter {
  async run(query) {
    const res = await fetch(SEARCH, { method: 'POST', body: JSON.stringify({ query }) });
    this.emit('results', await res.json());
  }
}
class Relay extends Channel {
  async run(query) {
    const res = await fetch(SEARCH, { method: 'POST', body: JSON.stringify({ query }) });
    this.emit('results', await res.json());
  }
}
new Poller().on('results', (body) => console.log(body.results[0].snippets[0].snippet));
new Relay().on('results', (body) => console.log(body.results[0].snippets[0].snippet));
`;
    expect(lintWith('no-removed', code, { typescript: false })).toEqual({
      reports: [{ line: 16, column: 78, message: M.snippet }],
      output: code.replace("new Poller().on('results', (body) => console.log(body.results[0].snippets[0].snippet));", "new Poller().on('results', (body) => console.log(body.results[0].snippets[0].text));"),
    });
  });
});
