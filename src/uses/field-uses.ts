import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { placeKey } from '../util/linking.js';
import type { FieldHit } from '../matchers/field-hit.js';
import { PayloadWalker } from '../matchers/payload-walk.js';
import { ResponseFollower, type Flow } from '../matchers/response-flow.js';
import { mayHoldItems, type Position } from '../matchers/schema.js';
import { newestTables } from '../sdk/versions.js';
import type { SdkOperation, SdkVersionTables } from '../sdk/types.js';
import { operationKey } from '../register/types.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import type { ResolvedRequest } from '../model/request.js';
import type { Use } from '../model/use.js';
import { AST_NODE_TYPES } from '../util/packages.js';
import { rtkHookCall } from '../matchers/http-requests.js';
import { inventoryOf } from './inventory.js';

/**
 * Deprecated fields in the payloads a file sends and the responses it reads, for every request the
 * file makes to Glean (by URL or SDK). Positions come from the SDK's schema, so a field is found only
 * where its owner type is: for an SDK call, the schema of the SDK version the file uses; on the wire
 * (HTTP clients), the newest.
 */

const operationsByTables = new WeakMap<SdkVersionTables, Map<string, SdkOperation[]>>();

function operationsByKey(tables: SdkVersionTables): Map<string, SdkOperation[]> {
  let byKey = operationsByTables.get(tables);
  if (!byKey) {
    byKey = new Map();
    for (const operation of tables.operations) {
      const key = operationKey(operation);
      byKey.set(key, [...(byKey.get(key) ?? []), operation]);
    }
    operationsByTables.set(tables, byKey);
  }
  return byKey;
}

export function findFieldHits(sourceCode: TSESLint.SourceCode, register: CompiledRegister, requests: readonly ResolvedRequest[]): FieldHit[] {
  const scope = sourceCode.scopeManager?.globalScope;
  const hits: FieldHit[] = [];
  if (!scope || requests.length === 0) return hits;
  const followers = new Map<SdkVersionTables, ResponseFollower>();
  const requestNodes = new Set<TSESTree.Node>(requests.map((request) => request.node));
  for (const request of requests) {
    const tables = request.sdk?.tables ?? newestTables;
    let follower = followers.get(tables);
    if (!follower) followers.set(tables, (follower = new ResponseFollower(tables.schema, register.fields, scope, sourceCode, hits)));
    const first = hits.length;
    for (const operation of request.operations) {
      const sdk = operationsByKey(tables).get(operation.key) ?? [];
      if (request.body) {
        const bodyTypes = sdk.flatMap((op) => op.params.flatMap((param) => (param.role === 'body' && param.type ? [param.type] : [])));
        const body: Position = { types: bodyTypes, operation: operation.key };
        if (mayHoldItems(tables.schema, register.fields, body)) new PayloadWalker(tables.schema, register.fields, scope, sourceCode, hits, requestNodes).walk(request.body, body, request.bodyIsJson ?? false);
      }
      const payload: Position = { types: sdk.flatMap((op) => op.responseTypes), operation: operation.key };
      if (!mayHoldItems(tables.schema, register.fields, payload)) continue;
      const flow = responseFlow(request, payload);
      if (flow) follower.followRequest(request.node, flow, request.exit);
      for (const callback of request.resultCallbacks ?? []) follower.receivedBy(callback, { kind: 'model', position: payload, array: false, record: false });
      // `const { data } = useSearchQuery(q)`, `const [trigger, { data }] = useRunMutation()`: an RTK Query endpoint's hooks in this file.
      if (request.rtkEndpoint) {
        const body: Flow = { kind: 'hookResult', of: { kind: 'model', position: payload, array: false, record: false } };
        for (const hook of rtkHooksOf(request.rtkEndpoint, sourceCode)) follower.follow(hook.call, hook.shape === 'tuple' ? { kind: 'tuple', index: 1, of: body } : body);
      }
    }
    for (const hit of hits.slice(first)) {
      if (request.sdk) hit.sdk = request.sdk;
      // Renames there become suggestions (fixes/field-guards.ts).
      if (request.clientMayBeOther) hit.mayHoldOtherValues = true;
    }
  }
  return hits;
}

/** The calls in the file of the hooks RTK Query generates for an endpoint. */
function rtkHooksOf(endpoint: NonNullable<ResolvedRequest['rtkEndpoint']>, sourceCode: TSESLint.SourceCode): { call: TSESTree.CallExpression; shape: 'result' | 'tuple' }[] {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope || !sourceCode.text.includes('use')) return [];
  return inventoryOf(sourceCode).calls.flatMap((call) => {
    const hook = call.type === AST_NODE_TYPES.CallExpression ? rtkHookCall(call, scope) : undefined;
    return hook && hook.api === endpoint.api && hook.endpoint === endpoint.endpoint ? [{ call: call as TSESTree.CallExpression, shape: hook.shape }] : [];
  });
}

/** One use per field name written in code, with its fix plan; the first hit of a node wins. */
export function usesFromHits(hits: readonly FieldHit[], register: CompiledRegister): Use[] {
  const uses: Use[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    const key = hitKey(hit);
    if (seen.has(key)) continue;
    seen.add(key);
    const owners = register.fields.ownersOf(hit.item).filter((owner) => hit.owner.types.includes(owner));
    uses.push({
      item: hit.item,
      node: hit.node,
      ...(owners.length > 0 ? { owners } : {}),
      site: { kind: 'field', hit },
    });
  }
  return uses;
}

/** A field hit's identity: its place and its register item (two hits of one read at one place are one use). */
export function hitKey(hit: FieldHit): string {
  return `${placeKey(hit.node)}|${hit.item.id}`;
}

function responseFlow(request: ResolvedRequest, payload: Position): Flow | undefined {
  switch (request.response) {
    case 'http':
      return { kind: 'promise', of: { kind: 'http', payload } };
    // ofetch's calls resolve to the parsed body, as the SDK's to its model.
    case 'body':
    case 'model':
      return { kind: 'promise', of: { kind: 'model', position: payload, array: false, record: false } };
    case 'result':
      return { kind: 'promise', of: { kind: 'result', payload } };
    case 'query':
      return { kind: 'http', payload };
    default:
      return undefined;
  }
}
