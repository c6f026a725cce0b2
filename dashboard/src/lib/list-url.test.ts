import { describe, expect, it } from 'vitest';
import { validateListSearch } from './list-search';
import { dayParam, idParam, sortQuery, validateSortSearch } from './list-sort';

describe('a list’s page, search and order in the URL', () => {
  it('keeps page 1 and an empty search out of the URL', () => {
    expect(validateListSearch({})).toEqual({ page: undefined, search: undefined });
    expect(validateListSearch({ page: '1', search: '   ' })).toEqual({ page: undefined, search: undefined });
  });

  it('reads a page typed in the address bar and refuses nonsense', () => {
    expect(validateListSearch({ page: '3' }).page).toBe(3);
    for (const page of ['-2', '2.5', 'abc', 0]) expect(validateListSearch({ page }).page).toBeUndefined();
  });

  it('trims the search and cuts it at 100 characters; a number typed is a search', () => {
    expect(validateListSearch({ search: '  dupont ' }).search).toBe('dupont');
    expect(validateListSearch({ search: 'x'.repeat(150) }).search).toHaveLength(100);
    expect(validateListSearch({ search: 2024 }).search).toBe('2024');
  });

  it('keeps a sort column and direction only together, and only the page sizes offered', () => {
    expect(validateSortSearch({ sort: 'price', dir: 'desc', size: '50' })).toEqual({ sort: 'price', dir: 'desc', size: 50 });
    expect(validateSortSearch({ dir: 'desc' })).toEqual({ sort: undefined, dir: undefined, size: undefined });
    expect(validateSortSearch({ sort: 'price; DROP', size: '37' })).toEqual({ sort: undefined, dir: undefined, size: undefined });
  });

  it('speaks the API’s names: ascending by default, the list’s own page size otherwise', () => {
    expect(sortQuery({ sort: 'name' }, 10)).toEqual({ sort: 'name', direction: 'asc', per_page: 10 });
    expect(sortQuery({ size: 100 }, 10)).toEqual({ sort: undefined, direction: undefined, per_page: 100 });
  });

  it('reads days and ids of facets, nothing else', () => {
    expect(dayParam('2026-01-31')).toBe('2026-01-31');
    expect(dayParam('31/01/2026')).toBeUndefined();
    expect(idParam('3')).toBe(3);
    expect(idParam('0')).toBeUndefined();
  });
});
