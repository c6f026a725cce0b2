import { describe, expect, it } from '@jest/globals';
import { normalizeSearch, searchTextOf } from './search-text.js';

describe('normalizeSearch', () => {
  it('folds case, accents and ligatures the same way for every spelling', () => {
    for (const typed of ['Électrogène', 'ÉLECTROGÈNE', 'électrogène', 'electrogene', 'ELECTROGENE'])
      expect(normalizeSearch(typed)).toBe('electrogene');
    expect(normalizeSearch('Œuvre')).toBe('oeuvre');
    expect(normalizeSearch('œuvre')).toBe('oeuvre');
    expect(normalizeSearch('Façade Ç')).toBe('facade c');
    expect(normalizeSearch('  Groupe\t électrogène\n ')).toBe('groupe electrogene');
    expect(normalizeSearch(undefined)).toBe('');
  });

  it('keeps the fields apart so that a term never matches across two of them', () => {
    const text = searchTextOf(['Grue', 'Tour']);
    expect(text).toBe('grue\ntour');
    expect(text.includes(normalizeSearch('grue tour'))).toBe(false);
  });
});
