import type { ESLint, Linter } from 'eslint';
import { relative, sep } from 'node:path';
import { DOCS_BASE_URL } from '../rule-kit/create-rule.js';
import { describeDays, describeReplacement, splitUpgrade, subjectOf } from '../model/messages.js';
import { compareVersions } from '../sdk/versions.js';
import { builtinRegister } from '../register/items.js';
import type { RegisterItem } from '../register/types.js';
import { describePolicy } from '../fixes/policy.js';
import { rules } from '../rules.js';

/**
 * The migration report's model: the findings of the lifecycle rules in a set of ESLint results,
 * grouped by register item and by removal date. Shared by the text and the Markdown formatter.
 *
 * ESLint results carry a report's message text and `messageId`, not its data, so a finding is read
 * back from its text with patterns built from the rules' own message templates, and matched to a
 * register item by the words the rules render for it (subject, removal date, replacement). Items a
 * user adds in `settings.glean.register` are grouped the same way, without an id.
 */

export type ItemStatus = 'removed' | 'dueSoon' | 'deprecated';

export interface Location {
  /** Relative to the working directory, with `/` separators. */
  file: string;
  line: number;
  column: number;
  /** Suppressed by an `eslint-disable` comment or ESLint's bulk suppressions: still a use to migrate. */
  suppressed: boolean;
}

export interface ItemFindings {
  /** The register id, when the item is in the built-in register. */
  id: string | undefined;
  kind: 'endpoint' | 'field' | 'enum-value';
  /** `POST /rest/api/v1/listanswers`, the field name, or `field = "VALUE"` for an enum value. */
  name: string;
  /**
   * For fields and enum values: what holds them, in the messages' words (`a search result snippet
   * (\`SearchResultSnippet\`)`), every holder the uses name, joined by `or`. Not the register's host
   * operation, which may be one the reader's code never calls.
   */
  heldBy: string | undefined;
  removal: string;
  /** Days from `now` (as the rules saw it) to the removal date; ≤ 0 once removed. */
  daysToRemoval: number;
  status: ItemStatus;
  /** As the messages word it: `use GET /api/agents/{agent_id} instead; …` or `no replacement`. */
  replacement: string;
  /** What the fix policy offers for the item (built-in items), as the rule docs' Fix column says it. */
  fix: string | undefined;
  uses: number;
  files: number;
  /** Uses that `eslint --fix` changes with the configuration that produced the results. */
  autofixable: number;
  withSuggestions: number;
  /** Uses with neither an autofix nor a suggestion: a person migrates them. */
  manual: number;
  suppressed: number;
  locations: Location[];
}

export interface RemovalGroup {
  removal: string;
  daysToRemoval: number;
  status: ItemStatus;
  items: ItemFindings[];
}

export interface OtherFinding {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  message: string;
}

/** The uses that need a newer SDK before they can be migrated, by the version the messages name. */
export interface SdkUpgrade {
  /** Upgrade `@gleanwork/api-client` to this version or later. */
  version: string;
  uses: { item: ItemFindings; location: Location }[];
  files: number;
}

export interface MigrationReport {
  /** By removal date: already removed first (longest ago first), then by days left. */
  groups: RemovalGroup[];
  /** Oldest version first. */
  sdkUpgrades: SdkUpgrade[];
  totals: {
    uses: number;
    items: number;
    files: number;
    removedUses: number;
    deprecatedUses: number;
    autofixable: number;
    withSuggestions: number;
    manual: number;
    suppressed: number;
    /** Uses whose messages ask for a newer SDK first. */
    needUpgrade: number;
  };
  /** Other reports of the plugin's rules (`agent-run-input`), which belong to no register item. */
  otherFindings: OtherFinding[];
  /** Files ESLint could not parse, with the parser's message: their uses are not counted. */
  unparsed: { file: string; message: string }[];
}

type FormatterContext = Partial<Pick<ESLint.LintResultData, 'cwd' | 'rulesMeta'>>;

const LIFECYCLE_MESSAGE_IDS = ['removed', 'dueSoon', 'deprecated'] as const;
type LifecycleMessageId = (typeof LIFECYCLE_MESSAGE_IDS)[number];
const LIFECYCLE_RULES = new Set(['no-removed', 'no-deprecated']);
const RULE_NAMES = new Set(Object.keys(rules));

interface ParsedMessage {
  subject: string;
  removal: string;
  when: string;
  replacement: string;
}

/** `{{subject}} was removed on {{removal}} …` → a pattern with one named group per placeholder. */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\{\s*(\w+)\s*\}\}/);
  const source = parts
    .map((part, index) => (index % 2 === 0 ? part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `(?<${part}>.+?)`))
    .join('');
  return new RegExp(`^${source}$`, 's');
}

const lifecycleMessages = rules['no-removed'].meta.messages;
const PATTERNS = new Map<LifecycleMessageId, RegExp>(LIFECYCLE_MESSAGE_IDS.map((id) => [id, templatePattern(lifecycleMessages[id])]));

function parseMessage(message: Linter.LintMessage): { id: LifecycleMessageId; parsed: ParsedMessage } | undefined {
  const candidates = LIFECYCLE_MESSAGE_IDS.filter((id) => message.messageId === undefined || message.messageId === id);
  for (const id of candidates) {
    const groups = PATTERNS.get(id)!.exec(message.message)?.groups;
    if (groups?.subject && groups.removal && groups.when && groups.replacement) {
      return { id, parsed: { subject: groups.subject, removal: groups.removal, when: groups.when, replacement: groups.replacement } };
    }
  }
  return undefined;
}

/**
 * The subject without how this use reaches the item (`(called by \`client.agents.run()\`)`), and, for
 * a field, without what holds it (` of <owner>`), which comes back as `heldBy`.
 */
function splitSubject(subject: string): { base: string; heldBy?: string } {
  const field = /^((?:Value ".*" of field|Field) `[^`]+`) of (.+)$/s.exec(subject);
  if (field) return { base: field[1]!, heldBy: field[2]! };
  return { base: subject.replace(/ \(called by `[^`]*`\)$/, '') };
}

/** Holders of a field in the messages' words, each once: `a facet filter value (\`FacetFilterValue\`) or …`. */
function addHolders(known: string | undefined, more: string | undefined): string | undefined {
  if (more === undefined || known === undefined) return known ?? more;
  const holders = known.split(' or ');
  for (const holder of more.split(' or ')) if (!holders.includes(holder)) holders.push(holder);
  return holders.join(' or ');
}

const identity = (subject: string, removal: string, replacement: string) => `${subject}\n${removal}\n${replacement}`;

const builtinItems = new Map<string, RegisterItem>(
  builtinRegister.items.map((item) => [identity(splitSubject(subjectOf(item)).base, item.removal, describeReplacement(item.replacement)), item]),
);

/** `today`, `in 3 days`, `39 days ago` → days to removal. */
function daysFrom(when: string): number {
  if (when === 'today') return 0;
  const ahead = /^in (\d+) days?$/.exec(when);
  if (ahead) return Number(ahead[1]);
  const ago = /^(\d+) days? ago$/.exec(when);
  if (ago) return -Number(ago[1]);
  return Number.NaN;
}

function describeSubject(subject: string): Pick<ItemFindings, 'kind' | 'name'> {
  const field = /^Field `([^`]+)`$/.exec(subject);
  if (field) return { kind: 'field', name: field[1]! };
  const value = /^Value (".*") of field `([^`]+)`$/.exec(subject);
  if (value) return { kind: 'enum-value', name: `${value[2]!} = ${value[1]!}` };
  return { kind: 'endpoint', name: subject };
}

function statusOf(id: LifecycleMessageId, days: number): ItemStatus {
  if (id === 'deprecated') return 'deprecated';
  return days > 0 ? 'dueSoon' : 'removed';
}

export function collectFindings(results: readonly ESLint.LintResult[], context: FormatterContext = {}): MigrationReport {
  const cwd = context.cwd ?? process.cwd();
  // ESLint computes `rulesMeta` on first access, and throws for results it did not produce.
  let rulesMeta: FormatterContext['rulesMeta'] | null = null;
  const metaOf = (ruleId: string) => {
    if (rulesMeta === null) {
      try {
        rulesMeta = context.rulesMeta;
      } catch {
        rulesMeta = undefined;
      }
    }
    return rulesMeta?.[ruleId];
  };
  const fileName = (path: string) => relative(cwd, path).split(sep).join('/') || path;
  /** Whether a rule id is one of this plugin's rules, under whatever namespace the config gave it. */
  const isPluginRule = (ruleId: string): boolean => {
    const url = metaOf(ruleId)?.docs?.url;
    if (url !== undefined) return url.startsWith(`${DOCS_BASE_URL}/`);
    const [namespace, name] = ruleId.split('/');
    return namespace === 'glean' && name !== undefined && RULE_NAMES.has(name);
  };

  const items = new Map<string, ItemFindings>();
  const filesOf = new Map<ItemFindings, Set<string>>();
  const report: MigrationReport = {
    groups: [],
    sdkUpgrades: [],
    totals: { uses: 0, items: 0, files: 0, removedUses: 0, deprecatedUses: 0, autofixable: 0, withSuggestions: 0, manual: 0, suppressed: 0, needUpgrade: 0 },
    otherFindings: [],
    unparsed: [],
  };
  const allFiles = new Set<string>();
  const upgrades = new Map<string, SdkUpgrade>();

  for (const result of results) {
    const file = fileName(result.filePath);
    const messages: [Linter.LintMessage, boolean][] = [
      ...result.messages.map((message): [Linter.LintMessage, boolean] => [message, false]),
      ...(result.suppressedMessages ?? []).map((message): [Linter.LintMessage, boolean] => [message, true]),
    ];
    for (const [message, suppressed] of messages) {
      if (message.fatal) {
        report.unparsed.push({ file, message: message.message });
        continue;
      }
      if (!message.ruleId || !isPluginRule(message.ruleId)) continue;
      const ruleName = message.ruleId.split('/').pop()!;
      const found = LIFECYCLE_RULES.has(ruleName) ? parseMessage(message) : undefined;
      if (!found) {
        if (!suppressed) {
          report.otherFindings.push({ file, line: message.line, column: message.column, ruleId: message.ruleId, message: message.message });
        }
        continue;
      }

      const { id: messageId, parsed } = found;
      const { base: subject, heldBy } = splitSubject(parsed.subject);
      // A use the SDK it is written against cannot migrate yet is the same item; it is also listed by the version to upgrade to.
      const { replacement, upgrade } = splitUpgrade(parsed.replacement);
      const key = identity(subject, parsed.removal, replacement);
      let item = items.get(key);
      if (!item) {
        const days = daysFrom(parsed.when);
        item = {
          id: builtinItems.get(key)?.id,
          ...describeSubject(subject),
          heldBy: undefined,
          removal: parsed.removal,
          daysToRemoval: days,
          status: statusOf(messageId, days),
          replacement,
          fix: builtinItems.has(key) ? describePolicy(builtinItems.get(key)!) : undefined,
          uses: 0,
          files: 0,
          autofixable: 0,
          withSuggestions: 0,
          manual: 0,
          suppressed: 0,
          locations: [],
        };
        items.set(key, item);
        filesOf.set(item, new Set());
      }
      item.heldBy = addHolders(item.heldBy, heldBy);
      item.uses++;
      if (message.fix) item.autofixable++;
      if (message.suggestions?.length) item.withSuggestions++;
      if (!message.fix && !message.suggestions?.length) item.manual++;
      if (suppressed) item.suppressed++;
      const location = { file, line: message.line, column: message.column, suppressed };
      item.locations.push(location);
      filesOf.get(item)!.add(file);
      allFiles.add(file);
      if (upgrade !== undefined) {
        let waiting = upgrades.get(upgrade);
        if (!waiting) upgrades.set(upgrade, (waiting = { version: upgrade, uses: [], files: 0 }));
        waiting.uses.push({ item, location });
        report.totals.needUpgrade++;
      }
    }
  }

  const groups = new Map<string, RemovalGroup>();
  for (const item of items.values()) {
    item.files = filesOf.get(item)!.size;
    item.locations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
    let group = groups.get(item.removal);
    if (!group) {
      group = { removal: item.removal, daysToRemoval: item.daysToRemoval, status: item.status, items: [] };
      groups.set(item.removal, group);
    }
    // A date shared by a due-soon and a deprecated item (differently escalated rules) reads as due soon.
    if (item.status !== 'deprecated') group.status = item.status;
    group.items.push(item);

    const totals = report.totals;
    totals.uses += item.uses;
    totals.items++;
    if (item.status === 'deprecated') totals.deprecatedUses += item.uses;
    else totals.removedUses += item.uses;
    totals.autofixable += item.autofixable;
    totals.withSuggestions += item.withSuggestions;
    totals.manual += item.manual;
    totals.suppressed += item.suppressed;
  }
  report.totals.files = allFiles.size;
  for (const group of groups.values()) {
    group.items.sort((a, b) => b.uses - a.uses || a.name.localeCompare(b.name) || (a.heldBy ?? '').localeCompare(b.heldBy ?? ''));
  }
  report.groups = [...groups.values()].sort((a, b) => a.removal.localeCompare(b.removal));
  for (const waiting of upgrades.values()) {
    waiting.files = new Set(waiting.uses.map((use) => use.location.file)).size;
    waiting.uses.sort((a, b) => a.location.file.localeCompare(b.location.file) || a.location.line - b.location.line || a.location.column - b.location.column);
  }
  report.sdkUpgrades = [...upgrades.values()].sort((a, b) => compareVersions(a.version, b.version));
  return report;
}

/** The heading of a removal date: `Removed on 2026-10-15 (39 days ago)`. */
export function describeGroup(group: RemovalGroup): string {
  const when = Number.isNaN(group.daysToRemoval) ? 'date unknown' : describeDays(group.daysToRemoval);
  switch (group.status) {
    case 'removed':
      return `Removed on ${group.removal} (${when})`;
    case 'dueSoon':
      return `Due for removal on ${group.removal} (${when}; reported as removed: within escalateWithinDays)`;
    case 'deprecated':
      return `Removal on ${group.removal} (${when})`;
  }
}

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
