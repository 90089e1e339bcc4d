import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { readsEverywhere } from './functions.js';
import { AST_NODE_TYPES } from '../util/packages.js';
import { findDeclared, findProperty, findVariable, innermostScope, resolveExpression, staticKeyName, unwrap } from '../util/resolve.js';
import { importedAs } from '../modules/linker.js';
import { enclosingClass } from './class-members.js';

type Scope = TSESLint.Scope.Scope;

/**
 * NestJS's `HttpService` (@nestjs/axios) is the axios instance of the module that provides the class it
 * is injected into: `@Module({ imports: [HttpModule.register({ baseURL })], providers: [AnswersService] })`.
 * What that module registers is the client's options, as `axios.create(options)`'s are.
 */

/** The package NestJS's HTTP module and service come from. */
export const NEST_AXIOS = '@nestjs/axios';

/** Text of a module that may inject NestJS's HttpService, and of one that may register its options. */
export const injectsNestHttp = (text: string): boolean => text.includes(NEST_AXIOS) && text.includes('HttpService');
export const registersNestHttp = (text: string): boolean => text.includes(NEST_AXIOS) && /\bHttpModule\s*\.\s*register\s*\(/.test(text);

/**
 * The `HttpModule.register(options)` call behind a constructor parameter typed `HttpService`
 * (`constructor(private readonly http: HttpService)`), when every module of the analysis that provides
 * the class registers the same one. A module that imports `HttpModule` bare, registers it asynchronously
 * or imports no HTTP module leaves the base unknown (another module's, or none).
 */
export function nestRegisteredHttp(name: TSESTree.Identifier, scope: Scope): TSESTree.CallExpression | undefined {
  const definition = findVariable(scope, name)?.defs[0];
  if (definition?.type !== 'Parameter' || definition.name.type !== AST_NODE_TYPES.Identifier) return undefined;
  const parameter = definition.name;
  const constructor = definition.node;
  if (constructor.parent?.type !== AST_NODE_TYPES.MethodDefinition || constructor.parent.kind !== 'constructor') return undefined;
  if (!namesImport(parameter.typeAnnotation?.typeAnnotation, 'HttpService', scope)) return undefined;
  const classNode = enclosingClass(constructor);
  // The name the class is declared under where it stands (its own scope binds the name again, for its body).
  const classVariable = classNode?.id && classNode.parent ? innermostScope(scope, classNode.parent).set.get(classNode.id.name) : undefined;
  if (!classVariable) return undefined;
  const reads = readsEverywhere(classVariable);
  let registered: TSESTree.CallExpression | undefined;
  for (const read of reads) {
    const metadata = providingModule(read);
    if (!metadata) continue;
    const call = registeredIn(metadata, scope);
    if (!call || (registered !== undefined && call !== registered)) return undefined;
    registered = call;
  }
  return registered;
}

/** Whether a call is `HttpModule.register(options)` of @nestjs/axios: the options of the instance its HttpService injects. */
export function isNestHttpRegistration(call: TSESTree.CallExpression, scope: Scope): boolean {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && staticKeyName(callee) === 'register' && namesImport(callee.object, 'HttpModule', scope);
}

/** The metadata object of the `@Module({ providers: [...] })` whose providers a read of a class is, directly or as `{ provide, useClass }`. */
function providingModule(read: TSESTree.Node): TSESTree.ObjectExpression | undefined {
  let entry: TSESTree.Node = read;
  const property = read.parent;
  if (property?.type === AST_NODE_TYPES.Property && property.value === read && staticKeyName(property) === 'useClass') entry = property.parent;
  const list = entry.parent;
  const providers = list?.type === AST_NODE_TYPES.ArrayExpression ? list.parent : undefined;
  if (providers?.type !== AST_NODE_TYPES.Property || providers.value !== list || staticKeyName(providers) !== 'providers') return undefined;
  const metadata = providers.parent;
  const call = metadata.parent;
  const decorates = call?.type === AST_NODE_TYPES.CallExpression && call.arguments[0] === metadata && call.parent?.type === AST_NODE_TYPES.Decorator;
  return decorates && metadata.type === AST_NODE_TYPES.ObjectExpression ? metadata : undefined;
}

/** The one `HttpModule.register(options)` a module's `imports` list holds; undefined when there is none, or another HTTP module besides. */
function registeredIn(metadata: TSESTree.ObjectExpression, scope: Scope): TSESTree.CallExpression | undefined {
  const imports = findProperty(metadata, 'imports', scope);
  if (!imports || imports === 'unknown') return undefined;
  const list = unwrap(resolveExpression(imports.value, scope) ?? imports.value);
  if (list.type !== AST_NODE_TYPES.ArrayExpression) return undefined;
  let found: TSESTree.CallExpression | undefined;
  for (const element of list.elements) {
    if (!element || element.type === AST_NODE_TYPES.SpreadElement) continue;
    const imported = unwrap(element);
    const httpModule = imported.type === AST_NODE_TYPES.CallExpression && imported.callee.type === AST_NODE_TYPES.MemberExpression ? imported.callee.object : imported;
    if (!namesImport(httpModule, 'HttpModule', scope)) continue;
    // `HttpModule`, `HttpModule.registerAsync(…)`, or a second registration: no one base this module gives.
    if (found || imported.type !== AST_NODE_TYPES.CallExpression || !isNestHttpRegistration(imported, scope)) return undefined;
    found = imported;
  }
  return found;
}

/** Whether a name (or a type's name) is `exported` of @nestjs/axios, imported under any local name. */
function namesImport(node: TSESTree.Node | undefined, exported: string, scope: Scope): boolean {
  const name = node?.type === AST_NODE_TYPES.TSTypeReference ? node.typeName : node;
  const variable = name?.type === AST_NODE_TYPES.Identifier ? findDeclared(scope, name) : undefined;
  const imported = variable ? importedAs(variable) : undefined;
  return imported?.from === NEST_AXIOS && imported.name === exported;
}
