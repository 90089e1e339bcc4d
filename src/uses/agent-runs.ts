import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AGENT_ID_BODY_KEY, AGENT_ID_PATH_PARAM, INPUT_KEY, agentRunOperations } from '../register/agent-runs.js';
import { operationKey } from '../register/types.js';
import { findProperty, findVariable, resolveExpression, resolveObject, staticKeyName, staticValue } from '../util/resolve.js';
import { editDistance } from '../util/closest-name.js';
import { memberWrites, objectValues } from '../flow/values.js';
import type { ResolvedRequest } from '../model/request.js';
import { programOf } from '../util/linking.js';
import { sdkBodyKey } from '../sdk/versions.js';

/**
 * Checks agent-run bodies against register §4.1 and the agents' input forms in
 * `settings.glean.agentForms`. Says nothing where the body or the agent cannot be known statically.
 */

export type RunInputProblem =
  | { kind: 'inputNotObject'; node: TSESTree.Node; actual: string }
  | { kind: 'missingInput'; node: TSESTree.Node; agent: string; fields: readonly string[] }
  /** `input` is the form object the missing fields go into. */
  | { kind: 'missingFields'; node: TSESTree.Node; agent: string; missing: readonly string[]; input: TSESTree.ObjectExpression }
  /** `property` holds the unknown key; `closest` is a missing form field it is likely a typo of. */
  | { kind: 'unknownField'; node: TSESTree.Node; agent: string; field: string; fields: readonly string[]; property: TSESTree.Property; closest?: string };

const RUN_KEYS = new Set(agentRunOperations.map(operationKey));

export function findRunInputProblems(
  sourceCode: TSESLint.SourceCode,
  requests: readonly ResolvedRequest[],
  agentForms: Readonly<Record<string, readonly string[]>>,
): RunInputProblem[] {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope) return [];
  const problems: RunInputProblem[] = [];
  const checked = new Set<unknown>();
  for (const request of requests) {
    if (!request.body || !request.operations.some((op) => RUN_KEYS.has(op.key))) continue;
    // The body wherever it is built: written here, in a constant, by a helper, passed as an argument.
    // A wrapper's body is checked once per call that binds its parameters.
    for (const body of objectValues(request.body, scope, sourceCode)) {
      const key = request.bindings ? `${body.range.join(':')}|${[...request.bindings.values()].map((value) => value.range.join(':')).join(',')}` : body;
      if (checked.has(key)) continue;
      checked.add(key);
      problems.push(...checkBody(sourceCode, request, body, agentForms, scope));
    }
  }
  // A body written in another module is checked when that module is linted. A body checked for a
  // wrapper's call and on its own finds the same problem once.
  const reported = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.kind}|${problem.node.range.join(':')}|${problem.kind === 'unknownField' ? problem.field : ''}`;
    if (programOf(problem.node) !== sourceCode.ast || reported.has(key)) return false;
    reported.add(key);
    return true;
  });
}

function checkBody(
  sourceCode: TSESLint.SourceCode,
  request: ResolvedRequest,
  body: TSESTree.ObjectExpression,
  agentForms: Readonly<Record<string, readonly string[]>>,
  scope: TSESLint.Scope.Scope,
): RunInputProblem[] {
  const problems: RunInputProblem[] = [];
  const found = findProperty(body, INPUT_KEY, scope);
  if (found === 'unknown') return problems;
  const input = found && { property: found.property, value: boundValue(found.value, request, scope) };
  const agent = agentIdOf(request, body, scope);
  const fields = agent === undefined ? undefined : agentForms[agent];
  // `body.input = …` after the body is declared.
  const later = memberWrites(body, INPUT_KEY, scope);
  for (const value of later) {
    const actual = nonObjectKind(resolveExpression(value, scope), scope);
    if (actual) problems.push({ kind: 'inputNotObject', node: value, actual });
  }
  if (!input) {
    if (later.length === 0 && agent !== undefined && fields) problems.push({ kind: 'missingInput', node: body, agent, fields });
    return problems;
  }
  const value = resolveExpression(input.value, scope);
  const actual = nonObjectKind(value, scope);
  if (actual) {
    problems.push({ kind: 'inputNotObject', node: input.value, actual });
    return problems;
  }
  if (value.type !== AST_NODE_TYPES.ObjectExpression || agent === undefined || !fields) return problems;
  // A form a caller hands to a wrapper is reported at the caller's object, not at the wrapper's key.
  const reportAt = found && input.value !== found.value ? value : input.property.key;
  problems.push(...checkForm(sourceCode, value, agent, fields, reportAt, scope));
  return problems;
}

function agentIdOf(request: ResolvedRequest, body: TSESTree.ObjectExpression, scope: TSESLint.Scope.Scope): string | undefined {
  const fromPath = request.pathParams[AGENT_ID_PATH_PARAM];
  if (typeof fromPath === 'string') return fromPath;
  if (fromPath) return staticString(fromPath, scope);
  // An SDK call's body names it as that SDK version does (`agentId` before 0.20).
  const key = request.sdk ? sdkBodyKey(request.sdk.tables, request.operations[0]?.key ?? '', AGENT_ID_BODY_KEY) : AGENT_ID_BODY_KEY;
  const fromBody = findProperty(body, key, scope);
  return fromBody && fromBody !== 'unknown' ? staticString(boundValue(fromBody.value, request, scope), scope) : undefined;
}

/** A wrapper's parameter as the call the request is made for gives it (see ResolvedRequest.bindings). */
function boundValue(node: TSESTree.Node, request: ResolvedRequest, scope: TSESLint.Scope.Scope): TSESTree.Node {
  if (!request.bindings || node.type !== AST_NODE_TYPES.Identifier) return node;
  const variable = findVariable(scope, node);
  return (variable && request.bindings.get(variable)) ?? node;
}

function staticString(node: TSESTree.Node, scope: TSESLint.Scope.Scope): string | undefined {
  const value = staticValue(node, scope)?.value;
  return typeof value === 'string' ? value : undefined;
}

/** What a value that is certainly not an object is, for the message; undefined when it may be one. */
function nonObjectKind(node: TSESTree.Node, scope: TSESLint.Scope.Scope): string | undefined {
  switch (node.type) {
    case AST_NODE_TYPES.CallExpression:
      return makesString(node, scope) ? 'a string' : undefined;
    case AST_NODE_TYPES.ArrayExpression:
      return 'an array';
    case AST_NODE_TYPES.TemplateLiteral:
      return 'a string';
    case AST_NODE_TYPES.Literal:
      if (node.value === null) return 'null';
      if (typeof node.value === 'string') return 'a string';
      if (typeof node.value === 'number' || typeof node.value === 'bigint') return 'a number';
      if (typeof node.value === 'boolean') return 'a boolean';
      return undefined;
    default:
      return undefined;
  }
}

/** `JSON.stringify(form)`, `String(x)`, `list.join(',')`, `value.toString()`: text, for the global functions only. */
function makesString(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): boolean {
  const callee = call.callee;
  const isGlobal = (identifier: TSESTree.Identifier): boolean => !findVariable(scope, identifier)?.defs.length;
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name === 'String' && isGlobal(callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const key = staticKeyName(callee, scope);
  if (callee.object.type === AST_NODE_TYPES.Identifier && callee.object.name === 'JSON') return key === 'stringify' && isGlobal(callee.object);
  return key === 'toString' || key === 'join';
}

function checkForm(
  sourceCode: TSESLint.SourceCode,
  input: TSESTree.ObjectExpression,
  agent: string,
  fields: readonly string[],
  missingAt: TSESTree.Node,
  scope: TSESLint.Scope.Scope,
): RunInputProblem[] {
  const problems: RunInputProblem[] = [];
  const keys = collectKeys(input, scope, new Set());
  const missing = keys.open ? [] : fields.filter((field) => !keys.names.has(field));
  for (const [name, property] of keys.own) {
    if (fields.includes(name)) continue;
    const closest = missing.find((field) => editDistance(field, name) <= 2);
    problems.push({ kind: 'unknownField', node: property.key, agent, field: name, fields, property, ...(closest ? { closest } : {}) });
  }
  // A typo that has a rename suggestion accounts for one missing field; report the rest.
  const renamed = new Set(problems.flatMap((p) => (p.kind === 'unknownField' && p.closest ? [p.closest] : [])));
  const stillMissing = missing.filter((field) => !renamed.has(field));
  if (stillMissing.length > 0) problems.push({ kind: 'missingFields', node: missingAt, agent, missing: stillMissing, input });
  return problems;
}

/** The static keys an input object sets; `open` when a spread or computed key may set more. */
function collectKeys(
  object: TSESTree.ObjectExpression,
  scope: TSESLint.Scope.Scope,
  seen: Set<TSESTree.Node>,
): { names: Set<string>; own: [string, TSESTree.Property][]; open: boolean } {
  const result = { names: new Set<string>(), own: [] as [string, TSESTree.Property][], open: false };
  seen.add(object);
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.SpreadElement) {
      const spread = resolveObject(property.argument, scope);
      if (!spread || seen.has(spread)) {
        result.open = true;
        continue;
      }
      const inner = collectKeys(spread, scope, seen);
      inner.names.forEach((name) => result.names.add(name));
      result.open ||= inner.open;
      continue;
    }
    const key = staticKeyName(property, scope);
    if (key === undefined) {
      result.open = true;
      continue;
    }
    result.names.add(key);
    result.own.push([key, property]);
  }
  return result;
}
