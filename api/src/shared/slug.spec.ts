import { describe, expect, it } from '@jest/globals';
import { firstFreeSlug, slugify } from './slug.js';

describe('slugify', () => {
  it('lowercases, removes accents and turns other characters into single dashes', () => {
    expect(slugify('Électricité : les Groupes électrogènes de 2024 !')).toBe('electricite-les-groupes-electrogenes-de-2024');
    expect(slugify('  Œuvre   &  sécurité  ')).toBe('oeuvre-securite');
    expect(slugify("L'été à Lomé")).toBe('l-ete-a-lome');
  });

  it('falls back to "article" when nothing usable remains', () => {
    expect(slugify('!!! ???')).toBe('article');
    expect(slugify('日本語')).toBe('article');
  });

  it('keeps long slugs within the column, without a trailing dash', () => {
    const slug = slugify(`${'mot '.repeat(100)}fin`);
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('firstFreeSlug', () => {
  it('suffixes -2, -3 ... until the slug is free', () => {
    expect(firstFreeSlug('pompe', new Set())).toBe('pompe');
    expect(firstFreeSlug('pompe', new Set(['pompe']))).toBe('pompe-2');
    expect(firstFreeSlug('pompe', new Set(['pompe', 'pompe-2', 'pompe-3']))).toBe('pompe-4');
  });
});
