// Builds src/sdk/generated/{operations,schema}.ts from the TypeScript sources of the installed
// `@gleanwork/api-client` (its `src/` folder), with the TypeScript compiler API. Each source file is
// parsed on its own with `ts.createSourceFile`: every fact we need is syntactic, so no type checker
// (and no slow `ts.Program` over the whole SDK) is involved.
//
//   node tools/generate-sdk-tables.js            writes both files
//   node tools/generate-sdk-tables.js --check    exits 1 when the committed files are stale
//   node tools/generate-sdk-tables.js --verbose  also prints what did not fit the table shapes
//
// What is read:
// - src/funcs/<func>.ts: the exported `<func>(client, ...params)` (params, `@deprecated`, return type
//   `APIPromise<Result<T, E>>`) and its `$do` (the `pathToFunc("...")` literal, the `method` given to
//   `client._createRequest`, the `const input: operations.X = { key: param }` object and where each
//   `payload.<key>` ends up: `pathParams` → path, `encode*Query({...})` → query,
//   `new Headers(...)` → header, anything else (encodeJSON, appendForm) → body). Every parameter must
//   land in exactly one place, or generation fails: an SDK upgrade with new patterns is loud.
// - src/models/operations/*.ts: `X$outboundSchema` `remap$(v, { inputKey: "PayloadKey" })` renames, and
//   `export type X = ...` aliases (to resolve `operations.*` responses that are unions of components).
// - src/sdk/*.ts: `Glean` getters → class getters → methods calling `<func>(this, ...)`.
// - src/react-query/<func>.ts and <func>.core.ts: exported hooks (`use*`) and the helpers that make
//   the request (`prefetch*`, `build*Query`, `build*Mutation`).
// - src/models/components/*.ts: every `export type X = { ... }` and its properties.
import console from 'node:console';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(REPO_ROOT, 'src', 'sdk', 'generated');
const OPERATIONS_FILE = join(OUT_DIR, 'operations.ts');
const SCHEMA_FILE = join(OUT_DIR, 'schema.ts');
const PRINT_WIDTH = 100;

/** @typedef {import('../src/sdk/types.js').SdkOperation} SdkOperation */
/** @typedef {import('../src/sdk/types.js').SdkParam} SdkParam */
/** @typedef {import('../src/sdk/types.js').SdkHook} SdkHook */
/** @typedef {import('../src/sdk/types.js').SdkProperty} SdkProperty */

// ---------------------------------------------------------------------------------------------------
// Parsing helpers

/** @param {string} file */
function parse(file) {
  const text = readFileSync(file, 'utf8');
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Sorted `.ts` files of a directory (not `index.ts`, not `*.core.ts`). @param {string} dir */
function tsFiles(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'index.ts' && !f.endsWith('.core.ts'))
    .sort(compare);
}

/** Code-unit order, independent of the locale. @param {string} a @param {string} b */
function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** @param {ts.Node} node */
function isExported(node) {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/**
 * The text after `@deprecated`, trimmed ('' when the tag has no text); undefined without the tag.
 * @param {ts.Node} node
 */
function deprecation(node) {
  const tag = ts.getJSDocTags(node).find((t) => t.tagName.text === 'deprecated');
  if (!tag) return undefined;
  return (ts.getTextOfJSDocComment(tag.comment) ?? '').replace(/\s+/g, ' ').trim();
}

/** @param {ts.PropertyName | ts.BindingName} name */
function nameText(name) {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  throw new Error(`unsupported name ${ts.SyntaxKind[name.kind]}`);
}

/** @param {ts.Node} node @param {(node: ts.Node) => void} visit */
function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/**
 * Drops `undefined` / `null` union members and parentheses.
 * @param {ts.TypeNode} type @returns {ts.TypeNode[]}
 */
function nonNullish(type) {
  if (ts.isParenthesizedTypeNode(type)) return nonNullish(type.type);
  if (ts.isUnionTypeNode(type)) return type.types.flatMap(nonNullish);
  if (type.kind === ts.SyntaxKind.UndefinedKeyword) return [];
  if (ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword) return [];
  return [type];
}

/**
 * `components.X` → 'X', and within the components folder a bare `X`.
 * @param {ts.TypeNode} type @param {'components' | 'operations' | null} namespace
 */
function referenceName(type, namespace) {
  if (!ts.isTypeReferenceNode(type) || type.typeArguments) return undefined;
  const name = type.typeName;
  if (namespace === null) return ts.isIdentifier(name) ? name.text : undefined;
  if (ts.isQualifiedName(name) && ts.isIdentifier(name.left) && name.left.text === namespace) {
    return name.right.text;
  }
  return undefined;
}

/**
 * A variable declaration, call or `new` whose name (identifier callee, or type reference) matches.
 * @param {ts.Node} node @param {string | RegExp} name
 */
function isNamed(node, name) {
  /** @type {ts.Node | undefined} */
  let id;
  if (ts.isVariableDeclaration(node)) id = node.name;
  else if (ts.isCallExpression(node) || ts.isNewExpression(node)) id = node.expression;
  else if (ts.isTypeReferenceNode(node)) id = node.typeName;
  if (!id || !ts.isIdentifier(id)) return false;
  return typeof name === 'string' ? id.text === name : name.test(id.text);
}

// ---------------------------------------------------------------------------------------------------
// Components

/**
 * @typedef {object} Components
 * @property {Map<string, ts.TypeLiteralNode>} objects  `export type X = { ... }`
 * @property {Map<string, ts.TypeNode>} aliases  every other `export type X = ...` (unions, enums)
 */

/** @param {string} sdkRoot @returns {Components} */
function readComponents(sdkRoot) {
  const dir = join(sdkRoot, 'src', 'models', 'components');
  const objects = new Map();
  const aliases = new Map();
  for (const file of tsFiles(dir)) {
    const sf = parse(join(dir, file));
    for (const statement of sf.statements) {
      if (!ts.isTypeAliasDeclaration(statement) || !isExported(statement)) continue;
      const name = statement.name.text;
      if (name.includes('$')) continue; // `X$Outbound`: the wire shape, internal
      if (objects.has(name) || aliases.has(name)) throw new Error(`components: duplicate type ${name}`);
      if (ts.isTypeLiteralNode(statement.type)) objects.set(name, statement.type);
      else aliases.set(name, statement.type);
    }
  }
  return { objects, aliases };
}

/**
 * The component object types a type stands for: itself, or the members of a union / intersection /
 * union alias. Enums (`OpenEnum<typeof X>`), primitives and inline types give nothing.
 * @param {ts.TypeNode} type @param {Components} components @param {'components' | null} namespace
 * @param {Set<string>} [seen] @returns {string[]}
 */
function componentObjects(type, components, namespace, seen = new Set()) {
  if (ts.isParenthesizedTypeNode(type)) return componentObjects(type.type, components, namespace, seen);
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) {
    return type.types.flatMap((t) => componentObjects(t, components, namespace, seen));
  }
  const name = referenceName(type, namespace);
  if (name === undefined || seen.has(name)) return [];
  if (components.objects.has(name)) return [name];
  const alias = components.aliases.get(name);
  if (!alias) return [];
  // Inside an alias, members are bare names of the components folder.
  return componentObjects(alias, components, null, new Set([...seen, name]));
}

/** @param {string[]} names */
function uniqueSorted(names) {
  return [...new Set(names)].sort(compare);
}

/** @param {Components} components @returns {Record<string, Record<string, SdkProperty>>} */
function buildSchema(components) {
  /** @type {Record<string, Record<string, SdkProperty>>} */
  const types = {};
  for (const name of [...components.objects.keys()].sort(compare)) {
    const literal = /** @type {ts.TypeLiteralNode} */ (components.objects.get(name));
    /** @type {Record<string, SdkProperty>} */
    const properties = {};
    const members = [...literal.members].filter(ts.isPropertySignature);
    members.sort((a, b) => compare(nameText(a.name), nameText(b.name)));
    for (const member of members) {
      const property = describeProperty(member, components);
      if (property) properties[nameText(member.name)] = property;
    }
    types[name] = properties;
  }
  return types;
}

/**
 * @param {ts.PropertySignature} member @param {Components} components
 * @returns {SdkProperty | undefined}
 */
function describeProperty(member, components) {
  const deprecated = deprecation(member);
  let record = false;
  let array = false;
  /** @type {ts.TypeNode[]} */
  let types = member.type ? nonNullish(member.type) : [];
  // `{ [k: string]: T }` (whose T may itself be an array)
  const only = types.length === 1 ? types[0] : undefined;
  if (only && ts.isTypeLiteralNode(only) && only.members.length === 1) {
    const index = only.members[0];
    if (index && ts.isIndexSignatureDeclaration(index) && index.type) {
      record = true;
      types = nonNullish(index.type);
    }
  }
  const element = types.length === 1 ? types[0] : undefined;
  if (element && ts.isTypeReferenceNode(element) && ts.isIdentifier(element.typeName)) {
    const [argument, ...more] = element.typeArguments ?? [];
    if (element.typeName.text === 'Array' && argument && more.length === 0) {
      array = true;
      types = nonNullish(argument);
    }
  } else if (element && ts.isArrayTypeNode(element)) {
    array = true;
    types = nonNullish(element.elementType);
  }
  const held = uniqueSorted(types.flatMap((t) => componentObjects(t, components, null)));
  if (held.length === 0 && deprecated === undefined) return undefined;
  /** @type {SdkProperty} */
  const property = {};
  if (held.length === 1) property.type = held[0];
  if (held.length > 1) property.union = held;
  if (held.length > 0 && array) property.array = true;
  if (held.length > 0 && record) property.record = true;
  // Fixes that read through an edge need to know whether it may be missing (`a.b` vs `a.b?.`).
  if (held.length > 0 && !member.questionToken) property.required = true;
  if (deprecated !== undefined) property.deprecated = deprecated;
  return property;
}

/**
 * Every property name of the types a deprecated property's owner holds (the old and the new value of
 * a rename such as `externalSharingOptions` → `broadSharingOptions`), so that a fix can tell whether
 * a value fits its new owner type.
 * @param {Components} components @param {Record<string, Record<string, SdkProperty>>} types
 * @returns {Record<string, string[]>}
 */
function buildKeys(components, types) {
  /** @type {Set<string>} */
  const held = new Set();
  for (const properties of Object.values(types)) {
    if (!Object.values(properties).some((property) => property.deprecated !== undefined)) continue;
    for (const property of Object.values(properties)) for (const name of property.type ? [property.type] : (property.union ?? [])) held.add(name);
  }
  /** @type {Record<string, string[]>} */
  const keys = {};
  for (const name of [...held].sort(compare)) {
    const literal = components.objects.get(name);
    if (literal) keys[name] = uniqueSorted([...literal.members].filter(ts.isPropertySignature).map((member) => nameText(member.name)));
  }
  return keys;
}

// ---------------------------------------------------------------------------------------------------
// Operations models (request wrappers and response aliases)

/**
 * @typedef {object} OperationModels
 * @property {Map<string, Map<string, string>>} remaps  `X$outboundSchema` → input key → payload key
 * @property {Map<string, ts.TypeNode>} aliases  `export type X = ...`
 */

/** @param {string} sdkRoot @returns {OperationModels} */
function readOperationModels(sdkRoot) {
  const dir = join(sdkRoot, 'src', 'models', 'operations');
  const remaps = new Map();
  const aliases = new Map();
  for (const file of tsFiles(dir)) {
    const sf = parse(join(dir, file));
    for (const statement of sf.statements) {
      if (ts.isTypeAliasDeclaration(statement) && isExported(statement)) {
        if (!statement.name.text.includes('$')) aliases.set(statement.name.text, statement.type);
        continue;
      }
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        if (!declaration.name.text.endsWith('$outboundSchema')) continue;
        const remap = new Map();
        walk(declaration, (node) => {
          if (
            ts.isCallExpression(node) &&
            ts.isIdentifier(node.expression) &&
            node.expression.text === 'remap$' &&
            node.arguments[1] &&
            ts.isObjectLiteralExpression(node.arguments[1])
          ) {
            for (const p of node.arguments[1].properties) {
              if (ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer)) {
                remap.set(nameText(p.name), p.initializer.text);
              }
            }
          }
        });
        remaps.set(declaration.name.text, remap);
      }
    }
  }
  return { remaps, aliases };
}

// ---------------------------------------------------------------------------------------------------
// SDK classes: method chains from `Glean`

/**
 * @param {string} sdkRoot
 * @returns {{
 *   chains: Map<string, string[][]>,
 *   methodInfo: Map<string, { deprecated: boolean, params: string[] }[]>,
 * }} func → its chains (shortest first), and the SDK methods that call it
 */
function readChains(sdkRoot) {
  const dir = join(sdkRoot, 'src', 'sdk');
  /** @typedef {{ func: string, deprecated: boolean, params: string[] }} Method */
  /** @type {Map<string, { getters: Map<string, string>, methods: Map<string, Method> }>} */
  const classes = new Map();
  for (const file of tsFiles(dir)) {
    const sf = parse(join(dir, file));
    const funcImports = new Set();
    for (const statement of sf.statements) {
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.moduleSpecifier.text.startsWith('../funcs/')
      ) {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const e of bindings.elements) funcImports.add(e.name.text);
        }
      }
    }
    for (const statement of sf.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name || !isExported(statement)) continue;
      const getters = new Map();
      const methods = new Map();
      for (const member of statement.members) {
        if (!member.name || !('body' in member) || !member.body) continue;
        const memberName = nameText(member.name);
        if (ts.isGetAccessorDeclaration(member)) {
          walk(member.body, (node) => {
            if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
              getters.set(memberName, node.expression.text);
            }
          });
        } else if (ts.isMethodDeclaration(member)) {
          walk(member.body, (node) => {
            if (
              ts.isCallExpression(node) &&
              ts.isIdentifier(node.expression) &&
              funcImports.has(node.expression.text) &&
              node.arguments[0]?.kind === ts.SyntaxKind.ThisKeyword
            ) {
              methods.set(memberName, {
                func: node.expression.text,
                deprecated: deprecation(member) !== undefined,
                params: member.parameters.map(
                  (p) => `${nameText(p.name)}${p.questionToken || p.initializer ? '?' : ''}`,
                ),
              });
            }
          });
        }
      }
      if (classes.has(statement.name.text)) throw new Error(`sdk: duplicate class ${statement.name.text}`);
      classes.set(statement.name.text, { getters, methods });
    }
  }
  if (!classes.has('Glean')) throw new Error('sdk: class Glean not found in src/sdk');

  /** @type {Map<string, string[][]>} */
  const chains = new Map();
  /** @type {Map<string, Method[]>} */
  const methodInfo = new Map();
  /** @param {string} className @param {string[]} chain @param {Set<string>} path */
  const visit = (className, chain, path) => {
    const cls = classes.get(className);
    if (!cls) throw new Error(`sdk: getter ${chain.join('.')} returns unknown class ${className}`);
    for (const [method, info] of cls.methods) {
      chains.set(info.func, [...(chains.get(info.func) ?? []), [...chain, method]]);
      methodInfo.set(info.func, [...(methodInfo.get(info.func) ?? []), info]);
    }
    for (const [getter, target] of cls.getters) {
      if (!path.has(target)) visit(target, [...chain, getter], new Set([...path, target]));
    }
  };
  visit('Glean', [], new Set(['Glean']));
  for (const list of chains.values()) {
    list.sort((a, b) => a.length - b.length || compare(a.join('.'), b.join('.')));
  }
  return { chains, methodInfo };
}

// ---------------------------------------------------------------------------------------------------
// React Query hooks

/** @param {string} sdkRoot @param {string} func @returns {SdkHook[]} */
function readHooks(sdkRoot, func) {
  const file = join(sdkRoot, 'src', 'react-query', `${func}.ts`);
  if (!existsSync(file)) return [];
  const F = func[0]?.toUpperCase() + func.slice(1);
  /** @type {Record<string, SdkHook['kind']>} */
  const kinds = {
    [`use${F}`]: 'query',
    [`use${F}Suspense`]: 'suspense',
    [`use${F}Mutation`]: 'mutation',
    [`prefetch${F}`]: 'prefetch',
    [`build${F}Query`]: 'queryBuilder',
    [`build${F}Mutation`]: 'mutationBuilder',
  };
  // Exports that make no request: keys, cache setters, invalidators.
  const inert = [`queryKey${F}`, `mutationKey${F}`, `set${F}Data`, `invalidate${F}`, `invalidateAll${F}`];
  /** @type {SdkHook[]} */
  const hooks = [];
  const coreFile = join(sdkRoot, 'src', 'react-query', `${func}.core.ts`);
  for (const [path, core] of /** @type {const} */ ([[file, false], [coreFile, true]])) {
    if (!existsSync(path)) continue;
    for (const statement of parse(path).statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name || !isExported(statement)) continue;
      const name = statement.name.text;
      if (inert.includes(name)) continue;
      const kind = kinds[name];
      if (!kind) throw new Error(`react-query/${func}${core ? '.core' : ''}.ts: unexpected export ${name}`);
      hooks.push(core ? { name, kind, core: true } : { name, kind });
    }
  }
  return hooks.sort((a, b) => compare(a.name, b.name));
}

// ---------------------------------------------------------------------------------------------------
// Funcs

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/**
 * @param {string} sdkRoot @param {string} func @param {Components} components
 * @param {OperationModels} models @param {string[]} notes
 */
function readFunc(sdkRoot, func, components, models, notes) {
  const sf = parse(join(sdkRoot, 'src', 'funcs', `${func}.ts`));
  /** @param {string} message */
  const fail = (message) => new Error(`funcs/${func}.ts: ${message}`);
  /** @type {ts.FunctionDeclaration | undefined} */
  let exported;
  /** @type {ts.FunctionDeclaration | undefined} */
  let impl;
  for (const statement of sf.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    if (statement.name.text === func && isExported(statement)) exported = statement;
    if (statement.name.text === '$do') impl = statement;
  }
  if (!exported || !impl?.body) throw fail(`exported function ${func} or its $do not found`);

  // Path and method.
  /** @type {string | undefined} */
  let path;
  /** @type {string | undefined} */
  let method;
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
  if (method === undefined || !HTTP_METHODS.has(method)) throw fail(`no known HTTP method (${method})`);

  // `const input: operations.X = { key: param }` and the outbound schema's renames.
  /** @type {Map<string, string> | undefined} param → payload key */
  let payloadKeys;
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
      let param;
      if (ts.isShorthandPropertyAssignment(p)) param = p.name.text;
      else if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.initializer)) param = p.initializer.text;
      if (!key || !param) throw fail('unexpected member in `const input`');
      payloadKeys.set(param, remap.get(key) ?? key);
    }
  });

  // Where each `payload` / `payload.<key>` goes. Key '' stands for the whole payload.
  /** @type {Map<string, Set<string>>} */
  const uses = new Map();
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
  /** @type {SdkParam[]} */
  const params = rest.map((p) => {
    const name = nameText(p.name);
    const optional = p.questionToken !== undefined || p.initializer !== undefined;
    if (isOptionsParam(p)) return { name, role: 'options', optional };
    /** @type {Set<string>} */
    let found;
    if (payloadKeys) {
      const key = payloadKeys.get(name);
      if (key === undefined) throw fail(`parameter ${name} is not in \`const input\``);
      found = uses.get(key) ?? new Set();
      if (uses.has('')) throw fail('`payload` used as a whole although there is an input object');
    } else {
      found = new Set([...uses.values()].flatMap((s) => [...s]));
    }
    if (found.size !== 1) {
      throw fail(`parameter ${name} goes to ${found.size ? [...found].join(', ') : 'nowhere'}`);
    }
    const [use = ''] = found;
    const [role, wire] = /** @type {[SdkParam['role'], string]} */ (use.split(':'));
    /** @type {string | undefined} */
    let type;
    if (role === 'body' && p.type) {
      const types = nonNullish(p.type);
      type = types.length === 1 && types[0] ? referenceName(types[0], 'components') : undefined;
      if (type === undefined) {
        notes.push(`${func}: body parameter ${name} is \`${p.type.getText(sf)}\`, not a component type`);
      }
    }
    /** @type {SdkParam} */
    const param = {
      name,
      role,
      ...(role === 'body' ? {} : { wire }),
      ...(type === undefined ? {} : { type }),
      optional,
    };
    return param;
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

/** @param {ts.ParameterDeclaration} p */
function isOptionsParam(p) {
  let found = false;
  if (p.type) {
    walk(p.type, (node) => {
      if (isNamed(node, 'RequestOptions')) found = true;
    });
  }
  return found;
}

/**
 * 'path:<wire>', 'query:<wire>', 'header:<wire>' or 'body:' for a `payload` reference in `$do`.
 * @param {ts.Node} node
 */
function roleOf(node) {
  /** @type {ts.Node | undefined} */
  let child = node;
  /** @type {string | undefined} */
  let wire; // name of the property assignment directly under the object we end in
  for (let current = node.parent; current; child = current, current = current.parent) {
    if (ts.isPropertyAssignment(child) && ts.isObjectLiteralExpression(current)) wire = nameText(child.name);
    if (isNamed(current, 'pathParams')) return `path:${wire}`;
    if (isNamed(current, /^encode\w*Query$/)) return `query:${wire}`;
    if (isNamed(current, 'Headers')) return `header:${wire}`;
    if (ts.isFunctionDeclaration(current)) break;
  }
  return 'body:';
}

/**
 * @param {ts.TypeNode} type @param {Components} components @param {OperationModels} models
 * @param {(why: string) => void} note @returns {string[]}
 */
function responseComponents(type, components, models, note) {
  /** @type {string[]} */
  const names = [];
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

/** @param {ts.TypeNode} type */
function isPrimitive(type) {
  return (
    type.kind === ts.SyntaxKind.VoidKeyword ||
    type.kind === ts.SyntaxKind.StringKeyword ||
    type.kind === ts.SyntaxKind.NumberKeyword ||
    type.kind === ts.SyntaxKind.BooleanKeyword ||
    type.kind === ts.SyntaxKind.AnyKeyword ||
    type.kind === ts.SyntaxKind.UnknownKeyword
  );
}

// ---------------------------------------------------------------------------------------------------
// Printing (prettier-like: single quotes, 2-space indent, trailing commas, width 100)

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** @param {string} s */
function quote(s) {
  const useDouble = s.includes("'") && !s.includes('"');
  const q = useDouble ? '"' : "'";
  const body = s
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(new RegExp(q, 'g'), `\\${q}`);
  return q + body + q;
}

/** @param {string} key */
function printKey(key) {
  return IDENTIFIER.test(key) ? key : quote(key);
}

/** @param {unknown} value @returns {string} */
function inline(value) {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${printKey(k)}: ${inline(v)}`).join(', ')} }`;
  }
  if (typeof value === 'string') return quote(value);
  return String(value);
}

/**
 * Prettier breaks arrays of several objects (arrays) with more than one key (element).
 * @param {unknown[]} list
 */
function forcesBreak(list) {
  /** @param {unknown} v */
  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  return (
    list.length > 1 &&
    (list.every((v) => isObject(v) && Object.keys(/** @type {object} */ (v)).length > 1) ||
      list.every((v) => Array.isArray(v) && v.length > 1))
  );
}

/**
 * @param {unknown} value @param {string} indent
 * @param {number} used characters already on the line before the value
 * @param {number} after characters that follow the value on its line
 * @returns {string}
 */
function print(value, indent, used, after) {
  const flat = inline(value);
  const isArray = Array.isArray(value);
  const isObject = value !== null && typeof value === 'object';
  const fits = used + flat.length + after <= PRINT_WIDTH;
  if (!isObject || (fits && !(isArray && forcesBreak(value)))) return flat;
  const inner = `${indent}  `;
  const entries = isArray
    ? value.map((v) => ({ prefix: '', v }))
    : Object.entries(/** @type {object} */ (value))
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => ({ prefix: `${printKey(k)}: `, v }));
  if (entries.length === 0) return isArray ? '[]' : '{}';
  const lines = entries.map(
    ({ prefix, v }) => `${inner}${prefix}${print(v, inner, inner.length + prefix.length, 1)},`,
  );
  return `${isArray ? '[' : '{'}\n${lines.join('\n')}\n${indent}${isArray ? ']' : '}'}`;
}

/** @param {string} version */
function header(version) {
  return `// Generated by tools/generate-sdk-tables.js from @gleanwork/api-client@${version}. Do not edit.\n`;
}

// ---------------------------------------------------------------------------------------------------
// Entry points

/**
 * Reads the SDK sources under `sdkRoot` (the package folder of `@gleanwork/api-client`) and returns the
 * full text of both generated files. `notes` lists what did not fit the table shapes (informational).
 * @param {string} sdkRoot
 * @returns {{
 *   operations: string,
 *   schema: string,
 *   notes: string[],
 *   counts: { operations: number, types: number },
 * }}
 */
export function generateSdkTables(sdkRoot) {
  const pkg = JSON.parse(readFileSync(join(sdkRoot, 'package.json'), 'utf8'));
  if (pkg.name !== '@gleanwork/api-client') throw new Error(`${sdkRoot} is not @gleanwork/api-client`);
  /** @type {string} */
  const version = pkg.version;
  /** @type {string[]} */
  const notes = [];

  const components = readComponents(sdkRoot);
  const models = readOperationModels(sdkRoot);
  const { chains, methodInfo } = readChains(sdkRoot);

  /** @type {SdkOperation[]} */
  const operations = [];
  for (const file of tsFiles(join(sdkRoot, 'src', 'funcs'))) {
    const func = file.slice(0, -'.ts'.length);
    const info = readFunc(sdkRoot, func, components, models, notes);
    const found = chains.get(func) ?? [];
    if (found.length === 0) notes.push(`${func}: not reachable from Glean (chain left empty)`);
    const methods = methodInfo.get(func) ?? [];
    if (methods.some((m) => m.deprecated !== info.deprecated)) {
      notes.push(`${func}: @deprecated on the func and on its SDK method disagree; using either`);
    }
    const funcParams = info.params.map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ');
    for (const m of methods) {
      if (m.params.join(', ') !== funcParams) {
        notes.push(`${func}: SDK method takes (${m.params.join(', ')}), the func (client, ${funcParams})`);
      }
    }
    /** @type {SdkOperation} */
    const operation = {
      func,
      chain: found[0] ?? [],
      chains: found.length > 1 ? found.slice(1) : undefined,
      method: /** @type {SdkOperation['method']} */ (info.method),
      path: info.path,
      params: info.params,
      responseTypes: info.responseTypes,
      deprecated: info.deprecated || methods.some((m) => m.deprecated),
      hooks: readHooks(sdkRoot, func),
    };
    if (operation.chains === undefined) delete operation.chains;
    operations.push(operation);
  }
  operations.sort((a, b) => compare(a.func, b.func));

  const types = buildSchema(components);
  const keys = buildKeys(components, types);

  const operationsText =
    header(version) +
    "import type { SdkOperation } from '../types.js';\n\n" +
    `export const SDK_PACKAGE = ${quote('@gleanwork/api-client')};\n` +
    `export const SDK_VERSION = ${quote(version)};\n\n` +
    `export const sdkOperations: readonly SdkOperation[] = ${print(operations, '', 53, 1)};\n`;
  const schemaText =
    header(version) +
    "import type { SdkSchema } from '../types.js';\n\n" +
    `export const sdkSchema: SdkSchema = ${print({ types, keys }, '', 36, 1)};\n`;

  return {
    operations: operationsText,
    schema: schemaText,
    notes,
    counts: { operations: operations.length, types: Object.keys(types).length },
  };
}

/** The installed SDK's package folder, as resolved from this repository. */
export function installedSdkRoot() {
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  return dirname(require.resolve('@gleanwork/api-client/package.json'));
}

function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--check' && a !== '--verbose');
  if (unknown.length > 0) {
    console.error(`unknown argument(s): ${unknown.join(' ')}`);
    console.error('usage: node tools/generate-sdk-tables.js [--check] [--verbose]');
    process.exit(2);
  }
  const started = performance.now();
  const sdkRoot = installedSdkRoot();
  const tables = generateSdkTables(sdkRoot);
  const ms = Math.round(performance.now() - started);
  const files = [
    { file: OPERATIONS_FILE, text: tables.operations },
    { file: SCHEMA_FILE, text: tables.schema },
  ];
  if (args.includes('--verbose')) for (const note of tables.notes) console.log(`note: ${note}`);
  const summary = `${tables.counts.operations} operations, ${tables.counts.types} types, ${ms} ms`;
  if (args.includes('--check')) {
    const stale = files.filter(({ file, text }) => !existsSync(file) || readFileSync(file, 'utf8') !== text);
    if (stale.length > 0) {
      for (const { file } of stale) {
        const name = file.slice(REPO_ROOT.length + 1);
        console.error(`${name} is out of date with the installed @gleanwork/api-client.`);
      }
      console.error('Run `node tools/generate-sdk-tables.js` and commit the result.');
      process.exit(1);
    }
    console.log(`SDK tables are up to date (${summary}).`);
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  for (const { file, text } of files) writeFileSync(file, text);
  console.log(`Wrote ${files.map(({ file }) => file.slice(REPO_ROOT.length + 1)).join(', ')} (${summary}).`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
