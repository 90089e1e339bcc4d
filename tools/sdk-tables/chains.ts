// src/sdk/*.ts: `Glean` getters → class getters → methods calling `<func>(this, ...)`, which give each
// func its method chains from a `Glean` instance.
import { join } from 'node:path';
import ts from 'typescript';
import { compare, deprecation, isExported, nameText, parse, tsFiles, walk } from './syntax.js';

/** An SDK method that calls a func, as its signature reads (`name?` for an optional parameter). */
export interface SdkMethod {
  func: string;
  deprecated: boolean;
  params: string[];
}

export interface Chains {
  /** func → its chains, shortest first. */
  chains: Map<string, string[][]>;
  /** SDK class → the shortest chain of getters from a `Glean` instance to an instance of it (`ClientAgents` → client.agents). */
  classPaths: Map<string, string[]>;
  /** func → the SDK methods that call it. */
  methodInfo: Map<string, SdkMethod[]>;
}

interface SdkClass {
  /** getter → the class it returns */
  getters: Map<string, string>;
  methods: Map<string, SdkMethod>;
}

export function readChains(sdkRoot: string): Chains {
  const dir = join(sdkRoot, 'src', 'sdk');
  const classes = new Map<string, SdkClass>();
  for (const file of tsFiles(dir)) {
    const sf = parse(join(dir, file));
    const funcImports = new Set<string>();
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
      const getters = new Map<string, string>();
      const methods = new Map<string, SdkMethod>();
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

  const chains = new Map<string, string[][]>();
  const methodInfo = new Map<string, SdkMethod[]>();
  const classPaths = new Map<string, string[]>();
  const visit = (className: string, chain: string[], path: Set<string>): void => {
    const cls = classes.get(className);
    if (!cls) throw new Error(`sdk: getter ${chain.join('.')} returns unknown class ${className}`);
    const known = classPaths.get(className);
    if (!known || known.length > chain.length || (known.length === chain.length && compare(chain.join('.'), known.join('.')) < 0)) classPaths.set(className, chain);
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
  return { chains, methodInfo, classPaths };
}
