import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from './lint-project.js';

/**
 * Every TypeScript fixture project compiles with its own tsconfig.json against the installed SDK, as
 * its authors would build it: what the project tests lint is code that type-checks, and a fixed output
 * that stops compiling is the fix's fault.
 */

function tsconfigs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsconfigs(path);
    return entry.name === 'tsconfig.json' ? [path] : [];
  });
}

function diagnostics(tsconfig: string): string[] {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic: ts.Diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')); } };
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, host)!;
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });
  const all = [...parsed.errors, ...ts.getPreEmitDiagnostics(program)];
  return all.map((diagnostic) => {
    const where = diagnostic.file ? `${relative(PROJECTS, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1} ` : '';
    return `${where}TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

const projects = tsconfigs(PROJECTS).map((tsconfig) => relative(PROJECTS, dirname(tsconfig))).sort();

describe('TypeScript fixture projects compile', () => {
  it('finds every TypeScript project', () => {
    expect(projects).toEqual([
      'dlp-admin',
      'express-proxy',
      'http-clients',
      'monorepo/apps/bot',
      'monorepo/packages/glean-client',
      'next-app',
      'ops-cli',
      'readme-client',
      'router-app',
      'sdk-service',
      'vue-app',
    ]);
  });

  it.each(projects)('%s has no diagnostics', (project) => {
    const tsconfig = join(PROJECTS, project, 'tsconfig.json');
    expect(diagnostics(tsconfig)).toEqual([]);
    // The project's files are all in the program (an empty `include` would pass trivially).
    expect(ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!.fileNames.length).toBeGreaterThan(0);
  });
});
