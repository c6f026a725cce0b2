import { describe, expect, it } from '@jest/globals';
import { createValidationPipe } from '../core/errors/validation.pipe.js';
import { ValidationFailed } from '../core/errors/api-error.js';
import { ProductFilterQueryDto } from './dto/public-catalogue.dto.js';
import { readFilterQuery } from './filter-query.js';

/** What Nest's validation pipe makes of the query: the DTO's values, or null when it answers a 422. */
async function byPipe(raw: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  try {
    const dto = await createValidationPipe().transform(raw, { type: 'query', metatype: ProductFilterQueryDto });
    return JSON.parse(JSON.stringify(dto)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ValidationFailed) return null;
    throw error;
  }
}

const queries: Record<string, unknown>[] = [
  {},
  { category: 'all', sort: 'recent', limit: '12' },
  { category: ' 4 ', tri: 'prix_asc', limit: '100', devise: 'xof', prix_min: '40000', prix_max: '80 000' },
  { category: '4', tri: 'nom_desc', marque: ['3', '7'], prix_min: '69,70', prix_max: '', disponibilite: 'en_stock' },
  { marque: '3, 7,', disponibilite: ' sur_commande ', devise: ' EUR ', search: '  groupe électrogène ' },
  { search: '', sort: '', tri: '', prix_min: ' ', limit: '' },
  { search: 'x'.repeat(100), limit: '007', other: 'dropped' },
  // Refused by the pipe: the fast path leaves them to it.
  { search: 'x'.repeat(101) },
  { search: ['a', 'b'] },
  { category: '' },
  { category: '0' },
  { category: ['1', '2'] },
  { category: 'tout' },
  { sort: 'prix' },
  { tri: 'Recent' },
  { marque: Array.from({ length: 51 }, (_, i) => String(i + 1)) },
  { marque: ['3', 'x'] },
  { marque: '0' },
  { prix_min: '-5' },
  { prix_max: '1.234' },
  { prix_min: ['1', '2'] },
  { disponibilite: 'oui' },
  { devise: 'EURO' },
  { devise: ['EUR'] },
  { limit: '0' },
  { limit: '1.5' },
  { limit: 'abc' },
  { limit: '-3' },
];

describe('the shop filter’s fast reading of its query', () => {
  it.each(queries.map((q) => [JSON.stringify(q).slice(0, 80), q]))('agrees with the validation pipe: %s', async (_, raw) => {
    const expected = await byPipe(raw as Record<string, unknown>);
    const read = readFilterQuery(raw as Record<string, unknown>);
    expect(read === null ? null : JSON.parse(JSON.stringify(read))).toEqual(expected);
  });

  it('reads every combination of the buyer’s filters as the pipe does', async () => {
    const sorts = ['recent', 'Populaire', 'prix_asc', 'prix_desc', 'nom_asc', 'nom_desc'];
    for (let i = 0; i < 60; i++) {
      const raw: Record<string, unknown> = {
        category: i % 3 ? String(1 + (i % 7)) : 'all',
        tri: sorts[i % 6],
        limit: String([12, 24, 36, 48, 100][i % 5]),
        devise: ['XOF', 'eur', 'USD'][i % 3],
        ...(i % 2 ? { marque: i % 4 === 1 ? String(1 + (i % 5)) : ['2', String(3 + (i % 5))] } : {}),
        ...(i % 4 === 1 ? { prix_min: String(1000 * (i % 211)) } : {}),
        ...(i % 4 === 2 ? { prix_max: `${i},5` } : {}),
        ...(i % 5 === 3 ? { disponibilite: i % 10 === 3 ? 'sur_commande' : 'en_stock' } : {}),
        ...(i % 3 === 1 ? { search: `electrogene ${i}` } : {}),
      };
      const read = readFilterQuery(raw);
      expect(read).not.toBeNull();
      expect(JSON.parse(JSON.stringify(read))).toEqual(await byPipe(raw));
    }
  });
});
