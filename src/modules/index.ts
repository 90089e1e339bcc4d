/**
 * The modules layer: what the analysis knows of the project's modules other than the linted file —
 * where an import leads (resolver.ts), the module parsed (parse.ts, module-cache.ts), what it exports
 * (exports.ts), the linker the value-flow helpers follow imports with (linker.ts), and the cheap
 * text-only gate that decides whether a file that names nothing of Glean's imports something that does
 * (import-gate.ts).
 */
export { enableLinking, importedAs, moduleSpecifierOf } from './linker.js';
export { isJsonModule } from './parse.js';
export { beginLintedFile, enterFile, forgetModules, lintedRecord, moduleAt, recordOfProgram, reexportSpecifiers, registerTextTest, textFacts, type ModuleRecord } from './module-cache.js';
export { importsMarkedModule, isScanned, moduleIsMarked, projectIsUnmarked, specifierLeadsToMarked, type VerdictKeep } from './import-gate.js';
export { forgetUnmarkedVerdicts } from './unmarked-verdicts.js';
export { analysisSources, joinProgram, programMembers, usesElsewhere } from './program.js';
export { clearResolutions, resolveImport } from './resolver.js';
export { exportOf, importedDeclaration, moduleValue, setLinkGate, type DeclaredExport } from './exports.js';
export { directImportersOf, forgetProjectIndexes, importersOf, projectFilesPassing } from './project-index.js';
export { forgetLints, isStale, noteLinted, treatAsLongLived } from './freshness.js';

import { forgetVerdicts } from './import-gate.js';
import { forgetUnmarkedVerdicts } from './unmarked-verdicts.js';
import { forgetModules } from './module-cache.js';
import { forgetLints } from './freshness.js';
import { forgetProjectIndexes } from './project-index.js';
import { forgetReaches } from './program.js';
import { clearResolutions } from './resolver.js';

/** Forgets everything read of the project's other files: the next lint reads them afresh (for tests and benchmarks). */
export function forgetProject(): void {
  forgetModules();
  forgetProjectIndexes();
  forgetLints();
  forgetVerdicts();
  forgetUnmarkedVerdicts();
  forgetReaches();
  clearResolutions();
}
