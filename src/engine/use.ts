import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { HttpMethod, RegisterItem } from '../register/types.js';

/** One use of a register item found in a file: what the lifecycle rules report. */
export interface Use {
  item: RegisterItem;
  /** Where to report: the literal, key or call that names the item. */
  node: TSESTree.Node;
  /** How the code reaches the item when it does not name it, e.g. the SDK method `client.agents.run()`. */
  via?: string;
  /** The method the use sends with, when known (endpoints). */
  method?: HttpMethod;
  /** A rewrite that keeps the program's meaning against the new API: applied by `--fix`. */
  fix?: TSESLint.ReportFixFunction;
  /**
   * A rewrite to the replacement that changes a payload or response shape: offered as a suggestion,
   * and applied by `--fix` under the `migrate` config when `mechanical`.
   */
  rewrite?: { fix: TSESLint.ReportFixFunction; mechanical: boolean; description: string };
  /** Field edits a person must finish: rename to a replacement of another shape, or remove a field whose feature is gone. */
  edits?: FieldEdit[];
}

export interface FieldEdit {
  kind: 'rename' | 'remove';
  /** The new name (rename) or the removed one (remove). */
  name: string;
  fix: TSESLint.ReportFixFunction;
}
