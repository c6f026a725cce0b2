import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from '../../lib/catalogue-query';
import { badAmount, readAddress, withFieldChanges, writeAddress } from './catalogue-address';

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

  it('takes from the form what the visitor changed before the island hydrated, the address for the rest', () => {
    // The form as the page was sent (every field at its default) plus a search typed, a brand ticked,
    // a price mistyped.
    const fields = new URLSearchParams(
      'categorie=all&tri=recent&recherche=pompe&marque=5&prix_min=&prix_max=12abc&disponibilite=&devise=XOF',
    );
    const { filters } = readAddress('?tri=prix_asc&devise=EUR', 'XOF');
    expect(withFieldChanges(filters, fields)).toEqual({
      ...DEFAULT_FILTERS,
      tri: 'prix_asc',
      devise: 'EUR',
      recherche: 'pompe',
      marque: ['5'],
      prix_max: '12abc',
    });
    // Nothing changed: the address (and the currency chosen earlier) as they were.
    const untouched = new URLSearchParams('categorie=all&tri=recent&recherche=&prix_min=&prix_max=&disponibilite=&devise=XOF');
    expect(withFieldChanges(filters, untouched)).toEqual(filters);
  });
});
