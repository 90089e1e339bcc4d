import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetModules, registerTextTest, textFacts } from '../../src/modules/index.js';

/**
 * The modules layer reads each module's text once and takes there the text tests registered for
 * every read; a test that is not registered is taken when asked, from the module's text, and its
 * verdict is kept with the others.
 */

const dir = mkdtempSync(join(tmpdir(), 'glean-text-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('textFacts', () => {
  it('takes a registered test at every read, and an unregistered one only when asked, once', () => {
    const glean = join(dir, 'glean.ts');
    const other = join(dir, 'other.ts');
    writeFileSync(glean, "export const BASE = 'https://acme-be.glean.com/rest/api/v1';\n");
    writeFileSync(other, "import { BASE } from './glean';\nexport const post = (path: string) => fetch(BASE + path, { method: 'POST' });\n");
    forgetModules();
    const everyRead: string[] = [];
    const whenAsked: string[] = [];
    const namesBase = (text: string): boolean => {
      everyRead.push(text);
      return text.includes('/rest/api/v1');
    };
    const sends = (text: string): boolean => {
      whenAsked.push(text);
      return text.includes('fetch(');
    };
    registerTextTest(namesBase);

    expect(textFacts(glean, namesBase)).toEqual({ marked: true, specifiers: [] });
    expect(textFacts(other, namesBase)).toEqual({ marked: false, specifiers: ['./glean'] });
    expect(everyRead).toHaveLength(2);
    expect(whenAsked).toHaveLength(0);

    expect(textFacts(other, sends)).toEqual({ marked: true, specifiers: ['./glean'] });
    expect(textFacts(glean, sends)).toEqual({ marked: false, specifiers: [] });
    expect(textFacts(other, sends)?.marked).toBe(true);
    // Each module's text was tested once by each; the registered test was not taken again.
    expect(whenAsked).toHaveLength(2);
    expect(everyRead).toHaveLength(2);

    forgetModules();
    expect(textFacts(other, sends)?.marked).toBe(true);
    expect(whenAsked).toHaveLength(3);
  });
});
