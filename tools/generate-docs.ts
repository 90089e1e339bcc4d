// Fills the generated sections of the rule docs (docs/rules/<rule>.md) from the register, so the lists
// of what each rule covers cannot drift from the data the rules run on.
//
//   npx jiti tools/generate-docs.ts           rewrites every generated section
//   npx jiti tools/generate-docs.ts --check   writes nothing; exits 1 and prints a diff when a doc is stale
//
// A generated section sits between two marker comments and is never edited by hand:
//
//   <!-- begin auto-generated register items -->   every register item, endpoints and fields
//   <!-- end auto-generated register items -->      (no-removed.md, no-deprecated.md)
//   <!-- begin auto-generated agent runs -->        the run operations and the register's rules
//   <!-- end auto-generated agent runs -->          for their bodies (agent-run-input.md)
//
// Run through jiti (`npx jiti tools/generate-docs.ts`), so no build is needed. The Fix column is the fix
// policy's (src/fixes/policy.ts), the same decisions the rules carry out. The title and
// notices at the top of each doc belong to eslint-doc-generator (`<!-- end auto-generated rule header -->`)
// and the README's rules and configs lists too; this script touches neither.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { createTwoFilesPatch } from 'diff';
import plugin, { register } from '../src/index.js';
import { RENAME_GUARDS, SDK_SWAP_GUARDS, SITE_WORDS, decide, describeDecision, describePolicy, upgradeFor, type SiteKind } from '../src/fixes/policy.js';
import { agentRunOperations } from '../src/register/agent-runs.js';
import { fieldOwners } from '../src/register/field-owners.js';
import { operationKey, type Operation, type Register, type RegisterItem } from '../src/register/types.js';
import { describeReplacement } from '../src/model/messages.js';
import { SDK_PACKAGE, SDK_VERSION, sdkOperations } from '../src/sdk/generated/operations.js';
import { SDK_VERSIONS, tablesOf } from '../src/sdk/versions.js';
import { itemExamples } from './item-examples.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DOCS_DIR = join(ROOT, 'docs/rules');

/** Which generated sections each rule's doc must hold. */
const REQUIRED_SECTIONS: Record<string, string[]> = {
  'no-removed': ['register items'],
  'no-deprecated': ['register items'],
  'agent-run-input': ['agent runs'],
};

// ---------------------------------------------------------------------------------------------------
// Rendering

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const byRemoval = (a: RegisterItem, b: RegisterItem) => a.removal.localeCompare(b.removal) || a.id.localeCompare(b.id);

/** The SDK calls that reach an operation: `Glean` methods, standalone functions, hooks and request helpers. */
function sdkCallsFor(operation: Operation): string[] {
  const calls: string[] = [];
  for (const op of sdkOperations) {
    if (op.method !== operation.method || op.path !== operation.path) continue;
    for (const chain of [op.chain, ...(op.chains ?? [])]) calls.push(code(`${chain.join('.')}()`));
    calls.push(code(`${op.func}()`));
    for (const hook of op.hooks) calls.push(code(`${hook.name}()`));
  }
  return calls;
}

function lifecycleCells(item: RegisterItem): string[] {
  return [`${item.announced} – ${dayBefore(item.removal)}`, `from ${item.removal}`];
}

function renderRegisterItems(register: Register): string {
  const endpoints = register.items.filter((item) => item.kind === 'endpoint').sort(byRemoval);
  const fields = register.items.filter((item) => item.kind === 'field').sort(byRemoval);
  const dates = [...new Set(register.items.map((item) => item.removal))].sort();
  return [
    `Glean's deprecation register as of ${register.asOf} holds ${register.items.length} items (${endpoints.length} endpoints, ${fields.length} fields)`,
    `with removal dates ${dates.map(code).join(', ')}. Which rule reports an item depends on the day`,
    '`settings.glean.now` names: `glean/no-deprecated` from its announcement to the day before its removal',
    'date, `glean/no-removed` from its removal date on (`escalateWithinDays` makes that day earlier). The',
    'ids are what `ignore` accepts. Fix: 🔧 autofix, 💡 suggestion, at best: a rename is held back to a',
    'suggestion where another value or a type of yours may reach the code, and an endpoint switch is offered',
    'where the reported string holds the whole path (`/rest/api/v1/agents/${id}`), not where the path is joined',
    'to a base written apart (a variable, a client\'s base URL, another module);',
    'an example of each item and what it gets follows the tables.',
    '',
    `### Endpoints (${endpoints.length})`,
    '',
    table(
      ['Endpoint', 'Id', '`no-deprecated`', '`no-removed`', 'Replacement', `SDK (${code(`${SDK_PACKAGE}@${SDK_VERSION}`)})`, 'Fix'],
      endpoints.map((item) => [
        code(operationKey(item.operation)),
        code(item.id),
        ...lifecycleCells(item),
        describeReplacement(item.replacement),
        sdkCallsFor(item.operation).join(', ') || '—',
        describePolicy(item),
      ]),
    ),
    '',
    `### Fields (${fields.length})`,
    '',
    'A field is reported only where its owner SDK type sits in a request payload or a response read of a',
    'Glean operation (any operation, not only the one the register names), or anywhere a value has that',
    'type in [type-aware mode](../../README.md#type-aware-mode).',
    '',
    table(
      ['Field', 'Owner SDK types', 'Register operation', 'Id', '`no-deprecated`', '`no-removed`', 'Replacement', 'Fix'],
      fields.map((item) => [
        code(item.field),
        (fieldOwners[item.id] ?? []).map(code).join(', ') || 'top level of the operation',
        `${code(operationKey(item.operation))}${item.qualifier ? ` (${item.qualifier})` : ''}`,
        code(item.id),
        ...lifecycleCells(item),
        describeReplacement(item.replacement),
        describePolicy(item),
      ]),
    ),
    '',
    renderExamples(register),
    '',
    renderSdkVersions(register),
  ].join('\n');
}

/** What each supported SDK version gets, for the items and sites where a version differs from the newest. */
function renderSdkVersions(register: Register): string {
  const rows: string[][] = [];
  for (const item of [...register.items].sort((a, b) => a.kind.localeCompare(b.kind) || byRemoval(a, b))) {
    const sites: SiteKind[] = item.kind === 'endpoint' ? ['sdk'] : ['write', 'read'];
    for (const site of sites) {
      const cells = SDK_VERSIONS.map((version) => {
        const upgrade = upgradeFor(item, site, undefined, tablesOf(version));
        return upgrade ? `none: upgrade to ${upgrade}` : describeDecision(decide(item, site, undefined, tablesOf(version)));
      });
      if (new Set(cells).size > 1) rows.push([code(item.id), SITE_WORDS[site], ...cells]);
    }
  }
  return [
    '### SDK versions',
    '',
    `The fixes of SDK calls and of the fields of the SDK's models follow the ${code(SDK_PACKAGE)} version the`,
    `linted file uses ([SDK versions](../../README.md#sdk-versions)), from ${SDK_VERSIONS[0]} to ${SDK_VERSIONS.at(-1)}. Where a version gets less`,
    'than the newest, its uses are reported with the version to upgrade to; every other item gets the same in every version:',
    '',
    table(['Id', 'Where', ...SDK_VERSIONS.map(code)], rows),
  ].join('\n');
}

/** One example per item, what the fix policy offers for it, and the code once the offer is applied. */
function renderExamples(register: Register): string {
  const items = [...register.items].sort((a, b) => a.kind.localeCompare(b.kind) || byRemoval(a, b));
  return [
    '### Examples',
    '',
    `In each example \`glean\` is a \`Glean\` from ${code(SDK_PACKAGE)}. After: the code once the autofix, or the`,
    'first suggestion (💡), is applied; a test checks that every example gets exactly this.',
    '',
    table(
      ['Id', 'Example', 'Fix', 'Why', 'After'],
      items.map((item) => {
        const example = itemExamples[item.id];
        if (!example) throw new Error(`tools/item-examples.ts: no example for ${item.id}`);
        const decision = decide(item, example.site);
        return [code(item.id), code(example.code), describeDecision(decision), decision.why, example.after ? code(example.after) : '—'];
      }),
    ),
    '',
    `Renames are guarded: ${RENAME_GUARDS}.`,
    '',
    `SDK method swaps are guarded: ${SDK_SWAP_GUARDS}.`,
  ].join('\n');
}

function renderAgentRuns(register: Register): string {
  const items = new Map(register.items.filter((item) => item.kind === 'endpoint').map((item) => [operationKey(item.operation), item]));
  const rules = [...new Set(register.items.flatMap((item) => (item.kind === 'endpoint' ? (item.rules ?? []) : [])))];
  return [
    'The request body rules of register §4.1:',
    '',
    ...rules.map((rule) => `- ${rule}`),
    '',
    'They hold for every agent-run request, on the deprecated endpoints and on their replacement:',
    '',
    table(
      ['Operation', 'Agent id from', 'Register status', `SDK (${code(`${SDK_PACKAGE}@${SDK_VERSION}`)})`],
      agentRunOperations.map((operation) => {
        const item = items.get(operationKey(operation));
        return [
          code(operationKey(operation)),
          operation.path.includes('{agent_id}') ? 'the path' : 'the body (`agent_id`)',
          item ? `deprecated (${code(item.id)}), removal ${item.removal}` : 'current',
          sdkCallsFor(operation).join(', ') || '—',
        ];
      }),
    ),
  ].join('\n');
}

const RENDERERS: Record<string, (register: Register) => string> = {
  'register items': renderRegisterItems,
  'agent runs': renderAgentRuns,
};

// ---------------------------------------------------------------------------------------------------
// Updating the docs

const begin = (name: string) => `<!-- begin auto-generated ${name} -->`;
const end = (name: string) => `<!-- end auto-generated ${name} -->`;

/** The doc with every generated section replaced; throws when a required marker pair is missing. */
export function updateDoc(text: string, rule: string, sections: Record<string, string>): string {
  let updated = text;
  for (const name of REQUIRED_SECTIONS[rule] ?? []) {
    if (!updated.includes(begin(name)) || !updated.includes(end(name))) {
      throw new Error(`docs/rules/${rule}.md: missing the markers ${begin(name)} … ${end(name)}`);
    }
  }
  for (const [name, content] of Object.entries(sections)) {
    const start = updated.indexOf(begin(name));
    if (start === -1) continue;
    const stop = updated.indexOf(end(name), start);
    if (stop === -1) throw new Error(`docs/rules/${rule}.md: ${begin(name)} without ${end(name)}`);
    updated = `${updated.slice(0, start)}${begin(name)}\n\n${content}\n\n${updated.slice(stop)}`;
  }
  return updated;
}

export function generateDocs({ check = false } = {}): string[] {
  const sections = Object.fromEntries(Object.entries(RENDERERS).map(([name, render]) => [name, render(register)]));
  const ruleNames = Object.keys(plugin.rules);
  const docs = readdirSync(DOCS_DIR).filter((file) => file.endsWith('.md'));
  const stale: string[] = [];
  for (const rule of ruleNames) {
    if (!docs.includes(`${rule}.md`)) throw new Error(`docs/rules/${rule}.md is missing`);
  }
  for (const file of docs) {
    const rule = file.slice(0, -'.md'.length);
    if (!ruleNames.includes(rule)) throw new Error(`docs/rules/${file} documents no rule of the plugin`);
    const path = join(DOCS_DIR, file);
    const text = readFileSync(path, 'utf8');
    const updated = updateDoc(text, rule, sections);
    if (updated === text) continue;
    stale.push(`docs/rules/${file}`);
    if (check) console.error(createTwoFilesPatch(`docs/rules/${file}`, `docs/rules/${file} (generated)`, text, updated, '', '', { context: 1 }));
    else writeFileSync(path, updated);
  }
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  try {
    const stale = generateDocs({ check });
    if (check && stale.length > 0) {
      console.error(`Generated sections are out of date in ${stale.join(', ')}: run \`npx jiti tools/generate-docs.ts\`.`);
      process.exitCode = 1;
    } else if (!check) {
      console.log(stale.length > 0 ? `Updated ${stale.join(', ')}.` : 'Rule docs are up to date.');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
