import { describe, expect, it } from '@jest/globals';
import { normalizeSearch } from './search-text.js';
import { trigramsOf } from './search-trigrams.js';

describe('trigramsOf', () => {
  it('cuts every sequence of three characters once, in order of first appearance', () => {
    expect(trigramsOf('pompe')).toEqual(['pom', 'omp', 'mpe']);
    expect(trigramsOf('aaaaa')).toEqual(['aaa']);
    expect(trigramsOf('e 12')).toEqual(['e 1', ' 12']);
  });

  it('has nothing to cut in a term shorter than three characters', () => {
    expect(trigramsOf('')).toEqual([]);
    expect(trigramsOf('ab')).toEqual([]);
  });

  it('counts characters as the databases do: an emoji or an ideogram is one character, not two UTF-16 units', () => {
    expect(trigramsOf('a💧bc')).toEqual(['a💧b', '💧bc']);
    expect(trigramsOf('水泵站')).toEqual(['水泵站']);
  });

  it('works on the normalised term, where accents and capitals are gone', () => {
    expect(trigramsOf(normalizeSearch('ÉLEC'))).toEqual(['ele', 'lec']);
  });
});
