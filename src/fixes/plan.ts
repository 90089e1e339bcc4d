import type { TSESLint } from '@typescript-eslint/utils';
import type { Use } from '../model/use.js';
import { sdkSchema } from '../sdk/generated/schema.js';
import { sdkTables } from '../sdk/index.js';
import { operationKey } from '../register/types.js';
import { buildEndpointRewrite } from './endpoint-rewrite.js';
import { planFieldFix } from './field-fixes.js';
import { buildSdkRewrite } from './sdk-rewrite.js';

/**
 * What a report offers for a use: an autofix that keeps the program's meaning, a rewrite to the
 * replacement that changes a payload or response shape (a suggestion, an autofix under `migrate`
 * when mechanical), and field edits a person must finish. Planned only for uses that are reported.
 */
export interface FixPlan {
  fix?: TSESLint.ReportFixFunction;
  rewrite?: { fix: TSESLint.ReportFixFunction; mechanical: boolean; description: string };
  edits?: FieldEdit[];
}

export interface FieldEdit {
  kind: 'rename' | 'remove';
  /** The new name (rename) or the removed one (remove). */
  name: string;
  fix: TSESLint.ReportFixFunction;
}

export function planFixes(use: Use, sourceCode: TSESLint.SourceCode): FixPlan {
  const { item, site } = use;
  switch (site.kind) {
    case 'field': {
      const plan = planFieldFix(site.hit, sourceCode, sdkSchema);
      // Where other values may reach, a fix could change them too: offer it as a suggestion at most.
      if (!site.hit.mixed) return plan;
      const { fix, rewrite, edits } = plan;
      const kept: FieldEdit[] = [...(edits ?? [])];
      if (fix && item.replacement.kind === 'rename') kept.push({ kind: 'rename', name: item.replacement.to, fix });
      return { ...(rewrite ? { rewrite: { ...rewrite, mechanical: false } } : {}), ...(kept.length > 0 ? { edits: kept } : {}) };
    }
    case 'url': {
      if (item.kind !== 'endpoint' || item.replacement.kind !== 'endpoint') return {};
      const { operation, flat, match, sites, methodKnown } = site;
      const fix = buildEndpointRewrite({ sourceCode, item, operation, anchor: use.node, flat, match, sites });
      // An automatic swap is safe to apply only when every request through this literal is this operation.
      return fix ? { rewrite: { fix, mechanical: methodKnown, description: operationKey(item.replacement.operation) } } : {};
    }
    case 'sdk': {
      if (item.kind !== 'endpoint') return {};
      const rewrite = buildSdkRewrite(sourceCode, site.call, item, sdkTables);
      return rewrite ? { rewrite: { fix: rewrite.fix, mechanical: true, description: rewrite.description } } : {};
    }
  }
}
