/**
 * The register drift check: where the bundled register differs from what Glean publishes elsewhere —
 * the installed SDK's JSDoc deprecations (methods and model properties) and the spec and feed slices in
 * `fixtures/register-sources/`. Every difference must be explained here (or, for SDK properties, in
 * `unregisteredSdkDeprecations` beside the owner table); `npm run register:check` and a test fail on any
 * other. When Glean publishes a change: refresh the slices, run the check, and follow the register.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importRegister } from '../src/cli/register-import/index.js';
import { effectiveOwners } from '../src/cli/register-import/to-items.js';
import { unregisteredSdkDeprecations } from '../src/register/field-owners.js';
import { builtinRegister } from '../src/register/items.js';
import type { RegisterItem } from '../src/register/types.js';
import { sdkOperations } from '../src/sdk/generated/operations.js';
import { sdkSchema } from '../src/sdk/generated/schema.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const SOURCES = ['client.yaml', 'admin.yaml', 'index.yaml', 'feed.json'].map((name) => join(ROOT, 'fixtures/register-sources', name));

/** Known differences, each with the reason it is not a register change. */
export const explainedDifferences: Readonly<Record<string, string>> = {
  'feed.json: index.bulkindexemployees removal 2027-01-15 → 2026-10-15':
    "Glean's feed and spec give 2026-10-15; the register document and the SDK's JSDoc give 2027-01-15, which the register follows",
  'index.yaml: index.bulkindexemployees removal 2027-01-15 → 2026-10-15': 'as in the feed',
  'client.yaml: createannouncement.boardId owners Answer, AnswerCreationData, EditAnswerRequest → Answer, AnswerCreationData, AnswerMutableProperties, EditAnswerRequest':
    'the spec declares boardId on AnswerMutableProperties, a base the answer create/edit requests include; the SDK flattens it into AnswerCreationData and EditAnswerRequest, which the register lists (the SDK has no AnswerMutableProperties type)',
  'client.yaml: new createannouncement.inviter':
    'the spec marks InviteInfo.inviter (a $ref property); the register, the feed and the SDK do not list it',
  'client.yaml: new insights.gleanAssist':
    'the spec marks InsightsResponse.gleanAssist (a $ref property); the register, the feed and the SDK do not list it',
  'sources: agents.get not published': "the agents items are in the SDK's JSDoc, not in the spec or the feed",
  'sources: agents.schemas not published': 'as agents.get',
  'sources: agents.runs.stream not published': 'as agents.get',
  'sources: agents.runs.wait not published': 'as agents.get',
  'sources: agents.search not published': 'as agents.get',
  'sdk: DlpIssueFilter.assigneeId has no register item': 'the SDK gives no date ("removed in a future release"); not in the register',
  'sdk: DlpIssueFilter.datasource has no register item': 'as DlpIssueFilter.assigneeId',
  'sdk: DlpIssueFilter.infoType has no register item': 'as DlpIssueFilter.assigneeId',
  'sdk: DlpIssueFilter.regexId has no register item': 'as DlpIssueFilter.assigneeId',
  'sdk: ManualFeedbackInfo.email has no register item': 'as DlpIssueFilter.assigneeId',
  'sdk: ManualFeedbackInfo.issue has no register item': 'as DlpIssueFilter.assigneeId',
  'sdk: Period.maxDaysFromNow has no register item': 'as DlpIssueFilter.assigneeId',
  'sdk: Period.minDaysFromNow has no register item': 'as DlpIssueFilter.assigneeId',
};

const SDK_DATES = /Deprecated on (\d{4}-\d{2}-\d{2}), removal scheduled for (\d{4}-\d{2}-\d{2})/;

/** Every difference found, explained or not. */
export function registerDifferences(): string[] {
  return [...sdkMethodDifferences(), ...sdkFieldDifferences(), ...sourceDifferences()];
}

export function unexplainedDifferences(): string[] {
  return registerDifferences().filter((difference) => !explainedDifferences[difference]);
}

/** Deprecated SDK methods against the register's endpoints, dates included. */
function sdkMethodDifferences(): string[] {
  const sdkRoot = dirname(createRequire(import.meta.url).resolve('@gleanwork/api-client/package.json'));
  const differences: string[] = [];
  const endpoints = builtinRegister.items.filter((item) => item.kind === 'endpoint');
  for (const operation of sdkOperations) {
    const item = endpoints.find((endpoint) => endpoint.operation.method === operation.method && endpoint.operation.path === operation.path);
    const at = `sdk: ${operation.func} (${operation.method} ${operation.path})`;
    if (!operation.deprecated) {
      if (item) differences.push(`${at} is not deprecated but ${item.id} is`);
      continue;
    }
    if (!item) {
      differences.push(`${at} is deprecated but has no register item`);
      continue;
    }
    const source = readFileSync(join(sdkRoot, 'src/funcs', `${operation.func}.ts`), 'utf8');
    const dates = SDK_DATES.exec(/@deprecated[^\n]*/.exec(source)?.[0] ?? '');
    differences.push(...dateDifferences(at, item, dates));
  }
  return differences;
}

/** Deprecated SDK model properties against the register's fields and their owners, dates included. */
function sdkFieldDifferences(): string[] {
  const differences: string[] = [];
  const owned = new Map<string, RegisterItem[]>();
  for (const item of builtinRegister.items) {
    if (item.kind === 'endpoint') continue;
    for (const owner of effectiveOwners(item)) owned.set(`${owner}.${item.field}`, [...(owned.get(`${owner}.${item.field}`) ?? []), item]);
  }
  for (const [type, properties] of Object.entries(sdkSchema.types)) {
    for (const [name, property] of Object.entries(properties)) {
      const key = `${type}.${name}`;
      const items = owned.get(key) ?? [];
      if (!property.deprecated) {
        for (const item of items) differences.push(`sdk: ${key} is not deprecated but ${item.id} is`);
        continue;
      }
      if (items.length === 0) {
        if (!unregisteredSdkDeprecations[key]) differences.push(`sdk: ${key} has no register item`);
        continue;
      }
      for (const item of items) differences.push(...dateDifferences(`sdk: ${key}`, item, SDK_DATES.exec(property.deprecated)));
    }
  }
  for (const [key, items] of owned) {
    const [type, name] = key.split('.');
    if (!sdkSchema.types[type!]?.[name!]) for (const item of items) differences.push(`sdk: ${key} (an owner of ${item.id}) is not in the SDK`);
  }
  return differences;
}

function dateDifferences(at: string, item: RegisterItem, dates: RegExpExecArray | null): string[] {
  if (!dates) return [`${at} gives no dates for ${item.id}`];
  const found: string[] = [];
  if (dates[1] !== item.announced) found.push(`${at}: ${item.id} announced ${item.announced} → ${dates[1]}`);
  if (dates[2] !== item.removal) found.push(`${at}: ${item.id} removal ${item.removal} → ${dates[2]}`);
  return found;
}

/** The spec and feed slices, imported, against the built-in register. */
function sourceDifferences(): string[] {
  const differences: string[] = [];
  const published = new Set<string>();
  for (const file of SOURCES) {
    const name = file.split('/').at(-1)!;
    // Held-back changes (the slices are older than the register) are differences all the same.
    const { comparison, items } = importRegister(file);
    for (const { item } of items) published.add(item.id);
    for (const { item } of comparison.added) differences.push(`${name}: new ${item.id}`);
    for (const { merged, changes } of comparison.changed) for (const change of changes) differences.push(`${name}: ${merged.item.id} ${change}`);
  }
  for (const item of builtinRegister.items) if (!published.has(item.id)) differences.push(`sources: ${item.id} not published`);
  return differences;
}
