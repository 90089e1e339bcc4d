// src/funcs/<func>.ts: the exported `<func>(client, ...params)` (params, `@deprecated`, return type
// `APIPromise<Result<T, E>>`) and its `$do` (the `pathToFunc("...")` literal, the `method` given to
// `client._createRequest`, the `const input: operations.X = { key: param }` object and where each
// `payload.<key>` ends up: `pathParams` → path, `encode*Query({...})` → query, `new Headers(...)` →
// header, anything else (encodeJSON, appendForm) → body). Every parameter must land in exactly one
// place (but a `_name` the SDK marks unused), or generation fails: an SDK upgrade with new patterns is loud.
import { join } from 'node:path';
import ts from 'typescript';
import { HTTP_METHODS, type HttpMethod } from '../../src/register/types.js';
import type { SdkOperation, SdkParam } from '../../src/sdk/types.js';
import { componentObjects, type Components } from './components.js';
import type { OperationModels } from './operation-models.js';
import {
  deprecation,
  isExported,
  isNamed,
  isPrimitive,
  nameText,
  nonNullish,
  parse,
  referenceName,
  uniqueSorted,
  walk,
} from './syntax.js';

/** What a func's source tells about its operation. */
export type FuncInfo = Pick<SdkOperation, 'path' | 'method' | 'params' | 'responseTypes' | 'deprecated'>;

/** `notes` collects what did not fit the table shapes (informational). */
export function readFunc(
  sdkRoot: string,
  func: string,
  components: Components,
  models: OperationModels,
  notes: string[],
): FuncInfo {
  const sf = parse(join(sdkRoot, 'src', 'funcs', `${func}.ts`));
  const fail = (message: string) => new Error(`funcs/${func}.ts: ${message}`);
  let exported: ts.FunctionDeclaration | undefined;
  let impl: ts.FunctionDeclaration | undefined;
  for (const statement of sf.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    if (statement.name.text === func && isExported(statement)) exported = statement;
    if (statement.name.text === '$do') impl = statement;
  }
  if (!exported || !impl?.body) throw fail(`exported function ${func} or its $do not found`);

  // Path and method.
  let path: string | undefined;
  let method: string | undefined;
  walk(impl.body, (node) => {
    if (!ts.isCallExpression(node)) return;
    const callee = node.expression;
    const first = node.arguments[0];
    if (ts.isIdentifier(callee) && callee.text === 'pathToFunc' && first && ts.isStringLiteralLike(first)) {
      if (path !== undefined) throw fail('more than one pathToFunc');
      path = first.text.replace(/#.*$/, '');
    }
    const options = node.arguments[1];
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === '_createRequest' && options) {
      if (!ts.isObjectLiteralExpression(options)) {
        throw fail('_createRequest options are not an object literal');
      }
      for (const p of options.properties) {
        if (!ts.isPropertyAssignment(p) || nameText(p.name) !== 'method') continue;
        if (ts.isStringLiteralLike(p.initializer)) method = p.initializer.text;
      }
    }
  });
  if (path === undefined) throw fail('no pathToFunc("...") literal');
  if (!isHttpMethod(method)) throw fail(`no known HTTP method (${method})`);

  // `const input: operations.X = { key: param }` and the outbound schema's renames.
  let payloadKeys: Map<string, string> | undefined; // param → payload key
  walk(impl.body, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || node.name.text !== 'input') return;
    const typeName = node.type && referenceName(node.type, 'operations');
    if (!typeName || !node.initializer || !ts.isObjectLiteralExpression(node.initializer)) {
      throw fail('`const input` is not `operations.X = { ... }`');
    }
    const remap = models.remaps.get(`${typeName}$outboundSchema`);
    if (!remap) throw fail(`operations.${typeName}$outboundSchema not found`);
    payloadKeys = new Map();
    for (const p of node.initializer.properties) {
      const key = p.name && nameText(p.name);
      let param: string | undefined;
      if (ts.isShorthandPropertyAssignment(p)) param = p.name.text;
      else if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.initializer)) param = p.initializer.text;
      if (!key || !param) throw fail('unexpected member in `const input`');
      payloadKeys.set(param, remap.get(key) ?? key);
    }
  });

  // Where each `payload` / `payload.<key>` goes. Key '' stands for the whole payload.
  const uses = new Map<string, Set<string>>();
  walk(impl.body, (node) => {
    if (!ts.isIdentifier(node) || node.text !== 'payload') return;
    if (ts.isVariableDeclaration(node.parent) && node.parent.name === node) return;
    if (ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) return;
    const parent = node.parent;
    const key = ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent.name.text : '';
    const use = roleOf(node);
    uses.set(key, (uses.get(key) ?? new Set()).add(use));
  });

  // Parameters.
  const [client, ...rest] = exported.parameters;
  if (!client || !ts.isIdentifier(client.name) || client.name.text !== 'client') {
    throw fail('first parameter is not client');
  }
  const wireParams = rest.filter((p) => !isOptionsParam(p));
  if (!payloadKeys && wireParams.length > 1) throw fail('several parameters but no `const input` object');
  const params = rest.map((p): SdkParam => {
    const name = nameText(p.name);
    const optional = p.questionToken !== undefined || p.initializer !== undefined;
    if (isOptionsParam(p)) return { name, role: 'options', optional };
    let found: Set<string>;
    if (payloadKeys) {
      const key = payloadKeys.get(name);
      if (key === undefined) throw fail(`parameter ${name} is not in \`const input\``);
      found = uses.get(key) ?? new Set();
      if (uses.has('')) throw fail('`payload` used as a whole although there is an input object');
    } else {
      found = new Set([...uses.values()].flatMap((s) => [...s]));
    }
    if (found.size === 0 && name.startsWith('_')) return { name, role: 'unsent' as never, optional };
    // Speakeasy names a parameter it takes and never sends `_name` (`_request` of clientPinsList before 0.20).
    if (found.size === 0 && name.startsWith('_')) return { name, role: 'unsent', optional };
    if (found.size !== 1) {
      throw fail(`parameter ${name} goes to ${found.size ? [...found].join(', ') : 'nowhere'}`);
    }
    const [use = ''] = found;
    const [role, wire] = use.split(':') as [SdkParam['role'], string];
    let type: string | undefined;
    if (role === 'body' && p.type) {
      const types = nonNullish(p.type);
      type = types.length === 1 && types[0] ? referenceName(types[0], 'components') : undefined;
      if (type === undefined) {
        notes.push(`${func}: body parameter ${name} is \`${p.type.getText(sf)}\`, not a component type`);
      }
    }
    return {
      name,
      role,
      ...(role === 'body' ? {} : { wire }),
      ...(type === undefined ? {} : { type }),
      optional,
    };
  });

  // Success response: `APIPromise<Result<T, E>>`.
  const promise = exported.type;
  const result = promise && ts.isTypeReferenceNode(promise) ? promise.typeArguments?.[0] : undefined;
  const success = result && ts.isTypeReferenceNode(result) ? result.typeArguments?.[0] : undefined;
  if (!success) throw fail('return type is not APIPromise<Result<T, E>>');
  const responseTypes = responseComponents(success, components, models, (why) =>
    notes.push(`${func}: response \`${success.getText(sf).replace(/\s+/g, ' ')}\` ${why}`),
  );

  return { path, method, params, responseTypes, deprecated: deprecation(exported) !== undefined };
}

function isHttpMethod(method: string | undefined): method is HttpMethod {
  return (HTTP_METHODS as readonly (string | undefined)[]).includes(method);
}

function isOptionsParam(p: ts.ParameterDeclaration): boolean {
  let found = false;
  if (p.type) {
    walk(p.type, (node) => {
      if (isNamed(node, 'RequestOptions')) found = true;
    });
  }
  return found;
}

/** 'path:<wire>', 'query:<wire>', 'header:<wire>' or 'body:' for a `payload` reference in `$do`. */
function roleOf(node: ts.Node): string {
  let child: ts.Node = node;
  let wire: string | undefined; // name of the property assignment directly under the object we end in
  for (let current = node.parent; current; child = current, current = current.parent) {
    if (ts.isPropertyAssignment(child) && ts.isObjectLiteralExpression(current)) wire = nameText(child.name);
    if (isNamed(current, 'pathParams')) return `path:${wire}`;
    if (isNamed(current, /^encode\w*Query$/)) return `query:${wire}`;
    if (isNamed(current, 'Headers')) return `header:${wire}`;
    if (ts.isFunctionDeclaration(current)) break;
  }
  return 'body:';
}

function responseComponents(
  type: ts.TypeNode,
  components: Components,
  models: OperationModels,
  note: (why: string) => void,
): string[] {
  const names: string[] = [];
  for (const member of nonNullish(type)) {
    const component = referenceName(member, 'components');
    if (component !== undefined) {
      const objects = componentObjects(member, components, 'components');
      if (objects.length === 0) note(`names components.${component}, which is not an object type: left out`);
      names.push(...objects);
      continue;
    }
    const operation = referenceName(member, 'operations');
    if (operation !== undefined) {
      const alias = models.aliases.get(operation);
      const members = alias ? nonNullish(alias) : [];
      const simple =
        alias !== undefined &&
        (ts.isUnionTypeNode(alias) || referenceName(alias, 'components') !== undefined) &&
        members.every((m) => referenceName(m, 'components') !== undefined || isPrimitive(m));
      if (!simple) {
        note(`is not a union of components.* types: left out`);
        continue;
      }
      names.push(...members.flatMap((m) => componentObjects(m, components, 'components')));
      continue;
    }
    if (!isPrimitive(member)) note(`is neither a component nor a primitive: left out`);
  }
  return uniqueSorted(names);
}
