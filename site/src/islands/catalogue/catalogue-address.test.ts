import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from '../../lib/catalogue-query';
import { badAmount, readAddress, writeAddress } from './catalogue-address';

describe('the catalogue address', () => {
  it('reads how many products a shared link shows, from the first 12 up to 500', () => {
    expect(readAddress('', 'XOF').limit).toBe(12);
    expect(readAddress('?affiches=16', 'XOF').limit).toBe(16);
    expect(readAddress('?affiches=9000', 'XOF').limit).toBe(500);
    expect(readAddress('?affiches=4', 'XOF').limit).toBe(12);
    expect(readAddress('?affiches=deux', 'XOF').limit).toBe(12);
  });

  it('writes the number shown only beyond the first 12 and keeps the filters of a link it reads', () => {
    const { filters } = readAddress('?recherche=pompe&tri=prix_asc&marque=3&marque=5', 'XOF');
    expect(filters.recherche).toBe('pompe');
    expect(filters.marque).toEqual(['3', '5']);
    const more = writeAddress('https://shop.test/catalogue?affiches=16', filters, 20);
    expect(more.searchParams.get('affiches')).toBe('20');
    expect(readAddress(more.search, 'XOF').filters).toEqual(filters);
    expect(writeAddress(more.href, DEFAULT_FILTERS, 12).search).toBe('');
  });

  it('tells a price typed wrong from an empty one', () => {
    expect(badAmount('')).toBe(false);
    expect(badAmount(' 45000 ')).toBe(false);
    expect(badAmount('69,70')).toBe(false);
    expect(badAmount('12abc')).toBe(true);
    expect(badAmount('1.234')).toBe(true);
  });
});
