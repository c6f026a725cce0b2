import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { gzipAnswer } from './answer-gzip.js';

/** JSON of `n` cards, different for each seed (what the shop's filter answers). */
const cards = (n: number, seed: number) =>
  JSON.stringify({
    products: Array.from({ length: n }, (_, i) => ({ id: seed * 1000 + i, name: `Pompe ${(i * 2654435761) % 997}` })),
  });

describe('answers gzipped by a kept stream (gzipAnswer)', () => {
  it('each answer is a whole gzip member that any client inflates to exactly that answer, one after the other', () => {
    const answers = [cards(40, 1), cards(3, 2), '', cards(200, 3), cards(40, 1)];
    const gzipped = answers.map((text) => gzipAnswer(Buffer.from(text), 1));
    expect(gzipped.map((gzip) => gunzipSync(gzip).toString('utf8'))).toEqual(answers);
    // The same answer twice gives the same bytes: the stream starts afresh each time.
    expect(gzipped[4].equals(gzipped[0])).toBe(true);
    // Same bytes as zlib's one-shot gzip at that level.
    expect(gzipped[3].equals(gzipSync(answers[3], { level: 1 }))).toBe(true);
  });

  it('keeps one stream per level, and takes text as well as bytes', () => {
    const text = cards(300, 4);
    const fast = gzipAnswer(text, 1);
    const best = gzipAnswer(text, 9);
    expect(best.length).toBeLessThan(fast.length);
    expect(gunzipSync(fast).toString('utf8')).toBe(text);
    expect(gunzipSync(best).toString('utf8')).toBe(text);
    expect(gunzipSync(gzipAnswer(text)).equals(gunzipSync(gzipSync(text)))).toBe(true);
  });

  it('an answer whose gzip spans several output chunks comes back whole, and leaves none to the next', () => {
    // Random bytes do not compress: 100 KB of output, several of zlib's 16 KB chunks.
    const noise = randomBytes(100_000);
    const gzip = gzipAnswer(noise, 1);
    expect(gunzipSync(gzip).equals(noise)).toBe(true);
    const next = cards(10, 5);
    expect(gunzipSync(gzipAnswer(next, 1)).toString('utf8')).toBe(next);
  });

  it('an answer given back is not overwritten by the next one (the stream reuses its output buffer)', () => {
    const first = cards(20, 6);
    const gzip = gzipAnswer(first, 1);
    const copy = Buffer.from(gzip);
    for (let seed = 7; seed < 20; seed++) gzipAnswer(cards(20, seed), 1);
    expect(gzip.equals(copy)).toBe(true);
    expect(gunzipSync(gzip).toString('utf8')).toBe(first);
  });
});
