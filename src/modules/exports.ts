import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES, astUtils } from '../util/packages.js';
import { asValue, moduleLoadOf, resolveObject, staticKeyName, unwrap } from '../util/resolve.js';
import type { Linked, LinkedModule } from '../util/linking.js';
import { exportsNow, mayExport, moduleAt, recordOfProgram, type ModuleRecord } from './module-cache.js';
import { resolveImport } from './resolver.js';

/**
 * What a module exports under a name, read from its syntax: ES module exports (declarations,
 * `export { a as b }`, `export default`, re-exports and `export *` through barrel files) and CommonJS
 * ones (`module.exports = …`, `exports.x = …`, `module.exports.x = …`, TypeScript's `export =`).
 */

/**
 * Which modules are worth parsing when a name leads into them (set by the analysis, from the register:
 * modules whose text may hold something of Glean's, or that import one that does). Following every
 * import of a busy file would parse much of the project for values nobody needs.
 */
let worthLinking: ((path: string) => boolean) | undefined;

export function setLinkGate(gate: ((path: string) => boolean) | undefined): void {
  worthLinking = gate;
}

/** The module `specifier` names from `record`, if it is one of the project's (and worth looking into). */
export function importedModule(record: ModuleRecord, specifier: string): ModuleRecord | undefined {
  const path = resolveImport(record.path, specifier);
  if (path === undefined || (worthLinking && !worthLinking(path))) return undefined;
  return moduleAt(path);
}

export function asLinkedModule(record: ModuleRecord): LinkedModule {
  return { path: record.path, exported: (name) => exportOf(record, name) };
}

export function exportOf(record: ModuleRecord, name: string, seen = new Set<string>()): Linked | undefined {
  const cache = exportsNow(record);
  const cached = cache.get(name);
  if (cached !== undefined) return cached ?? undefined;
  const key = `${record.path}\0${name}`;
  // `export *` cycles between barrels end here.
  if (seen.has(key)) return undefined;
  seen.add(key);
  const found = esmExport(record, name, seen) ?? commonJsExport(record, name, seen);
  cache.set(name, found ?? null);
  return found;
}

/**
 * What `require('./m')`, `import('./m')` or `import m = require('./m')` gives: the value assigned to
 * `module.exports` (or `export =`), else the module's namespace.
 */
export function moduleValue(record: ModuleRecord, depth = 0): Linked {
  for (const statement of record.ast.body) {
    if (statement.type === AST_NODE_TYPES.TSExportAssignment) return valueOf(record, statement.expression, depth);
    const assigned = moduleExportsAssignment(statement);
    if (!assigned) continue;
    // A CommonJS barrel: `module.exports = require('./glean')` is that module.
    const target = depth < 8 ? loadedModule(record, assigned) : undefined;
    if (target) return moduleValue(target, depth + 1);
    // `module.exports = { ...require('./a'), b }`: a module whose names are read one by one (exportOf).
    const value = unwrap(assigned);
    if (value.type === AST_NODE_TYPES.ObjectExpression && value.properties.some((property) => property.type === AST_NODE_TYPES.SpreadElement && loadedModule(record, property.argument))) {
      return { kind: 'module', module: asLinkedModule(record) };
    }
    return valueOf(record, assigned, depth);
  }
  return { kind: 'module', module: asLinkedModule(record) };
}

/** The project module `require('./x')` (or `import('./x')`) loads, if the node is such a load. */
function loadedModule(record: ModuleRecord, node: TSESTree.Node): ModuleRecord | undefined {
  const load = moduleLoadOf(node);
  const source = load && (load.type === AST_NODE_TYPES.ImportExpression ? load.source : load.arguments[0]);
  return source?.type === AST_NODE_TYPES.Literal && typeof source.value === 'string' ? importedModule(record, source.value) : undefined;
}

function moduleScope(record: ModuleRecord): TSESLint.Scope.Scope {
  return record.scopeManager.acquire(record.ast, true) ?? record.globalScope;
}

function variableNamed(record: ModuleRecord, name: string): Linked | undefined {
  const variable = astUtils().findVariable(moduleScope(record), name);
  return variable ? { kind: 'variable', variable: asValue(variable) } : undefined;
}

/** A name is better than its expression: a variable of the module can be followed further (its calls, its function). */
function valueOf(record: ModuleRecord, node: TSESTree.Node, depth = 0): Linked {
  const value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Identifier) return variableNamed(record, value.name) ?? { kind: 'value', node };
  // `module.exports = { paths: require('./paths.json') }`: what requiring that module gives.
  const loaded = depth < 8 ? loadedModule(record, value) : undefined;
  if (loaded) return moduleValue(loaded, depth + 1);
  return { kind: 'value', node };
}

function declaredVariable(record: ModuleRecord, declaration: TSESTree.Node, name: string): Linked | undefined {
  const variable = record.scopeManager.getDeclaredVariables(declaration).find((candidate) => candidate.name === name);
  return variable ? { kind: 'variable', variable: asValue(variable) } : undefined;
}

/** Whether an object pattern binds `name` itself (`{ name }`, `{ key: name }`, `{ name = fallback }`), not in a nested pattern. */
function bindsName(pattern: TSESTree.ObjectPattern, name: string): boolean {
  return pattern.properties.some((property) => {
    if (property.type !== AST_NODE_TYPES.Property) return false;
    const value = property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
    return value.type === AST_NODE_TYPES.Identifier && value.name === name;
  });
}

function exportedName(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === AST_NODE_TYPES.Identifier ? node.name : node.value;
}

function esmExport(record: ModuleRecord, name: string, seen: Set<string>): Linked | undefined {
  const starSources: string[] = [];
  for (const statement of record.ast.body) {
    switch (statement.type) {
      case AST_NODE_TYPES.ExportNamedDeclaration: {
        if (statement.exportKind === 'type') continue;
        const declaration = statement.declaration;
        if (declaration?.type === AST_NODE_TYPES.VariableDeclaration) {
          for (const declarator of declaration.declarations) {
            if (declarator.id.type === AST_NODE_TYPES.Identifier && declarator.id.name === name) return declaredVariable(record, declarator, name);
            // `export const { useSearchQuery } = gleanApi`: a name the pattern binds.
            if (declarator.id.type === AST_NODE_TYPES.ObjectPattern && bindsName(declarator.id, name)) return variableNamed(record, name);
          }
        } else if (
          (declaration?.type === AST_NODE_TYPES.FunctionDeclaration || declaration?.type === AST_NODE_TYPES.ClassDeclaration || declaration?.type === AST_NODE_TYPES.TSEnumDeclaration) &&
          declaration.id?.name === name
        ) {
          return declaredVariable(record, declaration, name);
        }
        for (const specifier of statement.specifiers) {
          if (specifier.exportKind === 'type' || exportedName(specifier.exported) !== name) continue;
          const local = exportedName(specifier.local);
          if (!statement.source) return variableNamed(record, local);
          const target = importedModule(record, statement.source.value);
          return target && exportOf(target, local, seen);
        }
        break;
      }
      case AST_NODE_TYPES.ExportDefaultDeclaration: {
        if (name !== 'default') continue;
        const declaration = statement.declaration;
        if ((declaration.type === AST_NODE_TYPES.FunctionDeclaration || declaration.type === AST_NODE_TYPES.ClassDeclaration) && declaration.id) {
          return declaredVariable(record, declaration, declaration.id.name);
        }
        return valueOf(record, declaration);
      }
      case AST_NODE_TYPES.ExportAllDeclaration:
        if (statement.exportKind === 'type') continue;
        if (statement.exported) {
          if (exportedName(statement.exported) !== name) continue;
          const target = importedModule(record, statement.source.value);
          return target && { kind: 'module', module: asLinkedModule(target) };
        }
        // `export *` never re-exports a default; a name the module exports itself wins over it.
        if (name !== 'default') starSources.push(statement.source.value);
        break;
      default:
        break;
    }
  }
  for (const source of starSources) {
    // Parsed only when its text may export the name.
    const path = resolveImport(record.path, source);
    if (path === undefined || !mayExport(path, name) || (worthLinking && !worthLinking(path))) continue;
    const target = moduleAt(path);
    const found = target && exportOf(target, name, seen);
    if (found) return found;
  }
  return undefined;
}

/**
 * Where a module's exported name is declared, types included, for the questions values cannot answer
 * (`export type GleanClient = Glean`, `export { Glean } from '@gleanwork/api-client'`): a type alias
 * it declares, the local name it exports, or a package's export it passes on. Through re-exports and
 * `export *` of the project's modules.
 */
export type DeclaredExport =
  | { kind: 'alias'; declaration: TSESTree.TSTypeAliasDeclaration }
  | { kind: 'interface'; declaration: TSESTree.TSInterfaceDeclaration }
  | { kind: 'local'; identifier: TSESTree.Identifier }
  | { kind: 'package'; source: string; name: string };

export function declaredExport(record: ModuleRecord, name: string, depth = 0, seen = new Set<string>()): DeclaredExport | undefined {
  // `export *` cycles between barrels, and barrels reached twice, are looked through once.
  const key = `${record.path}\0${name}`;
  if (depth > 8 || seen.has(key)) return undefined;
  seen.add(key);
  const starSources: string[] = [];
  for (const statement of record.ast.body) {
    if (statement.type === AST_NODE_TYPES.ExportAllDeclaration) {
      if (!statement.exported && name !== 'default') starSources.push(statement.source.value);
      continue;
    }
    if (statement.type !== AST_NODE_TYPES.ExportNamedDeclaration) continue;
    const declaration = statement.declaration;
    if (declaration) {
      if (declaration.type === AST_NODE_TYPES.TSTypeAliasDeclaration && declaration.id.name === name) return { kind: 'alias', declaration };
      if (declaration.type === AST_NODE_TYPES.TSInterfaceDeclaration && declaration.id.name === name) return { kind: 'interface', declaration };
      continue;
    }
    for (const specifier of statement.specifiers) {
      if (exportedName(specifier.exported) !== name) continue;
      const local = exportedName(specifier.local);
      if (!statement.source) return specifier.local.type === AST_NODE_TYPES.Identifier ? { kind: 'local', identifier: specifier.local } : undefined;
      if (!isRelativeOrAbsolute(statement.source.value) && resolveImport(record.path, statement.source.value) === undefined) {
        return { kind: 'package', source: statement.source.value, name: local };
      }
      const target = importedModule(record, statement.source.value);
      return target && declaredExport(target, local, depth + 1, seen);
    }
  }
  for (const source of starSources) {
    const path = resolveImport(record.path, source);
    if (path === undefined || !mayExport(path, name) || (worthLinking && !worthLinking(path))) continue;
    const target = moduleAt(path);
    const found = target && declaredExport(target, name, depth + 1, seen);
    if (found) return found;
  }
  return undefined;
}

/** What `import { name } from specifier` in `program` names where it is declared (see declaredExport); a package's export for a specifier that is no project module. */
export function importedDeclaration(program: TSESTree.Program, specifier: string, name: string): DeclaredExport | undefined {
  const record = recordOfProgram(program);
  if (!record) return undefined;
  if (!isRelativeOrAbsolute(specifier) && resolveImport(record.path, specifier) === undefined) return { kind: 'package', source: specifier, name };
  const target = importedModule(record, specifier);
  return target && declaredExport(target, name);
}

function isRelativeOrAbsolute(specifier: string): boolean {
  return specifier.startsWith('.') || specifier.startsWith('/');
}

/** `module.exports = value` as a statement of its own, also chained with `exports` (`exports = module.exports = value`). */
function moduleExportsAssignment(statement: TSESTree.Statement): TSESTree.Expression | undefined {
  if (statement.type !== AST_NODE_TYPES.ExpressionStatement) return undefined;
  let assignment: TSESTree.Expression = statement.expression;
  let setsModuleExports = false;
  while (assignment.type === AST_NODE_TYPES.AssignmentExpression && assignment.operator === '=') {
    if (isModuleExports(assignment.left)) setsModuleExports = true;
    else if (assignment.left.type !== AST_NODE_TYPES.Identifier || assignment.left.name !== 'exports') return undefined;
    if (assignment.right.type !== AST_NODE_TYPES.AssignmentExpression) return setsModuleExports ? assignment.right : undefined;
    assignment = assignment.right;
  }
  return undefined;
}

/** `module.exports`. */
export function isModuleExports(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.MemberExpression &&
    node.object.type === AST_NODE_TYPES.Identifier &&
    node.object.name === 'module' &&
    staticKeyName(node) === 'exports'
  );
}

/** `exports.x`, `module.exports.x`. */
function isExportsMember(node: TSESTree.Node): node is TSESTree.MemberExpression {
  return (
    node.type === AST_NODE_TYPES.MemberExpression &&
    ((node.object.type === AST_NODE_TYPES.Identifier && node.object.name === 'exports') || isModuleExports(node.object))
  );
}

function commonJsExport(record: ModuleRecord, name: string, seen: Set<string>): Linked | undefined {
  let found: Linked | undefined;
  for (const statement of record.ast.body) {
    if (statement.type === AST_NODE_TYPES.TSExportAssignment) {
      found = name === 'default' ? valueOf(record, statement.expression) : memberOfValue(record, statement.expression, name, seen);
      continue;
    }
    const whole = moduleExportsAssignment(statement);
    if (whole) {
      // A later `module.exports = …` replaces what was exported before it.
      found = name === 'default' ? valueOf(record, whole) : memberOfValue(record, whole, name, seen);
      continue;
    }
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    const assignment = statement.expression;
    if (assignment.type === AST_NODE_TYPES.AssignmentExpression && assignment.operator === '=' && isExportsMember(assignment.left) && staticKeyName(assignment.left) === name) {
      found = valueOf(record, assignment.right);
    }
  }
  return found;
}

/**
 * `module.exports = { glean: … }`: the property of the exported object; through CommonJS barrels,
 * `module.exports = require('./glean')` and `module.exports = { ...require('./a'), ...require('./b') }`.
 */
function memberOfValue(record: ModuleRecord, value: TSESTree.Node, name: string, seen: Set<string>): Linked | undefined {
  const whole = loadedModule(record, value);
  if (whole) return exportOf(whole, name, seen);
  const scope = moduleScope(record);
  const object = resolveObject(value, scope);
  if (!object) return undefined;
  for (let i = object.properties.length - 1; i >= 0; i--) {
    const property = object.properties[i]!;
    if (property.type === AST_NODE_TYPES.SpreadElement) {
      // A later spread may override an earlier key: only a spread module's own exports are known.
      const spread = loadedModule(record, property.argument);
      if (!spread) return undefined;
      const found = exportOf(spread, name, seen);
      if (found) return found;
      continue;
    }
    const key = staticKeyName(property, scope);
    if (key === undefined) {
      if (property.computed) return undefined;
      continue;
    }
    if (key === name && property.kind === 'init') return valueOf(record, property.value);
  }
  return undefined;
}
