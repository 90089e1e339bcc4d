import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type * as ESLintUtils from '@typescript-eslint/utils/eslint-utils';
import { DOCS_BASE_URL } from './package-info.js';
import { oxlintSkips, ruleBit } from './unread-lane.js';

export { DOCS_BASE_URL };

export interface GleanRuleDocs {
  /** Whether `glean.configs.recommended` turns the rule on (ESLint's convention: a boolean). */
  recommended: boolean;
  /** The severity the rule has in `glean.configs.recommended`, from which every config is derived. */
  recommendedSeverity: 'error' | 'warn';
}

/** The rules look at a file as a whole, once its analysis is done: a `Program` listener at most. */
export interface ProgramListener {
  Program?: (node: TSESTree.Program) => void;
}

/** oxlint's form of a rule: created once, with a hook that may skip a file before its tree is read. */
export interface CreateOnceVisitor extends ProgramListener {
  before: () => boolean;
}

type GleanRule<Options extends readonly unknown[], MessageIds extends string> = ESLintUtils.RuleModule<
  MessageIds,
  Options,
  GleanRuleDocs
> & {
  name: string;
  createOnce: (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>) => CreateOnceVisitor;
};

/**
 * typescript-eslint's `RuleCreator` without its options merge: ESLint (9.15 and later, all this
 * plugin supports) and oxlint merge `meta.defaultOptions` into the configured options themselves, once
 * per config. A context without options (a runtime that does not) gets the defaults.
 *
 * `create` loads the analysis (load-implementation.ts). The rule is also given in oxlint's
 * `createOnce` form, whose `before` hook first asks the rules' first look at the file (unread-lane.ts):
 * a file it leaves unread loads nothing of the analysis, and oxlint then neither decodes its text nor
 * builds its tree for JavaScript.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>({
  name,
  meta,
  defaultOptions,
  create,
}: Readonly<
  Omit<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, GleanRuleDocs>, 'create'> & {
    create: (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, options: Options) => ProgramListener;
  }
>): GleanRule<Options, MessageIds> {
  const defaults = (defaultOptions ?? []) as unknown as Options;
  const optionsFor = (given: Options): Options => (given.length === 0 ? defaults : given);
  const bit = ruleBit(name);

  return {
    name,
    meta: { ...meta, docs: { ...meta.docs, url: `${DOCS_BASE_URL}/${name}.md` } },
    defaultOptions: defaults,
    create: (context) => create(context, optionsFor(context.options)) as TSESLint.RuleListener,
    // oxlint's form, which it takes over `create`.
    createOnce(context) {
      let current: ProgramListener = {};
      return {
        // `false` skips the file: oxlint then neither walks nor deserialises its tree for this rule.
        before: () => !oxlintSkips(context, bit) && (current = create(context, optionsFor(context.options))).Program !== undefined,
        Program: (node) => current.Program?.(node),
      };
    },
  };
}
