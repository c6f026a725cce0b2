import type { MatrixRow } from '../matrix-row.js';

/**
 * The lists as files, each with its list's view right: the one allowed gets the file (200); the
 * contents are tested in src/list-exports/list-exports.e2e-spec.ts.
 */
const exportRow = (route: string, category: MatrixRow['category'], format: 'csv' | 'xlsx'): MatrixRow => ({
  method: 'GET',
  route,
  category,
  right: 'view',
  send: (request) => request.query({ format }),
  expectAllowed: [200],
});

export const rows: MatrixRow[] = [
  exportRow('/api/product/export', 'shop', 'csv'),
  exportRow('/api/order/export', 'orders', 'csv'),
  exportRow('/api/customer/export', 'orders', 'xlsx'),
  exportRow('/api/stock/export', 'stock', 'xlsx'),
  exportRow('/api/blog/export', 'blog', 'csv'),
  exportRow('/api/brands/export', 'shop', 'xlsx'),
  exportRow('/api/category/export', 'shop', 'csv'),
  exportRow('/api/admin/export', 'admin', 'csv'),
  exportRow('/api/audit/export', 'admin', 'xlsx'),
];
