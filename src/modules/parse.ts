import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type * as Estree from '@typescript-eslint/typescript-estree';
import type * as ScopeManagerPackage from '@typescript-eslint/scope-manager';
import type * as VisitorKeysPackage from '@typescript-eslint/visitor-keys';
import { createRequire } from 'node:module';
import { AST_NODE_TYPES } from '../util/packages.js';

/**
 * Parses a module other than the linted file into what the analysis needs: a typescript-estree tree
 * with ranges and parent pointers (no tokens, comments or locations: nothing is reported there) and
 * scope-manager's scopes. The same parser and scope analysis typescript-eslint gives ESLint, so the
 * analysis reads the same node and scope shapes as in the linted file.
 */

const require = createRequire(import.meta.url);

type Packages = {
  estree: typeof Estree;
  analyze: typeof ScopeManagerPackage.analyze;
  visitorKeys: TSESLint.SourceCode.VisitorKeys;
};

let packages: Packages | undefined;

/** Loaded on first use: typescript-estree loads TypeScript, which a plain JavaScript run may never need. */
function load(): Packages {
  packages ??= {
    estree: require('@typescript-eslint/typescript-estree') as typeof Estree,
    analyze: (require('@typescript-eslint/scope-manager') as typeof ScopeManagerPackage).analyze,
    visitorKeys: (require('@typescript-eslint/visitor-keys') as typeof VisitorKeysPackage).visitorKeys as TSESLint.SourceCode.VisitorKeys,
  };
  return packages;
}

/** typescript-eslint's visitor keys: every ESTree, JSX and TypeScript node. */
export function fullVisitorKeys(): TSESLint.SourceCode.VisitorKeys {
  return load().visitorKeys;
}

export interface ParsedModule {
  ast: TSESTree.Program;
  scopeManager: TSESLint.Scope.ScopeManager;
}

const TYPESCRIPT = /\.[cm]?tsx?$/;
/** `<T>value` casts make JSX ambiguous in `.ts` files; every other source may hold JSX. */
const NO_JSX = /\.[cm]?ts$/;

/** A JSON module (`import config from './glean.json'`), by its path or the specifier that names it: configuration the analysis reads. */
export function isJsonModule(pathOrSpecifier: string): boolean {
  return JSON_MODULE.test(pathOrSpecifier);
}

const JSON_MODULE = /\.json$/i;

/** Vue and Svelte single-file components: their `<script>` blocks are modules of the project (they import and send). */
const COMPONENT = /\.(?:vue|svelte)$/i;
const SCRIPT_BLOCK = /(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi;

/**
 * The text a module is analysed as: a JSON module's value becomes `module.exports = …` (what `require`
 * gives; `import` gives it as the default); a component keeps its `<script>` blocks where they are and
 * has everything else blanked (lines kept), so its ranges are the file's.
 */
export function analysedText(path: string, text: string): string {
  if (isJsonModule(path)) return `module.exports = ${text}\n;`;
  if (!COMPONENT.test(path)) return text;
  let scripts = '';
  let end = 0;
  for (const match of text.matchAll(SCRIPT_BLOCK)) {
    const start = match.index + match[1]!.length;
    scripts += blank(text.slice(end, start)) + match[2]!;
    end = start + match[2]!.length;
  }
  return scripts + blank(text.slice(end));
}

function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/** Undefined when the text does not parse: such a module tells the analysis nothing. */
export function parseModule(path: string, text: string): ParsedModule | undefined {
  // Parsed as the CommonJS module analysedText made of it.
  if (isJsonModule(path)) path = `${path}.cjs`;
  // A component's script, TypeScript or not (a plain script parses as TypeScript too), without JSX.
  else if (COMPONENT.test(path)) path = `${path}.ts`;
  const { estree, analyze } = load();
  let ast: TSESTree.Program;
  try {
    ast = estree.parse(text, { range: true, loc: false, comment: false, tokens: false, jsx: !NO_JSX.test(path), filePath: path }) as TSESTree.Program;
  } catch {
    return undefined;
  }
  estree.simpleTraverse(ast, { enter() {} }, true);
  const isModule = ast.body.some(
    (statement) =>
      statement.type === AST_NODE_TYPES.ImportDeclaration ||
      statement.type === AST_NODE_TYPES.ExportAllDeclaration ||
      statement.type === AST_NODE_TYPES.ExportNamedDeclaration ||
      statement.type === AST_NODE_TYPES.ExportDefaultDeclaration,
  );
  // A file without import or export syntax is CommonJS: its top level is a function's body.
  const scopeManager = analyze(ast, {
    sourceType: isModule || /\.m[jt]s$/.test(path) ? 'module' : 'script',
    globalReturn: !isModule,
    jsxPragma: TYPESCRIPT.test(path) ? 'React' : null,
  }) as unknown as TSESLint.Scope.ScopeManager;
  return { ast, scopeManager };
}
