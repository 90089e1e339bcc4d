import { AST_NODE_TYPES } from '../util/packages.js';
import type { ParserServicesWithTypeInformation, TSESLint, TSESTree } from '@typescript-eslint/utils';
import type * as ts from 'typescript';
import type { FieldHit } from '../matchers/field-hit.js';
import { SDK_PACKAGE } from '../sdk/index.js';
import { findVariable, isTypeWrapper, leftmostName, staticKeyName, unwrap } from '../util/resolve.js';
import { unwrapSerialised } from '../matchers/http-requests.js';
import { callsOfFunction, enclosingFunction, forEachReturned, isFunction, querySelectOf, resolveCallee, resolveFunction, RUNNER_OPTION_KEYS, type FunctionNode } from '../flow/functions.js';
import { programOf, visitorKeysFor } from '../util/linking.js';
import { moduleAt, recordOfProgram, resolveImport } from '../modules/index.js';
import { isRouteResponseHelper, routeExports } from '../flow/route-data.js';

/**
 * The types a user gave the value that holds a field (an annotation, `as`, `satisfies`, a generic
 * argument, a function's declared return type). A rename that such a type does not follow breaks
 * `tsc`, so the fix must rename the type's property too, or not be automatic:
 * - `none`: no type of the user's on the way (plain JavaScript, the SDK's own types, `any`);
 * - `sameFile`: the file declares the property (`properties`): rename them in the same fix;
 * - `elsewhere`: a type declared in another file (`name`) may declare it: a suggestion only.
 * With type information the checker decides; without, the types written on the way are read.
 */
export type DeclaredType =
  | { kind: 'none' }
  | { kind: 'sameFile'; properties: TSESTree.TSPropertySignature[] }
  | { kind: 'elsewhere'; name: string; inferredHere?: boolean };

const NONE: DeclaredType = { kind: 'none' };
const SDK_SOURCE = new RegExp(`^${SDK_PACKAGE.replace('/', '\\/')}(\\/|$)`);
const SDK_PATH = new RegExp(`[\\\\/]${SDK_PACKAGE.split('/').join('[\\\\/]')}[\\\\/]`);

export function declaredTypeOf(hit: FieldHit, sourceCode: TSESLint.SourceCode): DeclaredType {
  const field = hit.item.field;
  const services = sourceCode.parserServices as Partial<ParserServicesWithTypeInformation> | undefined;
  if (services?.program && services.esTreeNodeToTSNodeMap) return checkerDecides(hit, field, services as ParserServicesWithTypeInformation);
  const sources = typeSources(holderValue(hit), sourceCode, 0);
  if (sources.length === 0) return NONE;
  return fromTypeNodes(sources, field, sourceCode);
}

/** The expression whose type owns the field: the receiver of a read, or the object literal of a key. */
function holderValue(hit: FieldHit): TSESTree.Node {
  switch (hit.holder.kind) {
    case 'member':
    case 'assignment':
      return hit.holder.member.object;
    case 'property':
      return hit.holder.object;
    case 'pattern':
      return hit.holder.pattern;
    case 'value':
      return hit.node;
  }
}

/** The type annotations that decide the static type of `node`, following it to where it comes from. */
function typeSources(node: TSESTree.Node, sourceCode: TSESLint.SourceCode, depth: number): TSESTree.TypeNode[] {
  if (depth > 8) return [];
  const parent = node.parent;
  // What the value is given to: an annotated variable, an `as` / `satisfies`, a returned value.
  if (parent) {
    if ((parent.type === AST_NODE_TYPES.TSAsExpression || parent.type === AST_NODE_TYPES.TSSatisfiesExpression) && parent.expression === node) {
      return [parent.typeAnnotation];
    }
    if ((parent.type === AST_NODE_TYPES.Property && parent.value === node) || parent.type === AST_NODE_TYPES.ArrayExpression) {
      const container = parent.type === AST_NODE_TYPES.Property ? parent.parent : parent;
      if (container.type === AST_NODE_TYPES.ObjectExpression || container.type === AST_NODE_TYPES.ArrayExpression) {
        return typeSources(container, sourceCode, depth + 1);
      }
    }
    if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node && parent.id.typeAnnotation) {
      return [parent.id.typeAnnotation.typeAnnotation];
    }
    if (node.type === AST_NODE_TYPES.ObjectPattern && node.typeAnnotation) return [node.typeAnnotation.typeAnnotation];
    if (node.type === AST_NODE_TYPES.ObjectPattern && parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init) {
      return typeSources(parent.init, sourceCode, depth + 1);
    }
    if (parent.type === AST_NODE_TYPES.ReturnStatement || (parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === node)) {
      const fn = enclosingFunction(parent);
      if (fn?.returnType) return [fn.returnType.typeAnnotation];
    }
  }
  return originTypeSources(node, sourceCode, depth);
}

/** The type annotations of where a value comes from (its variable, the call that made it), whatever it is given to. */
function originTypeSources(node: TSESTree.Node, sourceCode: TSESLint.SourceCode, depth: number): TSESTree.TypeNode[] {
  if (depth > 8) return [];
  switch (node.type) {
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSSatisfiesExpression:
    case AST_NODE_TYPES.TSTypeAssertion:
      return [node.typeAnnotation];
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.AwaitExpression:
      return typeSources(node.type === AST_NODE_TYPES.AwaitExpression ? node.argument : node.expression, sourceCode, depth + 1);
    case AST_NODE_TYPES.ChainExpression:
      return typeSources(node.expression, sourceCode, depth + 1);
    // `res.results ?? []`: the known side's types.
    case AST_NODE_TYPES.LogicalExpression:
      return [...typeSources(node.left, sourceCode, depth + 1), ...typeSources(node.right, sourceCode, depth + 1)];
    case AST_NODE_TYPES.MemberExpression:
      return typeSources(node.object, sourceCode, depth + 1);
    case AST_NODE_TYPES.CallExpression: {
      // `res.json<T>()`, `axios.post<T>()`, `useQuery<T>()`: the generic argument types the result;
      // `useLoaderData<typeof loader>()`: what the function returns.
      if (node.typeArguments) return node.typeArguments.params.flatMap((parameter) => typeQuerySources(parameter, sourceCode, depth + 1) ?? [parameter]);
      const callee = node.callee.type === AST_NODE_TYPES.Identifier ? declaredFunction(node.callee, sourceCode) : undefined;
      if (callee?.returnType) return [callee.returnType.typeAnnotation];
      // `searchPreview(q)` of another module: the return type it declares there.
      const foreign = callee ? undefined : resolveCallee(node, sourceCode.getScope(node));
      if (foreign && programOf(foreign) !== sourceCode.ast) return foreign.returnType ? [foreign.returnType.typeAnnotation] : [];
      // `useQuery({ queryFn: () => searchPreview(q) })`: a hook's data is what its function returns.
      const hookFunction = queryFunctionOf(node, sourceCode);
      if (hookFunction) return returnedTypeSources(hookFunction, sourceCode, depth + 1);
      if (node.callee.type === AST_NODE_TYPES.MemberExpression) return typeSources(node.callee.object, sourceCode, depth + 1);
      // `firstValueFrom(http.post<Coll>(…))`, `retry(() => http.post<Coll>(…))`: a function the file does not
      // see, handed the request: what the request's types say.
      const [first] = node.arguments;
      if (!foreign && first?.type === AST_NODE_TYPES.CallExpression) return typeSources(first, sourceCode, depth + 1);
      if (!foreign && (first?.type === AST_NODE_TYPES.ArrowFunctionExpression || first?.type === AST_NODE_TYPES.FunctionExpression)) return returnedTypeSources(first, sourceCode, depth + 1);
      return [];
    }
    case AST_NODE_TYPES.Identifier: {
      const variable = findVariable(sourceCode.getScope(node), node);
      const definition = variable?.defs[0];
      if (!definition) return [];
      const name = definition.name as TSESTree.Node;
      if (name.type === AST_NODE_TYPES.Identifier && name.typeAnnotation) return [name.typeAnnotation.typeAnnotation];
      // `{ loaderData }: Route.ComponentProps`, `const { data }: Props = …`: the destructuring pattern's annotation.
      const patternType = patternAnnotation(name);
      if (patternType) return routeModuleTypeSources(patternType, sourceCode, depth + 1) ?? [patternType];
      // `const data = …` and `const { data } = …`: the types reachable from the initialiser's type.
      if (definition.node.type === AST_NODE_TYPES.VariableDeclarator && definition.node.init) {
        return typeSources(definition.node.init, sourceCode, depth + 1);
      }
      // `for (const s of result.snippets ?? [])`: the types of what the loop goes through.
      const loop = definition.type === 'Variable' ? definition.parent.parent : undefined;
      if (loop?.type === AST_NODE_TYPES.ForOfStatement && loop.left === definition.parent) return typeSources(loop.right, sourceCode, depth + 1);
      // `(s) => s.snippet` handed to `results.map(…)`, `.then(…)`, or a query's `select`: what the caller hands it.
      if (definition.type === 'Parameter') return handedTypeSources(definition.node, sourceCode, depth + 1);
      return [];
    }
    default:
      return [];
  }
}


/** The annotation of the destructuring pattern a name is declared in (`{ loaderData }: Route.ComponentProps`). */
function patternAnnotation(name: TSESTree.Node): TSESTree.TypeNode | undefined {
  let current = name;
  for (;;) {
    const parent = current.parent;
    if (parent?.type === AST_NODE_TYPES.Property && parent.value === current && parent.parent.type === AST_NODE_TYPES.ObjectPattern) current = parent.parent;
    else if ((parent?.type === AST_NODE_TYPES.AssignmentPattern && parent.left === current) || parent?.type === AST_NODE_TYPES.ArrayPattern || parent?.type === AST_NODE_TYPES.RestElement) current = parent;
    else break;
  }
  if (current === name) return undefined;
  return (current.type === AST_NODE_TYPES.ObjectPattern || current.type === AST_NODE_TYPES.ArrayPattern) && current.typeAnnotation ? current.typeAnnotation.typeAnnotation : undefined;
}

/** `typeof loader` of a function of this file: the types of what it returns. */
function typeQuerySources(type: TSESTree.TypeNode, sourceCode: TSESLint.SourceCode, depth: number): TSESTree.TypeNode[] | undefined {
  if (type.type !== AST_NODE_TYPES.TSTypeQuery || type.exprName.type !== AST_NODE_TYPES.Identifier || depth > 8) return undefined;
  const fn = declaredFunction(type.exprName, sourceCode);
  return fn ? returnedValueTypeSources(fn, sourceCode, depth) : undefined;
}

/**
 * React Router's generated route types (`Route.ComponentProps` of `./+types/search`) are made from the
 * route module's own `loader` and `action`: the types of what those return.
 */
function routeModuleTypeSources(type: TSESTree.TypeNode, sourceCode: TSESLint.SourceCode, depth: number): TSESTree.TypeNode[] | undefined {
  if (type.type !== AST_NODE_TYPES.TSTypeReference || programOf(type) !== sourceCode.ast) return undefined;
  let root: TSESTree.EntityName = type.typeName;
  while (root.type === AST_NODE_TYPES.TSQualifiedName) root = root.left;
  const definition = root.type === AST_NODE_TYPES.Identifier ? findVariable(sourceCode.getScope(type), root)?.defs[0] : undefined;
  const declaration = definition?.type === 'ImportBinding' ? definition.parent : undefined;
  if (declaration?.type !== AST_NODE_TYPES.ImportDeclaration || !GENERATED_ROUTE_TYPES.test(declaration.source.value)) return undefined;
  return routeExports(sourceCode.ast).flatMap((fn) => returnedValueTypeSources(fn, sourceCode, depth));
}

/** Where React Router's typegen puts a route's types, as the route module imports them. */
const GENERATED_ROUTE_TYPES = /(^|\/)\+types\//;

/**
 * The type sources of every value a function of this file returns, and of the values an object it
 * returns holds (`return data({ top: body.results?.[0] })`): an over-approximation, which can only make
 * a rename a suggestion or take a type's member along.
 */
function returnedValueTypeSources(fn: FunctionNode, sourceCode: TSESLint.SourceCode, depth: number): TSESTree.TypeNode[] {
  if (fn.returnType) return [fn.returnType.typeAnnotation];
  // A loader that returns what its own annotated parameter holds (`return { params }` of `Route.LoaderArgs`) leads back here.
  if (programOf(fn) !== sourceCode.ast || returnsBeingRead.has(fn) || depth > 8) return [];
  returnsBeingRead.add(fn);
  try {
    return returnedValues(fn, sourceCode, depth);
  } finally {
    returnsBeingRead.delete(fn);
  }
}

/** The functions whose returned values' types are being read (see returnedValueTypeSources). */
const returnsBeingRead = new Set<FunctionNode>();

function returnedValues(fn: FunctionNode, sourceCode: TSESLint.SourceCode, depth: number): TSESTree.TypeNode[] {
  const sources: TSESTree.TypeNode[] = [];
  const visit = (value: TSESTree.Node, level: number): void => {
    const node = unwrap(value);
    if (level > 4) return;
    if (node.type === AST_NODE_TYPES.CallExpression && isRouteResponseHelper(node, sourceCode) && node.arguments[0]) {
      visit(node.arguments[0], level + 1);
    } else if (node.type === AST_NODE_TYPES.ObjectExpression) {
      for (const property of node.properties) visit(property.type === AST_NODE_TYPES.Property ? property.value : property.argument, level + 1);
    } else {
      sources.push(...originTypeSources(value, sourceCode, depth + 1));
    }
  };
  forEachReturned(fn, sourceCode, (returned) => visit(returned, 0));
  return sources;
}

/** The type sources of what a function returns: its declared return type, or what an arrow of this file returns (another module's is read for its declared type only). */
function returnedTypeSources(fn: FunctionNode, sourceCode: TSESLint.SourceCode, depth: number): TSESTree.TypeNode[] {
  if (fn.returnType) return [fn.returnType.typeAnnotation];
  return fn.body.type === AST_NODE_TYPES.BlockStatement || programOf(fn) !== sourceCode.ast ? [] : typeSources(fn.body, sourceCode, depth);
}

/** The function a hook's options hand it (`useQuery({ queryFn })`, `useMutation({ mutationFn })`), when it is written there or named. */
function queryFunctionOf(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): FunctionNode | undefined {
  const options = call.arguments[0];
  if (options?.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  // A `select` that declares what it returns types the hook's data (`select: (d): Hit[] => d.results`).
  const select = querySelectOf(call, sourceCode.getScope(call));
  if (select?.returnType) return select;
  const property = options.properties.find(
    (candidate): candidate is TSESTree.Property => candidate.type === AST_NODE_TYPES.Property && !candidate.computed && RUNNER_OPTION_KEYS.has(staticKeyName(candidate) ?? ''),
  );
  if (!property) return undefined;
  const value = unwrap(property.value);
  if (value.type === AST_NODE_TYPES.ArrowFunctionExpression || value.type === AST_NODE_TYPES.FunctionExpression) return value;
  // `mutationFn: gleanSearch`: the function the name holds, here or in another module.
  return value.type === AST_NODE_TYPES.Identifier ? resolveFunction(value, sourceCode.getScope(value)) : undefined;
}

/**
 * The type sources of what a function's first parameter is handed, where the function is written as
 * an argument: the receiver of a method (`results.map((s) => …)`, `promise.then((d) => …)`; its type
 * holds the element's or the value's), or the query function of the hook whose `select` or callback it
 * is. An over-approximation: it can only make a rename a suggestion.
 */
function handedTypeSources(fn: TSESTree.Node, sourceCode: TSESLint.SourceCode, depth: number): TSESTree.TypeNode[] {
  const parent = fn.parent;
  if (parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments.includes(fn as TSESTree.CallExpressionArgument)) {
    return parent.callee.type === AST_NODE_TYPES.MemberExpression ? typeSources(parent.callee.object, sourceCode, depth) : [];
  }
  // `useQuery({ queryFn, select: (d) => … })`, `useMutation({ mutationFn, onSuccess: (d) => … })`.
  const hook = parent?.type === AST_NODE_TYPES.Property && parent.value === fn ? parent.parent.parent : undefined;
  const queryFunction = hook?.type === AST_NODE_TYPES.CallExpression && hook.arguments[0] === parent!.parent ? queryFunctionOf(hook, sourceCode) : undefined;
  return queryFunction && queryFunction !== fn ? returnedTypeSources(queryFunction, sourceCode, depth) : [];
}

function declaredFunction(callee: TSESTree.Identifier, sourceCode: TSESLint.SourceCode): FunctionNode | undefined {
  const definition = findVariable(sourceCode.getScope(callee), callee)?.defs[0];
  const node = definition?.node;
  if (node?.type === AST_NODE_TYPES.FunctionDeclaration) return node;
  if (node?.type === AST_NODE_TYPES.VariableDeclarator && node.init) {
    // `(async () => …) satisfies GetServerSideProps`: the function itself.
    const init = unwrap(node.init);
    if (init.type === AST_NODE_TYPES.ArrowFunctionExpression || init.type === AST_NODE_TYPES.FunctionExpression) return init;
  }
  return undefined;
}

/**
 * The property signatures named `field` in the same-file types reachable from `types`; `elsewhere`
 * when a reachable type is declared outside the file and is not the SDK's.
 */
function fromTypeNodes(types: readonly TSESTree.TypeNode[], field: string, sourceCode: TSESLint.SourceCode): DeclaredType {
  const properties: TSESTree.TSPropertySignature[] = [];
  const seen = new Set<TSESTree.Node>();
  let elsewhere: string | undefined;
  let importedName: string | undefined;
  const visit = (node: TSESTree.Node): void => {
    if (seen.has(node)) return;
    seen.add(node);
    if (node.type === AST_NODE_TYPES.TSTypeReference) {
      const found = programOf(node) === sourceCode.ast ? referencedDeclaration(node, sourceCode) : foreignDeclaration(node);
      // A type of another module of the project (`ctx: CliContext`): its members are looked at where it is declared.
      const imported = found === undefined ? importedTypeDeclaration(node) : undefined;
      const target = found ?? imported;
      if (target === 'sdk') return;
      if (target === undefined) elsewhere ??= entityText(node.typeName);
      else if (imported) {
        // Named by the name this file gives it, should it name the field.
        const outer = importedName;
        importedName ??= entityText(node.typeName);
        visit(imported);
        importedName = outer;
      } else if (target !== 'builtin') visit(target);
      node.typeArguments?.params.forEach(visit);
      return;
    }
    // `InferGetStaticPropsType<typeof getStaticProps>`, `ReturnType<typeof load>`: the types of what the function returns.
    const returned = node.type === AST_NODE_TYPES.TSTypeQuery && programOf(node) === sourceCode.ast ? typeQuerySources(node, sourceCode, 0) : undefined;
    if (returned) {
      returned.forEach(visit);
      return;
    }
    if (node.type === AST_NODE_TYPES.TSPropertySignature && !node.computed && node.key.type === AST_NODE_TYPES.Identifier && node.key.name === field) {
      // Written in another module (a function's inline return type there): not this file's to rename.
      if (programOf(node) === sourceCode.ast) properties.push(node);
      else elsewhere ??= importedName ?? `{ ${field}: … }`;
    }
    for (const key of visitorKeysFor(node, sourceCode.visitorKeys)[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const value of Array.isArray(child) ? child : [child]) {
        if (value && typeof (value as TSESTree.Node).type === 'string') visit(value as TSESTree.Node);
      }
    }
  };
  types.forEach(visit);
  if (properties.length > 0 && elsewhere === undefined) return { kind: 'sameFile', properties };
  if (elsewhere !== undefined) return { kind: 'elsewhere', name: elsewhere };
  return NONE;
}

/**
 * The same-file declaration a type name refers to; `sdk` for the SDK's types; `builtin` for the
 * language's own (`Promise<T>`, `Record<K, T>`: only their arguments can be the user's); undefined
 * for a type declared elsewhere.
 */
function referencedDeclaration(reference: TSESTree.TSTypeReference, sourceCode: TSESLint.SourceCode): TSESTree.Node | 'sdk' | 'builtin' | undefined {
  let name: TSESTree.EntityName = reference.typeName;
  while (name.type === AST_NODE_TYPES.TSQualifiedName) name = name.left;
  if (name.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(sourceCode.getScope(name), name);
  // typescript-eslint declares the lib's types as variables without definitions; oxlint's scope
  // manager declares none of them, so there a lib type is known by its name.
  if (variable && variable.defs.length === 0) return 'builtin';
  if (!variable && BUILTIN_TYPES.has(name.name)) return 'builtin';
  const definition = variable?.defs[0];
  if (!definition) return undefined;
  const node = definition.node;
  if (node.type === AST_NODE_TYPES.ImportSpecifier || node.type === AST_NODE_TYPES.ImportNamespaceSpecifier || node.type === AST_NODE_TYPES.ImportDefaultSpecifier) {
    const declaration = node.parent;
    if (declaration.type !== AST_NODE_TYPES.ImportDeclaration) return undefined;
    return SDK_SOURCE.test(declaration.source.value) ? 'sdk' : packageGeneric(reference, declaration.source.value) ? 'builtin' : undefined;
  }
  if (node.type === AST_NODE_TYPES.TSInterfaceDeclaration) return node.body;
  if (node.type === AST_NODE_TYPES.TSTypeAliasDeclaration) return node.typeAnnotation;
  return undefined;
}

/** The methods that change an array or object in place: what they are given must fit its type. */
const MUTATORS = new Set(['push', 'unshift', 'splice', 'fill', 'set']);

/**
 * In TypeScript, the variable whose type the value holding a written field shares with other writes,
 * when no annotation declares that type: TypeScript infers it from the variable's initializer, and
 * every value pushed or assigned into the variable must fit it. Renaming the field in one of them
 * alone (or narrowing it with `as const`: `'EQUALS'` then refuses a pushed `'NOT_EQUALS'`) breaks the
 * others, so such a rename is a suggestion. The variable's name; undefined when nothing shares the type.
 *
 * - `const filters = [{ …, isNegated: false }]` with `filters.push(…)`, `filters[1] = …` or `filter.x = …` elsewhere;
 * - `filters.push({ …, isNegated: true })`, `filters[1] = { … }` into such a variable;
 * - `filter.isNegated = true` on one.
 */
export function sharedInferredVariable(hit: FieldHit, sourceCode: TSESLint.SourceCode): string | undefined {
  const holder = hit.holder;
  if (holder.kind === 'assignment') {
    const base = leftmostName(holder.member.object);
    return base ? inferredVariable(base, sourceCode)?.name : undefined;
  }
  return holder.kind === 'property' ? sharedValue(outermostValue(holder.object), sourceCode, 0) : undefined;
}

/**
 * The inferred variable a value (the outermost of object and array literals) shares its type with:
 * the initializer of one written into elsewhere, a value written into one (`filters.push(v)`,
 * `filters[1] = v`, `filter = v`), or a constant (`const extra = { … }`) or same-file function's
 * return that reaches such a place.
 */
function sharedValue(value: TSESTree.Node, sourceCode: TSESLint.SourceCode, depth: number): string | undefined {
  if (depth > 3) return undefined;
  const parent = value.parent;
  if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === value && parent.id.type === AST_NODE_TYPES.Identifier) {
    const variable = inferredVariable(parent.id, sourceCode);
    if (!variable) return undefined;
    const reads = variable.references.filter((reference) => !reference.init);
    if (reads.some((reference) => reference.isWrite() || (reference.identifier.type === AST_NODE_TYPES.Identifier && writesInto(reference.identifier, sourceCode)))) return variable.name;
    // `const extra = { … }` later pushed (inside a literal) into an inferred array: shared with that array.
    for (const reference of reads) {
      const shared = sharedValue(outermostValue(reference.identifier), sourceCode, depth + 1);
      if (shared !== undefined) return shared;
    }
    return undefined;
  }
  // `() => ({ … })` or `return { … }` of a same-file function: where its calls' values go.
  const fn = parent?.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === value ? parent : parent?.type === AST_NODE_TYPES.ReturnStatement ? enclosingFunction(parent) : undefined;
  if (fn) {
    const name = fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn.id : fn.parent?.type === AST_NODE_TYPES.VariableDeclarator ? fn.parent.id : undefined;
    const variable = name?.type === AST_NODE_TYPES.Identifier ? findVariable(sourceCode.getScope(name), name) : undefined;
    for (const reference of variable?.references ?? []) {
      const call = reference.identifier.parent;
      if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== reference.identifier) continue;
      const shared = sharedValue(outermostValue(call), sourceCode, depth + 1);
      if (shared !== undefined) return shared;
    }
    return undefined;
  }
  // `filters.push({ … })`, `filters[1] = { … }`, `filter = { … }`.
  let target: TSESTree.Node | undefined;
  if (parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments.includes(value as TSESTree.CallExpressionArgument)) {
    const callee = unwrap(parent.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && MUTATORS.has(staticKeyName(callee) ?? '')) target = callee.object;
  } else if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.right === value) {
    target = parent.left;
  }
  const base = target && leftmostName(target);
  const variable = base ? inferredVariable(base, sourceCode) : undefined;
  // `const filters = []` evolves: TypeScript widens its element type with each value pushed into it
  // or assigned to an index, so such a value shares its type with nothing (what is written into
  // its elements, `filters[0].values.push(…)`, still shares the element's).
  if (variable && target && isEmptyArray(variable) && (unwrap(target) === base || (target.type === AST_NODE_TYPES.MemberExpression && target.computed && unwrap(target.object) === base))) return undefined;
  return variable?.name;
}

function isEmptyArray(variable: TSESLint.Scope.Variable): boolean {
  const definition = variable.defs[0];
  const init = definition?.type === 'Variable' ? definition.node.init : undefined;
  return init?.type === AST_NODE_TYPES.ArrayExpression && init.elements.length === 0;
}

/** `filters`, an unannotated variable that starts as `[]`: TypeScript widens what is pushed or assigned into it. */
function isEvolvingArray(node: TSESTree.Node, sourceCode: TSESLint.SourceCode): boolean {
  const name = unwrap(node);
  if (name.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = inferredVariable(name, sourceCode);
  return variable !== undefined && isEmptyArray(variable);
}

/** `filters.push(v)` (or `unshift`, `splice`) into an evolving array: no type is asked of `v`. */
function pushedIntoEvolvingArray(call: TSESTree.CallExpression, sourceCode: TSESLint.SourceCode): boolean {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && MUTATORS.has(staticKeyName(callee) ?? '') && isEvolvingArray(callee.object, sourceCode);
}

/**
 * The variable whose inferred type `name` reads (no annotation, no `as`): its own, or, for the
 * variable of a `for…of` over one (`for (const v of filters[0].values)`), the iterated variable's.
 */
function inferredVariable(name: TSESTree.Identifier, sourceCode: TSESLint.SourceCode, depth = 0): TSESLint.Scope.Variable | undefined {
  const variable = findVariable(sourceCode.getScope(name), name);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type !== 'Variable' || definition.node.id.type !== AST_NODE_TYPES.Identifier || definition.node.id.typeAnnotation) return undefined;
  const init = definition.node.init;
  const loop = definition.parent?.parent;
  if (!init && loop?.type === AST_NODE_TYPES.ForOfStatement && loop.left === definition.parent && depth < 3) {
    const iterated = leftmostName(loop.right);
    return iterated ? inferredVariable(iterated, sourceCode, depth + 1) : undefined;
  }
  if (!init || init.type === AST_NODE_TYPES.TSAsExpression || init.type === AST_NODE_TYPES.TSTypeAssertion) return undefined;
  return variable!;
}

/**
 * Whether a read of a variable changes what it holds, or hands it to a name that may: `x.push(…)`,
 * `x[0].values.push(…)`, `x.a = …`, `x.n++`, `Object.assign(x, …)`; an alias (`const first = x[0]`,
 * `other = x`) or a loop over it (`for (const v of x[0].values)`), whose writes are not followed.
 */
function writesInto(read: TSESTree.Identifier, sourceCode: TSESLint.SourceCode, depth = 0): boolean {
  let node: TSESTree.Node = read;
  // Up through members and what does not change the value (`x[0]!`, `x?.[0]`, `x as T`).
  for (let parent: TSESTree.Node | undefined = node.parent; parent; parent = node.parent) {
    if ((parent.type === AST_NODE_TYPES.MemberExpression && parent.object === node) || parent.type === AST_NODE_TYPES.ChainExpression || isTypeWrapper(parent)) node = parent;
    else break;
  }
  const parent = node.parent;
  // An alias or a loop variable: written into through it.
  const alias =
    parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node
      ? parent.id
      : parent?.type === AST_NODE_TYPES.ForOfStatement && parent.right === node && parent.left.type === AST_NODE_TYPES.VariableDeclaration
        ? parent.left.declarations[0]?.id
        : undefined;
  if (alias) {
    if (alias.type !== AST_NODE_TYPES.Identifier || depth > 3) return true;
    const variable = findVariable(sourceCode.getScope(alias), alias);
    return (variable?.references ?? []).some((reference) => !reference.init && (reference.isWrite() || (reference.identifier.type === AST_NODE_TYPES.Identifier && writesInto(reference.identifier, sourceCode, depth + 1))));
  }
  if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.right === node) return true;
  if (node === read) {
    return parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments[0] === read && isObjectAssign(parent.callee);
  }
  if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === node) return true;
  if (parent?.type === AST_NODE_TYPES.UpdateExpression) return true;
  return parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === node && MUTATORS.has(staticKeyName(node as TSESTree.MemberExpression) ?? '');
}

function isObjectAssign(callee: TSESTree.Node): boolean {
  return callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.Identifier && callee.object.name === 'Object' && staticKeyName(callee) === 'assign';
}

/** The language's generic types a type of another module may wrap the user's in (read by name there: no scope is at hand). */
/** TypeScript's lib types a declared type is written with (their arguments may be the user's). */
const BUILTIN_TYPES = new Set([
  'Promise',
  'PromiseLike',
  'Array',
  'ReadonlyArray',
  'Awaited',
  'Partial',
  'Required',
  'Readonly',
  'NonNullable',
  'Pick',
  'Omit',
  'Record',
  'Map',
  'Set',
  'ReadonlyMap',
  'ReadonlySet',
  'WeakMap',
  'WeakSet',
  'ReturnType',
  'Parameters',
  'InstanceType',
  'Exclude',
  'Extract',
  'Iterable',
  'AsyncIterable',
  'IterableIterator',
  'AsyncIterableIterator',
]);

/**
 * referencedDeclaration for a type written in another module (a function's declared return type
 * there): `sdk` when that module imports the name from the SDK, `builtin` for the language's own,
 * undefined otherwise (the user's type, declared outside this file).
 */
function foreignDeclaration(reference: TSESTree.TSTypeReference): 'sdk' | 'builtin' | undefined {
  let name: TSESTree.EntityName = reference.typeName;
  while (name.type === AST_NODE_TYPES.TSQualifiedName) name = name.left;
  if (name.type !== AST_NODE_TYPES.Identifier) return undefined;
  const local = name.name;
  // `Promise<T>` of `function safely<T>(…)`: the caller's type, which this file shows or does not.
  for (let node: TSESTree.Node | undefined = reference.parent; node; node = node.parent) {
    const parameters = (node as { typeParameters?: TSESTree.TSTypeParameterDeclaration | null }).typeParameters;
    if (parameters?.params.some((parameter) => parameter.name.name === local)) return 'builtin';
  }
  for (const statement of programOf(reference).body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || !statement.specifiers.some((specifier) => specifier.local.name === local)) continue;
    return SDK_SOURCE.test(statement.source.value) ? 'sdk' : packageGeneric(reference, statement.source.value) ? 'builtin' : undefined;
  }
  return BUILTIN_TYPES.has(local) ? 'builtin' : undefined;
}

/**
 * A generic type of an installed package (`Observable<SearchResponse>` of rxjs, `AxiosResponse<T>`):
 * like `Promise<T>`, only its arguments can be the user's.
 */
function packageGeneric(reference: TSESTree.TSTypeReference, source: string): boolean {
  if (!reference.typeArguments || source.startsWith('.') || source.startsWith('/')) return false;
  const from = recordOfProgram(programOf(reference))?.path;
  return from !== undefined && resolveImport(from, source) === undefined;
}

/**
 * The interface or type alias a type name imported from a module of the project stands for, where
 * that module declares and exports it (`export interface CliContext { glean: Glean }`).
 */
function importedTypeDeclaration(reference: TSESTree.TSTypeReference): TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration | undefined {
  if (reference.typeName.type !== AST_NODE_TYPES.Identifier) return undefined;
  const local = reference.typeName.name;
  const program = programOf(reference);
  const from = recordOfProgram(program)?.path;
  if (from === undefined) return undefined;
  for (const statement of program.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration) continue;
    const specifier = statement.specifiers.find((candidate) => candidate.local.name === local);
    if (specifier?.type !== AST_NODE_TYPES.ImportSpecifier) continue;
    const imported = specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
    const target = resolveImport(from, statement.source.value);
    const module = target === undefined ? undefined : moduleAt(target);
    for (const exported of module?.ast.body ?? []) {
      const declaration = exported.type === AST_NODE_TYPES.ExportNamedDeclaration ? exported.declaration : undefined;
      if ((declaration?.type === AST_NODE_TYPES.TSInterfaceDeclaration || declaration?.type === AST_NODE_TYPES.TSTypeAliasDeclaration) && declaration.id.name === imported) return declaration;
    }
    return undefined;
  }
  return undefined;
}

/** `SearchPreview`, `api.SearchPreview`: a type's name as written, from the tree (another module's text is not at hand). */
function entityText(name: TSESTree.EntityName): string {
  if (name.type === AST_NODE_TYPES.TSQualifiedName) return `${entityText(name.left)}.${name.right.name}`;
  return name.type === AST_NODE_TYPES.Identifier ? name.name : 'this';
}

/** With type information: where the property the code names is declared. */
function checkerDecides(hit: FieldHit, field: string, services: ParserServicesWithTypeInformation): DeclaredType {
  const checker = services.program.getTypeChecker();
  const holder = services.esTreeNodeToTSNodeMap.get(holderValue(hit) as never) as ts.Node | undefined;
  if (!holder) return NONE;
  const type = hit.holder.kind === 'property' ? checker.getContextualType(holder as ts.Expression) : checker.getTypeAtLocation(holder);
  if (!type) return NONE;
  const members = type.isUnion() ? type.types : [type];
  const declarations = members.flatMap((member) => checker.getNonNullableType(member).getProperty(field)?.declarations ?? []);
  const file = holder.getSourceFile();
  const properties: TSESTree.TSPropertySignature[] = [];
  for (const declaration of declarations) {
    const declaredIn = declaration.getSourceFile();
    if (SDK_PATH.test(declaredIn.fileName)) continue;
    const elsewhere = { kind: 'elsewhere', name: declaringTypeName(declaration) ?? checker.typeToString(type) } as const;
    if (declaredIn !== file) return elsewhere;
    const node = services.tsNodeToESTreeNodeMap.get(declaration as never) as TSESTree.Node | undefined;
    // The literal's own property (`.map((v) => ({ value: v, isNegated: true }))`, typed by nothing but itself): its type follows the rename.
    if (hit.holder.kind === 'property' && node === hit.holder.property) continue;
    // A type TypeScript infers from a value of this file (an object literal's property): no declaration to rename.
    if (node?.type !== AST_NODE_TYPES.TSPropertySignature) return { ...elsewhere, inferredHere: node?.type === AST_NODE_TYPES.Property };
    properties.push(node);
  }
  return properties.length > 0 ? { kind: 'sameFile', properties } : NONE;
}

/** `ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias`, without loading TypeScript at run time. */
const NAMED_TYPE = (1 << 6) | (1 << 19);

/** The name of the interface or type alias that declares a property (`SearchPreview`), when it has one. */
function declaringTypeName(declaration: ts.Node): string | undefined {
  for (let node: ts.Node | undefined = declaration.parent; node && node !== declaration.getSourceFile(); node = node.parent) {
    const symbol = (node as ts.Node & { symbol?: ts.Symbol }).symbol;
    if (symbol && (symbol.flags & NAMED_TYPE) !== 0) return symbol.name;
  }
  return undefined;
}

/**
 * The outermost expression whose value holds `node`'s: up through object and array literals, spreads,
 * `&&` / `||` / `??` and the branches of `?:`; `stop` ends the climb early.
 */
function outermostValue(node: TSESTree.Node, stop?: TSESTree.Node): TSESTree.Node {
  let current = node;
  for (let parent = current.parent; parent && current !== stop; current = parent, parent = current.parent) {
    switch (parent.type) {
      case AST_NODE_TYPES.ArrayExpression:
      case AST_NODE_TYPES.ObjectExpression:
      case AST_NODE_TYPES.LogicalExpression:
      case AST_NODE_TYPES.SpreadElement:
        continue;
      case AST_NODE_TYPES.Property:
        if (parent.value === current && parent.parent.type === AST_NODE_TYPES.ObjectExpression) continue;
        return current;
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.test !== current) continue;
        return current;
      // `fixed.audience` read from the value: the member is part of it (a call on it, `fixed.audience.map(…)`, is not).
      case AST_NODE_TYPES.MemberExpression:
        if (parent.object === current && parent.parent?.type !== AST_NODE_TYPES.CallExpression) continue;
        return current;
      default:
        return current;
    }
  }
  return current;
}

/**
 * True when TypeScript keeps the literal types of the object literal `node`'s properties: the literal
 * reaches, through object and array literals, spreads and conditionals, a place that gives it a type (a call's
 * argument other than a value pushed into an evolving `[]`, an annotated variable, field or parameter default, an assignment, an `as` / `satisfies`, a
 * return from a function with a declared return type). Elsewhere (an unannotated `const`, a returned
 * value whose type is inferred) `'NOT_EQUALS'` becomes `string`.
 *
 * Annotations are tested for presence: oxlint's tree has `null` where typescript-eslint's has `undefined`.
 */
export function keepsLiteralTypes(node: TSESTree.Node, sourceCode: TSESLint.SourceCode): boolean {
  const value = outermostValue(node);
  const parent = value.parent;
  switch (parent?.type) {
    case AST_NODE_TYPES.CallExpression:
      return parent.arguments.includes(value as TSESTree.CallExpressionArgument) && !pushedIntoEvolvingArray(parent, sourceCode);
    case AST_NODE_TYPES.NewExpression:
      return parent.arguments.includes(value as TSESTree.CallExpressionArgument);
    case AST_NODE_TYPES.VariableDeclarator:
      return parent.init === value && Boolean(parent.id.typeAnnotation);
    case AST_NODE_TYPES.PropertyDefinition:
      return parent.value === value && Boolean(parent.typeAnnotation);
    case AST_NODE_TYPES.AssignmentPattern:
      return parent.right === value && Boolean(parent.left.typeAnnotation);
    case AST_NODE_TYPES.AssignmentExpression:
      return parent.right === value && !(parent.left.type === AST_NODE_TYPES.MemberExpression && isEvolvingArray(parent.left.object, sourceCode));
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSSatisfiesExpression:
    case AST_NODE_TYPES.TSTypeAssertion:
      return true;
    case AST_NODE_TYPES.ReturnStatement:
      return Boolean(enclosingFunction(parent)?.returnType);
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return parent.body === value && Boolean(parent.returnType);
    default:
      return false;
  }
}

/**
 * True when a string the object literal `node` holds must be written with its literal type
 * (`'NOT_EQUALS' as const`): TypeScript widens it there (see keepsLiteralTypes), and a type may ask for
 * the literal. None does where the value only becomes JSON: the argument of `JSON.stringify`, or
 * `jsonPayload`, the body of a request that an HTTP client serialises, reached directly or through
 * unannotated variables that are read nowhere else.
 */
export function needsLiteralType(node: TSESTree.Node, jsonPayload: TSESTree.Node | undefined, sourceCode: TSESLint.SourceCode): boolean {
  return !keepsLiteralTypes(node, sourceCode) && !onlySerialised(node, jsonPayload, sourceCode, new Set());
}

/** A function this module only calls by its name (not exported, handed on or kept): what it returns goes where its calls go. */
function onlyCalledHere(fn: FunctionNode, sourceCode: TSESLint.SourceCode): boolean {
  const declarator = fn.parent?.type === AST_NODE_TYPES.VariableDeclarator && fn.parent.init === fn ? fn.parent : undefined;
  const declaration = fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn : declarator?.parent;
  if (!declaration || declaration.parent?.type === AST_NODE_TYPES.ExportNamedDeclaration || declaration.parent?.type === AST_NODE_TYPES.ExportDefaultDeclaration) return false;
  const name = declarator ? (declarator.id.type === AST_NODE_TYPES.Identifier ? declarator.id.name : undefined) : fn.id?.name;
  // A function declaration declares its parameters too: its own name is the one looked for.
  const variable = sourceCode.scopeManager?.getDeclaredVariables(declarator ?? fn).find((declared) => declared.name === name);
  return variable !== undefined && variable.references.every((reference) => reference.init === true || (reference.identifier.parent?.type === AST_NODE_TYPES.CallExpression && reference.identifier.parent.callee === reference.identifier));
}

function onlySerialised(node: TSESTree.Node, jsonPayload: TSESTree.Node | undefined, sourceCode: TSESLint.SourceCode, seen: Set<TSESTree.Node>): boolean {
  const value = outermostValue(node, jsonPayload);
  if (value === jsonPayload) return true;
  const parent = value.parent;
  if (parent?.type === AST_NODE_TYPES.CallExpression && unwrapSerialised(parent, sourceCode.getScope(parent)) === value) return true;
  // What a same-file helper returns, its return type inferred (`function build() { return { … } }`): where each of its calls goes.
  const returnedBy = parent?.type === AST_NODE_TYPES.ReturnStatement ? enclosingFunction(parent) : parent && isFunction(parent) && parent.body === value ? parent : undefined;
  if (returnedBy && !returnedBy.returnType && !returnedBy.async && !returnedBy.generator && !seen.has(returnedBy)) {
    seen.add(returnedBy);
    const calls = callsOfFunction(returnedBy, sourceCode);
    return calls.length > 0 && onlyCalledHere(returnedBy, sourceCode) && calls.every((call) => programOf(call) === sourceCode.ast && onlySerialised(call, jsonPayload, sourceCode, seen));
  }
  if (parent?.type !== AST_NODE_TYPES.VariableDeclarator || parent.init !== value || parent.id.type !== AST_NODE_TYPES.Identifier || parent.id.typeAnnotation) {
    return false;
  }
  // A variable read in its own initializer.
  if (seen.has(parent)) return false;
  seen.add(parent);
  const [variable] = sourceCode.scopeManager?.getDeclaredVariables(parent) ?? [];
  const references = variable?.references.filter((reference) => !reference.init) ?? [];
  return (
    references.length > 0 &&
    references.every((reference) => reference.isReadOnly() && onlySerialised(reference.identifier, jsonPayload, sourceCode, seen))
  );
}
