import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { programIncludesSdk } from '../../src/uses/typed-fields.js';

/**
 * Type-aware matching asks the type checker only in programs that hold the SDK's files: elsewhere no
 * type can be an SDK model, and each question would create types for nothing.
 */

const options: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true };
const scratch = mkdtempSync(join(tmpdir(), 'glean-typed-prefilter-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('programIncludesSdk', () => {
  it('is true for a program whose files import the SDK (the typed fixture project)', () => {
    const file = fileURLToPath(new URL('../../fixtures/typed/announcement-builder.ts', import.meta.url));
    expect(programIncludesSdk(ts.createProgram([file], options))).toBe(true);
  });

  it('is false for a program that names deprecated fields on its own types but never imports the SDK', () => {
    const file = join(scratch, 'search.ts');
    writeFileSync(file, 'type Hit = { snippet: string; isNegated: boolean };\nexport const first = (hits: Hit[]) => hits[0]?.snippet;\n');
    expect(programIncludesSdk(ts.createProgram([file], options))).toBe(false);
  });
});
