import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import noDeprecated from '../../rules/no-deprecated.js';
import noRemoved from '../../rules/no-removed.js';
import { dataFor, jsRuleTester, locate, ruleNameFor, tsRuleTester } from '../helpers.js';

/**
 * Deprecated and removed operations reached through the official SDK, `@gleanwork/api-client`, for
 * both lifecycle rules.
 *
 * TypeScript scenarios live in `fixtures/sdk/`, which `npm run typecheck` checks against the real
 * SDK: every call below is one the SDK has. A rewrite's expected output is the sibling `*.fixed.ts`
 * fixture, so the rewritten code is type-checked too. Code that cannot be type-checked here (other
 * packages, CommonJS JavaScript) is written inline.
 */

const SDK_FIXTURES = new URL('../../fixtures/sdk/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, SDK_FIXTURES), 'utf8');

// typescript-eslint's test types omit `sourceType`, which ESLint's flat config reads for espree.
const COMMONJS = { sourceType: 'commonjs' } as unknown as Record<string, never>;
const MIGRATE = [{ migrate: true }] as const;

type RuleName = 'no-removed' | 'no-deprecated';
const rules = { 'no-removed': noRemoved, 'no-deprecated': noDeprecated } as const;


/** The message data of an SDK report: the subject names the SDK call; `upgrade`, the SDK version the message asks for. */
function sdkData(id: string, via: string, upgrade?: string) {
  const data = dataFor(id);
  return {
    ...data,
    subject: `${data.subject} (called by \`${via}\`)`,
    ...(upgrade ? { replacement: `${data.replacement}; upgrade @gleanwork/api-client to ${upgrade} or later to migrate` } : {}),
  };
}

/** The position of a call's callee, found as `callee(` in the code (single-line callees). */
function calleeAt(code: string, callee: string, occurrence = 0) {
  const found = locate(code, `${callee}(`, occurrence);
  return { ...found, endColumn: found.endColumn - 1 };
}

interface Expected {
  /** Register id. */
  id: string;
  /** How the message names the call: `client.agents.retrieve()`, `clientAgentsRun()`, `useClientAgentsRetrieve()`. */
  via: string;
  /** The callee as written, reported at its `occurrence`-th `callee(`. */
  callee: string;
  occurrence?: number;
  /**
   * The rewrite: what the suggestion names, and the code it produces; `check`: what the suggestion
   * asks a person to check, where the new types may not fit (no autofix then, even under `migrate`).
   */
  rewrite?: { replacement: string; output: string; check?: string };
  /** The SDK version the message asks to upgrade to: the one the file uses lacks the replacement. */
  upgrade?: string;
}

function expectedError(code: string, expected: Expected) {
  const rule = ruleNameFor(expected.id);
  return {
    messageId: rule === 'no-removed' ? ('removed' as const) : ('deprecated' as const),
    data: sdkData(expected.id, expected.via, expected.upgrade),
    ...calleeAt(code, expected.callee, expected.occurrence),
    suggestions: expected.rewrite ? [rewriteSuggestion(expected.rewrite)] : [],
  };
}

function rewriteSuggestion({ replacement, output, check }: NonNullable<Expected['rewrite']>) {
  return check === undefined
    ? { messageId: 'switchToReplacement' as const, data: { replacement }, output }
    : { messageId: 'switchToReplacementChecked' as const, data: { replacement, check }, output };
}

interface Scenario {
  name: string;
  code: string;
  filename?: string;
  js?: 'commonjs' | 'module';
  reports: Expected[];
  /**
   * `migrate` output for the rule that reports the rewrites (several entries: several passes); null
   * when `migrate` applies none of them (a client handed in by callers may be another's).
   */
  migrated?: string | string[] | null;
}

/** One scenario as cases of one rule: invalid with its reports for that rule, valid when it has none. */
function casesFor(rule: RuleName, scenarios: readonly Scenario[]) {
  const valid = [];
  const invalid = [];
  for (const scenario of scenarios) {
    const mine = scenario.reports.filter((report) => ruleNameFor(report.id) === rule);
    const base = {
      name: scenario.name,
      code: scenario.code,
      ...(scenario.filename ? { filename: scenario.filename } : {}),
      ...(scenario.js === 'commonjs' ? { languageOptions: COMMONJS } : {}),
    };
    if (mine.length === 0) {
      valid.push(base);
      continue;
    }
    const errors = mine.map((report) => expectedError(scenario.code, report));
    invalid.push({ ...base, output: null, errors });
    if (!mine.some((report) => report.rewrite)) continue;
    if (mine.every((report) => report.rewrite?.check !== undefined || !report.rewrite)) {
      // Every rewrite waits for a check: `migrate` fixes nothing either.
      invalid.push({ ...base, name: `${scenario.name} (migrate)`, options: MIGRATE, output: null, errors });
      continue;
    }
    invalid.push({ ...base, name: `${scenario.name} (migrate)`, options: MIGRATE, output: scenario.migrated ?? null, errors });
    if (scenario.migrated === null) continue;
    // Fixing again changes nothing: the migrated code is valid, or reports only what had no rewrite.
    const migrated = scenario.migrated;
    if (migrated === undefined) throw new Error(`${scenario.name}: a rewrite needs its migrated output`);
    const code = Array.isArray(migrated) ? migrated.at(-1)! : migrated;
    const left = mine
      .filter((report) => !report.rewrite)
      .map((report) => ({
        ...report,
        // Rewritten calls before it no longer count as occurrences of its callee.
        occurrence:
          (report.occurrence ?? 0) -
          mine.filter((other) => other.rewrite && other.callee === report.callee && (other.occurrence ?? 0) < (report.occurrence ?? 0)).length,
      }));
    const again = { ...base, name: `${scenario.name} (migrated, fixed again)`, code, options: MIGRATE };
    if (left.length === 0) valid.push(again);
    else invalid.push({ ...again, output: null, errors: left.map((report) => expectedError(code, report)) });
  }
  return { valid, invalid };
}

function run(title: string, scenarios: readonly Scenario[], tester = tsRuleTester) {
  for (const rule of ['no-removed', 'no-deprecated'] as const) {
    tester().run(`${rule}: ${title}`, rules[rule], casesFor(rule, scenarios));
  }
}

/** A scenario read from `fixtures/sdk/<file>`; a rewrite's expected output is `<file>.fixed.ts`. */
function fromFixture(file: string, reports: (Omit<Expected, 'rewrite'> & { rewrite?: string; check?: string })[]): Scenario {
  const code = fixture(file);
  const fixedFile = file.replace(/\.tsx?$/, (ext) => `.fixed${ext}`);
  const rewritten = reports.filter((report) => report.rewrite);
  if (rewritten.length > 1) throw new Error(`${file}: one rewrite per fixture`);
  const output = rewritten.length > 0 ? fixture(fixedFile) : undefined;
  return {
    name: file,
    code,
    ...(file.endsWith('.tsx') ? { filename: file } : {}),
    reports: reports.map(({ rewrite, check, ...report }) => ({
      ...report,
      ...(rewrite && output !== undefined ? { rewrite: { replacement: rewrite, output, ...(check === undefined ? {} : { check }) } } : {}),
    })),
    ...(output !== undefined && !rewritten.some((report) => report.check !== undefined) ? { migrated: output } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------
// Every deprecated SDK surface, through every way of reaching it (type-checked fixtures).

const RETRIEVE = { id: 'agents.get', via: 'client.agents.retrieve()' } as const;
const SCHEMAS = { id: 'agents.schemas', via: 'client.agents.retrieveSchemas()' } as const;
const RUN = { id: 'agents.runs.wait', via: 'client.agents.run()' } as const;
const RUN_STREAM = { id: 'agents.runs.stream', via: 'client.agents.runStream()' } as const;
const LIST = { id: 'agents.search', via: 'client.agents.list()' } as const;
const ANSWERS = { id: 'listanswers', via: 'client.answers.list()' } as const;
const DOC_STATUS = { id: 'index.getdocumentstatus', via: 'indexing.documents.status()' } as const;
const DOC_COUNT = { id: 'index.getdocumentcount', via: 'indexing.documents.count()' } as const;
const USER_COUNT = { id: 'index.getusercount', via: 'indexing.people.count()' } as const;
const BULK_EMPLOYEES = { id: 'index.bulkindexemployees', via: 'indexing.people.bulkIndex()' } as const;

/** What a swap's suggestion asks to check when the result leaves what the file shows (returned from an exported function). */
const leaves = (type: string) => `the code that uses the result fits ${type} (the result leaves what this file shows)`;
const GET = leaves('`PlatformAgentGetResponse`');
const GET_SCHEMAS = leaves('`PlatformAgentSchemasResponse`');
const SEARCH = leaves('`PlatformAgentsSearchResponse`');
const CREATE_RUN = leaves('what `agents.createRun()` returns');

const methodScenarios: Scenario[] = [
  fromFixture('agents-retrieve.ts', [{ ...RETRIEVE, callee: 'glean.client.agents.retrieve', rewrite: 'agents.get()', check: GET }]),
  fromFixture('agents-retrieve-schemas.ts', [
    { ...SCHEMAS, callee: 'glean.client.agents.retrieveSchemas', rewrite: 'agents.getSchemas()', check: GET_SCHEMAS },
  ]),
  fromFixture('agents-list.ts', [{ ...LIST, callee: 'glean.client.agents.list', rewrite: 'agents.search()', check: SEARCH }]),
  fromFixture('agents-run.ts', [{ ...RUN, callee: 'this.glean.client.agents.run', rewrite: 'agents.createRun()', check: CREATE_RUN }]),
  fromFixture('agents-run-stream.ts', [
    { ...RUN_STREAM, callee: 'this.glean.client.agents.runStream', rewrite: 'agents.createRun()', check: CREATE_RUN },
  ]),
  fromFixture('indexing.ts', [
    { ...DOC_COUNT, callee: 'glean.indexing.documents.count' },
    { ...USER_COUNT, callee: 'glean.indexing.people.count' },
    { ...DOC_STATUS, callee: 'glean.indexing.documents.status' },
    { ...BULK_EMPLOYEES, callee: 'glean.indexing.people.bulkIndex' },
  ]),
  fromFixture('factory.ts', [{ ...RETRIEVE, callee: 'createGlean().client.agents.retrieve', rewrite: 'agents.get()', check: GET }]),
  fromFixture('factory-arrow.ts', [
    { ...ANSWERS, callee: 'glean.client.answers.list' },
    { ...LIST, callee: 'clientApi().agents.list' },
  ]),
  fromFixture('async-factory.ts', [
    { ...RETRIEVE, callee: '(await connect()).client.agents.retrieve', rewrite: 'agents.get()', check: GET },
    { ...USER_COUNT, callee: 'glean.indexing.people.count' },
  ]),
  fromFixture('singleton.ts', [{ ...RETRIEVE, callee: 'getGlean().client.agents.retrieve', rewrite: 'agents.get()', check: GET }]),
  fromFixture('singleton-nullish.ts', [
    { ...RETRIEVE, callee: 'getGlean().client.agents.retrieve', rewrite: 'agents.get()', check: GET },
    { ...USER_COUNT, callee: 'lazyGlean().indexing.people.count' },
  ]),
  fromFixture('getter.ts', [{ ...RETRIEVE, callee: 'this.client.agents.retrieve' }]),
  fromFixture('typed-parameter.ts', [{ ...RETRIEVE, callee: 'glean.client.agents.retrieve', rewrite: 'agents.get()', check: GET }]),
  fromFixture('typed-fields.ts', [
    { id: 'listanswers', via: 'client.answers.list()', callee: 'this.glean.client.answers.list' },
    { id: 'index.getusercount', via: 'indexing.people.count()', callee: 'this.client?.indexing.people.count' },
  ]),
  fromFixture('module-instance-field.ts', [
    { ...USER_COUNT, callee: 'this.api.indexing.people.count' },
    { ...LIST, callee: 'this.client.agents.list' },
  ]),
  fromFixture('optional-root.ts', [
    { ...SCHEMAS, callee: 'this.glean?.client.agents.retrieveSchemas', rewrite: 'agents.getSchemas()', check: GET_SCHEMAS },
  ]),
  fromFixture('instance-alias.ts', [
    { ...SCHEMAS, callee: 'api.client.agents.retrieveSchemas', rewrite: 'agents.getSchemas()', check: GET_SCHEMAS },
  ]),
  // Sub-client aliases: rewritten from the `Glean` instance they were taken from (see sdk-calls.ts's destructuredRootName).
  fromFixture('alias.ts', [{ ...RETRIEVE, callee: 'client.agents.retrieve', rewrite: 'agents.get()', check: GET }]),
  fromFixture('alias-chain.ts', [{ ...LIST, callee: 'agents.list', rewrite: 'agents.search()', check: SEARCH }]),
  // `.call`, `.apply` and `.bind`: reported at the method, never rewritten.
  fromFixture('indirect-calls.ts', [
    { ...RETRIEVE, callee: 'glean.client.agents.retrieve.call' },
    { ...RETRIEVE, callee: 'glean.client.agents.retrieve.apply' },
    { ...LIST, callee: 'agents.list.bind' },
  ]),
  fromFixture('destructuring.ts', [
    { ...DOC_STATUS, callee: 'indexing.documents.status' },
    { ...ANSWERS, callee: 'answers.list' },
  ]),
  fromFixture('guards.ts', [
    { ...RETRIEVE, callee: 'glean.client.agents.retrieve' },
    { ...RUN, callee: 'glean.client.agents.run' },
    { ...RUN, callee: 'glean.client.agents.run', occurrence: 1 },
    { ...RETRIEVE, callee: 'glean.client.agents.retrieve', occurrence: 1 },
  ]),
];

describe('SDK methods of a Glean instance', () => {
  run('SDK methods (fixtures)', methodScenarios);
});

const funcScenarios: Scenario[] = [
  fromFixture('funcs-agents-retrieve.ts', [
    { id: 'agents.get', via: 'clientAgentsRetrieve()', callee: 'clientAgentsRetrieve', rewrite: 'agentsGet()', check: GET },
  ]),
  fromFixture('funcs-agents-retrieve-schemas.ts', [
    {
      id: 'agents.schemas',
      via: 'clientAgentsRetrieveSchemas()',
      callee: 'clientAgentsRetrieveSchemas',
      rewrite: 'agentsGetSchemas()',
      check: GET_SCHEMAS,
    },
  ]),
  fromFixture('funcs-agents-list.ts', [
    { id: 'agents.search', via: 'clientAgentsList()', callee: 'clientAgentsList', rewrite: 'agentsSearch()', check: SEARCH },
  ]),
  fromFixture('funcs-agents-run.ts', [
    { id: 'agents.runs.wait', via: 'clientAgentsRun()', callee: 'clientAgentsRun', rewrite: 'agentsCreateRun()', check: 'the code that uses the result fits what `agentsCreateRun()` returns (`value` is used as a whole)' },
  ]),
  fromFixture('funcs-agents-run-stream.ts', [
    { id: 'agents.runs.stream', via: 'clientAgentsRunStream()', callee: 'clientAgentsRunStream', rewrite: 'agentsCreateRun()', check: leaves('what `agentsCreateRun()` returns') },
    // The request is a variable: `agent_id` cannot be moved out of it.
    { id: 'agents.runs.stream', via: 'clientAgentsRunStream()', callee: 'clientAgentsRunStream', occurrence: 1 },
  ]),
  fromFixture('funcs-removed.ts', [
    { id: 'listanswers', via: 'clientAnswersList()', callee: 'clientAnswersList' },
    { id: 'index.getdocumentcount', via: 'indexingDocumentsCount()', callee: 'indexingDocumentsCount' },
    { id: 'index.getdocumentstatus', via: 'indexingDocumentsStatus()', callee: 'indexingDocumentsStatus' },
    { id: 'index.getusercount', via: 'indexingPeopleCount()', callee: 'indexingPeopleCount' },
    { id: 'index.bulkindexemployees', via: 'indexingPeopleBulkIndex()', callee: 'indexingPeopleBulkIndex' },
  ]),
];

/** Two rewrites of one import: the first pass swaps one call and adds the import, the second drops the old one. */
const twoRuns = (() => {
  const code = fixture('migrate-two-runs.ts');
  const newImport = `import { agentsCreateRun } from '@gleanwork/api-client/funcs/agentsCreateRun.js';`;
  const oldImport = `import { clientAgentsRun } from '@gleanwork/api-client/funcs/clientAgentsRun.js';`;
  const first = [
    `clientAgentsRun(core, { agent_id: 'agt_digest', input: { period: 'day' } })`,
    `agentsCreateRun(core, { input: { period: 'day' } }, 'agt_digest')`,
  ] as const;
  const second = [
    `clientAgentsRun(core, { agent_id: 'agt_cleanup', input: {} })`,
    `agentsCreateRun(core, { input: {} }, 'agt_cleanup')`,
  ] as const;
  const withImport = code.replace(oldImport, `${oldImport}\n${newImport}`);
  const pass1 = withImport.replace(...first);
  const scenario: Scenario = {
    name: 'migrate-two-runs.ts',
    code,
    reports: [
      { ...RUN, via: 'clientAgentsRun()', callee: 'clientAgentsRun', rewrite: { replacement: 'agentsCreateRun()', output: pass1 } },
      {
        ...RUN,
        via: 'clientAgentsRun()',
        callee: 'clientAgentsRun',
        occurrence: 1,
        rewrite: { replacement: 'agentsCreateRun()', output: withImport.replace(...second) },
      },
    ],
    migrated: [pass1, fixture('migrate-two-runs.fixed.ts')],
  };
  return scenario;
})();

describe('standalone functions', () => {
  run('standalone functions (fixtures)', [...funcScenarios, twoRuns]);
});

const hookScenarios: Scenario[] = [
  fromFixture('hooks.tsx', [
    { id: 'agents.get', via: 'useClientAgentsRetrieve()', callee: 'useClientAgentsRetrieve' },
    {
      id: 'agents.schemas',
      via: 'useClientAgentsRetrieveSchemasSuspense()',
      callee: 'useClientAgentsRetrieveSchemasSuspense',
    },
    { id: 'agents.runs.wait', via: 'useClientAgentsRunMutation()', callee: 'useClientAgentsRunMutation' },
  ]),
  fromFixture('hooks-removed.tsx', [
    { id: 'listanswers', via: 'useClientAnswersListMutation()', callee: 'useClientAnswersListMutation' },
    { id: 'index.getdocumentcount', via: 'useIndexingDocumentsCountMutation()', callee: 'useIndexingDocumentsCountMutation' },
    { id: 'index.bulkindexemployees', via: 'useIndexingPeopleBulkIndexMutation()', callee: 'useIndexingPeopleBulkIndexMutation' },
  ]),
  fromFixture('query-helpers.ts', [
    { id: 'agents.get', via: 'prefetchClientAgentsRetrieve()', callee: 'prefetchClientAgentsRetrieve' },
    {
      id: 'agents.schemas',
      via: 'buildClientAgentsRetrieveSchemasQuery()',
      callee: 'buildClientAgentsRetrieveSchemasQuery',
    },
    { id: 'agents.runs.wait', via: 'buildClientAgentsRunMutation()', callee: 'buildClientAgentsRunMutation' },
  ]),
];

describe('React Query hooks and helpers: reported at the hook or helper, never rewritten', () => {
  run('hooks (fixtures)', hookScenarios);
});

// ---------------------------------------------------------------------------------------------------
// Negatives: none of these reaches a deprecated operation through the SDK.

describe('look-alikes and replacements are not uses', () => {
  const fixtures = ['negatives-platform.ts', 'negatives-same-paths.ts', 'negatives-lookalikes.ts'];
  const inline = [
    {
      name: "@mozilla/glean's Glean",
      code: `import Glean from '@mozilla/glean';\n\nGlean.initialize('acme-web', true, { channel: 'production' });\nGlean.setUploadEnabled(false);`,
    },
    {
      name: "@mozilla/glean's Glean in a file that also imports the SDK",
      code: `import Glean from '@mozilla/glean';\nimport { Glean as GleanApi } from '@gleanwork/api-client';\n\nexport const api = new GleanApi({ instance: 'acme' });\nGlean.initialize('acme-web', true);\nexport const run = (Glean as any).client.agents.run({ agent_id: 'agt_1' });`,
    },
    {
      name: 'a local class named Glean',
      code: `import * as sdk from '@gleanwork/api-client';\n\nclass Glean {\n  client = { agents: { run(request: object) { return request; } } };\n}\n\nexport const version = sdk.SDK_METADATA.sdkVersion;\nnew Glean().client.agents.run({ agent_id: 'agt_1' });`,
    },
    {
      name: "other SDKs' client.agents.run and client.beta.threads.runs.create",
      code: `import { Glean } from '@gleanwork/api-client';\nimport OpenAI from 'openai';\nimport { Client } from '@acme/agents-sdk';\n\nconst glean = new Glean({ instance: 'acme' });\nconst client = new OpenAI();\nconst agentsClient = new Client();\n\nexport async function go(threadId: string) {\n  await client.beta.threads.runs.create(threadId, { assistant_id: 'asst_1' });\n  await agentsClient.agents.run({ agent_id: 'agt_1' });\n  return glean.agents.createRun({ input: {} }, 'agt_1');\n}`,
    },
    {
      name: 'a Glean class from another package with the same shape',
      code: `import { Glean } from './glean-mock';\nimport { Glean as Real } from '@gleanwork/api-client';\n\nexport const real = new Real();\nnew Glean().client.agents.retrieve('agt_1');`,
    },
    {
      name: 'a parameter that shadows the instance',
      code: `import { Glean } from '@gleanwork/api-client';\n\nconst glean = new Glean({ instance: 'acme' });\nexport const agents = glean.agents;\n\nexport function handler(glean: { client: { agents: { run(r: object): void } } }) {\n  glean.client.agents.run({ agent_id: 'agt_1' });\n}`,
    },
    {
      name: 'a deep import of a non-deprecated function, and a mutation key, which makes no request',
      code: `import { GleanCore } from '@gleanwork/api-client/core.js';\nimport { agentsCreateRun } from '@gleanwork/api-client/funcs/agentsCreateRun.js';\nimport { mutationKeyClientAgentsRun } from '@gleanwork/api-client/react-query';\n\nconst core = new GleanCore({});\nexport const key = mutationKeyClientAgentsRun();\nexport const run = agentsCreateRun(core, { input: {} }, 'agt_1');`,
    },
    {
      name: 'a computed member is not guessed',
      code: `import { Glean } from '@gleanwork/api-client';\n\nconst glean = new Glean();\nexport const call = (method: 'create' | 'update') => glean.client.agents[method];`,
    },
  ];
  for (const rule of ['no-removed', 'no-deprecated'] as const) {
    tsRuleTester().run(`${rule}: negatives`, rules[rule], {
      valid: [...fixtures.map((name) => ({ name, code: fixture(name) })), ...inline],
      invalid: [],
    });
  }
  jsRuleTester().run('no-deprecated: negatives in CommonJS', noDeprecated, {
    valid: [
      {
        name: 'other packages required',
        code: `const Glean = require('@mozilla/glean');\nconst OpenAI = require('openai');\nconst { Glean: Api } = require('@gleanwork/api-client');\n\nGlean.initialize('acme-web', true);\nconst openai = new OpenAI();\nmodule.exports = (id) => openai.beta.threads.runs.create(id, {});\nmodule.exports.api = new Api();`,
        languageOptions: COMMONJS,
      },
      {
        name: 'a local require is not the module system',
        code: `const require = (name) => ({ Glean: class { constructor() { this.client = { agents: { run() {} } }; } } });\nconst { Glean } = require('@gleanwork/api-client');\nnew Glean().client.agents.run({ agent_id: 'a' });`,
        languageOptions: COMMONJS,
      },
      {
        name: 'a local require is not the module system, in a file parsed as an ES module',
        code: `function require(name) {\n  return { Glean: class { constructor() { this.client = { agents: { run() {} } }; } } };\n}\nconst { Glean } = require('@gleanwork/api-client');\nnew Glean().client.agents.run({ agent_id: 'a' });`,
      },
      {
        name: 'a require made by createRequire that loads another package',
        code: `import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nconst { Glean } = load('@mozilla/glean');\nnew Glean().client.agents.run({ agent_id: 'a' });`,
      },
      {
        name: 'an undeclared require of other packages, and of the SDK through a computed name',
        code: `const { Glean } = require('@mozilla/glean');\nconst name = process.env.SDK;\nconst sdk = require(name);\nnew Glean().client.agents.run({ agent_id: 'a' });\nnew sdk.Glean().client.agents.run({ agent_id: 'a' });\nrequire.resolve('@gleanwork/api-client');`,
      },
    ],
    invalid: [],
  });
});

// ---------------------------------------------------------------------------------------------------
// Inline TypeScript: rewrite details and guards that need no fixture of their own.

const inlineScenarios: Scenario[] = [
  ((code: string): Scenario => ({
    name: 'a client handed to an overloaded constructor: its implementation keeps it, not the overload signature',
    code,
    reports: [{ ...ANSWERS, callee: 'this.sdk.client.answers.list' }],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean({});\nclass Overloaded {\n  sdk: any;\n  constructor(sdk: unknown);\n  constructor(sdk: any) {\n    this.sdk = sdk;\n  }\n  answers() {\n    return this.sdk.client.answers.list({});\n  }\n}\nexport const overloaded = new Overloaded(glean);\n`,
  ),
  ((code: string): Scenario => ({
    name: 'a parenthesised type assertion as the root is kept with its parentheses',
    code,
    reports: [
      {
        ...LIST,
        callee: '((glean as Glean)).client.agents.list',
        rewrite: {
          replacement: 'agents.search()',
          output: code.replace('((glean as Glean)).client.agents.list', '((glean as Glean)).agents.search'),
          check: SEARCH,
        },
      },
    ],
  }))(`import { Glean } from '@gleanwork/api-client';\nconst glean: unknown = new Glean();\nexport const found = ((glean as Glean)).client.agents.list({});`),
  ((code: string): Scenario => ({
    name: 'explicit undefined for the dropped query parameters',
    code,
    reports: [
      {
        ...RETRIEVE,
        callee: 'glean.client.agents.retrieve',
        rewrite: { replacement: 'agents.get()', output: code.replace('client.agents.retrieve(id, undefined, undefined)', 'agents.get(id)'), check: GET },
      },
    ],
  }))(`import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport const load = (id: string) => glean.client.agents.retrieve(id, undefined, undefined);`),
  ((code: string): Scenario => ({
    name: 'a shorthand agent_id moves to the path; a spread before it stays in the body',
    code,
    reports: [
      {
        ...RUN,
        callee: 'glean.client.agents.run',
        rewrite: {
          replacement: 'agents.createRun()',
          output: code.replace('client.agents.run({ ...rest, agent_id })', 'agents.createRun({ ...rest }, agent_id)'),
          check: 'the request fits `PlatformAgentRunCreateRequest` (`...` is not visible)',
        },
      },
    ],
  }))(`import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport const start = ({ agent_id, ...rest }: { agent_id: string; input: {} }) => glean.client.agents.run({ ...rest, agent_id });`),
  ((code: string): Scenario => ({
    name: 'fits: the result is not read, so the swap stays an autofix under migrate',
    code,
    reports: [{ ...RETRIEVE, callee: 'glean.client.agents.retrieve', rewrite: { replacement: 'agents.get()', output: code.replace('client.agents.retrieve', 'agents.get') } }],
    migrated: code.replace('client.agents.retrieve', 'agents.get'),
  }))(`import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function touch(id: string) {\n  await glean.client.agents.retrieve(id);\n}`),
  ((code: string): Scenario => ({
    name: 'a client a class keeps in an options object its type declares (`this.deps.glean` of a constructor parameter property or a field typed `{ glean: Glean }`); another shape’s `glean` is not one',
    code,
    reports: [
      { ...ANSWERS, callee: 'this.deps.glean.client.answers.list', occurrence: 0 },
      { ...ANSWERS, callee: 'this.deps.glean.client.answers.list', occurrence: 1 },
    ],
  }))(
    `import type { Glean } from '@gleanwork/api-client';\ninterface Deps {\n  glean: Glean;\n}\nexport class Boards {\n  constructor(private readonly deps: Deps) {}\n  list() {\n    return this.deps.glean.client.answers.list({});\n  }\n}\nexport class Kept {\n  private readonly deps: { glean: Glean };\n  constructor(deps: { glean: Glean }) {\n    this.deps = deps;\n  }\n  list() {\n    return this.deps.glean.client.answers.list({});\n  }\n}\nexport class Other {\n  constructor(private readonly deps: { glean: { client: { answers: { list(body: object): void } } } }) {}\n  list() {\n    return this.deps.glean.client.answers.list({});\n  }\n}\n`,
  ),
  ((code: string): Scenario => ({
    name: 'a client destructured in a function’s body from a parameter its type declares it in (`const { glean } = ctx`, also renamed); another shape’s `glean`, and a key the type does not declare a client, are not one',
    code,
    reports: [
      { ...ANSWERS, callee: 'glean.client.answers.list' },
      { ...ANSWERS, callee: 'client.client.answers.list' },
    ],
  }))(
    `import type { Glean } from '@gleanwork/api-client';\ninterface AppContext {\n  glean: Glean;\n  wiki: { client: { answers: { list(body: object): void } } };\n}\nexport const resolvers = {\n  boards: (_: unknown, __: unknown, ctx: AppContext) => {\n    const { glean } = ctx;\n    return glean.client.answers.list({});\n  },\n  renamed: (ctx: AppContext) => {\n    const { glean: client } = ctx;\n    return client.client.answers.list({});\n  },\n  wiki: (ctx: AppContext) => {\n    const { wiki } = ctx;\n    return wiki.client.answers.list({});\n  },\n  other: (ctx: { glean: { client: { answers: { list(body: object): void } } } }) => {\n    const { glean } = ctx;\n    return glean.client.answers.list({});\n  },\n};\n`,
  ),
  ((code: string): Scenario => ({
    name: 'a sub-client or client destructured from a const Glean: the rewrite names the instance (also through a nested pattern)',
    code,
    reports: [
      { ...RETRIEVE, callee: 'agents.retrieve', rewrite: { replacement: 'agents.get()', output: code.replace('await agents.retrieve(id)', 'await glean.agents.get(id)') } },
      { ...RETRIEVE, callee: 'client.agents.retrieve', rewrite: { replacement: 'agents.get()', output: code.replace('await client.agents.retrieve(id)', 'await glean.agents.get(id)') } },
      { ...RETRIEVE, callee: 'ag.retrieve', rewrite: { replacement: 'agents.get()', output: code.replace('await ag.retrieve(id)', 'await glean.agents.get(id)') } },
    ],
    migrated: code.replace('await agents.retrieve(id)', 'await glean.agents.get(id)').replace('await client.agents.retrieve(id)', 'await glean.agents.get(id)').replace('await ag.retrieve(id)', 'await glean.agents.get(id)'),
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nconst { agents } = glean.client;\nconst { client } = glean;\nconst { client: { agents: ag } } = glean;\nexport async function touch(id: string) {\n  await agents.retrieve(id);\n  await client.agents.retrieve(id);\n  await ag.retrieve(id);\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'a destructured sub-client is not rewritten where the instance’s name is another variable at the call, or either variable is assigned again',
    code,
    reports: [
      { ...RETRIEVE, callee: 'agents.retrieve' },
      { ...RETRIEVE, callee: 'moving.retrieve' },
      { ...RETRIEVE, callee: 'held.agents.retrieve' },
    ],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nconst { agents } = glean.client;\nexport async function shadowed(glean: { agents: { get(id: string): Promise<void> } }, id: string) {\n  await agents.retrieve(id);\n  return glean;\n}\nlet { agents: moving } = glean.client;\nexport const move = (to: typeof moving) => (moving = to);\nexport async function touch(id: string) {\n  await moving.retrieve(id);\n}\nlet sdk = new Glean();\nexport const replace = (to: Glean) => (sdk = to);\nconst { client: held } = sdk;\nexport async function again(id: string) {\n  await held.agents.retrieve(id);\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'fits: every read names a property the new response has',
    code,
    reports: [
      {
        ...SCHEMAS,
        callee: 'glean.client.agents.retrieveSchemas',
        rewrite: { replacement: 'agents.getSchemas()', output: code.replace('client.agents.retrieveSchemas', 'agents.getSchemas') },
      },
    ],
    migrated: code.replace('client.agents.retrieveSchemas', 'agents.getSchemas'),
  }))(`import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function schemaOwner(id: string) {\n  const schemas = await glean.client.agents.retrieveSchemas(id);\n  return schemas.agent_id.trim();\n}`),
  ((code: string): Scenario => ({
    name: 'fits: an array of the response read through its length, an element and array methods whose callbacks read what the new elements have',
    code,
    reports: [
      {
        ...LIST,
        callee: 'glean.client.agents.list',
        rewrite: { replacement: 'agents.search()', output: code.replace('client.agents.list', 'agents.search') },
      },
    ],
    migrated: code.replace('client.agents.list', 'agents.search'),
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function agentIds() {\n  const res = await glean.client.agents.list({});\n  const first = res.agents?.[0]?.name;\n  const named = res.agents?.find((agent) => agent.name === 'triage')?.agent_id;\n  res.agents?.forEach(({ agent_id }) => console.log(agent_id));\n  return [res.agents?.length, first, named, (res.agents ?? []).filter((agent) => agent.name).map((agent) => agent.agent_id)];\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'fits: the array destructured from the response, its elements read in a callback; a scalar destructured beside it is used as before',
    code,
    reports: [
      {
        ...LIST,
        callee: 'glean.client.agents.list',
        rewrite: { replacement: 'agents.search()', output: code.replace('client.agents.list', 'agents.search') },
      },
    ],
    migrated: code.replace('client.agents.list', 'agents.search'),
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function names() {\n  const { agents } = await glean.client.agents.list({});\n  const [{ agent_id }] = [{ agent_id: 'a' }];\n  return [agent_id, agents?.map((agent) => agent.name)];\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'does not fit: an array method hands on each element whole',
    code,
    reports: [
      {
        ...LIST,
        callee: 'glean.client.agents.list',
        rewrite: {
          replacement: 'agents.search()',
          output: code.replace('client.agents.list', 'agents.search'),
          check: 'the code that uses the result fits `PlatformAgentsSearchResponse` (`agents[]` is used as a whole)',
        },
      },
    ],
  }))(`import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function agents(show: (agent: unknown) => void) {\n  const res = await glean.client.agents.list({});\n  res.agents?.forEach((agent) => show(agent));\n}`),
  ((code: string): Scenario => ({
    name: 'fits: the request literal has the new type’s required keys, recursively',
    code,
    reports: [
      {
        ...RUN,
        callee: 'glean.client.agents.run',
        rewrite: { replacement: 'agents.createRun()', output: code.replace("client.agents.run({ agent_id: 'agt_1', ", "agents.createRun({ ").replace('] });', "] }, 'agt_1');") },
      },
    ],
    migrated: code.replace("client.agents.run({ agent_id: 'agt_1', ", "agents.createRun({ ").replace('] });', "] }, 'agt_1');"),
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function ask(question: string) {\n  await glean.client.agents.run({ agent_id: 'agt_1', messages: [{ role: 'USER', content: [{ text: question, type: 'text' }] }] });\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'does not fit: a message without the role the new request requires',
    code,
    reports: [
      {
        ...RUN_STREAM,
        callee: 'glean.client.agents.runStream',
        rewrite: {
          replacement: 'agents.createRun()',
          output: code.replace("client.agents.runStream({ agent_id: 'agt_1', ", 'agents.createRun({ ').replace('] });', "], stream: true }, 'agt_1');"),
          check: 'the request fits `PlatformAgentRunCreateRequest` (`messages[].role` is required)',
        },
      },
    ],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function ask(question: string) {\n  await glean.client.agents.runStream({ agent_id: 'agt_1', messages: [{ content: [{ text: question, type: 'text' }] }] });\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'does not fit: a request key the new request type lacks',
    code,
    reports: [
      {
        ...RUN,
        callee: 'glean.client.agents.run',
        rewrite: {
          replacement: 'agents.createRun()',
          output: code.replace("client.agents.run({ agent_id: 'agt_1', ", 'agents.createRun({ ').replace('priority: 1 });', "priority: 1 }, 'agt_1');"),
          check: 'the request fits `PlatformAgentRunCreateRequest` (it has no `priority`)',
        },
      },
    ],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function start() {\n  await glean.client.agents.run({ agent_id: 'agt_1', input: {}, priority: 1 });\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'does not fit: a read of a property the new response lacks',
    code,
    reports: [
      {
        ...RETRIEVE,
        callee: 'glean.client.agents.retrieve',
        rewrite: {
          replacement: 'agents.get()',
          output: code.replace('client.agents.retrieve', 'agents.get'),
          check: 'the code that uses the result fits `PlatformAgentGetResponse` (it has no `capabilities`)',
        },
      },
    ],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function agentTools(agentId: string) {\n  const agent = await glean.client.agents.retrieve(agentId);\n  return agent.capabilities;\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'does not fit: a read, in a `.then` callback, of a property the new response lacks',
    code,
    reports: [
      {
        ...RETRIEVE,
        callee: 'glean.client.agents.retrieve',
        rewrite: {
          replacement: 'agents.get()',
          output: code.replace('client.agents.retrieve', 'agents.get'),
          check: 'the code that uses the result fits `PlatformAgentGetResponse` (it has no `name`)',
        },
      },
    ],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport function agentName(agentId: string, show: (name: string) => void) {\n  glean.client.agents.retrieve(agentId).then((agent) => show(agent.name ?? ''));\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'does not fit: the result is passed to a function the check does not follow',
    code,
    reports: [
      {
        ...SCHEMAS,
        callee: 'glean.client.agents.retrieveSchemas',
        rewrite: { replacement: 'agents.getSchemas()', output: code.replace('client.agents.retrieveSchemas', 'agents.getSchemas'), check: GET_SCHEMAS },
      },
    ],
  }))(`import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport async function show(id: string) {\n  const schemas = await glean.client.agents.retrieveSchemas(id);\n  console.log(schemas);\n}`),
  ((code: string): Scenario => ({
    name: 'a spread after agent_id could override it: no rewrite',
    code,
    reports: [{ ...RUN, callee: 'glean.client.agents.run' }],
  }))(`import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport const start = (agent_id: string, rest: { input: {} }) => glean.client.agents.run({ agent_id, ...rest });`),
  ((code: string): Scenario => ({
    name: 'a comment between the arguments would be lost: no rewrite',
    code,
    reports: [{ ...RETRIEVE, callee: 'glean.client.agents.retrieve' }],
  }))(`import { Glean } from '@gleanwork/api-client';\nconst glean = new Glean();\nexport const load = (id: string) => glean.client.agents.retrieve(/* agent */ id);`),
  ((code: string): Scenario => ({
    name: 'one call reached by two instances assigned to one variable is reported once',
    code,
    reports: [
      {
        ...RETRIEVE,
        callee: 'glean.client.agents.retrieve',
        rewrite: { replacement: 'agents.get()', output: code.replace('glean.client.agents.retrieve(id)', 'glean.agents.get(id)'), check: GET },
      },
      {
        ...LIST,
        callee: 'either.client.agents.list',
        rewrite: { replacement: 'agents.search()', output: code.replace('either.client.agents.list({})', 'either.agents.search({})'), check: SEARCH },
      },
    ],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nlet glean = new Glean({ instance: 'a' });\nexport function reset() {\n  glean = new Glean({ instance: 'b' });\n}\nconst either = process.env.EU ? new Glean({ instance: 'eu' }) : new Glean({ instance: 'us' });\nexport const load = (id: string) => glean.client.agents.retrieve(id);\nexport const find = () => either.client.agents.list({});`,
  ),
  ((code: string): Scenario => ({
    name: 'a lazily assigned instance returned through ??=',
    code,
    reports: [{ ...DOC_COUNT, callee: 'shared().indexing.documents.count' }],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nlet instance: Glean | undefined;\nconst shared = () => (instance ??= new Glean());\nexport const count = () => shared().indexing.documents.count({ datasource: 'jira' });`,
  ),
  ((code: string): Scenario => ({
    name: 'clients kept in a Map, by its declared value type or by every value set; a map of another library’s clients is not Glean’s',
    code,
    reports: [
      { ...DOC_COUNT, callee: "tenants.get('acme')!.indexing.documents.count" },
      { ...ANSWERS, callee: "byName.get('eu').client.answers.list" },
    ],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nconst tenants = new Map<string, Glean>();\ntenants.set('acme', new Glean({ instance: 'acme' }));\nexport const count = () => tenants.get('acme')!.indexing.documents.count({ datasource: 'jira' });\nconst byName = new Map([['us', new Glean({ instance: 'us' })]]);\nbyName.set('eu', new Glean({ instance: 'eu' }));\nexport const boards = () => byName.get('eu').client.answers.list({});\nconst wikis = new Map<string, { indexing: { documents: { count(x: object): unknown } } }>();\nexport const wikiCount = () => wikis.get('w')!.indexing.documents.count({ datasource: 'jira' });`,
  ),
  ((code: string): Scenario => ({
    name: 'maps whose every value is not in sight (set in a chain, handed to a function, exported) hold anything; a map of counts that reads itself is looked at once',
    code,
    reports: [],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nimport { Other } from 'other-sdk';\nconst chained = new Map();\nchained.set('glean', new Glean()).set('other', new Other());\nexport const a = () => chained.get('other').client.agents.retrieve('x');\nconst handed = new Map([['glean', new Glean()]]);\nregister(handed);\nexport const b = () => handed.get('other').client.agents.retrieve('x');\nexport const shared = new Map([['glean', new Glean()]]);\nexport const c = () => shared.get('other').client.agents.retrieve('x');\nconst counts = new Map();\nexport function tally(rows: { k0: string; k1: string; k2: string; k3: string; k4: string; k5: string; k6: string; k7: string }[]) {\n  for (const row of rows) {\n${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `    counts.set(row.k${i}, counts.get(row.k${i}) ?? 0);\n`).join('')}  }\n  return counts.get('x');\n}`,
  ),
  ((code: string): Scenario => ({
    name: 'a private method that returns the client',
    code,
    reports: [{ ...ANSWERS, callee: 'this.#client().answers.list' }],
  }))(
    `import { Glean } from '@gleanwork/api-client';\nexport class Boards {\n  #glean = new Glean();\n  #client() {\n    return this.#glean.client;\n  }\n  list() {\n    return this.#client().answers.list({});\n  }\n}`,
  ),
];

describe('rewrite details', () => {
  run('inline TypeScript', inlineScenarios);
});

// ---------------------------------------------------------------------------------------------------
// CommonJS and ESM JavaScript (espree).

const REQUIRED = `const { Glean } = require('@gleanwork/api-client');\n\nconst glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN });\n\n`;
const jsScenarios: Scenario[] = [
  ((code: string): Scenario => ({
    name: 'CommonJS: destructured require, run rewritten',
    code,
    js: 'commonjs',
    reports: [
      {
        ...RUN,
        callee: 'glean.client.agents.run',
        rewrite: {
          replacement: 'agents.createRun()',
          output: code.replace(`glean.client.agents.run({ agent_id: agentId, input: { topic } })`, `glean.agents.createRun({ input: { topic } }, agentId)`),
        },
      },
    ],
    migrated: code.replace(`glean.client.agents.run({ agent_id: agentId, input: { topic } })`, `glean.agents.createRun({ input: { topic } }, agentId)`),
  }))(`${REQUIRED}module.exports = (agentId, topic) => glean.client.agents.run({ agent_id: agentId, input: { topic } });\n`),
  ((code: string): Scenario => ({
    name: 'CommonJS: runStream gains stream: true',
    code,
    js: 'commonjs',
    reports: [
      {
        ...RUN_STREAM,
        callee: 'glean.client.agents.runStream',
        rewrite: {
          replacement: 'agents.createRun()',
          output: code.replace(`glean.client.agents.runStream({ agent_id: 'agt_1', input: {} })`, `glean.agents.createRun({ input: {}, stream: true }, 'agt_1')`),
        },
      },
    ],
    migrated: code.replace(`glean.client.agents.runStream({ agent_id: 'agt_1', input: {} })`, `glean.agents.createRun({ input: {}, stream: true }, 'agt_1')`),
  }))(`${REQUIRED}exports.stream = () => glean.client.agents.runStream({ agent_id: 'agt_1', input: {} });\n`),
  ((code: string): Scenario => ({
    name: 'CommonJS: the module object, a factory, aliases and destructuring',
    code,
    js: 'commonjs',
    reports: [
      { ...DOC_COUNT, callee: 'sdk.indexing.documents.count' },
      { ...ANSWERS, callee: 'make().client.answers.list' },
      {
        ...SCHEMAS,
        callee: 'make().client.agents.retrieveSchemas',
        rewrite: {
          replacement: 'agents.getSchemas()',
          output: code.replace('make().client.agents.retrieveSchemas(id)', 'make().agents.getSchemas(id)'),
        },
      },
      { ...RETRIEVE, callee: 'client.agents.retrieve', rewrite: { replacement: 'agents.get()', output: code.replace('client.agents.retrieve(id)', 'sdk.agents.get(id)') } },
      { ...BULK_EMPLOYEES, callee: 'people.bulkIndex' },
    ],
    migrated: code.replace('make().client.agents.retrieveSchemas(id)', 'make().agents.getSchemas(id)').replace('(id) => client.agents.retrieve(id)', '(id) => sdk.agents.get(id)'),
  }))(
    `const api = require('@gleanwork/api-client');\n\nconst sdk = new api.Glean({});\nfunction make() {\n  return new api.Glean({ instance: 'acme' });\n}\nconst client = sdk.client;\nconst { indexing: { people } } = sdk;\n\nmodule.exports = {\n  count: (datasource) => sdk.indexing.documents.count({ datasource }),\n  answers: () => make().client.answers.list({}),\n  form: (id) => make().client.agents.retrieveSchemas(id),\n  agent: (id) => client.agents.retrieve(id),\n  upload: (employees) => people.bulkIndex({ uploadId: 'u1', employees }),\n};\n`,
  ),
  ((code: string): Scenario => ({
    name: 'CommonJS: standalone functions are reported; required ones are not rewritten',
    code,
    js: 'commonjs',
    reports: [
      { id: 'agents.runs.wait', via: 'clientAgentsRun()', callee: 'clientAgentsRun' },
      { id: 'index.getusercount', via: 'indexingPeopleCount()', callee: 'run' },
    ],
  }))(
    `const { GleanCore } = require('@gleanwork/api-client/core.js');\nconst { clientAgentsRun } = require('@gleanwork/api-client/funcs/clientAgentsRun.js');\nconst { indexingPeopleCount: run } = require('@gleanwork/api-client/funcs/indexingPeopleCount');\n\nconst core = new GleanCore({});\nmodule.exports = [clientAgentsRun(core, { agent_id: 'agt_1', input: {} }), run(core, { datasource: 'jira' })];\n`,
  ),
  ((code: string): Scenario => ({
    name: 'ES module JavaScript: a standalone function and its import are swapped',
    code,
    js: 'module',
    reports: [
      {
        id: 'agents.search',
        via: 'clientAgentsList()',
        callee: 'clientAgentsList',
        rewrite: {
          replacement: 'agentsSearch()',
          output: `import { GleanCore } from '@gleanwork/api-client/core.js';\nimport { agentsSearch } from '@gleanwork/api-client/funcs/agentsSearch.js';\n\nexport const find = (core = new GleanCore({})) => agentsSearch(core, { name: 'triage' });\n`,
        },
      },
    ],
    migrated: `import { GleanCore } from '@gleanwork/api-client/core.js';\nimport { agentsSearch } from '@gleanwork/api-client/funcs/agentsSearch.js';\n\nexport const find = (core = new GleanCore({})) => agentsSearch(core, { name: 'triage' });\n`,
  }))(
    `import { GleanCore } from '@gleanwork/api-client/core.js';\nimport { clientAgentsList } from '@gleanwork/api-client/funcs/clientAgentsList.js';\n\nexport const find = (core = new GleanCore({})) => clientAgentsList(core, { name: 'triage' });\n`,
  ),
  ((code: string): Scenario => ({
    // ESLint parses a `.js` file as an ES module unless told otherwise, and declares no `require`.
    name: 'a .js file parsed as an ES module that calls an undeclared require',
    code,
    js: 'module',
    reports: [
      { ...DOC_COUNT, callee: 'glean.indexing.documents.count' },
      { id: 'index.getusercount', via: 'indexingPeopleCount()', callee: 'countPeople' },
    ],
  }))(
    `const { Glean } = require('@gleanwork/api-client');\nconst countPeople = require('@gleanwork/api-client/funcs/indexingPeopleCount.js').indexingPeopleCount;\n\nconst glean = new Glean({});\nmodule.exports = { documents: (datasource) => glean.indexing.documents.count({ datasource }), people: (core) => countPeople(core, {}) };\n`,
  ),
  ((code: string): Scenario => ({
    // Node's way to require from an ES module: `createRequire(import.meta.url)`, under any name.
    name: 'an ES module’s own require made by createRequire (named `require`, or otherwise through `module.createRequire`)',
    code,
    js: 'module',
    reports: [
      { ...DOC_COUNT, callee: 'glean.indexing.documents.count' },
      { id: 'index.getusercount', via: 'indexingPeopleCount()', callee: 'countPeople' },
    ],
  }))(
    `import { createRequire } from 'node:module';\nimport nodeModule from 'node:module';\n\nconst require = createRequire(import.meta.url);\nconst load = nodeModule.createRequire(import.meta.url);\nconst { Glean } = require('@gleanwork/api-client');\nconst { indexingPeopleCount: countPeople } = load('@gleanwork/api-client/funcs/indexingPeopleCount.js');\n\nconst glean = new Glean({});\nexport const documents = (datasource) => glean.indexing.documents.count({ datasource });\nexport const people = (core) => countPeople(core, {});\n`,
  ),
  ((code: string): Scenario => ({
    name: 'ES module JavaScript: a client handed to constructors (kept by a base class, passed on with `super()`, destructured with a default) and to a function; `migrate` swaps nothing there, since other callers may hand in another client',
    code,
    js: 'module',
    reports: [
      {
        ...RETRIEVE,
        callee: 'this.sdk.client.agents.retrieve',
        rewrite: { replacement: 'agents.get()', output: code.replace('this.sdk.client.agents.retrieve(id)', 'this.sdk.agents.get(id)') },
      },
      { ...ANSWERS, callee: 'this.sdk.client.answers.list' },
      { ...DOC_COUNT, callee: 'sdk.indexing.documents.count' },
    ],
    migrated: null,
  }))(
    `import { Glean } from '@gleanwork/api-client';\n\nconst glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN });\n\nclass Service {\n  constructor(sdk) {\n    this.sdk = sdk;\n  }\n}\nclass AgentService extends Service {\n  describe(id) {\n    return this.sdk.client.agents.retrieve(id);\n  }\n}\nclass AnswerService extends Service {\n  constructor({ glean: client } = {}) {\n    super(client);\n  }\n  list() {\n    return this.sdk.client.answers.list({});\n  }\n}\nfunction countDocuments(sdk, datasource) {\n  return sdk.indexing.documents.count({ datasource });\n}\nexport const agents = new AgentService(glean);\nexport const answers = new AnswerService({ glean });\nexport const count = () => countDocuments(glean, 'wiki');\n`,
  ),
  ((code: string): Scenario => ({
    name: 'ES module JavaScript: a client handed to functions through `.call` and `.apply` (its array written out); a look-alike handed the same way, an `.apply` whose array is kept elsewhere and a `.bind` are not followed',
    code,
    js: 'module',
    reports: [
      { ...ANSWERS, callee: 'sdk.client.answers.list' },
      { ...DOC_COUNT, callee: 'sdk.indexing.documents.count' },
    ],
    migrated: null,
  }))(
    `import { Glean } from '@gleanwork/api-client';\n\nconst glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN });\nconst vendor = { client: { answers: { list: () => [] } }, indexing: { documents: { count: () => 0 } } };\n\nfunction answers(sdk) {\n  return sdk.client.answers.list({});\n}\nfunction count(sdk, datasource) {\n  return sdk.indexing.documents.count({ datasource });\n}\nfunction vendorAnswers(sdk) {\n  return sdk.client.answers.list({});\n}\nfunction kept(sdk) {\n  return sdk.indexing.documents.count({ datasource: 'k' });\n}\nfunction bound(sdk) {\n  return sdk.client.answers.list({});\n}\nconst args = [glean];\nexport async function main() {\n  await answers.call(null, glean);\n  await count.apply(null, [glean, 'wiki']);\n  await vendorAnswers.call(null, vendor);\n  await kept.apply(null, args);\n  await bound.bind(null, glean)();\n}\n`,
  ),
  ((code: string): Scenario => ({
    name: 'ES module JavaScript: a client handed to a parameter that destructures its sub-client (`{ client }`, with a default, renamed); the same shapes handed a look-alike, and a destructured name written again, are not uses',
    code,
    js: 'module',
    reports: [
      // The sub-client alone cannot reach `glean.agents`: no switch is offered.
      { ...RETRIEVE, callee: 'client.agents.retrieve' },
      { ...ANSWERS, callee: 'api.answers.list' },
      { ...DOC_COUNT, callee: 'indexing.documents.count' },
    ],
    migrated: null,
  }))(
    `import { Glean } from '@gleanwork/api-client';\n\nconst glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN });\nconst vendor = { client: { agents: { retrieve: (id) => id } }, indexing: { documents: { count: () => 0 } } };\n\nfunction describe({ client }, id) {\n  return client.agents.retrieve(id);\n}\nfunction answers({ client: api } = {}) {\n  return api.answers.list({});\n}\nconst count = ({ indexing }, datasource) => indexing.documents.count({ datasource });\nfunction vendorAgent({ client }, id) {\n  return client.agents.retrieve(id);\n}\nfunction rewritten({ client }) {\n  client = vendor.client;\n  return client.agents.retrieve('r');\n}\nexport async function main(id) {\n  await describe(glean, id);\n  await answers(glean);\n  await count(glean, 'wiki');\n  await vendorAgent(vendor, id);\n  await rewritten(glean);\n}\n`,
  ),
  {
    name: 'ES module JavaScript: a look-alike handed to a function, a parameter written again, a client handed to an unknown function, a spread before the client: not uses',
    code: `import { Glean } from '@gleanwork/api-client';\nimport { register } from 'some-router';\n\nconst glean = new Glean({});\nfunction vendorAgent(api, id) {\n  return api.client.agents.retrieve(id);\n}\nfunction reassigned(sdk) {\n  sdk = makeOther();\n  return sdk.client.agents.retrieve('a');\n}\nfunction spread(first, sdk) {\n  return sdk.client.answers.list({});\n}\nvendorAgent({ client: { agents: { retrieve: (id) => id } } }, 'a');\nreassigned(glean);\nregister(glean);\nspread(...[1], glean);\n`,
    js: 'module',
    reports: [],
  },
  {
    name: 'ES module JavaScript: what shared code hands back or keeps for other callers is not followed: an identity function, a getter of the kept client, a sibling subclass made with another client, a subclass that sets the field itself, a destructured parameter written again',
    code: `import { Glean } from '@gleanwork/api-client';\nimport { Payroll } from './payroll.js';\n\nconst glean = new Glean({});\nconst other = new Payroll();\nfunction pick(c) {\n  return c;\n}\nclass Holder {\n  constructor(sdk) {\n    this.sdk = sdk;\n  }\n  get api() {\n    return this.sdk;\n  }\n}\nclass Service {\n  constructor(sdk) {\n    this.sdk = sdk;\n  }\n}\nclass GleanService extends Service {}\nclass PayrollAgents extends Service {\n  agent(id) {\n    return this.sdk.client.agents.retrieve(id);\n  }\n}\nclass Base {\n  sdk = glean;\n}\nclass OwnClient extends Base {\n  sdk = other;\n  agent(id) {\n    return this.sdk.client.agents.retrieve(id);\n  }\n}\nfunction rewritten({ glean: sdk }) {\n  sdk = other;\n  return sdk.client.agents.retrieve('r');\n}\nexport const service = new GleanService(glean);\nexport async function main(id) {\n  pick(glean);\n  await pick(other).client.agents.retrieve(id);\n  new Holder(glean);\n  await new Holder(other).api.client.agents.retrieve(id);\n  await new PayrollAgents(other).agent(id);\n  await new OwnClient().agent(id);\n  await rewritten({ glean });\n}\n`,
    js: 'module',
    reports: [],
  },
];

describe('JavaScript', () => {
  run('JavaScript', jsScenarios, jsRuleTester);
});

// ---------------------------------------------------------------------------------------------------
// Every supported SDK version: the same code, linted in the fixture project of each version
// (fixtures/sdk-versions/<version>/, whose node_modules holds that version), so the plugin reads that
// version's tables and the fixed outputs are type-checked against it.

const VERSIONS = fileURLToPath(new URL('../../fixtures/sdk-versions/', import.meta.url));

/** Operations whose replacement is the platform agents API (`glean.agents.*`), which the SDK has from 0.20.14. */
const PLATFORM_AGENTS = new Set(['agents.get', 'agents.schemas', 'agents.runs.wait', 'agents.runs.stream', 'agents.search']);

interface VersionDifferences {
  /** That version has no platform agents API: its uses get no rewrite, and their messages ask to upgrade to this version. */
  upgrade?: string;
  /** What a rewrite's suggestion asks to check there, where the new types differ: the check above → the check there. */
  checks?: Readonly<Record<string, string>>;
  /** Reports of calls that version does not have (scenario name → callees). */
  absent?: Readonly<Record<string, readonly string[]>>;
}

/** The scenarios as files of the fixture project of `version`, with what that version does differently. */
function inVersion(version: string, scenarios: readonly Scenario[], differences: VersionDifferences = {}): Scenario[] {
  const { upgrade, checks = {}, absent = {} } = differences;
  return scenarios.map((scenario) => {
    const filename = join(VERSIONS, version, scenario.filename ?? (scenario.js ? 'file.js' : 'file.ts'));
    const present = scenario.reports.filter((report) => !absent[scenario.name]?.includes(report.callee));
    const reports = present.map((report) => {
      const check = report.rewrite?.check;
      return check !== undefined && checks[check] !== undefined ? { ...report, rewrite: { ...report.rewrite!, check: checks[check]! } } : report;
    });
    const named = { ...scenario, name: `${scenario.name} (@gleanwork/api-client ${version})`, filename, reports };
    if (upgrade === undefined) return named;
    // No rewrite is offered, so nothing is migrated.
    const older: Scenario = { ...named, reports: reports.map((report) => (PLATFORM_AGENTS.has(report.id) ? { ...report, rewrite: undefined, upgrade } : report)) };
    delete older.migrated;
    return older;
  });
}

describe('every supported SDK version', () => {
  const typescript = [...methodScenarios, ...funcScenarios, twoRuns, ...hookScenarios, ...inlineScenarios];
  // 0.20.15 is the version installed at the repository's root: the runs above. In 0.20.14 a run's
  // response is one type, which the checks name.
  const in02014: VersionDifferences = {
    checks: {
      [CREATE_RUN]: leaves('`PlatformAgentRunWaitResponse`'),
      [leaves('what `agentsCreateRun()` returns')]: leaves('`PlatformAgentRunWaitResponse`'),
      'the code that uses the result fits what `agentsCreateRun()` returns (`value` is used as a whole)':
        'the code that uses the result fits `PlatformAgentRunWaitResponse` (`value` is used as a whole)',
    },
  };
  run('SDK 0.20.14: the same rewrites, type-checked against 0.20.14', inVersion('0.20.14', typescript, in02014));
  run('SDK 0.20.14: JavaScript', inVersion('0.20.14', jsScenarios, in02014), jsRuleTester);
  // Before 0.20 the query builders had no `.core` module.
  const older: VersionDifferences = { upgrade: '0.20.14', absent: { 'query-helpers.ts': ['buildClientAgentsRetrieveSchemasQuery'] } };
  for (const version of ['0.9.1', '0.13.0']) {
    run(`SDK ${version}: reported, no rewrite, an upgrade to 0.20.14 asked for`, inVersion(version, typescript, older));
    run(`SDK ${version}: JavaScript`, inVersion(version, jsScenarios, older), jsRuleTester);
  }
});

// ---------------------------------------------------------------------------------------------------
// The fixtures are what `npm run typecheck` checks: every file here, rewrites included.

describe('SDK fixtures', () => {
  const folder = fileURLToPath(SDK_FIXTURES);
  const files = readdirSync(folder).filter((name) => /\.tsx?$/.test(name));

  it('are all in the fixtures tsconfig, so each rewritten output is type-checked against the SDK', () => {
    const configPath = fileURLToPath(new URL('../tsconfig.json', SDK_FIXTURES));
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    });
    const included = new Set(parsed?.fileNames ?? []);
    expect(files.filter((name) => !included.has(`${folder}${name}`))).toEqual([]);
    expect(parsed?.options.strict).toBe(true);
  });

  it('have a source beside every expected output', () => {
    const fixed = files.filter((name) => name.includes('.fixed.'));
    expect(fixed.length).toBeGreaterThanOrEqual(15);
    expect(fixed.filter((name) => !files.includes(name.replace('.fixed.', '.')))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// JavaScript's own annotations (JSDoc) and objects a client is assigned into.

describe('JavaScript clients known by JSDoc or kept in an object member', () => {
  const SUGGEST_GET = (output: string) => ({ replacement: 'agents.get()', output });
  const jsdoc = `export function handler(req) {\n  /** @type {import('@gleanwork/api-client').Glean} */\n  const glean = req.app.locals.glean;\n  return glean.client.agents.retrieve('a1');\n}\n/**\n * @param {import("@gleanwork/api-client").Glean | undefined} sdk\n * @param {string} id\n */\nexport function agent(sdk, id) {\n  return sdk.client.agents.retrieve(id);\n}\n`;
  const imported = `import { Glean } from '@gleanwork/api-client';\n/** @param {Glean} g */\nexport const agent = (g) => g.client.agents.retrieve('x');\nexport class Service {\n  /** @type {?Glean} */\n  glean = null;\n  run() {\n    return this.glean.client.agents.retrieve('y');\n  }\n}\n`;
  const assigned = `import { Glean } from '@gleanwork/api-client';\nconst locals = {};\nlocals.glean = new Glean({ apiToken: 't' });\nexport const a = () => locals.glean.client.agents.retrieve('a1');\n`;
  const shared = `import express from 'express';\nimport { Glean } from '@gleanwork/api-client';\nconst app = express();\napp.locals.glean = new Glean({ apiToken: 't' });\napp.use((req, res, next) => { res.locals.glean = app.locals.glean; next(); });\napp.get('/a', (req, res) => req.app.locals.glean.client.agents.retrieve('a1'));\napp.get('/b', (req, res) => res.locals.glean.client.agents.retrieve('b1'));\nexport const koa = async (ctx) => { ctx.state.glean = new Glean({}); return ctx.state.glean.client.agents.retrieve('c1'); };\n`;
  const request = `import express from 'express';\nimport { Glean } from '@gleanwork/api-client';\nconst app = express();\napp.use((req, res, next) => {\n  req.glean = new Glean({ apiToken: 't' });\n  next();\n});\napp.get('/a', (req, res) => req.glean.client.agents.retrieve('a1'));\napp.get('/b', async (request, response) => {\n  const { glean } = request;\n  response.json(await glean.client.agents.retrieve('b1'));\n});\n`;
  jsRuleTester().run('no-deprecated: JSDoc types and member assignments', noDeprecated, {
    valid: [
      {
        name: 'a key of the request given a client and another value, a key given another client, and a request-like parameter of a function that takes no response',
        code: `import { Glean } from '@gleanwork/api-client';\napp.use((req, res, next) => { req.glean = new Glean({}); next(); });\napp.use((req, res, next) => { req.glean = makeWiki(); next(); });\napp.use((req, res, next) => { req.wiki = makeWiki(); req.sdk = new Glean({}); next(); });\nexport const a = (req, res) => req.glean.client.agents.retrieve('a');\nexport const b = (req, res) => req.wiki.client.agents.retrieve('b');\nexport const c = (req) => req.sdk.client.agents.retrieve('c');\nexport const d = (options, res) => options.sdk.client.agents.retrieve('d');\n`,
      },
      {
        name: 'a JSDoc type of another package, a type name the file does not import from the SDK, a member given two values',
        code: `import { Glean } from '@gleanwork/api-client';\n/** @type {import('@acme/sdk').Glean} */\nconst other = make();\nother.client.agents.retrieve('a');\n/** @param {Wiki} glean */\nexport function f(glean) {\n  return glean.client.agents.retrieve('b');\n}\nconst locals = {};\nlocals.glean = new Glean({});\nlocals.glean = makeWiki();\nexport const c = () => locals.glean.client.agents.retrieve('c');\n`,
      },
      {
        name: 'a key of an app’s `locals` given a client and another value, another key, and a `state` key no module sets',
        code: `import { Glean } from '@gleanwork/api-client';\napp.locals.glean = new Glean({});\napp.locals.glean = makeWiki();\napp.locals.wiki = makeWiki();\nexport const a = (req) => req.app.locals.glean.client.agents.retrieve('a');\nexport const b = (req) => req.app.locals.wiki.client.agents.retrieve('b');\nexport const c = (ctx) => ctx.state.sdk.client.agents.retrieve('c');\n`,
      },
    ],
    invalid: [
      {
        name: "`@type {import('@gleanwork/api-client').Glean}` on a variable, `@param` with a union",
        code: jsdoc,
        output: null,
        errors: [
          expectedError(jsdoc, { ...RETRIEVE, callee: 'glean.client.agents.retrieve', rewrite: SUGGEST_GET(jsdoc.replace("glean.client.agents.retrieve('a1')", "glean.agents.get('a1')")) }),
          expectedError(jsdoc, { ...RETRIEVE, callee: 'sdk.client.agents.retrieve', rewrite: SUGGEST_GET(jsdoc.replace('sdk.client.agents.retrieve(id)', 'sdk.agents.get(id)')) }),
        ],
      },
      {
        name: '`@param {Glean}` and a class field `@type {?Glean}`, `Glean` imported from the SDK',
        code: imported,
        output: null,
        errors: [
          expectedError(imported, { ...RETRIEVE, callee: 'g.client.agents.retrieve', rewrite: SUGGEST_GET(imported.replace("g.client.agents.retrieve('x')", "g.agents.get('x')")) }),
          expectedError(imported, { ...RETRIEVE, callee: 'this.glean.client.agents.retrieve', rewrite: SUGGEST_GET(imported.replace("this.glean.client.agents.retrieve('y')", "this.glean.agents.get('y')")) }),
        ],
      },
      {
        name: 'a client kept under a key of Express’s `app.locals` (read as `req.app.locals.glean`, handed on to `res.locals`) and of Koa’s `ctx.state`',
        code: shared,
        output: null,
        errors: [
          expectedError(shared, { ...RETRIEVE, callee: 'req.app.locals.glean.client.agents.retrieve', rewrite: SUGGEST_GET(shared.replace("req.app.locals.glean.client.agents.retrieve('a1')", "req.app.locals.glean.agents.get('a1')")) }),
          expectedError(shared, { ...RETRIEVE, callee: 'res.locals.glean.client.agents.retrieve', rewrite: SUGGEST_GET(shared.replace("res.locals.glean.client.agents.retrieve('b1')", "res.locals.glean.agents.get('b1')")) }),
          expectedError(shared, { ...RETRIEVE, callee: 'ctx.state.glean.client.agents.retrieve', rewrite: SUGGEST_GET(shared.replace("ctx.state.glean.client.agents.retrieve('c1')", "ctx.state.glean.agents.get('c1')")) }),
        ],
      },
      {
        name: 'a client a middleware keeps on Express’s request (`req.glean = new Glean(…)`), read by the handlers as `req.glean` and destructured from `request`',
        code: request,
        output: null,
        errors: [
          expectedError(request, { ...RETRIEVE, callee: 'req.glean.client.agents.retrieve', rewrite: SUGGEST_GET(request.replace("req.glean.client.agents.retrieve('a1')", "req.glean.agents.get('a1')")) }),
          expectedError(request, { ...RETRIEVE, callee: 'glean.client.agents.retrieve', occurrence: 1, rewrite: SUGGEST_GET(request.replace("glean.client.agents.retrieve('b1')", "glean.agents.get('b1')")) }),
        ],
      },
      {
        name: 'a client assigned to a member of a `const` object (`locals.glean = new Glean(…)`)',
        code: assigned,
        output: null,
        errors: [expectedError(assigned, { ...RETRIEVE, callee: 'locals.glean.client.agents.retrieve', rewrite: SUGGEST_GET(assigned.replace("locals.glean.client.agents.retrieve('a1')", "locals.glean.agents.get('a1')")) })],
      },
    ],
  });
});

// ---------------------------------------------------------------------------------------------------
// tRPC: the client a procedure's context type declares.

describe('a tRPC context that declares the client', () => {
  // The resolver's result leaves the file (tRPC hands it to the client): the swap waits for a check.
  const SUGGEST_GET = (output: string) => ({ replacement: 'agents.get()', output, check: GET });
  const router = `import { initTRPC } from '@trpc/server';\nimport type { Glean } from '@gleanwork/api-client';\nconst t = initTRPC.context<{ glean: Glean; wiki: WikiClient }>().create();\nconst authed = t.procedure.use(requireUser);\nexport const appRouter = t.router({\n  a: t.procedure.query(({ ctx }) => ctx.glean.client.agents.retrieve('a1')),\n  b: authed.input(parseId).mutation(async (opts) => opts.ctx.glean.client.agents.retrieve(opts.input)),\n  c: t.procedure.query(({ ctx }) => ctx.wiki.client.agents.retrieve('c1')),\n});\n`;
  tsRuleTester().run('no-deprecated: tRPC context clients', noDeprecated, {
    valid: [
      {
        name: 'a context type that declares no Glean client, a root made without one, and `ctx` of a call that is no procedure',
        code: `import { initTRPC } from '@trpc/server';\nimport type { Glean } from '@acme/sdk';\nconst t = initTRPC.context<{ glean: Glean }>().create();\nconst u = initTRPC.create();\nexport const r = t.router({ a: t.procedure.query(({ ctx }) => ctx.glean.client.agents.retrieve('a')) });\nexport const s = u.router({ b: u.procedure.query(({ ctx }: any) => ctx.glean.client.agents.retrieve('b')) });\nexport const q = (db: any) => db.rows.query(({ ctx }: any) => ctx.glean.client.agents.retrieve('c'));\n`,
      },
    ],
    invalid: [
      {
        name: '`ctx.glean` of `({ ctx })` and `opts.ctx.glean`, on `t.procedure` and a procedure kept from it; the wiki’s client beside it is not Glean’s',
        code: router,
        output: null,
        errors: [
          expectedError(router, { ...RETRIEVE, callee: 'ctx.glean.client.agents.retrieve', rewrite: SUGGEST_GET(router.replace("ctx.glean.client.agents.retrieve('a1')", "ctx.glean.agents.get('a1')")) }),
          expectedError(router, { ...RETRIEVE, callee: 'opts.ctx.glean.client.agents.retrieve', rewrite: SUGGEST_GET(router.replace('opts.ctx.glean.client.agents.retrieve(opts.input)', 'opts.ctx.glean.agents.get(opts.input)')) }),
        ],
      },
    ],
  });
});
