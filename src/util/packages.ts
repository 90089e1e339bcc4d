import type * as CommunityUtils from '@eslint-community/eslint-utils';
import type * as AstNodeTypes from '@typescript-eslint/types';
import type * as AstUtils from '@typescript-eslint/utils/ast-utils';
import { createRequire } from 'node:module';

/**
 * The CommonJS packages the plugin uses at run time, loaded with `require`. When ES module code
 * imports a CommonJS module, Node reads and lexes its source to find its named exports, even when
 * the module is already loaded (typescript-eslint has loaded these by the time ESLint reads a
 * config); that was about a third of the plugin's import time. `require` returns the loaded module.
 * Every other file takes these values from here (a lint rule in this repository enforces it), so each
 * package is one instance: eslint-utils' `READ`, `CALL` and `ReferenceTracker` must come from the
 * same copy of the package (it ships an ES module build too).
 */
const require = createRequire(import.meta.url);

// Loaded at import: node types are constants everywhere (the sets of node types the matchers test).
export const { AST_NODE_TYPES } = require('@typescript-eslint/types') as typeof AstNodeTypes;
export type AST_NODE_TYPES = AstNodeTypes.AST_NODE_TYPES;

// The others are loaded on first use, when a file names Glean. oxlint and an ESLint run without
// typescript-eslint have not loaded them, and on code without Glean they were about a third of the
// plugin's import (some 15 ms of CPU).
let astUtilsModule: typeof AstUtils | undefined;
let communityUtilsModule: typeof CommunityUtils | undefined;

/** `@typescript-eslint/utils/ast-utils`. */
export const astUtils = (): typeof AstUtils => (astUtilsModule ??= require('@typescript-eslint/utils/ast-utils') as typeof AstUtils);

/** `@eslint-community/eslint-utils`: reference tracking (`ReferenceTracker` and its `READ`, `CALL`, `CONSTRUCT`, `ESM` marks). */
export const communityUtils = (): typeof CommunityUtils =>
  (communityUtilsModule ??= require('@eslint-community/eslint-utils') as typeof CommunityUtils);
export type ReferenceTracker = CommunityUtils.ReferenceTracker;
