import type { HttpMethod } from '../../src/register/types.js';
import { endpointItemsOf, fieldUsesAt, operationsFor, stepFrom, type UrlSegment } from './model.js';

/**
 * The fuzzer's oracle: given what a generated program sends and reads (as trees, before rendering),
 * which keys, reads and URLs are uses. It applies the register and SDK tables of `model.ts` the way
 * the product describes a use, never the plugin's matching code; the generators only render.
 */

/** A key or read the oracle judged: the register items it is a use of. */
export interface Judged {
  uses: Set<string>;
  /** Another value than Glean's may reach it (a variable another API's value replaces on some path): reported, never autofixed. */
  otherValueMayReach?: boolean;
}

/** A payload object as generated: its keys in order. */
export interface PNode {
  entries: PEntry[];
}

export interface PEntry extends Judged {
  key: string;
  /** A leaf with `spread` is written `...text` in its object (its key is empty: a spread names no key). */
  value: { kind: 'object'; node: PNode } | { kind: 'array'; elements: PNode[] } | { kind: 'leaf'; text?: string; spread?: true };
}

/** One step of a read of the response: a key, and whether its value is an array. */
export interface RStep extends Judged {
  key: string;
  /** The value read is an array (its elements are read next). */
  array: boolean;
}

/** A URL a program writes, and how a request uses it. */
export interface Reach {
  /** False for a string that no request uses (the method cannot be known). */
  site: boolean;
  method: HttpMethod | undefined;
  segments: UrlSegment[];
}

/** Request side: marks the keys of a payload that are uses when sent to `types`. */
export function judgePayload(node: PNode, types: readonly string[], topLevelOf: string | undefined): void {
  for (const entry of node.entries) {
    for (const item of fieldUsesAt(types, entry.key, topLevelOf)) entry.uses.add(item.id);
    const next = stepFrom(types, entry.key);
    if (!next || next.record) continue;
    if (entry.value.kind === 'object' && !next.array) judgePayload(entry.value.node, next.types, undefined);
    if (entry.value.kind === 'array' && next.array) for (const element of entry.value.elements) judgePayload(element, next.types, undefined);
  }
}

/** Response side: marks the keys of a read path that are uses when read from `types`. */
export function judgeRead(steps: readonly RStep[], rootTypes: readonly string[], topLevelOf: string | undefined): void {
  let types = rootTypes;
  for (const [index, step] of steps.entries()) {
    for (const item of fieldUsesAt(types, step.key, index === 0 ? topLevelOf : undefined)) step.uses.add(item.id);
    if (index === steps.length - 1) return;
    const next = stepFrom(types, step.key);
    if (!next || next.record || next.array !== step.array) return;
    types = next.types;
  }
}

/** A request to the URL `segments` with `method`: the uses among its payload's keys and its reads. */
export function judgeRequest(segments: readonly UrlSegment[], method: HttpMethod | undefined, body: PNode | undefined, reads: readonly (readonly RStep[])[]): void {
  for (const reached of operationsFor(segments, method)) {
    if (body) judgePayload(body, reached.bodyTypes, reached.key);
    for (const steps of reads) judgeRead(steps, reached.responseTypes, reached.key);
  }
}

/**
 * Reads of a variable that another API's value replaced before them (`let data = await glean();
 * data = await other(); data.x`): no read is a use, whatever its keys.
 */
export function judgeReplacedRead(steps: readonly RStep[]): void {
  for (const step of steps) step.uses.clear();
}

/**
 * Reads of a variable that another API's value replaces on some path only (`if (x) data = await
 * other();`): still uses, but never autofixed.
 */
export function judgeMaybeReplacedRead(steps: readonly RStep[]): void {
  for (const step of steps) step.otherValueMayReach = true;
}

/** The endpoint items a URL is a use of, from every request (or none) that uses it. */
export function endpointUsesOf(reaches: readonly Reach[]): string[] {
  if (reaches.length === 0) return [];
  const methodsKnown = reaches.every((reach) => reach.site && reach.method !== undefined);
  const methods = new Set(reaches.map((reach) => reach.method));
  const found = new Set<string>();
  for (const reach of reaches) {
    for (const op of operationsFor(reach.segments, undefined)) {
      if (methodsKnown && !methods.has(op.method)) continue;
      for (const item of endpointItemsOf(op)) found.add(item.id);
    }
  }
  return [...found];
}

