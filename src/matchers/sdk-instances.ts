import { AST_NODE_TYPES } from '../util/packages.js';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { programIncludesSdk, SDK_PATH, typeServices } from './type-services.js';
import type * as ts from 'typescript';
import type { SdkTables } from '../sdk/types.js';
import { enclosingClass, isClass, memberName, parameterProperties, thisReads, type ClassNode } from '../flow/class-members.js';
import { argumentsOf, callsOfFunction, forEachReturned, isFunction, resolveCallee, resolveClass } from '../flow/functions.js';
import { instanceMemberValue } from '../flow/values.js';
import { assignsValue, constantInitializer, findDeclared, findProperty, findVariable, isEmptyValue, leftmostName, memberValue, moduleLoadOf, resolveExpression, resolveObject, staticKeyName, unwrap } from '../util/resolve.js';
import { calleeName } from './http-requests.js';
import { walk } from '../util/walk.js';
import { importedDeclaration, moduleSpecifierOf, programMembers, recordOfProgram, specifierLeadsToMarked } from '../modules/index.js';
import { programOf } from '../util/linking.js';
import { clientKeys, decoratedInstances, honoContextInstances, propertyKey, readsFrameworkKey, requestKeyInstances, sharedObjectInstances, trpcContextInstances, typeMembers, writesFrameworkKey } from './framework-contexts.js';

/**
 * Instances of the SDK's \`Glean\` class known by their declared type rather than by reference
 * tracking: parameters, variables, class fields and constructor parameter properties typed \`Glean\`.
 */

/** Reads of parameters, variables and class fields whose declared type is the SDK's `Glean` class. */
export function annotatedInstances(
  sourceCode: TSESLint.SourceCode,
  globalScope: TSESLint.Scope.Scope,
  packageName: string,
): TSESTree.Node[] {
  const reads: TSESTree.Node[] = jsdocInstances(sourceCode, globalScope, packageName);
  // Only a file that imports the class (or the whole package as a namespace), or a project's alias of
  // it (`import type { GleanClient } from './lib/glean'`), can name it in a type.
  if (!importsGleanClass(sourceCode.ast, packageName) && !importsGleanAlias(sourceCode.ast, globalScope, packageName)) return reads;
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    // `container.resolve(Glean)`: a container asked for the client by its class.
    // (NestJS's `moduleRef.get(Glean, { strict: false })` adds options.)
    if (node.type === AST_NODE_TYPES.CallExpression && isContainerLookup(node) && node.arguments.length >= 1 && isGleanClass(node.arguments[0]!, globalScope, packageName)) {
      reads.push(containerAnswer(node));
      return;
    }
    if (node.type !== AST_NODE_TYPES.TSTypeReference || !namesGleanClass(node.typeName, globalScope, packageName)) return;
    let annotation: TSESTree.Node | undefined = node.parent;
    while (annotation?.type === AST_NODE_TYPES.TSUnionType) annotation = annotation.parent;
    if (annotation?.type === AST_NODE_TYPES.TSTypeParameterInstantiation) {
      const call = annotation.parent;
      // `container.resolve<Glean>('Glean')`, `moduleRef.get<GleanClient>(GLEAN_CLIENT)`: the container's answer is the client.
      if (call?.type === AST_NODE_TYPES.CallExpression && call.typeArguments === annotation && annotation.params.length === 1 && isContainerLookup(call)) reads.push(containerAnswer(call));
      else reads.push(...contextReads(annotation, globalScope));
      return;
    }
    if (annotation?.type !== AST_NODE_TYPES.TSTypeAnnotation) return;
    const owner = annotation.parent;
    // `{ glean, row }: { glean: Glean; … }`, `deps: SyncDeps` of `interface SyncDeps { glean: Glean }`.
    if (owner?.type === AST_NODE_TYPES.TSPropertySignature) {
      reads.push(...memberReads(owner, globalScope, sourceCode));
      return;
    }
    if (owner?.type === AST_NODE_TYPES.PropertyDefinition) {
      const name = memberName(owner);
      if (name !== undefined) reads.push(...thisReads(owner.parent.parent, name, undefined, sourceCode));
      return;
    }
    if (owner?.type !== AST_NODE_TYPES.Identifier) return;
    const variable = findVariable(globalScope, owner);
    for (const reference of variable?.references ?? []) if (reference.isRead()) reads.push(reference.identifier);
    // `constructor(private glean: Glean)` also declares the field `this.glean`.
    if (owner.parent?.type === AST_NODE_TYPES.TSParameterProperty) {
      const classNode = enclosingClass(owner);
      if (classNode) reads.push(...thisReads(classNode, owner.name, undefined, sourceCode));
    }
  });
  return reads;
}

/** A JSDoc tag that gives a value its type: `@type {T}`, `@param {T} name`. */
const JSDOC_TAG = /@(type|param)\s*\{([^}]*)\}(?:\s*\[?([\w$]+))?/g;

/**
 * Reads of values a JSDoc comment types as the SDK's `Glean` (JavaScript's annotations): `/** @type
 * {import('@gleanwork/api-client').Glean} *\/ const glean = …` (also a class field), and `@param {…}
 * glean` of the function the comment documents. `Glean` alone names the class where the file
 * imports it from the SDK.
 */
function jsdocInstances(sourceCode: TSESLint.SourceCode, globalScope: TSESLint.Scope.Scope, packageName: string): TSESTree.Node[] {
  const text = sourceCode.text;
  if (!text.includes('Glean') || (!text.includes('@type') && !text.includes('@param'))) return [];
  // oxlint's SourceCode may not give comments: then none are read.
  const comments = typeof sourceCode.getAllComments === 'function' ? sourceCode.getAllComments() : [];
  const tagged: { end: number; tag: string; name: string | undefined }[] = [];
  for (const comment of comments) {
    if (comment.type !== 'Block' || !comment.value.startsWith('*') || !comment.value.includes('Glean')) continue;
    for (const [, tag, type, name] of comment.value.matchAll(JSDOC_TAG)) {
      if (jsdocNamesGlean(type!, sourceCode.ast, packageName)) tagged.push({ end: comment.range[1], tag: tag!, name });
    }
  }
  if (tagged.length === 0) return [];
  // The node a comment documents starts after it, with nothing but `export` between.
  const documented = (node: TSESTree.Node) => tagged.filter((entry) => entry.end <= node.range[0] && /^\s*(?:export\s+(?:default\s+)?)?$/.test(text.slice(entry.end, node.range[0])));
  const readsOf = (name: TSESTree.Node | null | undefined): TSESTree.Node[] => {
    const variable = name?.type === AST_NODE_TYPES.Identifier ? findVariable(globalScope, name) : undefined;
    return (variable?.references ?? []).flatMap((reference) => (reference.isRead() ? [reference.identifier] : []));
  };
  const reads: TSESTree.Node[] = [];
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.VariableDeclaration || node.type === AST_NODE_TYPES.FunctionDeclaration || node.type === AST_NODE_TYPES.PropertyDefinition || node.type === AST_NODE_TYPES.MethodDefinition) {
      for (const { tag, name } of documented(node)) {
        if (tag === 'type' && node.type === AST_NODE_TYPES.VariableDeclaration) reads.push(...readsOf(node.declarations[0]?.id));
        if (tag === 'type' && node.type === AST_NODE_TYPES.PropertyDefinition) {
          const field = memberName(node);
          if (field !== undefined) reads.push(...thisReads(node.parent.parent, field, undefined, sourceCode));
        }
        if (tag !== 'param' || name === undefined) continue;
        const fn =
          node.type === AST_NODE_TYPES.FunctionDeclaration
            ? node
            : node.type === AST_NODE_TYPES.MethodDefinition
              ? node.value
              : node.type === AST_NODE_TYPES.VariableDeclaration
                ? node.declarations[0]?.init
                : undefined;
        if (fn?.type !== AST_NODE_TYPES.FunctionDeclaration && fn?.type !== AST_NODE_TYPES.FunctionExpression && fn?.type !== AST_NODE_TYPES.ArrowFunctionExpression) continue;
        for (const param of fn.params) {
          const bound = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
          if (bound.type === AST_NODE_TYPES.Identifier && bound.name === name) reads.push(...readsOf(bound));
        }
      }
    }
  });
  return reads;
}

/** Whether a JSDoc type names the SDK's class: `import('@gleanwork/api-client').Glean`, or `Glean` imported from the SDK here; `| null`, `| undefined` and `?` aside. */
function jsdocNamesGlean(type: string, program: TSESTree.Program, packageName: string): boolean {
  const names = type
    .replace(/^\s*[?!]/, '')
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== 'null' && part !== 'undefined');
  if (names.length !== 1) return false;
  const named = names[0]!;
  const imported = /^import\(\s*(['"])(.+?)\1\s*\)\.Glean$/.exec(named);
  if (imported) return imported[2] === packageName;
  return /^[A-Za-z_$][\w$]*$/.test(named) && importsGleanAs(program, packageName, named);
}

/** Whether the program imports (or requires) the SDK's `Glean` under `local`. */
function importsGleanAs(program: TSESTree.Program, packageName: string, local: string): boolean {
  return program.body.some((statement) => {
    if (statement.type === AST_NODE_TYPES.ImportDeclaration) {
      return (
        statement.source.value === packageName &&
        statement.specifiers.some(
          (specifier) => specifier.type === AST_NODE_TYPES.ImportSpecifier && specifier.local.name === local && (specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value) === 'Glean',
        )
      );
    }
    // `const { Glean } = require('@gleanwork/api-client')`.
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration) return false;
    return statement.declarations.some(
      (declarator) =>
        declarator.id.type === AST_NODE_TYPES.ObjectPattern &&
        declarator.init !== null &&
        isPackageLoad(declarator.init, packageName) &&
        declarator.id.properties.some((property) => property.type === AST_NODE_TYPES.Property && staticKeyName(property) === 'Glean' && property.value.type === AST_NODE_TYPES.Identifier && property.value.name === local),
    );
  });
}

/**
 * Reads of a member a type literal or an interface of this module declares, where a parameter or
 * variable has that type: the name a destructuring pattern binds it to (`{ glean: client }`), or
 * `deps.glean` of a name.
 */
function memberReads(signature: TSESTree.TSPropertySignature, globalScope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const key = propertyKey(signature);
  if (key === undefined) return [];
  const holder = signature.parent;
  let annotations: TSESTree.Node[] = [];
  // `type Ctx = { glean: Glean }`: the alias's name is what parameters are annotated with.
  if (holder?.type === AST_NODE_TYPES.TSTypeLiteral && holder.parent?.type === AST_NODE_TYPES.TSTypeAliasDeclaration && holder.parent.typeAnnotation === holder) {
    annotations = typeReferencesOf(findDeclared(globalScope, holder.parent.id));
  } else if (holder?.type === AST_NODE_TYPES.TSTypeLiteral) annotations = [holder];
  else if (holder?.type === AST_NODE_TYPES.TSInterfaceBody && holder.parent.type === AST_NODE_TYPES.TSInterfaceDeclaration) {
    annotations = typeReferencesOf(findDeclared(globalScope, holder.parent.id));
  }
  return readsThroughAnnotations(annotations, key, globalScope, sourceCode);
}

/** The type references a declared (or imported) type name is written in. */
function typeReferencesOf(declared: TSESLint.Scope.Variable | null | undefined): TSESTree.TSTypeReference[] {
  return (declared?.references ?? []).map((reference) => reference.identifier.parent).filter((node): node is TSESTree.TSTypeReference => node?.type === AST_NODE_TYPES.TSTypeReference);
}

/**
 * Reads of a client a framework keeps for its handlers (see framework-contexts.ts): in a Hono context,
 * under a name its environment type declares as the client; in a tRPC resolver's `ctx`, under a key
 * its context type declares as the client; under a key of Express's `locals`, Koa's
 * `state` or Slack Bolt's `context`, a Fastify decoration or an Express request, that this module or a joined module (see
 * frameworkKeyWriters in uses/analysis.ts) gives a client.
 */
export function frameworkContextInstances(sourceCode: TSESLint.SourceCode, globalScope: TSESLint.Scope.Scope, packageName: string): TSESTree.Node[] {
  const writers = readsFrameworkKey(sourceCode.text) ? programMembers().filter((member) => member.ast !== sourceCode.ast && writesFrameworkKey(member.text)).map((member) => member.sourceCode) : [];
  const isClient = (value: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean => {
    const made = resolveExpression(value, scope);
    return made.type === AST_NODE_TYPES.NewExpression && isGleanClass(made.callee, recordOfProgram(programOf(made))?.globalScope ?? scope, packageName);
  };
  return [
    ...honoContextInstances(sourceCode, globalScope, (type, scope) => isGleanType(type, scope, packageName)),
    ...trpcContextInstances(sourceCode, globalScope, (type, scope) => isGleanType(type, scope, packageName)),
    ...sharedObjectInstances(sourceCode, writers, isClient),
    ...decoratedInstances(sourceCode, writers, isClient),
    ...requestKeyInstances(sourceCode, writers, isClient),
  ];
}

/**
 * A client handed in under a key of a context object by callers the analysis cannot follow (a command
 * registry: `for (const cmd of commands) cmd.run(ctx)` of `modules.map((mod) => ({ run(ctx) { return
 * mod.handler(ctx) } }))`): `ctx.glean` of a parameter of a function for which no call is found, where a
 * module joined with this one (one that imports this module's importers and talks to Glean: see
 * relayedSenders in uses/analysis.ts) gives that key a `Glean` (`const ctx = { glean: new Glean(…) }`,
 * `ctx.glean = new Glean(…)`). Only the key ties the two together: the calls found are handed (never
 * autofixed), and a function whose calls are known is left to them.
 */
export function keyedHandedInstances(sourceCode: TSESLint.SourceCode, globalScope: TSESLint.Scope.Scope, packageName: string): TSESTree.Node[] {
  const text = sourceCode.text;
  if (!text.includes('.client') && !text.includes('.indexing')) return [];
  // First what this file reads: `ctx.<key>.client.…` of a parameter of a function no call of which is found.
  const readsByKey = new Map<string, TSESTree.Node[]>();
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (!isFunction(node)) return;
    let calls: readonly TSESTree.Node[] | undefined;
    node.params.forEach((param, index) => {
      if (param.type !== AST_NODE_TYPES.Identifier) return;
      for (const reference of findVariable(globalScope, param)?.references ?? []) {
        const read = reference.identifier.parent;
        const key = reference.isRead() && read?.type === AST_NODE_TYPES.MemberExpression && read.object === reference.identifier ? staticKeyName(read) : undefined;
        const next = read?.parent;
        const sub = next?.type === AST_NODE_TYPES.MemberExpression && next.object === read ? staticKeyName(next) : undefined;
        if (key === undefined || (sub !== 'client' && sub !== 'indexing')) continue;
        calls ??= callsOfFunction(node, sourceCode);
        // A call found that may give the key (or an object it cannot read) tells what it holds; one that gives an
        // object without it (a test's `handler({ http, log })`) says nothing of the callers out of reach.
        if (calls.some((call) => mayGiveKey(call, index, key))) return;
        let reads = readsByKey.get(key);
        if (!reads) readsByKey.set(key, (reads = []));
        reads.push(read!);
      }
    });
  });
  if (readsByKey.size === 0) return [];
  // Then whether a joined module gives one of those keys a client.
  const keys = new Set<string>();
  for (const member of programMembers()) {
    if (member.ast === sourceCode.ast || !member.text.includes('Glean')) continue;
    walk(member.ast, member.sourceCode.visitorKeys, (node) => {
      const written =
        node.type === AST_NODE_TYPES.Property && !node.computed && node.parent.type === AST_NODE_TYPES.ObjectExpression
          ? { key: staticKeyName(node), value: node.value }
          : node.type === AST_NODE_TYPES.AssignmentExpression && node.operator === '=' && node.left.type === AST_NODE_TYPES.MemberExpression && !node.left.computed
            ? { key: staticKeyName(node.left), value: node.right }
            : undefined;
      if (written?.key === undefined || keys.has(written.key) || !readsByKey.has(written.key)) return;
      if (makesGlean(written.value, member.globalScope, packageName)) keys.add(written.key);
    });
  }
  return [...keys].flatMap((key) => readsByKey.get(key)!);
}

/** Whether a call may give its `index`-th argument's `key` a value: an object that writes it, or one that cannot be read. */
function mayGiveKey(call: TSESTree.Node, index: number, key: string): boolean {
  if (call.type !== AST_NODE_TYPES.CallExpression && call.type !== AST_NODE_TYPES.NewExpression) return true;
  const argument = argumentsOf(call)[index];
  if (!argument || argument.type === AST_NODE_TYPES.SpreadElement) return argument !== undefined;
  const scope = recordOfProgram(programOf(call))?.globalScope;
  const object = scope ? resolveObject(argument, scope) : undefined;
  return !object || findProperty(object, key, scope!) !== undefined;
}

/**
 * Whether an expression gives a `Glean` its module makes: `new Glean(…)`, or through a few steps, a
 * shared client made on first use (`getGlean()` returning `shared`, `if (!shared) shared = new Glean(…)`,
 * `shared ??= new Glean(…)`), here or in the module the function comes from.
 */
function makesGlean(node: TSESTree.Node, scope: TSESLint.Scope.Scope, packageName: string, depth = 0): boolean {
  if (depth > 4) return false;
  const value = resolveExpression(node, scope);
  switch (value.type) {
    case AST_NODE_TYPES.NewExpression:
      return isGleanClass(value.callee, scope, packageName);
    case AST_NODE_TYPES.AwaitExpression:
      return makesGlean(value.argument, scope, packageName, depth + 1);
    case AST_NODE_TYPES.AssignmentExpression:
      return makesGlean(value.right, scope, packageName, depth + 1);
    case AST_NODE_TYPES.LogicalExpression:
      return value.operator !== '&&' && (makesGlean(value.left, scope, packageName, depth + 1) || makesGlean(value.right, scope, packageName, depth + 1));
    case AST_NODE_TYPES.Identifier: {
      // `let shared` given its client by an assignment (on first use).
      const variable = findVariable(scope, value);
      const writes = (variable?.references ?? []).flatMap((reference) => (reference.isWrite() && reference.writeExpr ? [reference.writeExpr] : []));
      return writes.length > 0 && writes.every((written) => isEmptyValue(written) || makesGlean(written, scope, packageName, depth + 1));
    }
    case AST_NODE_TYPES.CallExpression: {
      const fn = resolveCallee(value, scope);
      const home = fn && recordOfProgram(programOf(fn));
      if (!fn || !home) return false;
      const returned: TSESTree.Node[] = [];
      forEachReturned(fn, home.sourceCode, (each) => returned.push(each));
      return returned.length > 0 && returned.every((each) => makesGlean(each, home.globalScope, packageName, depth + 1));
    }
    default:
      return false;
  }
}

/**
 * Reads of a client an interface or type of another module of the project declares as a member
 * (`export interface CliContext { glean: Glean }`), where this module types a parameter or variable
 * with it (`ctx: CliContext`, then `ctx.glean`; `{ glean }: CliContext`). Only names imported from a
 * module that leads to the SDK are looked into.
 */
export function importedShapeInstances(sourceCode: TSESLint.SourceCode, globalScope: TSESLint.Scope.Scope, packageName: string): TSESTree.Node[] {
  const program = sourceCode.ast;
  const reads: TSESTree.Node[] = [];
  const isClient = (type: TSESTree.TypeNode, scope: TSESLint.Scope.Scope) => isGleanType(type, scope, packageName);
  for (const specifier of projectTypeImports(program, packageName)) {
    const annotations = typeReferencesOf(findDeclared(globalScope, specifier.local));
    const shape = annotations[0] && typeMembers(annotations[0], globalScope, program);
    for (const key of shape ? clientKeys(shape, isClient) : []) reads.push(...readsThroughAnnotations(annotations, key, globalScope, sourceCode));
  }
  return reads;
}

/**
 * The capitalised names (types) a file imports from modules of the project that lead to the SDK:
 * each module is asked only where the statement imports such a name. Stops at the first with `first`.
 */
function projectTypeImports(program: TSESTree.Program, packageName: string, first = false): TSESTree.ImportSpecifier[] {
  const fromPath = recordOfProgram(program)?.path;
  if (fromPath === undefined) return [];
  const found: TSESTree.ImportSpecifier[] = [];
  for (const statement of program.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.source.value === packageName) continue;
    const candidates = statement.specifiers.filter((specifier): specifier is TSESTree.ImportSpecifier => specifier.type === AST_NODE_TYPES.ImportSpecifier && /^[A-Z]/.test(specifier.local.name));
    if (candidates.length === 0 || !specifierLeadsToMarked(fromPath, statement.source.value, importsPackage(packageName))) continue;
    found.push(...candidates);
    if (first) break;
  }
  return found;
}

/** Reads of member `key` of the parameters and variables the annotations type: `deps.glean`, or the name `{ glean }` binds. */
function readsThroughAnnotations(annotations: readonly TSESTree.Node[], key: string, globalScope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  return annotations.flatMap((type) => keyReads(type.parent?.type === AST_NODE_TYPES.TSTypeAnnotation ? type.parent.parent : undefined, key, globalScope, sourceCode));
}

/**
 * Reads of member `key` of what a parameter, variable or class field holds: `deps.glean`, the name `{ glean }`
 * binds, and `this.deps.glean` of a constructor's parameter property or a field (`private readonly deps: Deps`).
 */
function keyReads(owner: TSESTree.Node | undefined, key: string, globalScope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode): TSESTree.Node[] {
  const reads: TSESTree.Node[] = [];
  if (owner?.type === AST_NODE_TYPES.ObjectPattern) {
    for (const property of owner.properties) {
      if (property.type !== AST_NODE_TYPES.Property || staticKeyName(property) !== key) continue;
      const bound = property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
      const variable = bound.type === AST_NODE_TYPES.Identifier ? findVariable(globalScope, bound) : undefined;
      for (const reference of variable?.references ?? []) if (reference.isRead()) reads.push(reference.identifier);
    }
  } else if (owner?.type === AST_NODE_TYPES.Identifier) {
    for (const reference of findVariable(globalScope, owner)?.references ?? []) {
      const member = reference.identifier.parent;
      if (reference.isRead() && member?.type === AST_NODE_TYPES.MemberExpression && member.object === reference.identifier && staticKeyName(member) === key) reads.push(member);
      // `const { glean } = ctx` in the function's body: the name it binds, as a destructured parameter's.
      if (reference.isRead() && member?.type === AST_NODE_TYPES.VariableDeclarator && member.init === reference.identifier && member.id.type === AST_NODE_TYPES.ObjectPattern) reads.push(...keyReads(member.id, key, globalScope, sourceCode));
    }
    const classNode = owner.parent?.type === AST_NODE_TYPES.TSParameterProperty ? enclosingClass(owner) : undefined;
    if (classNode) reads.push(...memberKeyReads(thisReads(classNode, owner.name, undefined, sourceCode), key));
  } else if (owner?.type === AST_NODE_TYPES.PropertyDefinition && !owner.static) {
    const name = memberName(owner);
    if (name !== undefined) reads.push(...memberKeyReads(thisReads(owner.parent.parent, name, undefined, sourceCode), key));
  }
  return reads;
}

/** `holder.key` of each holder read (`this.deps` → `this.deps.glean`). */
function memberKeyReads(holders: readonly TSESTree.Node[], key: string): TSESTree.Node[] {
  return holders.flatMap((holder) => {
    const member = holder.parent;
    return member?.type === AST_NODE_TYPES.MemberExpression && member.object === holder && staticKeyName(member) === key ? [member] : [];
  });
}

/**
 * Reads of a client in the methods of an object typed by an interface or object type (here or in
 * another module) whose method types a parameter with a shape that declares the client: `run(ctx)`
 * of `const command: Command = { run(ctx) { ctx.glean… } }` (also `satisfies Command`, and each
 * element of a `Command[]`), where `interface Command { run(ctx: CliContext, args: string[]): … }`.
 */
export function contextTypedInstances(sourceCode: TSESLint.SourceCode, globalScope: TSESLint.Scope.Scope, packageName: string): TSESTree.Node[] {
  const program = sourceCode.ast;
  // Only a file that can name the client's type, itself or through a module of the project.
  if (!importsGleanClass(program, packageName) && projectTypeImports(program, packageName, true).length === 0) return [];
  const reads: TSESTree.Node[] = [];
  const isClient = (type: TSESTree.TypeNode, scope: TSESLint.Scope.Scope) => isGleanType(type, scope, packageName);
  walk(program, sourceCode.visitorKeys, (node) => {
    const typed = typedObjects(node);
    if (!typed) return;
    const shape = typeMembers(typed.type, globalScope, program);
    if (!shape) return;
    for (const member of shape.members) {
      const key = member.type === AST_NODE_TYPES.TSMethodSignature || member.type === AST_NODE_TYPES.TSPropertySignature ? propertyKey(member) : undefined;
      const params = key === undefined ? undefined : signatureParams(member);
      if (!params) continue;
      params.forEach((param, index) => {
        const annotation = param.type === AST_NODE_TYPES.Identifier || param.type === AST_NODE_TYPES.ObjectPattern ? param.typeAnnotation?.typeAnnotation : undefined;
        const handed = annotation && typeMembers(annotation, shape.scope, shape.program);
        const keys = handed ? clientKeys(handed, isClient) : [];
        if (keys.length === 0) return;
        for (const object of typed.objects) {
          const fn = methodOf(object, key!);
          const own = fn?.params[index];
          // A parameter typed by the method itself says what it holds; one left to the object's type is the type's.
          if ((own?.type === AST_NODE_TYPES.Identifier || own?.type === AST_NODE_TYPES.ObjectPattern) && !own.typeAnnotation) for (const key of keys) reads.push(...keyReads(own, key, globalScope, sourceCode));
        }
      });
    }
  });
  return reads;
}

/** Object literals written with a type of the user's: `const x: T = { … }`, `{ … } satisfies T`, the elements of `const xs: T[] = [{ … }]`. */
function typedObjects(node: TSESTree.Node): { type: TSESTree.TypeNode; objects: TSESTree.ObjectExpression[] } | undefined {
  if (node.type === AST_NODE_TYPES.TSSatisfiesExpression && node.expression.type === AST_NODE_TYPES.ObjectExpression) return { type: node.typeAnnotation, objects: [node.expression] };
  if (node.type !== AST_NODE_TYPES.VariableDeclarator || node.id.type !== AST_NODE_TYPES.Identifier || !node.id.typeAnnotation || !node.init) return undefined;
  const type = node.id.typeAnnotation.typeAnnotation;
  if (node.init.type === AST_NODE_TYPES.ObjectExpression) return { type, objects: [node.init] };
  if (node.init.type !== AST_NODE_TYPES.ArrayExpression || type.type !== AST_NODE_TYPES.TSArrayType) return undefined;
  return { type: type.elementType, objects: node.init.elements.filter((element): element is TSESTree.ObjectExpression => element?.type === AST_NODE_TYPES.ObjectExpression) };
}

/** The parameters a method signature (`run(ctx: …)`) or a property of a function type (`run: (ctx: …) => …`) declares. */
function signatureParams(member: TSESTree.TypeElement): readonly TSESTree.Parameter[] | undefined {
  if (member.type === AST_NODE_TYPES.TSMethodSignature) return member.params;
  const type = member.type === AST_NODE_TYPES.TSPropertySignature ? member.typeAnnotation?.typeAnnotation : undefined;
  return type?.type === AST_NODE_TYPES.TSFunctionType ? type.params : undefined;
}

/** The function an object literal gives a key: a method, or a property holding a function written there. */
function methodOf(object: TSESTree.ObjectExpression, key: string): TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression | undefined {
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property || staticKeyName(property) !== key) continue;
    const value = property.value;
    if (value.type === AST_NODE_TYPES.FunctionExpression || value.type === AST_NODE_TYPES.ArrowFunctionExpression) return value;
  }
  return undefined;
}


/**
 * Reads of a client a base class of another module declares (`class Base { constructor(protected
 * readonly glean: Glean) {} }`) in this module's subclasses (`this.glean` in `class Insights extends
 * Base`), up to three classes up. Only a base imported from a module that leads to the SDK is looked into.
 */
export function inheritedInstances(sourceCode: TSESLint.SourceCode, globalScope: TSESLint.Scope.Scope, packageName: string): { node: TSESTree.Node; path: string[] }[] {
  const fromPath = recordOfProgram(sourceCode.ast)?.path;
  if (fromPath === undefined || !sourceCode.text.includes('extends')) return [];
  const reads: { node: TSESTree.Node; path: string[] }[] = [];
  for (const scope of sourceCode.scopeManager?.scopes ?? []) {
    const classNode = scope.block;
    if (scope.type !== 'class' || !isClass(classNode) || !classNode.superClass) continue;
    const root = leftmostName(classNode.superClass);
    const variable = root && findVariable(globalScope, root);
    const specifier = variable ? moduleSpecifierOf(variable) : undefined;
    if (specifier === undefined || specifier === packageName || !specifierLeadsToMarked(fromPath, specifier, importsPackage(packageName))) continue;
    let base = resolveClass(classNode.superClass, globalScope);
    for (let depth = 0; base && depth < 3; depth++) {
      for (const { name, path } of gleanMembers(base, globalScope, packageName)) for (const node of thisReads(classNode, name, undefined, sourceCode)) reads.push({ node, path });
      base = base.superClass ? resolveClass(base.superClass, globalScope) : undefined;
    }
  }
  return reads;
}

/**
 * The instance members a class declares as the `Glean` class: fields, constructor parameter properties
 * and getters typed `Glean`, and getters that return such a member or a sub-client of it
 * (`get client() { return this._glean.client }`: the path the sub-client is at).
 */
function gleanMembers(classNode: ClassNode, scope: TSESLint.Scope.Scope, packageName: string): { name: string; path: string[] }[] {
  const members: { name: string; path: string[] }[] = [];
  const typed = (annotation: TSESTree.TSTypeAnnotation | undefined) => annotation !== undefined && isGleanType(annotation.typeAnnotation, scope, packageName);
  for (const member of classNode.body.body) {
    if (member.type !== AST_NODE_TYPES.PropertyDefinition || member.static || !typed(member.typeAnnotation)) continue;
    const name = memberName(member);
    if (name !== undefined) members.push({ name, path: [] });
  }
  for (const declared of parameterProperties(classNode)) if (typed(declared.typeAnnotation)) members.push({ name: declared.name, path: [] });
  // `protected get glean(): Glean { return this._glean }`: a getter typed so, or one that returns such a member (or a sub-client of it).
  for (const member of classNode.body.body) {
    if (member.type !== AST_NODE_TYPES.MethodDefinition || member.kind !== 'get' || member.static) continue;
    const name = memberName(member);
    if (name === undefined) continue;
    const path = typed(member.value.returnType) ? [] : returnedMemberPath(member.value, members);
    if (path) members.push({ name, path });
  }
  return members;
}

/** For a getter whose body is `return this.<member>` or `return this.<member>.client`: the path it returns, from that member's. */
function returnedMemberPath(getter: TSESTree.FunctionExpression | TSESTree.TSEmptyBodyFunctionExpression, members: readonly { name: string; path: string[] }[]): string[] | undefined {
  const statements = getter.body?.body;
  const returned = statements?.length === 1 && statements[0]!.type === AST_NODE_TYPES.ReturnStatement ? statements[0]!.argument : undefined;
  const keys: string[] = [];
  let node = returned && unwrap(returned);
  while (node?.type === AST_NODE_TYPES.MemberExpression && !node.computed && node.object.type !== AST_NODE_TYPES.ThisExpression) {
    keys.unshift(staticKeyName(node) ?? '');
    node = unwrap(node.object);
  }
  if (node?.type !== AST_NODE_TYPES.MemberExpression || node.object.type !== AST_NODE_TYPES.ThisExpression || keys.length > 3) return undefined;
  const held = members.find((member) => member.name === staticKeyName(node as TSESTree.MemberExpression));
  return held && [...held.path, ...keys];
}

/**
 * The methods by which dependency-injection containers hand out what they hold: tsyringe's and awilix's
 * `resolve`, inversify's and NestJS's `get` (a module reference, the application), and their async forms.
 * Asked for on a receiver (`container.resolve`), never a bare `get()`.
 */
const CONTAINER_LOOKUPS = new Set(['resolve', 'get', 'getAsync', 'resolveAsync']);

/** The client a lookup gives: the call, or for an async one (`getAsync`, `resolveAsync`) the `await` of it. */
function containerAnswer(call: TSESTree.CallExpression): TSESTree.Node {
  const callee = unwrap(call.callee) as TSESTree.MemberExpression;
  const name = callee.property.type === AST_NODE_TYPES.Identifier ? callee.property.name : '';
  return name.endsWith('Async') && call.parent?.type === AST_NODE_TYPES.AwaitExpression ? call.parent : call;
}

function isContainerLookup(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && !callee.computed && callee.property.type === AST_NODE_TYPES.Identifier && CONTAINER_LOOKUPS.has(callee.property.name);
}

/** `const GleanContext = createContext<Glean | null>(null)`: its reads in this module (`useContext(GleanContext)`). */
function contextReads(typeArguments: TSESTree.TSTypeParameterInstantiation, globalScope: TSESLint.Scope.Scope): TSESTree.Node[] {
  const creation = typeArguments.parent;
  if (creation?.type !== AST_NODE_TYPES.CallExpression || calleeName(creation) !== 'createContext') return [];
  const declarator = creation.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== creation || declarator.id.type !== AST_NODE_TYPES.Identifier) return [];
  const variable = findVariable(globalScope, declarator.id);
  return (variable?.references ?? []).flatMap((reference) => {
    const read = reference.identifier.parent;
    return reference.isRead() && read?.type === AST_NODE_TYPES.CallExpression && read.arguments[0] === reference.identifier && contextCreationOf(read, globalScope) ? [read] : [];
  });
}

function importsGleanClass(program: TSESTree.Program, packageName: string): boolean {
  return program.body.some(
    (statement) =>
      statement.type === AST_NODE_TYPES.ImportDeclaration &&
      statement.source.value === packageName &&
      statement.specifiers.some(
        (specifier) =>
          specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier ||
          (specifier.type === AST_NODE_TYPES.ImportSpecifier &&
            (specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value) === 'Glean'),
      ),
  );
}

/**
 * Whether a file imports, from a module of the project that leads to the SDK, a name that stands for
 * the `Glean` class (types are named in capitals: other imports are not looked into).
 */
function importsGleanAlias(program: TSESTree.Program, globalScope: TSESLint.Scope.Scope, packageName: string): boolean {
  const fromPath = recordOfProgram(program)?.path;
  if (fromPath === undefined) return false;
  for (const statement of program.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.source.value === packageName) continue;
    const candidates = statement.specifiers.filter((specifier) => specifier.type === AST_NODE_TYPES.ImportSpecifier && /^[A-Z]/.test(specifier.local.name));
    if (candidates.length === 0 || !specifierLeadsToMarked(fromPath, statement.source.value, importsPackage(packageName))) continue;
    if (candidates.some((specifier) => denotesGleanClass(specifier.local, globalScope, packageName))) return true;
  }
  return false;
}

/** `Glean` imported from the SDK (`import { Glean }`, `import type { Glean as G }`) or through the project's aliases of it, or `sdk.Glean`. */
function namesGleanClass(typeName: TSESTree.EntityName, globalScope: TSESLint.Scope.Scope, packageName: string): boolean {
  if (typeName.type === AST_NODE_TYPES.Identifier) return denotesGleanClass(typeName, globalScope, packageName);
  if (typeName.type !== AST_NODE_TYPES.TSQualifiedName || typeName.left.type !== AST_NODE_TYPES.Identifier) return false;
  const local = typeName.left;
  const definition = findVariable(globalScope, local)?.defs[0];
  if (definition?.type !== 'ImportBinding' || definition.parent.type !== AST_NODE_TYPES.ImportDeclaration) return false;
  return definition.parent.source.value === packageName && definition.node.type === AST_NODE_TYPES.ImportNamespaceSpecifier && typeName.right.name === 'Glean';
}

/**
 * Whether a name stands for the SDK's `Glean` class: imported from the SDK, or through the project's
 * own names for it, in this module or another (`type Client = Glean`, `export type GleanClient =
 * Glean | undefined`, `export { Glean } from '@gleanwork/api-client'`, `export { Glean as Sdk }`).
 */
function denotesGleanClass(name: TSESTree.Identifier, scope: TSESLint.Scope.Scope, packageName: string, depth = 0): boolean {
  if (depth > 8) return false;
  const definitions = findDeclared(scope, name)?.defs ?? [];
  const definition = definitions.find((candidate) => candidate.type === 'Type') ?? definitions[0];
  if (definition?.type === 'Type') return definition.node.type === AST_NODE_TYPES.TSTypeAliasDeclaration && aliasesGleanClass(definition.node, scope, packageName, depth);
  if (definition?.type !== 'ImportBinding' || definition.parent?.type !== AST_NODE_TYPES.ImportDeclaration) return false;
  const specifier = definition.node;
  if (specifier.type !== AST_NODE_TYPES.ImportSpecifier) return false;
  const imported = specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
  const source = definition.parent.source.value;
  if (source === packageName) return imported === 'Glean';
  const declared = importedDeclaration(programOf(name), source, imported);
  switch (declared?.kind) {
    case 'package':
      return declared.source === packageName && declared.name === 'Glean';
    case 'alias':
      return aliasesGleanClass(declared.declaration, scope, packageName, depth + 1);
    case 'local':
      return denotesGleanClass(declared.identifier, scope, packageName, depth + 1);
    default:
      return false;
  }
}

/** `type Client = Glean`, also `Glean | null` or `| undefined`; not a generic alias. */
function aliasesGleanClass(alias: TSESTree.TSTypeAliasDeclaration, scope: TSESLint.Scope.Scope, packageName: string, depth: number): boolean {
  return !alias.typeParameters && isGleanType(alias.typeAnnotation, scope, packageName, depth + 1);
}

/** A type that is the `Glean` class, or it `| null` or `| undefined`. */
function isGleanType(type: TSESTree.TypeNode, scope: TSESLint.Scope.Scope, packageName: string, depth = 0): boolean {
  let named = type;
  if (named.type === AST_NODE_TYPES.TSUnionType) {
    const members = named.types.filter((member) => member.type !== AST_NODE_TYPES.TSNullKeyword && member.type !== AST_NODE_TYPES.TSUndefinedKeyword);
    if (members.length !== 1) return false;
    named = members[0]!;
  }
  if (named.type !== AST_NODE_TYPES.TSTypeReference || named.typeArguments) return false;
  return named.typeName.type === AST_NODE_TYPES.Identifier ? denotesGleanClass(named.typeName, scope, packageName, depth) : namesGleanClass(named.typeName, scope, packageName);
}

/** `clients.get(tenant)` of a `Map` that holds clients (see mapHeldValues), wherever this module reads one. */
export function mapHeldInstances(sourceCode: TSESLint.SourceCode, globalScope: TSESLint.Scope.Scope, packageName: string): { node: TSESTree.Node; path: string[] }[] {
  const text = sourceCode.text;
  if (!text.includes('new Map') || !text.includes('.get(')) return [];
  const found: { node: TSESTree.Node; path: string[] }[] = [];
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(node.callee) !== 'get') return;
    const path = instancePathOf(node, globalScope, sourceCode, packageName);
    if (path) found.push({ node, path });
  });
  return found;
}

/** The maps whose values are being looked at: `counts.set(k, counts.get(k) + 1)` reads the map it sets. */
const visitingMaps = new Set<TSESTree.Node>();

/**
 * What `map.get(key)` may give, for a constant `Map` of this module or another: the value type its
 * `new Map<K, V>()` declares, or else every value it is made with (`new Map([[k, v]])`) and given
 * (`map.set(k, v)`). Undefined for anything else, or a map something replaces.
 */
function mapHeldValues(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): { kind: 'typed'; type: TSESTree.TypeNode } | { kind: 'values'; map: TSESTree.NewExpression; values: TSESTree.Node[] } | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || staticKeyName(callee) !== 'get' || call.arguments.length !== 1) return undefined;
  const holder = unwrap(callee.object);
  if (holder.type !== AST_NODE_TYPES.Identifier) return undefined;
  const made = constantInitializer(holder, scope);
  const map = made && unwrap(made);
  if (map?.type !== AST_NODE_TYPES.NewExpression || map.callee.type !== AST_NODE_TYPES.Identifier || map.callee.name !== 'Map') return undefined;
  const valueType = map.typeArguments?.params[1];
  if (valueType) return { kind: 'typed', type: valueType };
  const values: TSESTree.Node[] = [];
  const [entries] = map.arguments;
  if (entries) {
    if (entries.type !== AST_NODE_TYPES.ArrayExpression) return undefined;
    for (const entry of entries.elements) {
      if (entry?.type !== AST_NODE_TYPES.ArrayExpression || !entry.elements[1] || entry.elements[1].type === AST_NODE_TYPES.SpreadElement) return undefined;
      values.push(entry.elements[1]);
    }
  }
  // Every write must be in sight: a map that is exported, handed on, or set in a chain (`.set(a, x).set(b, y)`) may hold anything.
  const declarator = map.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  if (declarator.parent.parent?.type === AST_NODE_TYPES.ExportNamedDeclaration) return undefined;
  const variable = findVariable(scope, declarator.id);
  if (!variable) return undefined;
  for (const reference of variable.references) {
    if (reference.init) continue;
    const member = reference.identifier.parent;
    const method = member?.type === AST_NODE_TYPES.MemberExpression && member.object === reference.identifier ? staticKeyName(member) : undefined;
    const call = method !== undefined && member!.parent?.type === AST_NODE_TYPES.CallExpression && member!.parent.callee === member ? member!.parent : undefined;
    if (method === 'set') {
      const value = call?.arguments[1];
      if (!call || call.parent?.type !== AST_NODE_TYPES.ExpressionStatement || !value || value.type === AST_NODE_TYPES.SpreadElement) return undefined;
      values.push(value);
    } else if (method === undefined || !MAP_READS.has(method)) return undefined;
  }
  return { kind: 'values', map, values };
}

/** What may be done with a map of clients whose every value is in sight: read it, never hand it on. */
const MAP_READS = new Set(['get', 'has', 'delete', 'clear', 'size', 'keys', 'values', 'entries', 'forEach']);

/**
 * The `createContext(…)` call a React context read (`useContext(GleanContext)`, React 19's
 * `use(GleanContext)`) reads, when the context is a constant of this module or another.
 */
function contextCreationOf(call: TSESTree.CallExpression, scope: TSESLint.Scope.Scope): TSESTree.CallExpression | undefined {
  const reader = calleeName(call);
  if ((reader !== 'useContext' && reader !== 'use') || call.arguments.length !== 1) return undefined;
  const argument = unwrap(call.arguments[0]!);
  const context = argument.type === AST_NODE_TYPES.Identifier ? constantInitializer(argument, scope) : undefined;
  const created = context && unwrap(context);
  return created?.type === AST_NODE_TYPES.CallExpression && calleeName(created) === 'createContext' ? created : undefined;
}


/**
 * Where an expression holds a `Glean` instance (or one of its sub-clients) by its value rather than by
 * a reference the tracker can follow from an import in this file: the path below the instance
 * (`[]` for the instance, `['client']` for `glean.client`), or undefined. Follows names into the
 * modules that define them (`export const glean = new Glean(…)` imported elsewhere), members of
 * objects and class instances that hold a client, factories that return one, and `await`.
 */
export function instancePathOf(
  input: TSESTree.Node,
  scope: TSESLint.Scope.Scope,
  sourceCode: TSESLint.SourceCode,
  packageName: string,
  depth = 0,
): string[] | undefined {
  if (depth > 12) return undefined;
  const node = unwrap(input);
  const next = (value: TSESTree.Node | undefined): string[] | undefined => (value ? instancePathOf(value, scope, sourceCode, packageName, depth + 1) : undefined);
  switch (node.type) {
    case AST_NODE_TYPES.NewExpression:
      return isGleanClass(node.callee, scope, packageName) ? [] : undefined;
    case AST_NODE_TYPES.AwaitExpression:
      return next(node.argument);
    // `(shared ??= new Glean(…))`: made on first use, the same instance after.
    case AST_NODE_TYPES.AssignmentExpression:
      return assignsValue(node) ? next(node.right) : undefined;
    case AST_NODE_TYPES.Identifier: {
      const constant = constantInitializer(node, scope);
      if (constant) return next(constant);
      // `let cached; … cached = new Glean(…); return cached;`: every value the variable is given.
      const variable = findVariable(scope, node);
      const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
      const init = definition?.type === 'Variable' ? definition.node.init && unwrap(definition.node.init) : undefined;
      // Declared empty (`let glean: Glean | null = null`) or with a name, then given its instance.
      if (definition?.type !== 'Variable' || definition.node.id !== definition.name || (init && init.type !== AST_NODE_TYPES.Identifier && !isEmptyValue(init))) return undefined;
      const writes = variable!.references.filter((reference) => reference.isWrite() && reference.writeExpr && !reference.init);
      return writes.length > 0 ? agreed(writes.map((reference) => next(reference.writeExpr!))) : undefined;
    }
    case AST_NODE_TYPES.ConditionalExpression:
      return agreed([next(node.consequent), next(node.alternate)]);
    case AST_NODE_TYPES.LogicalExpression:
      // `shared ?? new Glean(…)`
      return agreed([next(node.left), next(node.right)].filter((path) => path !== undefined));
    case AST_NODE_TYPES.MemberExpression: {
      const key = staticKeyName(node, scope);
      if (key === undefined) return undefined;
      const holder = next(node.object);
      if (holder) return [...holder, key];
      // A table, a namespace's export, or a field of a class instance that holds the client.
      const value = memberValue(node, scope) ?? instanceMemberValue(node, scope, sourceCode.visitorKeys, key);
      return next(value);
    }
    case AST_NODE_TYPES.CallExpression: {
      // `clients.get(tenant)` of a `Map` whose every value is a client (a value read from the same map is not one).
      const held = mapHeldValues(node, scope);
      if (held?.kind === 'typed') return isGleanType(held.type, scope, packageName) ? [] : undefined;
      if (held) {
        if (held.values.length === 0 || visitingMaps.has(held.map)) return undefined;
        visitingMaps.add(held.map);
        try {
          return agreed(held.values.map(next));
        } finally {
          visitingMaps.delete(held.map);
        }
      }
      // A React context's value: a client by the context's type (`createContext<Glean | null>(null)`) or its default.
      const context = contextCreationOf(node, scope);
      if (context) {
        const type = context.typeArguments?.params[0];
        if (type) return isGleanType(type, scope, packageName) ? [] : undefined;
        return next(context.arguments[0]);
      }
      // A factory: every value it returns is an instance (`gleanAs(token)`, `getGlean()`).
      const fn = resolveCallee(node, scope);
      if (!fn || (fn.async && node.parent?.type !== AST_NODE_TYPES.AwaitExpression)) return undefined;
      const paths: (string[] | undefined)[] = [];
      forEachReturned(fn, sourceCode, (returned) => paths.push(next(returned)));
      return agreed(paths);
    }
    default:
      return undefined;
  }
}

/** The one path every candidate agrees on; undefined if any has none or they differ. */
function agreed(paths: readonly (string[] | undefined)[]): string[] | undefined {
  const [first] = paths;
  if (!first || paths.some((path) => !path || path.join('.') !== first.join('.'))) return undefined;
  return first;
}

/**
 * The SDK's `Glean` class, in whichever module the callee is written: imported by name, through a
 * namespace (`sdk.Glean`), or taken from `require()` or `await import()` of the package.
 */
export function isGleanClass(callee: TSESTree.Node, scope: TSESLint.Scope.Scope, packageName: string): boolean {
  const node = unwrap(callee);
  if (node.type === AST_NODE_TYPES.MemberExpression) {
    return staticKeyName(node, scope) === 'Glean' && isPackage(node.object, scope, packageName);
  }
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  const definition = findVariable(scope, node)?.defs[0];
  // Imported from the SDK, or from a module of the project that re-exports it (`export { Glean } from '@gleanwork/api-client'`).
  if (definition?.type === 'ImportBinding') return denotesGleanClass(node, scope, packageName);
  if (definition?.type !== 'Variable' || !definition.node.init) return false;
  const init = definition.node.init;
  // `const { Glean } = require(pkg)` / `= await import(pkg)`; `const G = require(pkg).Glean`.
  if (definition.node.id.type === AST_NODE_TYPES.ObjectPattern) {
    const property = definition.node.id.properties.find(
      (candidate): candidate is TSESTree.Property => candidate.type === AST_NODE_TYPES.Property && (candidate.value === node || candidate.value === definition.name),
    );
    return property !== undefined && staticKeyName(property) === 'Glean' && isPackageLoad(init, packageName);
  }
  const value = unwrap(init);
  return value.type === AST_NODE_TYPES.MemberExpression && staticKeyName(value) === 'Glean' && isPackage(value.object, scope, packageName);
}

/** The SDK's module object: `import * as sdk`, `require(pkg)`, `await import(pkg)`, or a name bound to one. */
function isPackage(node: TSESTree.Node, scope: TSESLint.Scope.Scope, packageName: string): boolean {
  const value = unwrap(node);
  if (isPackageLoad(value, packageName)) return true;
  if (value.type !== AST_NODE_TYPES.Identifier) return false;
  const definition = findVariable(scope, value)?.defs[0];
  if (definition?.type === 'ImportBinding') {
    return definition.parent?.type === AST_NODE_TYPES.ImportDeclaration && definition.parent.source.value === packageName && definition.node.type === AST_NODE_TYPES.ImportNamespaceSpecifier;
  }
  return definition?.type === 'Variable' && definition.node.id.type === AST_NODE_TYPES.Identifier && !!definition.node.init && isPackageLoad(definition.node.init, packageName);
}

function isPackageLoad(node: TSESTree.Node, packageName: string): boolean {
  const load = moduleLoadOf(node);
  if (!load) return false;
  const source = load.type === AST_NODE_TYPES.ImportExpression ? load.source : load.arguments[0];
  return source?.type === AST_NODE_TYPES.Literal && source.value === packageName;
}

const sdkMarkers = new Map<string, (text: string) => boolean>();

/**
 * Whether a module's text imports or requires the package (not merely names it, as the SDK's own
 * user-agent string does). One predicate per package name, so the modules layer can remember each
 * module's verdict by it.
 */
export function importsPackage(packageName: string): (text: string) => boolean {
  let marker = sdkMarkers.get(packageName);
  if (!marker) {
    const quoted = packageName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const pattern = new RegExp(`(?:\\bfrom|\\bimport|\\brequire)\\s*\\(?\\s*['"]${quoted}(?:/[^'"]*)?['"]`);
    sdkMarkers.set(packageName, (marker = (text) => text.includes(packageName) && pattern.test(text)));
  }
  return marker;
}

/**
 * Instances that reach this file from another module: reads of names imported from (or required
 * from) a project module that holds a `Glean` instance or a sub-client there, directly, as a member
 * of an exported object or class instance, or as what an exported factory returns; and `new Glean()`
 * of a class taken from `await import()` of the SDK, which the reference tracker does not see. Only
 * modules that name the SDK (or import one that does) are looked into.
 */
export function linkedInstances(sourceCode: TSESLint.SourceCode, fromPath: string | undefined, packageName: string): { node: TSESTree.Node; path: string[] }[] {
  const scopeManager = sourceCode.scopeManager;
  const globalScope = scopeManager?.globalScope;
  if (!scopeManager || !globalScope) return [];
  const seeds: { node: TSESTree.Node; path: string[] }[] = [];
  for (const scope of scopeManager.scopes) {
    for (const variable of scope.variables) {
      const specifier = moduleSpecifierOf(variable);
      if (specifier === undefined) continue;
      if (specifier === packageName) {
        seeds.push(...dynamicallyImportedConstructions(variable, globalScope, packageName));
        continue;
      }
      if (fromPath === undefined || !specifierLeadsToMarked(fromPath, specifier, importsPackage(packageName))) continue;
      for (const reference of variable.references) {
        if (!reference.isRead()) continue;
        seeds.push(...heldInstances(reference.identifier, globalScope, sourceCode, packageName));
      }
    }
  }
  return seeds;
}

/**
 * The first expression up a read's member, call and `new` chain that holds an instance: `glean`,
 * `services.glean`, `gleanAs(token)`; through a constant that keeps a step of the chain
 * (`const service = new GleanService(); service.glean`), from each read of the constant.
 */
function heldInstances(read: TSESTree.Node, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode, packageName: string, depth = 0): { node: TSESTree.Node; path: string[] }[] {
  let node = read;
  for (let step = 0; step < 4; step++) {
    const path = instancePathOf(node, scope, sourceCode, packageName);
    if (path) return [{ node, path }];
    const parent = node.parent;
    if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === node) node = parent;
    else if (parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === node) node = parent.parent?.type === AST_NODE_TYPES.AwaitExpression ? parent.parent : parent;
    // `new GleanService().glean`: an instance of an imported class that holds a client.
    else if (parent?.type === AST_NODE_TYPES.NewExpression && parent.callee === node) node = parent;
    else if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node && parent.id.type === AST_NODE_TYPES.Identifier && depth < 2) {
      const variable = findVariable(scope, parent.id);
      if (!variable || variable.references.some((reference) => reference.isWrite() && !reference.init)) return [];
      return variable.references.flatMap((reference) =>
        reference.isRead() ? heldInstances(reference.identifier, scope, sourceCode, packageName, depth + 1) : [],
      );
    } else if (parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments[0] === node && contextCreationOf(parent, scope)) {
      // `useContext(GleanContext)` of an imported context.
      node = parent;
    } else if ((parent?.type === AST_NODE_TYPES.CallExpression || parent?.type === AST_NODE_TYPES.NewExpression) && parent.callee !== node) {
      return heldMembers(node, scope, sourceCode, packageName);
    } else return [];
  }
  return [];
}

/**
 * An imported object handed to a function or constructor (`new SchemaJob(services)` of an imported
 * `services = { glean }`): its members that hold an instance, where it defines them. escapes.ts
 * follows each from there through the object's reads (this one among them) into the parameter.
 */
function heldMembers(holder: TSESTree.Node, scope: TSESLint.Scope.Scope, sourceCode: TSESLint.SourceCode, packageName: string): { node: TSESTree.Node; path: string[] }[] {
  const object = resolveObject(holder, scope);
  if (!object) return [];
  return object.properties.flatMap((property) => {
    if (property.type !== AST_NODE_TYPES.Property || property.kind !== 'init' || property.computed) return [];
    const path = instancePathOf(property.value, scope, sourceCode, packageName);
    return path ? [{ node: property.value, path }] : [];
  });
}

/** `const { Glean } = await import(pkg); new Glean(…)`, `const sdk = await import(pkg); new sdk.Glean(…)`. */
function dynamicallyImportedConstructions(variable: TSESLint.Scope.Variable, scope: TSESLint.Scope.Scope, packageName: string): { node: TSESTree.Node; path: string[] }[] {
  const definition = variable.defs[0];
  const load = definition?.type === 'Variable' && definition.node.init ? moduleLoadOf(definition.node.init) : undefined;
  if (load?.type !== AST_NODE_TYPES.ImportExpression) return [];
  return variable.references.flatMap((reference) => {
    let callee: TSESTree.Node = reference.identifier;
    if (callee.parent?.type === AST_NODE_TYPES.MemberExpression && callee.parent.object === callee) callee = callee.parent;
    const made = callee.parent;
    return made?.type === AST_NODE_TYPES.NewExpression && made.callee === callee && isGleanClass(callee, scope, packageName) ? [{ node: made, path: [] }] : [];
  });
}

const methodNamesByTables = new WeakMap<SdkTables, ReadonlySet<string>>();

/**
 * Type-aware mode: receivers whose type is one of the SDK's client classes (`Glean`, `Client`,
 * `ClientAgents`, …), wherever the value came from — a client injected into a constructor, returned by
 * another module's factory, kept in a field typed elsewhere. Only calls of a method some SDK client
 * has are looked at; the checker is asked for their receivers' types.
 */
export function typedInstances(sourceCode: TSESLint.SourceCode, tables: SdkTables): { node: TSESTree.Node; path: string[] }[] {
  const services = typeServices(sourceCode);
  const classes = tables.clientClasses;
  // A program without the SDK's files has no value of its types: the checker is not asked.
  if (!services || !classes || !programIncludesSdk(services.program)) return [];
  let methods = methodNamesByTables.get(tables);
  if (!methods) {
    methods = new Set(tables.operations.flatMap((operation) => [operation.chain, ...(operation.chains ?? [])].flatMap((chain) => chain.slice(-1))));
    methodNamesByTables.set(tables, methods);
  }
  const checker = services.program.getTypeChecker();
  const seeds: { node: TSESTree.Node; path: string[] }[] = [];
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.CallExpression) return;
    const callee = unwrap(node.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier || !methods!.has(callee.property.name)) return;
    const receiver = callee.object;
    // The SDK client class a node's type is, as its path from the `Glean` instance (`[]` for `Glean` itself).
    const clientPath = (node: TSESTree.Node): readonly string[] | undefined => {
      const tsNode = services.esTreeNodeToTSNodeMap.get(node as never) as ts.Node | undefined;
      if (!tsNode) return undefined;
      const type = checker.getNonNullableType(checker.getTypeAtLocation(tsNode));
      const symbol = type.getSymbol();
      const declaration = symbol?.declarations?.[0];
      if (!symbol || !declaration || !SDK_PATH.test(declaration.getSourceFile().fileName)) return undefined;
      return classes[symbol.getName()];
    };
    const path = clientPath(receiver);
    if (!path) return;
    // `this.glean.client.agents`: seed the instance itself where the chain is written out, so the call
    // has a root a rewrite can build on (`this.glean.agents.get`). Not where a member of the same name
    // is the project's own (`this.client` of a getter that returns `this.sdk.client`): `this` is no client.
    let root: TSESTree.Node = receiver;
    let depth = path.length;
    while (depth > 0 && root.type === AST_NODE_TYPES.MemberExpression && !root.computed && staticKeyName(root) === path[depth - 1]) {
      root = root.object;
      depth -= 1;
    }
    seeds.push(depth === 0 && clientPath(root)?.length === 0 ? { node: root, path: [] } : { node: receiver, path: [...path] });
  });
  return seeds;
}
