import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES } from '../util/packages.js';
import { installLinker, programOf, type ForeignScopes, type Linked, type Linker } from '../util/linking.js';
import { findProperty, linkedValueNode, moduleLoadOf, resolveObject, staticKeyName } from '../util/resolve.js';
import { exportOf, importedModule, moduleValue } from './exports.js';
import { blocksOf, recordOfProgram, type ModuleRecord } from './module-cache.js';

/**
 * The linker the same-file helpers use to follow a name into the module that defines it (see
 * util/linking.ts): imports (named, default, namespace, TypeScript's `import x = require()`), and names
 * bound to `require('./x')` or `await import('./x')`, whole or destructured.
 */

function specifierOf(node: TSESTree.CallExpression | TSESTree.ImportExpression): string | undefined {
  const source = node.type === AST_NODE_TYPES.ImportExpression ? node.source : node.arguments[0];
  return source?.type === AST_NODE_TYPES.Literal && typeof source.value === 'string' ? source.value : undefined;
}

function recordOf(node: TSESTree.Node): ModuleRecord | undefined {
  return recordOfProgram(programOf(node));
}

/**
 * The keys a destructured name is taken by: `const { glean: client } = require('./glean')` takes
 * `glean`; `const { glean: { restBase } } = require('./config')` takes `glean`, then `restBase`.
 */
function destructuredPath(pattern: TSESTree.ObjectPattern, name: TSESTree.Identifier): string[] | undefined {
  for (const property of pattern.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const key = staticKeyName(property);
    const value = property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
    if (key === undefined) continue;
    if (value === name) return [key];
    if (value.type === AST_NODE_TYPES.ObjectPattern) {
      const rest = destructuredPath(value, name);
      if (rest) return [key, ...rest];
    }
  }
  return undefined;
}

/** A property of a linked value that is an object literal (through its constants), as a linked value. */
function memberOfLinked(linked: Linked | undefined, key: string): Linked | undefined {
  if (!linked) return undefined;
  if (linked.kind === 'module') return linked.module.exported(key);
  const value = linkedValueNode(linked);
  const record = value && recordOf(value);
  const object = value && record && resolveObject(value, record.globalScope);
  const found = object && record ? findProperty(object, key, record.globalScope) : undefined;
  return found && found !== 'unknown' ? { kind: 'value', node: found.value } : undefined;
}

function linkImportBinding(record: ModuleRecord, definition: TSESLint.Scope.Definition): Linked | undefined {
  const specifier = definition.node;
  if (specifier.type === AST_NODE_TYPES.TSImportEqualsDeclaration) {
    const reference = specifier.moduleReference;
    if (reference.type !== AST_NODE_TYPES.TSExternalModuleReference || reference.expression.type !== AST_NODE_TYPES.Literal) return undefined;
    const target = importedModule(record, reference.expression.value);
    return target && moduleValue(target);
  }
  const declaration = definition.parent;
  // A name imported as a type only (`import type { SearchService }`) is still the class a parameter's
  // annotation names (`constructor(private readonly search: SearchService)`); code cannot use it as a value.
  if (declaration?.type !== AST_NODE_TYPES.ImportDeclaration) return undefined;
  const target = importedModule(record, declaration.source.value);
  if (!target) return undefined;
  switch (specifier.type) {
    case AST_NODE_TYPES.ImportNamespaceSpecifier:
      return moduleValue(target);
    case AST_NODE_TYPES.ImportDefaultSpecifier:
      return exportOf(target, 'default') ?? moduleValue(target);
    case AST_NODE_TYPES.ImportSpecifier: {
      const imported = specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
      // An ES module importing a CommonJS module by name takes a property of `module.exports`.
      return exportOf(target, imported) ?? (imported === 'default' ? moduleValue(target) : undefined);
    }
    default:
      return undefined;
  }
}

function linkLoadedBinding(record: ModuleRecord, definition: TSESLint.Scope.Definition): Linked | undefined {
  if (definition.type !== 'Variable' || !definition.node.init) return undefined;
  const load = moduleLoadOf(definition.node.init);
  const specifier = load && specifierOf(load);
  const target = specifier === undefined ? undefined : importedModule(record, specifier);
  if (!target) return undefined;
  const id = definition.node.id;
  if (id.type === AST_NODE_TYPES.Identifier) return moduleValue(target);
  if (id.type !== AST_NODE_TYPES.ObjectPattern || definition.name.type !== AST_NODE_TYPES.Identifier) return undefined;
  const [first, ...rest] = destructuredPath(id, definition.name) ?? [];
  if (first === undefined) return undefined;
  return rest.reduce<Linked | undefined>((linked, key) => memberOfLinked(linked, key), exportOf(target, first));
}

/**
 * The module and the exported name an `import { name as local } from 'module'` binding stands for
 * (`default` for a default import), or a name destructured from a `require` or `import()` (`const {
 * name: local } = require('module')`); undefined for any other variable.
 */
export function importedAs(variable: TSESLint.Scope.Variable): { from: string; name: string } | undefined {
  const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type === 'Variable') return requiredAs(definition.node, definition.name);
  if (definition?.type !== 'ImportBinding' || definition.parent?.type !== AST_NODE_TYPES.ImportDeclaration) return undefined;
  const specifier = definition.node;
  const from = definition.parent.source.value;
  if (specifier.type === AST_NODE_TYPES.ImportDefaultSpecifier) return { from, name: 'default' };
  if (specifier.type !== AST_NODE_TYPES.ImportSpecifier) return undefined;
  return { from, name: specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value };
}

/** `const { name: local } = require('module')` (or `= await import('module')`): the module and `name`, for the `local` a declarator binds. */
function requiredAs(declarator: TSESTree.VariableDeclarator, local: TSESTree.BindingName): { from: string; name: string } | undefined {
  const load = declarator.init ? moduleLoadOf(declarator.init) : undefined;
  const source = load && (load.type === AST_NODE_TYPES.ImportExpression ? load.source : load.arguments[0]);
  if (source?.type !== AST_NODE_TYPES.Literal || typeof source.value !== 'string' || declarator.id.type !== AST_NODE_TYPES.ObjectPattern) return undefined;
  const property = declarator.id.properties.find((candidate): candidate is TSESTree.Property => candidate.type === AST_NODE_TYPES.Property && candidate.value === local);
  const name = property && staticKeyName(property);
  return name === undefined ? undefined : { from: source.value, name };
}

/** The specifier a name is imported or loaded from (`import`, `import x = require()`, `require()`, `import()`). */
export function moduleSpecifierOf(variable: TSESLint.Scope.Variable): string | undefined {
  const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type === 'ImportBinding') {
    if (definition.parent?.type === AST_NODE_TYPES.ImportDeclaration) return definition.parent.source.value;
    const reference = definition.node.type === AST_NODE_TYPES.TSImportEqualsDeclaration ? definition.node.moduleReference : undefined;
    return reference?.type === AST_NODE_TYPES.TSExternalModuleReference && reference.expression.type === AST_NODE_TYPES.Literal ? reference.expression.value : undefined;
  }
  if (definition?.type !== 'Variable' || !definition.node.init) return undefined;
  const load = moduleLoadOf(definition.node.init);
  const source = load && (load.type === AST_NODE_TYPES.ImportExpression ? load.source : load.arguments[0]);
  return source?.type === AST_NODE_TYPES.Literal && typeof source.value === 'string' ? source.value : undefined;
}

export const projectLinker: Linker = {
  linkVariable(variable) {
    const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
    const record = definition && recordOf(definition.name);
    if (!definition || !record) return undefined;
    return definition.type === 'ImportBinding' ? linkImportBinding(record, definition) : linkLoadedBinding(record, definition);
  },
  linkModuleCall(node) {
    const record = recordOf(node);
    const specifier = specifierOf(node);
    const target = record && specifier !== undefined ? importedModule(record, specifier) : undefined;
    return target && moduleValue(target);
  },
  scopesOf(program): ForeignScopes | undefined {
    const record = recordOfProgram(program);
    return record && { globalScope: record.globalScope, scopeManager: record.scopeManager, visitorKeys: record.sourceCode.visitorKeys, blocks: () => blocksOf(record) };
  },
};

/** Turns cross-module following on (the analysis does, once a file is being linted with a path on disk). */
export function enableLinking(enabled: boolean): void {
  installLinker(enabled ? projectLinker : undefined);
}
