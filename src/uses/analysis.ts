import { existsSync } from 'node:fs';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { SDK_PACKAGE } from '../sdk/index.js';
import { sdkContextForFile } from '../sdk/installed.js';
import type { SdkContext } from '../sdk/versions.js';
import type { CompiledRegister } from '../matchers/compiled-register.js';
import { analyseUrls } from './endpoint-uses.js';
import type { ResolvedRequest } from '../model/request.js';
import { findFieldHits, hitKey, usesFromHits } from './field-uses.js';
import { analyseSdk } from './sdk-uses.js';
import { analyseLinkedModules, handedSdkCalls, type LinkedModulesInput } from './linked-modules.js';
import { callsSdkMethodsText, carriesValues, forgetFollowedWrappers, gatesFor, importsSdk as importsSdkText, reexports, writesPathText } from './gates.js';
import { findTypedFieldHits, typedFieldServices } from './typed-fields.js';
import type { Use } from '../model/use.js';
import { FileMemo } from '../util/file-memo.js';
import { placeKey, programOf } from '../util/linking.js';
import { findVariable, releaseScopeIndex, staticKeyName } from '../util/resolve.js';
import { AST_NODE_TYPES } from '../util/packages.js';
import { walk } from '../util/walk.js';
import { inventoryOf } from './inventory.js';
import { isFunction } from '../flow/functions.js';
import { namesRequest } from '../matchers/http-clients.js';
import { writesPath } from '../matchers/http-requests.js';
import { exportedFunctions, exportedObjectLiterals, exportedStrings } from '../flow/exported-values.js';
import { beginHandedMarks } from '../flow/escapes.js';
import { injectsNestHttp, registersNestHttp } from '../flow/nest-modules.js';
import { svelteDataModulesOf } from '../flow/route-data.js';
import { evaluatePattern, flatten, hasText } from '../matchers/string-pattern.js';
import { beginLintedFile, directImportersOf, enableLinking, enterFile, importersOf, importsMarkedModule, isScanned, joinProgram, moduleAt, moduleIsMarked, moduleSpecifierOf, noteLinted, projectFilesPassing, projectIsUnmarked, resolveImport, setLinkGate, textFacts } from '../modules/index.js';
import { readsFrameworkKey, writesFrameworkKey } from '../matchers/framework-contexts.js';
import { LISTEN_METHODS } from '../flow/events.js';
import { isAbsolute } from 'node:path';

// Names imported from the project's other modules are followed into them (src/modules/).
enableLinking(true);

/**
 * Everything the plugin finds in one file, computed once and shared by every rule that asks (the two
 * lifecycle rules differ only in which uses they report).
 */
export interface FileAnalysis {
  uses: readonly Use[];
  requests: readonly ResolvedRequest[];
}

const EMPTY: FileAnalysis = { uses: [], requests: [] };

/**
 * The prefilter's answers for the file being linted, by register, and what it learnt of the project
 * from texts. Keyed by the file's text and its `SourceCode`, never by its tree: under oxlint, reading
 * `sourceCode.ast` deserialises the whole tree (under ESLint it is already there), and most files are
 * decided by their text alone. ESLint gives each file a new `SourceCode`; oxlint hands every file the
 * same one, with a new text.
 */
let prefilterFile:
  | { sourceCode: TSESLint.SourceCode; text: string; filename: string | undefined; byRegister: Map<CompiledRegister, boolean>; context: Map<CompiledRegister, ModuleContext>; handedFields: Map<CompiledRegister, boolean> }
  | undefined;

/**
 * The analysis of the file being linted, by register. A new file, seen first by the prefilter, releases
 * the last one's (and, with it, its tree): otherwise the last file that uses Glean would stay reachable
 * while the linter goes through the files after it.
 */
const analyses = new FileMemo<TSESTree.Program, Map<CompiledRegister, FileAnalysis>>();

/**
 * `filename`: the linted file's path, where the caller knows it. Two files with the same text (a module
 * copied into two folders) are two files: under oxlint they come with the same `SourceCode` and text,
 * and what the first learnt of its importers is not the second's.
 */
function prefilterOf(sourceCode: TSESLint.SourceCode, filename?: string): NonNullable<typeof prefilterFile> {
  const text = sourceCode.text;
  if (prefilterFile?.sourceCode !== sourceCode || prefilterFile.text !== text || (filename !== undefined && prefilterFile.filename !== filename)) {
    analyses.clear();
    releaseScopeIndex();
    prefilterFile = { sourceCode, text, filename, byRegister: new Map(), context: new Map(), handedFields: new Map() };
  }
  return prefilterFile;
}

/** Where the linted file is: its path on disk (ESLint's physical filename) and ESLint's working directory. */
export interface FileLocation {
  filename?: string;
  cwd?: string;
  /**
   * The settings the register came from (settingsKeyOf) and the files they name: a closed project's
   * verdict is kept between runs under them (project-snapshot.ts). Without them nothing is kept.
   */
  settings?: { key: string; files: readonly string[] };
}

/**
 * What the file's analysis needs from the rest of the project: whether it imports a module that names
 * Glean, and the modules that import it and talk to Glean (where what it exports may be sent).
 */
interface ModuleContext {
  importsGlean: boolean;
  /** Whether it imports a module that names the SDK (or imports one that does): a client may come from there. */
  importsSdk: boolean;
  /** The modules that import this one (when it may write a deprecated field others send). */
  importers: readonly string[];
  /** Those of them that talk to Glean. */
  senders: readonly string[];
  /** For a module that calls SDK methods on something: modules that may hand it a client through an importer (relayedSenders). */
  relayed: { senders: readonly string[]; through: readonly string[] };
  /**
   * For a module whose event listeners read a deprecated field (emittingModules): the modules that talk
   * to Glean and emit events, the other modules that emit (what they emit may reach the same listeners),
   * and the modules it shares with them.
   */
  emitters: { modules: readonly string[]; others: readonly string[]; shared: readonly string[] };
  /** For a module whose classes are injected NestJS's HttpService: the modules that register it on a base that may be Glean's (nest-modules.ts). */
  nestModules: readonly string[];
  /** For a SvelteKit route component that reads a deprecated field: the data modules beside it that talk to Glean (`+page.server.ts`). */
  routeData: readonly string[];
}

const NO_RELAY: ModuleContext['relayed'] = { senders: [], through: [] };
const NO_EMITTERS: ModuleContext['emitters'] = { modules: [], others: [], shared: [] };
const NO_CONTEXT: ModuleContext = { importsGlean: false, importsSdk: false, importers: [], senders: [], relayed: NO_RELAY, emitters: NO_EMITTERS, nestModules: [], routeData: [] };

/** A file on disk, whose imports can be resolved (not `<text>` or a test's bare `file.ts`). */
function projectPath(filename: string | undefined): string | undefined {
  return filename !== undefined && isAbsolute(filename) ? filename : undefined;
}

/** Export syntax of either module system. */
const EXPORTS = /\bexport\b|\bmodule\.exports\b|\bexports\.\w/;

/**
 * Read from texts alone, never parsed: the file's import specifiers (does one lead to a module that
 * names Glean?), and, when the file exports objects with a deprecated field's name as a key, the
 * project's files that import it and name Glean or import a module that does.
 */
function moduleContext(sourceCode: TSESLint.SourceCode, register: CompiledRegister, location: FileLocation): ModuleContext {
  const byRegister = prefilterOf(sourceCode, location.filename).context;
  let context = byRegister.get(register);
  if (context === undefined) {
    const path = projectPath(location.filename);
    const root = location.cwd;
    const text = sourceCode.text;
    if (path !== undefined) {
      enterFile(path, text, sourceCode);
      noteLinted(path);
    }
    // A project that never names Glean: one read of its files instead of a walk of each file's imports.
    const { namesGlean, namesGleanKey } = gatesFor(register);
    const keep = location.settings && { key: namesGleanKey, settings: location.settings.key, settingFiles: location.settings.files };
    if (path === undefined || (root !== undefined && isScanned(root, path) && projectIsUnmarked(root, namesGlean, keep))) {
      context = NO_CONTEXT;
    } else {
      const { providesGlean } = gatesFor(register);
      const importsGlean = importsMarkedModule(path, text, providesGlean, carriesValues);
      // Its exports may be handed a client by an importer (`new GleanService(glean)`): it calls SDK methods on something.
      const callsSdkMethods = callsSdkMethodsText(text);
      // Or handed a response: its functions read a deprecated field of what they are given.
      // Or handed an HTTP client: it sends a Glean path through a parameter (`ctx.http.post('/agents/runs/wait')`, see sendsThroughHandedClient).
      // Asked last, and only of a module that exports: the table's test reads the texts of the module's imports.
      const handedClient = (): boolean => (HANDED_VERB_TEXT.test(text) && register.mightNameSegment(text)) || (HANDED_TABLE_VERB_TEXT.test(text) && importsPathTable(path, register));
      const mayBeSent = location.cwd !== undefined && EXPORTS.test(text) && (callsSdkMethods || register.mightWriteField(text) || readsHandedFields(sourceCode, register) || handedClient());
      const importers = mayBeSent ? importersOf(path, location.cwd!) : [];
      const importsSdk = importsGlean && importsMarkedModule(path, text, importsSdkText, carriesValues);
      const senders = importers.filter((importer) => moduleIsMarked(importer, register.marks));
      const relayed = callsSdkMethods && importers.length > 0 ? relayedSenders(path, location.cwd!, importers, register) : NO_RELAY;
      const emitters = location.cwd !== undefined && LISTENS_TEXT.test(text) && register.mightNameField(text) && listenersReadFields(sourceCode, register) ? emittingModules(path, location.cwd, register) : NO_EMITTERS;
      const nestModules = location.cwd !== undefined && injectsNestHttp(text) && register.mightNameSegment(text) ? nestRegisteringImporters(path, location.cwd, providesGlean) : [];
      // A SvelteKit page does not import its data module, which hands it `data` and `form`.
      const routeData = register.mightNameField(text) ? svelteDataModulesOf(path).filter((module) => existsSync(module) && moduleIsMarked(module, register.marks)) : [];
      context = { importsGlean, importsSdk, importers, senders, relayed, emitters, nestModules, routeData };
    }
    byRegister.set(register, context);
  }
  return context;
}

/**
 * The prefilter: a file that never names a Glean path or the SDK, imports no project module that
 * does, and writes no deprecated field that such a module imports, costs a few substring scans and a
 * look at its import specifiers. With type information, a file that names a deprecated field is also
 * looked at (its objects may be SDK types). (Under oxlint, a file the project's unmarked verdict
 * tested may not even be read: rule-kit/unread-lane.ts decides that before the analysis is loaded.)
 */
export function mayUseGlean(sourceCode: TSESLint.SourceCode, register: CompiledRegister, location: FileLocation = {}): boolean {
  // Every rule asks before it registers a listener; the text is scanned once per file.
  const byRegister = prefilterOf(sourceCode, location.filename).byRegister;
  let may = byRegister.get(register);
  if (may === undefined) {
    may = register.mightUse(sourceCode.text) || typedFieldServices(sourceCode, register) !== undefined || isLinkedToGlean(moduleContext(sourceCode, register, location));
    byRegister.set(register, may);
  }
  return may;
}

/**
 * For a module whose code may be handed a client: the modules one step further that may hand it one
 * through an importer (a composition root: `makeWorkers(sdk)` calls `new AgentWorker(sdk)`, and its
 * importer calls `makeWorkers(glean)`): the importers' importers that talk to Glean, and those
 * importers, which hand on what they are handed.
 */
function relayedSenders(path: string, root: string, importers: readonly string[], register: CompiledRegister): ModuleContext['relayed'] {
  const direct = new Set(importers);
  const found = new Set<string>();
  const through = new Set<string>();
  for (const importer of importers) {
    const candidates = importersOf(importer, root).filter((candidate) => candidate !== path);
    const further = candidates.filter((candidate) => moduleIsMarked(candidate, register.marks));
    if (further.length === 0) continue;
    // Also when the caller imports the linted module itself (a class, a type): it hands the client through the root all the same.
    through.add(importer);
    for (const candidate of candidates) {
      if (further.includes(candidate)) {
        if (!direct.has(candidate)) found.add(candidate);
      } else if (textFacts(candidate, reexports)?.marked === true) {
        // A barrel between the root and its caller (`export * from './container.js'`) passes it on.
        through.add(candidate);
      }
    }
  }
  return through.size > 0 ? { senders: [...found], through: [...through] } : NO_RELAY;
}

function isLinkedToGlean(context: ModuleContext): boolean {
  return context.importsGlean || context.senders.length > 0 || context.relayed.senders.length > 0 || context.emitters.modules.length > 0 || context.nestModules.length > 0 || context.routeData.length > 0;
}

/** The importers of a module that register NestJS's HttpModule and name Glean or import a module that does (its base may be there). */
function nestRegisteringImporters(path: string, cwd: string, providesGlean: (text: string) => boolean): string[] {
  return importersOf(path, cwd).filter((importer) => textFacts(importer, registersNestHttp)?.marked === true && moduleIsMarked(importer, providesGlean, carriesValues));
}

/** Text that may register an event listener (`bus.on('results', …)`). */
const LISTENS_TEXT = /\.(?:on|once|addListener|prependListener|prependOnceListener)\(/;
/** Text that may emit an event (`bus.emit('results', res)`, `this.emit(…)`). */
const emitsEvents = (text: string): boolean => text.includes('.emit(');

/** Whether a listener the module registers (`x.on('event', (res) => …)`) reads a deprecated field's name in its body. */
function listenersReadFields(sourceCode: TSESLint.SourceCode, register: CompiledRegister): boolean {
  return inventoryOf(sourceCode).calls.some((call) => {
    if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.MemberExpression || !LISTEN_METHODS.has(staticKeyName(call.callee) ?? '')) return false;
    const listener = call.arguments[1];
    return listener !== undefined && isFunction(listener) && listener.params.length > 0 && register.mightNameField(sourceCode.text.slice(listener.range[0], listener.range[1]));
  });
}

/**
 * The modules that may emit to a listener of the module at `path`: those that emit events and import
 * the module itself or a module it imports (the emitter's), split by whether they talk to Glean; and
 * those shared modules.
 */
function emittingModules(path: string, cwd: string, register: CompiledRegister): ModuleContext['emitters'] {
  const candidates = [path, ...projectImportsOf(path, emitsEvents)];
  const modules = new Set<string>();
  const others = new Set<string>();
  const shared: string[] = [];
  for (const module of candidates) {
    const emitting = importersOf(module, cwd).filter((importer) => importer !== path && textFacts(importer, emitsEvents)?.marked === true);
    const talking = emitting.filter((importer) => moduleIsMarked(importer, register.marks));
    if (talking.length === 0) continue;
    shared.push(module);
    for (const importer of emitting) (talking.includes(importer) ? modules : others).add(importer);
  }
  return modules.size > 0 ? { modules: [...modules], others: [...others].filter((other) => !modules.has(other)), shared } : NO_EMITTERS;
}

export function analyseFile(sourceCode: TSESLint.SourceCode, register: CompiledRegister, location: FileLocation = {}): FileAnalysis {
  if (!mayUseGlean(sourceCode, register, location)) return EMPTY;
  const byRegister = analyses.get(sourceCode.ast, () => new Map());
  let analysis = byRegister.get(register);
  if (!analysis) {
    analysis = analyse(sourceCode, register, location);
    byRegister.set(register, analysis);
  }
  return analysis;
}

/**
 * The modules of imported helpers this file calls with a callback written inline that sends a request
 * or calls the SDK (`withRetry(() => http.post(…))`, `retry(async () => glean.client.chat.create(…))`).
 */
function callbackRunnerModules(sourceCode: TSESLint.SourceCode, path: string, register: CompiledRegister): string[] {
  const found = new Set<string>();
  const globalScope = sourceCode.scopeManager?.globalScope;
  if (!globalScope) return [];
  for (const call of inventoryOf(sourceCode).calls) {
    if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.Identifier) continue;
    const callback = call.arguments.find(isFunction);
    if (!callback) continue;
    // An imported helper of the project first (cheap, resolutions are kept), then what the callback does.
    const variable = findVariable(globalScope, call.callee);
    const specifier = variable ? moduleSpecifierOf(variable) : undefined;
    const target = specifier === undefined ? undefined : resolveImport(path, specifier);
    if (target === undefined || found.has(target)) continue;
    const text = sourceCode.text.slice(callback.range[0], callback.range[1]);
    if (namesRequest(text) || register.mightUse(text) || callsSdkMethodsText(text)) found.add(target);
  }
  return [...found];
}

function analyse(sourceCode: TSESLint.SourceCode, register: CompiledRegister, location: FileLocation): FileAnalysis {
  beginHandedMarks();
  const path = projectPath(location.filename);
  const record = path !== undefined ? beginLintedFile(sourceCode, path) : undefined;
  forgetFollowedWrappers();
  setLinkGate(gatesFor(register).linkGate);
  const context = moduleContext(sourceCode, register, location);
  // Requests made through other modules' functions, and by the modules that import this one; they
  // evaluate some of this file's strings as URLs first.
  // Importers matter only if the file hands them an object that writes a deprecated field, or may be
  // handed a client by them (its functions call SDK methods on a parameter or a field).
  const sendsValues = context.senders.length > 0 && (exportsFieldObjects(sourceCode, register) || readsHandedFields(sourceCode, register));
  const handedCalls = !sendsValues && context.importers.length > 0 ? handedSdkCalls(sourceCode) : [];
  const takesClients = handedCalls.length > 0 && (context.senders.length > 0 || context.relayed.senders.length > 0);
  // A module a registry hands its client (`cmd.run(ctx)` in the composition root behind the importer) may also send values to its importer: both are followed.
  let sent: LinkedModulesInput = sendsValues
    ? context.relayed.senders.length > 0
      ? { importers: context.importers, senders: [...context.senders, ...context.relayed.senders], through: context.relayed.through }
      : context
    : takesClients
      ? { importers: context.importers, senders: [...context.senders, ...context.relayed.senders], through: context.relayed.through, onlyHandClients: true, handedCalls }
      : { importers: [], senders: [] };
  // What a composition root hands on is followed through its functions, which name nothing the link gate looks for;
  // so is an imported helper this file hands a callback that sends (`withRetry(() => http.post(…))`), to tell what it resolves to.
  // The linted file itself is followed into from its importers when they may hand its functions a response.
  const runners = path !== undefined ? callbackRunnerModules(sourceCode, path, register) : [];
  const handedResponses = sendsValues && path !== undefined && readsHandedFields(sourceCode, register);
  // The emitter's module (`export const bus = new EventEmitter()`) names nothing the link gate looks for.
  const emitterModules = context.emitters.shared;
  if ((sent.through && sent.through.length > 0) || runners.length > 0 || handedResponses || emitterModules.length > 0) {
    const { linkGate } = gatesFor(register);
    const through = new Set([...(sent.through ?? []), ...runners, ...(handedResponses ? [path!] : []), ...emitterModules]);
    setLinkGate((target) => through.has(target) || linkGate(target));
  }
  // A URL the file exports is sent with the method its importers give (`fetch(AGENT_URL, { method: 'POST' })`).
  // Also a helper over an imported base (`${REST}/agents/${id}`, REST imported): its text writes only the path's segments.
  const text = sourceCode.text;
  if ((sent.senders.length === 0 || sent.onlyHandClients) && path !== undefined && location.cwd !== undefined && (register.mightNameUrl(text) || register.mightNameSegment(text)) && EXPORTS.test(text) && exportsUrls(sourceCode, register)) {
    const importers = importersOf(path, location.cwd);
    sent = { importers, senders: importers.filter((importer) => moduleIsMarked(importer, register.marks)) };
  }
  // A function that sends through a client it is handed (`ctx.http.post('/agents/runs/wait')`): its importers' calls give the client.
  if (sent.senders.length === 0 && path !== undefined && location.cwd !== undefined && EXPORTS.test(text) && sendsThroughHandedClient(sourceCode)) {
    const importers = importersOf(path, location.cwd);
    sent = { importers, senders: importers.filter((importer) => moduleIsMarked(importer, register.marks)) };
  }
  // Handlers that read a key of an app's shared object (`req.app.locals.glean`, `ctx.state.glean`) or decoration (`fastify.glean`): the modules that may set it are joined, to tell what it holds.
  const sharedKeyWriters = path !== undefined && location.cwd !== undefined && readsFrameworkKey(text) ? frameworkKeyWriters(path, location.cwd) : [];
  for (const writer of sharedKeyWriters) {
    const module = moduleAt(writer);
    if (module) joinProgram(module);
  }
  // NestJS's HttpService: the modules that provide the file's classes say what base they register it with (nest-modules.ts).
  for (const provider of context.nestModules) {
    const module = moduleAt(provider);
    if (module) joinProgram(module);
  }
  // A listener of an emitter other modules share: those that emit on it and talk to Glean are analysed with this file, to tell what they emit.
  if (context.emitters.modules.length > 0 && !sent.onlyHandClients) {
    const emitters = context.emitters.modules.filter((emitter) => !sent.senders.includes(emitter));
    sent = { ...sent, importers: [...sent.importers, ...emitters, ...context.emitters.others], senders: [...sent.senders, ...emitters] };
  }
  // A SvelteKit page: its data modules are analysed with it, to tell what `data` and `form` hold.
  if (context.routeData.length > 0 && !sent.onlyHandClients) {
    const dataModules = context.routeData.filter((module) => !sent.senders.includes(module));
    sent = { ...sent, importers: [...sent.importers, ...dataModules], senders: [...sent.senders, ...dataModules] };
  }
  // A sender that reads such a key (routes that hand `fastify.glean`'s response to this file's formatter): its writers too.
  if (location.cwd !== undefined && !sent.onlyHandClients) {
    for (const sender of sent.senders) {
      if (textFacts(sender, readsFrameworkKey)?.marked !== true) continue;
      for (const writer of frameworkKeyWriters(sender, location.cwd)) {
        const module = moduleAt(writer);
        if (module) joinProgram(module);
      }
    }
  }
  const linked = record ? analyseLinkedModules(record, register, sent) : undefined;
  // A file that only imports the SDK (no URL text, no project module with one) has no URL to evaluate.
  const linkedToGlean = context.importsGlean || sent.senders.length > 0 || context.nestModules.length > 0;
  const urls = linkedToGlean || register.mightNameUrl(sourceCode.text) ? analyseUrls(sourceCode, register, linked?.consumed) : EMPTY;
  // The SDK version installed for the file, looked up only when the file may use the SDK.
  let installed: SdkContext | undefined;
  const sdkContext = () => (installed ??= sdkContextForFile(location.filename, location.cwd));
  const sdk = context.importsSdk || sent.senders.length > 0 || sharedKeyWriters.length > 0 || sourceCode.text.includes(SDK_PACKAGE) ? analyseSdk(sourceCode, register, sdkContext()) : undefined;
  const requests = [...urls.requests, ...(sdk?.requests ?? []), ...(linked?.requests ?? [])];
  const hits = findFieldHits(sourceCode, register, requests);
  const services = typedFieldServices(sourceCode, register);
  // Data flow found by the AST comes first: its hits know more (e.g. the operation for user items).
  if (services) {
    const typed = findTypedFieldHits(sourceCode, register, services, sdkContext());
    // Where the checker says only the SDK's type reaches a read, a client the flow saw handed in (maybe another's) is Glean's all the same.
    const certain = new Set(typed.filter((hit) => !hit.mayHoldOtherValues).map(hitKey));
    for (const hit of hits) if (hit.mayHoldOtherValues && certain.has(hitKey(hit))) delete hit.mayHoldOtherValues;
    hits.push(...typed);
  }
  const uses = localUses(sourceCode.ast, [...(linked?.uses ?? []), ...urls.uses, ...(sdk?.uses ?? []), ...usesFromHits(hits, register)]);
  return { uses, requests };
}

/**
 * The project modules that may give a client to a key of an app's shared object or decoration that the
 * module at `path` reads: its importers (the app module that sets `app.locals.glean`), the modules they
 * import beside it (a middleware or Fastify plugin registered on the same app), and its own imports.
 */
function frameworkKeyWriters(path: string, cwd: string): string[] {
  const writers = new Set(projectImportsOf(path, writesFrameworkKey).filter((candidate) => candidate !== path && textFacts(candidate, writesFrameworkKey)?.marked === true));
  // The project's texts tell which modules may set a key (few, often none) before any importer's imports are
  // resolved: a module read by hundreds (`this.state.x`, a `{ context }` of its own) would resolve them all.
  const elsewhere = projectFilesPassing(cwd, writesFrameworkKey).filter((file) => file !== path && !writers.has(file));
  if (elsewhere.length > 0) {
    const importers = new Set(importersOf(path, cwd));
    for (const writer of elsewhere) {
      if (importers.has(writer) || directImportersOf(writer, cwd).some((importer) => importers.has(importer))) writers.add(writer);
    }
  }
  return [...writers];
}

/** The project modules a file imports (not packages), read from its text; `test` is the text test asked of it on the same read. */
function projectImportsOf(file: string, test: (text: string) => boolean): string[] {
  return (textFacts(file, test)?.specifiers ?? []).flatMap((specifier) => {
    const target = resolveImport(file, specifier);
    return target !== undefined && !target.includes('/node_modules/') ? [target] : [];
  });
}

/**
 * Whether the module calls an HTTP verb with a path on a parameter, or a member of one (`http.post('/x')`,
 * `ctx.http.post('/x')`): a client its callers hand it, whose base they know.
 */
function sendsThroughHandedClient(sourceCode: TSESLint.SourceCode): boolean {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope || (!HANDED_VERB_TEXT.test(sourceCode.text) && !HANDED_TABLE_VERB_TEXT.test(sourceCode.text))) return false;
  return inventoryOf(sourceCode).calls.some((call) => {
    if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.MemberExpression || !HTTP_VERBS.has(staticKeyName(call.callee) ?? '')) return false;
    const [first] = call.arguments;
    // A path written here, or kept in a table (`ctx.http.post(PATHS.answers)`, PATHS imported).
    if (!first || first.type === AST_NODE_TYPES.SpreadElement || !writesPath(first, sourceCode.getScope(call))) return false;
    let receiver: TSESTree.Node = call.callee.object;
    if (receiver.type === AST_NODE_TYPES.MemberExpression) receiver = receiver.object;
    return receiver.type === AST_NODE_TYPES.Identifier && findVariable(scope, receiver)?.defs[0]?.type === 'Parameter';
  });
}

const HTTP_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const HANDED_VERB_TEXT = /\.(?:get|post|put|patch|delete)\(\s*['"`]\//;
/** A verb given a table's entry (`.post(PATHS.answers`). */
const HANDED_TABLE_VERB_TEXT = /\.(?:get|post|put|patch|delete)\(\s*[A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*\s*[,)]/;

/** Whether a module imports, itself, a project module whose text writes Glean's path segments as paths (a path table). */
function importsPathTable(path: string, register: CompiledRegister): boolean {
  return projectImportsOf(path, pathTableText(register)).some((target) => textFacts(target, pathTableText(register))?.marked === true);
}

const pathTableTests = new WeakMap<CompiledRegister, (text: string) => boolean>();
function pathTableText(register: CompiledRegister): (text: string) => boolean {
  let test = pathTableTests.get(register);
  if (!test) pathTableTests.set(register, (test = (text) => register.mightNameSegment(text) && writesPathText(text)));
  return test;
}

/** Whether an object the module exports (or returns from what it exports) writes a deprecated field as a key. */
function exportsFieldObjects(sourceCode: TSESLint.SourceCode, register: CompiledRegister): boolean {
  const { names, valueFields } = register.fields;
  const writesField = (object: TSESTree.ObjectExpression): boolean =>
    object.properties.some((property) => {
      if (property.type !== 'Property') return false;
      const key = staticKeyName(property);
      return key !== undefined && (names.has(key) || valueFields.has(key));
    });
  if (exportedObjectLiterals(sourceCode).some(writesField)) return true;
  // A builder whose exported function writes the key into an object it pushes or keeps before it returns (`filters.push({ …, isNegated: true })`).
  return (
    register.mightWriteField(sourceCode.text) &&
    exportedFunctions(sourceCode).some((fn) => {
      let found = false;
      walk(fn, sourceCode.visitorKeys, (node) => {
        if (!found && node.type === AST_NODE_TYPES.ObjectExpression && writesField(node)) found = true;
      });
      return found;
    })
  );
}

/**
 * Whether the module exports a function that reads a deprecated field's name from what it is given
 * (`firstSnippet(res) { return res.results[0].snippets[0].snippet }`): its importers may hand it a
 * Glean response.
 */
function readsHandedFields(sourceCode: TSESLint.SourceCode, register: CompiledRegister): boolean {
  // Asked by the module context and by the analysis of the same file.
  const byRegister = prefilterOf(sourceCode).handedFields;
  let reads = byRegister.get(register);
  if (reads === undefined) byRegister.set(register, (reads = readsHandedFieldsUncached(sourceCode, register)));
  return reads;
}

function readsHandedFieldsUncached(sourceCode: TSESLint.SourceCode, register: CompiledRegister): boolean {
  // The text first: under oxlint, the tree is built when it is first asked for.
  if (!register.mightNameField(sourceCode.text)) return false;
  const scopeManager = sourceCode.scopeManager;
  if (!scopeManager) return false;
  const { names } = register.fields;
  const readsField = (fn: TSESTree.Node): boolean =>
    scopeManager.getDeclaredVariables(fn).some((variable) => variable.defs.some((def) => def.type === 'Parameter') && variable.references.some((reference) => readsFieldThrough(reference.identifier, names, 0, scopeManager)));
  return exportedFunctions(sourceCode).some((fn) => {
    if (!isFunction(fn)) return false;
    // Its own parameters, those of the callbacks written in it (`res.results.map((r) => r.snippets[0].snippet)`),
    // and the variables of the loops over what they hold (`for (const s of result.snippets) s.snippet`).
    let found = false;
    walk(fn, sourceCode.visitorKeys, (node) => {
      if (found) return;
      if (isFunction(node)) found = readsField(node);
      else if (node.type === AST_NODE_TYPES.ForOfStatement && node.left.type === AST_NODE_TYPES.VariableDeclaration) {
        const depth = iteratedDepth(node.right, scopeManager);
        found = depth >= 0 && scopeManager.getDeclaredVariables(node.left).some((variable) => variable.references.some((reference) => readsFieldThrough(reference.identifier, names, depth)));
      }
    });
    return found;
  });
}

/**
 * How many members down from a parameter a loop goes through (`res.results` is one; `result.snippets`
 * of a loop over it, two), or -1 when what it goes through does not come from a parameter.
 */
function iteratedDepth(iterated: TSESTree.Node, scopeManager: TSESLint.Scope.ScopeManager, loops = 0): number {
  let node = iterated;
  // `res.results ?? []`, `res.results || []`.
  while (node.type === AST_NODE_TYPES.LogicalExpression && node.operator !== '&&') node = node.left;
  let depth = 0;
  while (node.type === AST_NODE_TYPES.MemberExpression || node.type === AST_NODE_TYPES.ChainExpression || node.type === AST_NODE_TYPES.TSNonNullExpression) {
    if (node.type === AST_NODE_TYPES.MemberExpression) {
      depth += 1;
      node = node.object;
    } else node = node.expression;
  }
  const globalScope = scopeManager.globalScope;
  if (node.type !== AST_NODE_TYPES.Identifier || !globalScope) return -1;
  const definition = findVariable(globalScope, node)?.defs[0];
  if (definition?.type === 'Parameter') return depth;
  // A loop inside a loop (`for (const s of result.snippets)` within `for (const result of res.results)`).
  const loop = definition?.type === 'Variable' ? definition.parent.parent : undefined;
  if (loop?.type !== AST_NODE_TYPES.ForOfStatement || loop.left !== definition!.parent || loops >= 3) return -1;
  const outer = iteratedDepth(loop.right, scopeManager, loops + 1);
  return outer < 0 ? -1 : depth + outer;
}

/**
 * Whether a parameter's read reaches a deprecated field's name down a chain of members: two members
 * down or more (`res.results[0].snippets[0].snippet`), or right away for a name no other object is
 * likely to have (`message.citations`, `filter.isNegated`). `flag.enabled` or `user.role` of any
 * parameter is not reason enough to analyse a module's importers.
 */
function readsFieldThrough(start: TSESTree.Node, names: ReadonlySet<string>, from = 0, scopeManager?: TSESLint.Scope.ScopeManager, aliases = 0): boolean {
  let node = start;
  let depth = from;
  for (let parent = node.parent; parent; node = parent, parent = node.parent) {
    if (parent.type === AST_NODE_TYPES.ChainExpression || parent.type === AST_NODE_TYPES.TSNonNullExpression) continue;
    // `const config = res.report?.config`, then `config?.inputOptions?.datasources`: read through the alias.
    if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node && parent.id.type === AST_NODE_TYPES.Identifier && scopeManager && aliases < 2) {
      const reached = depth;
      return scopeManager.getDeclaredVariables(parent).some((variable) => variable.references.some((reference) => !reference.init && readsFieldThrough(reference.identifier, names, reached, scopeManager, aliases + 1)));
    }
    if (parent.type !== AST_NODE_TYPES.MemberExpression || parent.object !== node) return false;
    depth += 1;
    const key = staticKeyName(parent);
    if (key !== undefined && names.has(key) && (depth >= 2 || key.length >= 9 || /[A-Z]/.test(key))) return true;
  }
  return false;
}

/** Whether a value the module exports is a string (or holds one, or a function returns one) that names a Glean operation: a URL its importers send. */
function exportsUrls(sourceCode: TSESLint.SourceCode, register: CompiledRegister): boolean {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope) return false;
  // Helpers evaluated too: a URL helper's path may be a template a filler fills (`HOST + compile(template)(params)`).
  const context = { sourceCode, visitorKeys: sourceCode.visitorKeys, helpers: true };
  return exportedStrings(sourceCode).some((node) => {
    const pattern = evaluatePattern(node, scope, context);
    if (!hasText(pattern)) return false;
    const flat = flatten(pattern);
    return register.operations.mightMatch(flat.text) && register.operations.match(flat) !== undefined;
  });
}

/**
 * Following imports reaches other modules' nodes: what is written there is reported when that file is
 * linted. A use found twice (by this file's analysis and by a module it calls into) is one use; the
 * first found wins, the other modules' first, since they know the request's method.
 */
function localUses(ast: TSESTree.Program, uses: readonly Use[]): Use[] {
  const seen = new Set<string>();
  return uses.filter((use) => {
    if (programOf(use.node) !== ast) return false;
    const key = `${placeKey(use.node)}|${use.item.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
