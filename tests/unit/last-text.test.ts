import { describe, expect, it } from 'vitest';
import { builtinCompiled } from '../../src/matchers/compiled-register.js';
import { namesRequest } from '../../src/matchers/http-clients.js';
import { rememberLast } from '../../src/util/last-text.js';

/**
 * The gates take several text tests of one module's text in a row; those that share a scan remember
 * their last answer. A remembered answer must never be another text's.
 */

describe('rememberLast', () => {
  it('scans a text once while it is asked in a row, and again for every other text', () => {
    const scanned: string[] = [];
    const namesGlean = rememberLast((text) => {
      scanned.push(text);
      return text.includes('glean');
    });
    expect([namesGlean('a glean URL'), namesGlean('a glean URL'), namesGlean('plain'), namesGlean('a glean URL')]).toEqual([true, true, false, true]);
    expect(scanned).toEqual(['a glean URL', 'plain', 'a glean URL']);
  });

  it('compares texts, not only identities: an equal text built anew gets the same answer without a scan', () => {
    let scans = 0;
    const test = rememberLast((text) => {
      scans += 1;
      return text.length > 3;
    });
    expect(test(['ab', 'cd'].join(''))).toBe(true);
    expect(test(['a', 'bcd'].join(''))).toBe(true);
    expect(scans).toBe(1);
  });
});

describe('the register’s remembered text tests', () => {
  const GLEAN = "fetch('https://acme-be.glean.com/rest/api/v1/listanswers', { method: 'POST' })";
  const SPLIT = "const ANSWERS = '/listanswers'; post('/rest/api/v1' + ANSWERS)";
  const PLAIN = "fetch('https://api.example.com/v1/embeddings')";
  const NOTHING = 'export const answer = 42;';

  it('answer each text for itself when texts alternate (the URL test asks the segment test first)', () => {
    const asked = [GLEAN, PLAIN, SPLIT, NOTHING, GLEAN, NOTHING, SPLIT, PLAIN];
    expect(asked.map((text) => builtinCompiled.mightNameUrl(text))).toEqual([true, false, true, false, true, false, true, false]);
    expect(asked.map((text) => builtinCompiled.mightNameSegment(text))).toEqual([true, false, true, false, true, false, true, false]);
    // Asked in the other order for each text: the segment test first, then the URL test.
    expect(asked.map((text) => [builtinCompiled.mightNameSegment(text), builtinCompiled.mightNameUrl(text)])).toEqual(
      asked.map((text) => (text === PLAIN || text === NOTHING ? [false, false] : [true, true])),
    );
  });

  it('the request-client test too', () => {
    expect([GLEAN, NOTHING, PLAIN, NOTHING].map(namesRequest)).toEqual([true, false, true, false]);
  });
});
