import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES } from '../util/packages.js';
import { programOf } from '../util/linking.js';
import { constantInitializer, findVariable, isModuleBinding, unwrap } from '../util/resolve.js';
import { TYPE_ONLY, walk } from '../util/walk.js';
import { joinProgram, moduleAt, moduleIsMarked, recordOfProgram, type ModuleRecord } from '../modules/index.js';
import { resolveCallee } from '../flow/functions.js';
import { sdkTables } from '../sdk/index.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import type { ResolvedRequest } from '../model/request.js';
import type { Use } from '../model/use.js';
import { analyseUrls } from './endpoint-uses.js';
import { analyseSdk } from './sdk-uses.js';

/**
 * The requests the linted file makes through functions of other modules: an imported wrapper
 * (`gleanPost(path, body)`), a helper that returns a response (`searchGlean(q)`), a class whose methods
 * send (`new GleanHttp(base).post(…)`). Those modules are analysed with the linted file (their calls
 * reach its arguments, their returns reach its reads); what they find in the linted file is kept, what
 * they find in their own code is reported when they are linted.
 */

export interface LinkedAnalysis {
  requests: ResolvedRequest[];
  uses: Use[];
  /** Strings of the linted file that those modules' requests evaluated as part of a URL. */
  consumed: ReadonlySet<TSESTree.Node>;
}

/** How far calls are followed: the linted file's callee, and the callee's callees (a wrapper over a wrapper). */
const MAX_DEPTH = 2;

/** Text that a module sending requests contains: an HTTP client, a request verb, or the SDK. */
const REQUEST_MARKERS = /\b(?:fetch|axios|got|ky|ofetch|\$fetch|request|UrlFetchApp)\b|\.(?:get|post|put|patch|delete)\s*[(<]|@gleanwork\/api-client/;
const sendsRequests = (text: string): boolean => REQUEST_MARKERS.test(text);

/**
 * `importers`: the modules that import the linted one; `senders`: those that talk to Glean. Senders are
 * analysed with it (so are the modules they call into); every importer joins the analysis, so that a
 * function of the linted file is known to be called elsewhere too (a fix there would change what
 * those callers get).
 */
export function analyseLinkedModules(
  linted: ModuleRecord,
  register: CompiledRegister,
  { importers, senders: senderPaths }: { importers: readonly string[]; senders: readonly string[] } = { importers: [], senders: [] },
): LinkedAnalysis {
  const requests: ResolvedRequest[] = [];
  const uses: Use[] = [];
  const consumed = new Set<TSESTree.Node>();
  const seen = new Set<ModuleRecord>([linted]);
  for (const path of importers) {
    const importer = moduleAt(path);
    if (importer) joinProgram(importer);
  }
  const senders = senderPaths.flatMap((path) => moduleAt(path) ?? []);
  for (const sender of senders) seen.add(sender);
  let level: ModuleRecord[] = [linted, ...senders];
  const found: ModuleRecord[] = [...senders];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: ModuleRecord[] = [];
    for (const record of level) {
      for (const callee of calledModules(record)) {
        if (seen.has(callee)) continue;
        seen.add(callee);
        if (!moduleIsMarked(callee.path, sendsRequests) && !moduleIsMarked(callee.path, register.marks)) continue;
        joinProgram(callee);
        found.push(callee);
        next.push(callee);
      }
    }
    level = next;
  }
  for (const record of found) {
    const urls = analyseUrls(record.sourceCode, register);
    const sdk = analyseSdk(record.sourceCode, register, sdkTables);
    requests.push(...urls.requests, ...sdk.requests);
    uses.push(...urls.uses, ...sdk.uses);
    for (const node of urls.consumed ?? []) if (programOf(node) === linted.ast) consumed.add(node);
  }
  return { requests, uses, consumed };
}

/** The other modules whose functions a module calls (through imported names, namespaces, and instances of imported classes). */
function calledModules(record: ModuleRecord): Set<ModuleRecord> {
  const sourceCode = record.sourceCode;
  const scope = record.globalScope;
  const modules = new Set<ModuleRecord>();
  walk(
    record.ast,
    sourceCode.visitorKeys,
    (node) => {
      if (node.type !== AST_NODE_TYPES.CallExpression || !leavesModule(node.callee, scope)) return;
      const fn = resolveCallee(node, scope, sourceCode);
      const program = fn && programOf(fn);
      const callee = program && program !== record.ast ? recordOfProgram(program) : undefined;
      if (callee) modules.add(callee);
    },
    TYPE_ONLY,
  );
  return modules;
}

/**
 * A cheap look before a callee is resolved: its leftmost name is imported or required, or is a
 * constant made with `new` of an imported class (`const http = new GleanHttp(base)`).
 */
function leavesModule(callee: TSESTree.Node, scope: TSESLint.Scope.Scope): boolean {
  let root = unwrap(callee);
  while (root.type === AST_NODE_TYPES.MemberExpression) root = unwrap(root.object);
  if (root.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = findVariable(scope, root);
  if (!variable || variable.defs.length === 0) return false;
  if (isModuleBinding(variable)) return true;
  const made = constantInitializer(root, scope);
  const value = made && unwrap(made);
  if (value?.type !== AST_NODE_TYPES.NewExpression || value.callee.type !== AST_NODE_TYPES.Identifier) return false;
  const madeClass = findVariable(scope, value.callee);
  return madeClass !== null && isModuleBinding(madeClass);
}
