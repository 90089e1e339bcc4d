// Fills the generated sections of the rule docs (docs/rules/<rule>.md) from the register, so the lists
// of what each rule covers cannot drift from the data the rules run on.
//
//   node tools/generate-docs.js           rewrites every generated section
//   node tools/generate-docs.js --check   writes nothing; exits 1 and prints a diff when a doc is stale
//
// A generated section sits between two marker comments and is never edited by hand:
//
//   <!-- begin auto-generated register items -->   every register item, endpoints and fields
//   <!-- end auto-generated register items -->      (no-removed.md, no-deprecated.md)
//   <!-- begin auto-generated agent runs -->        the run operations and the register's rules
//   <!-- end auto-generated agent runs -->          for their bodies (agent-run-input.md)
//
// The data is read from the TypeScript sources through jiti, so no build is needed. The title and
// notices at the top of each doc belong to eslint-doc-generator (`<!-- end auto-generated rule header -->`)
// and the README's rules and configs lists too; this script touches neither.
import console from 'node:console';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTwoFilesPatch } from 'diff';
import { createJiti } from 'jiti';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DOCS_DIR = join(ROOT, 'docs/rules');

/** Which generated sections each rule's doc must hold. */
const REQUIRED_SECTIONS = {
  'no-removed': ['register items'],
  'no-deprecated': ['register items'],
  'agent-run-input': ['agent runs'],
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

async function loadSources() {
  const jiti = createJiti(import.meta.url);
  const load = (path) => jiti.import(new URL(path, import.meta.url).href);
  const [index, owners, operations, runs, messages, schema, generatedSchema] = await Promise.all([
    load('../src/index.ts'),
    load('../src/register/field-owners.ts'),
    load('../src/sdk/generated/operations.ts'),
    load('../src/register/agent-runs.ts'),
    load('../src/model/messages.ts'),
    load('../src/matchers/schema.ts'),
    load('../src/sdk/generated/schema.ts'),
  ]);
  return {
    plugin: index.default,
    register: index.register,
    fieldOwners: owners.fieldOwners,
    sdkOperations: operations.sdkOperations,
    sdkPackage: operations.SDK_PACKAGE,
    sdkVersion: operations.SDK_VERSION,
    agentRunOperations: runs.agentRunOperations,
    describeReplacement: messages.describeReplacement,
    declares: schema.declares,
    sdkSchema: generatedSchema.sdkSchema,
  };
}

// ---------------------------------------------------------------------------------------------------
// Rendering

const code = (text) => `\`${text}\``;
const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
const operationText = (operation) => `${operation.method} ${operation.path}`;

function table(header, rows) {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

function dayBefore(date) {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const byRemoval = (a, b) => a.removal.localeCompare(b.removal) || a.id.localeCompare(b.id);

/** The SDK calls that reach an operation: `Glean` methods, standalone functions, hooks and request helpers. */
function sdkCallsFor(operation, data) {
  const calls = [];
  for (const op of data.sdkOperations) {
    if (op.method !== operation.method || op.path !== operation.path) continue;
    for (const chain of [op.chain, ...(op.chains ?? [])]) calls.push(code(`${chain.join('.')}()`));
    calls.push(code(`${op.func}()`));
    for (const hook of op.hooks) calls.push(code(`${hook.name}()`));
  }
  return calls;
}

/** What the lifecycle rules do about one use, by the fix policy (see src/fixes/). */
function fixOf(item, data) {
  const replacement = item.replacement;
  if (item.kind === 'endpoint') {
    return replacement.kind === 'endpoint'
      ? `💡 switch to ${code(operationText(replacement.operation))}; 🔧 with \`migrate\``
      : 'none';
  }
  switch (replacement.kind) {
    case 'rename': {
      const values = Object.entries(replacement.values ?? {});
      if (values.length === 0) return `🔧 rename to ${code(replacement.to)}`;
      const mapped = values.map(([from, to]) => `${code(from)} → ${code(JSON.stringify(to).replaceAll('"', "'"))}`).join(', ');
      return `🔧 rename to ${code(replacement.to)} with ${mapped}; reads: none`;
    }
    case 'move':
      return `🔧 reads: ${code(item.field)} → ${code(replacement.to)}`;
    case 'restructure': {
      const owners = data.fieldOwners[item.id] ?? [];
      const [target] = replacement.to;
      if (replacement.to.length === 1 && IDENTIFIER.test(target) && data.declares(data.sdkSchema, owners, target)) {
        return `💡 rename to ${code(target)}, then reshape the value`;
      }
      const [type, field] = (target ?? '').split('.');
      for (const owner of owners) {
        for (const [name, property] of Object.entries(data.sdkSchema.types[owner] ?? {})) {
          if (type && field && property.type === type && property.array) return `💡 reads: collect ${code(`${name}[].${field}`)}`;
        }
      }
      return 'none';
    }
    case 'none':
      return replacement.removeSuggested ? `💡 remove ${code(item.field)}` : 'none';
    default:
      throw new Error(`unknown replacement kind in ${item.id}`);
  }
}

function lifecycleCells(item) {
  return [`${item.announced} – ${dayBefore(item.removal)}`, `from ${item.removal}`];
}

function renderRegisterItems(data) {
  const { register } = data;
  const endpoints = register.items.filter((item) => item.kind === 'endpoint').sort(byRemoval);
  const fields = register.items.filter((item) => item.kind === 'field').sort(byRemoval);
  const dates = [...new Set(register.items.map((item) => item.removal))].sort();
  return [
    `Glean's deprecation register as of ${register.asOf} holds ${register.items.length} items (${endpoints.length} endpoints, ${fields.length} fields)`,
    `with removal dates ${dates.map(code).join(', ')}. Which rule reports an item depends on the day`,
    '`settings.glean.now` names: `glean/no-deprecated` from its announcement to the day before its removal',
    'date, `glean/no-removed` from its removal date on (`escalateWithinDays` makes that day earlier). The',
    'ids are what `ignore` accepts. Fix: 🔧 autofix, 💡 suggestion.',
    '',
    `### Endpoints (${endpoints.length})`,
    '',
    table(
      ['Endpoint', 'Id', '`no-deprecated`', '`no-removed`', 'Replacement', `SDK (${code(`${data.sdkPackage}@${data.sdkVersion}`)})`, 'Fix'],
      endpoints.map((item) => [
        code(operationText(item.operation)),
        code(item.id),
        ...lifecycleCells(item),
        data.describeReplacement(item.replacement),
        sdkCallsFor(item.operation, data).join(', ') || '—',
        fixOf(item, data),
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
        (data.fieldOwners[item.id] ?? []).map(code).join(', ') || 'top level of the operation',
        `${code(operationText(item.operation))}${item.qualifier ? ` (${item.qualifier})` : ''}`,
        code(item.id),
        ...lifecycleCells(item),
        data.describeReplacement(item.replacement),
        fixOf(item, data),
      ]),
    ),
  ].join('\n');
}

function renderAgentRuns(data) {
  const items = new Map(data.register.items.filter((item) => item.kind === 'endpoint').map((item) => [operationText(item.operation), item]));
  const rules = [...new Set(data.register.items.flatMap((item) => (item.kind === 'endpoint' ? (item.rules ?? []) : [])))];
  return [
    'The request body rules of register §4.1:',
    '',
    ...rules.map((rule) => `- ${rule}`),
    '',
    'They hold for every agent-run request, on the deprecated endpoints and on their replacement:',
    '',
    table(
      ['Operation', 'Agent id from', 'Register status', `SDK (${code(`${data.sdkPackage}@${data.sdkVersion}`)})`],
      data.agentRunOperations.map((operation) => {
        const item = items.get(operationText(operation));
        return [
          code(operationText(operation)),
          operation.path.includes('{agent_id}') ? 'the path' : 'the body (`agent_id`)',
          item ? `deprecated (${code(item.id)}), removal ${item.removal}` : 'current',
          sdkCallsFor(operation, data).join(', ') || '—',
        ];
      }),
    ),
  ].join('\n');
}

const RENDERERS = {
  'register items': renderRegisterItems,
  'agent runs': renderAgentRuns,
};

// ---------------------------------------------------------------------------------------------------
// Updating the docs

const begin = (name) => `<!-- begin auto-generated ${name} -->`;
const end = (name) => `<!-- end auto-generated ${name} -->`;

/** The doc with every generated section replaced; throws when a required marker pair is missing. */
export function updateDoc(text, rule, sections) {
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

export async function generateDocs({ check = false } = {}) {
  const data = await loadSources();
  const sections = Object.fromEntries(Object.entries(RENDERERS).map(([name, render]) => [name, render(data)]));
  const ruleNames = Object.keys(data.plugin.rules);
  const docs = readdirSync(DOCS_DIR).filter((file) => file.endsWith('.md'));
  const stale = [];
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes('--check');
  try {
    const stale = await generateDocs({ check });
    if (check && stale.length > 0) {
      console.error(`Generated sections are out of date in ${stale.join(', ')}: run \`node tools/generate-docs.js\`.`);
      process.exitCode = 1;
    } else if (!check) {
      console.log(stale.length > 0 ? `Updated ${stale.join(', ')}.` : 'Rule docs are up to date.');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
