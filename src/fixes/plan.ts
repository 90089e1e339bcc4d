import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { programOf } from '../util/linking.js';
import type { Use } from '../model/use.js';
import { newestTables } from '../sdk/versions.js';
import { buildEndpointRewrite } from './endpoint-rewrite.js';
import { planFieldFix, siteOf } from './field-fixes.js';
import { decide, upgradeFor } from './policy.js';
import { buildSdkRewrite } from './sdk-rewrite.js';
import { sdkSwapMisfit } from './sdk-swap-fit.js';
import { acceptsTypeAnnotations } from './type-query.js';

/**
 * What a report offers for a use, as the fix policy (`policy.ts`) decides it for the item and site: an autofix that keeps the program's meaning, a rewrite to the
 * replacement that changes a payload or response shape (a suggestion, an autofix under `migrate`
 * when mechanical), and field edits a person must finish. Planned only for uses that are reported.
 */
export interface FixPlan {
  fix?: TSESLint.ReportFixFunction;
  /** `check`: what a person must check before applying a rewrite that is not mechanical after all. */
  rewrite?: { fix: TSESLint.ReportFixFunction; mechanical: boolean; description: string; check?: string };
  edits?: FieldEdit[];
  /** Other places the same fix edits that are uses too (a same-file type's property of a renamed field). */
  alsoAt?: TSESTree.Node[];
  /** The SDK version to upgrade to before the use can be migrated: the one the file uses lacks the replacement. */
  upgrade?: string;
}

export interface FieldEdit {
  /** `renameChecked`: a rename that is an autofix by policy, offered as a suggestion after `check`. */
  kind: 'rename' | 'remove' | 'renameChecked';
  /** What a person must check first (`renameChecked`). */
  check?: string;
  /** The new name (rename) or the removed one (remove). */
  name: string;
  fix: TSESLint.ReportFixFunction;
}

/**
 * `filename` tells whether the file is TypeScript, where what a fix writes must type-check. Every fix
 * is confined to the linted file: value flow may have reached other modules' nodes, which a fix must
 * never take for this file's (their ranges are offsets in another text).
 */
export function planFixes(use: Use, sourceCode: TSESLint.SourceCode, filename: string): FixPlan {
  return confinePlan(planUnconfined(use, sourceCode, filename), sourceCode.ast);
}

/**
 * Where the SDK shapes the use (an SDK call, a field of an SDK model), the SDK version the file uses
 * decides: a fix is planned only with that version's own tables (not for a version outside the range,
 * or none installed), and a migration that version cannot do names the version to upgrade to.
 */
function planUnconfined(use: Use, sourceCode: TSESLint.SourceCode, filename: string): FixPlan {
  const { item, site } = use;
  switch (site.kind) {
    case 'field': {
      const sdk = site.hit.sdk;
      const upgrade = sdk && upgradeFor(item, siteOf(site.hit), site.hit.owner.types, sdk.tables);
      if (upgrade) return { upgrade };
      if (sdk && !sdk.known) return {};
      // Where other values than Glean's may reach (FieldHit.mayHoldOtherValues), the guards make a rename a suggestion.
      return planFieldFix(site.hit, sourceCode, sdk?.tables ?? newestTables, acceptsTypeAnnotations(filename, sourceCode.text));
    }
    case 'url': {
      const action = decide(item, 'url').action;
      if (action?.kind !== 'switchEndpoint' || item.kind !== 'endpoint') return {};
      const { operation, flat, match, sites, methodKnown } = site;
      const fix = buildEndpointRewrite({ sourceCode, item, operation, anchor: use.node, flat, match, sites });
      // An automatic swap is safe to apply only when every request through this literal is this operation.
      return fix ? { rewrite: { fix, mechanical: methodKnown, description: action.to } } : {};
    }
    case 'sdk': {
      const { tables, known } = site.sdk;
      const upgrade = upgradeFor(item, 'sdk', undefined, tables);
      if (upgrade) return { upgrade };
      if (!known || decide(item, 'sdk', undefined, tables).action?.kind !== 'switchEndpoint' || item.kind !== 'endpoint') return {};
      const rewrite = buildSdkRewrite(sourceCode, site.call, item, tables);
      if (!rewrite) return {};
      // In TypeScript, an autofix under `migrate` only where the new request and response types fit the code as written.
      const check = acceptsTypeAnnotations(filename, sourceCode.text) ? sdkSwapMisfit(sourceCode, site.call, item, tables, tables.schema) : undefined;
      // A client handed in by callers (SdkCall.handed) may be something else for callers the analysis does not see.
      return { rewrite: { fix: rewrite.fix, mechanical: check === undefined && !site.call.handed, description: rewrite.description, ...(check ? { check } : {}) } };
    }
  }
}

/** The plan with each fix confined to `program` (see confineFix); places elsewhere are not reported again. */
function confinePlan(plan: FixPlan, program: TSESTree.Program): FixPlan {
  return {
    ...(plan.fix ? { fix: confineFix(plan.fix, program) } : {}),
    ...(plan.rewrite ? { rewrite: { ...plan.rewrite, fix: confineFix(plan.rewrite.fix, program) } } : {}),
    ...(plan.edits ? { edits: plan.edits.map((edit) => ({ ...edit, fix: confineFix(edit.fix, program) })) } : {}),
    ...(plan.alsoAt ? { alsoAt: plan.alsoAt.filter((node) => programOf(node) === program) } : {}),
    ...(plan.upgrade ? { upgrade: plan.upgrade } : {}),
  };
}

class ForeignEdit extends Error {}

/** A node of another module's tree. Tokens (no parent) come from the linted file's own token list. */
function isForeignNode(value: unknown, program: TSESTree.Program): boolean {
  if (!value || typeof value !== 'object' || !('type' in value) || !('range' in value)) return false;
  const node = value as TSESTree.Node;
  if (node.type !== 'Program' && node.parent === undefined) return false;
  return programOf(node) !== program;
}

/**
 * A fix that gives up (no fix) rather than edit a node of another module: the fixer it is handed
 * refuses any node that is not in `program`.
 */
export function confineFix(fix: TSESLint.ReportFixFunction, program: TSESTree.Program): TSESLint.ReportFixFunction {
  return (fixer) => {
    // A plain object, not a proxy: oxlint hands rules a frozen fixer, whose methods a proxy may not replace.
    const confined = Object.fromEntries(
      FIXER_METHODS.map((name) => [
        name,
        (...args: unknown[]) => {
          if (isForeignNode(args[0], program)) throw new ForeignEdit();
          return (fixer[name] as (...rest: unknown[]) => unknown)(...args);
        },
      ]),
    ) as unknown as TSESLint.RuleFixer;
    try {
      return fix(confined);
    } catch (error) {
      if (error instanceof ForeignEdit) return null;
      throw error;
    }
  };
}

const FIXER_METHODS = [
  'insertTextAfter',
  'insertTextAfterRange',
  'insertTextBefore',
  'insertTextBeforeRange',
  'remove',
  'removeRange',
  'replaceText',
  'replaceTextRange',
] as const satisfies readonly (keyof TSESLint.RuleFixer)[];
