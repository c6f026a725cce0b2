import { describe, expect, it } from 'vitest';
import { exportHref } from './export-menu';

describe('« Exporter »: the list’s URL as the export’s query', () => {
  it('keeps search, facets and order in the API’s names, and leaves out size and display', () => {
    const href = exportHref('/api/order/export', 'xlsx', 'élan', {
      sort: 'total',
      dir: 'desc',
      size: 50,
      vue: 'lignes',
      status: 'pending',
      currency: undefined,
      from: '',
    });
    const url = new URL(href, 'https://comptoir.example');
    expect(url.pathname).toBe('/api/order/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'xlsx',
      search: 'élan',
      sort: 'total',
      direction: 'desc',
      status: 'pending',
    });
  });

  it('sends no direction without a sort (the list’s default order)', () => {
    expect(exportHref('/api/product/export', 'csv', '', { brand_id: 3 })).toBe('/api/product/export?format=csv&brand_id=3');
  });
});
