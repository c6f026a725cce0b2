import type { MatrixRow } from '../matrix-row.js';

/** The public side: what the static site and its islands read, and the three forms visitors send. */
export const publicRoutes: string[] = [
  'GET /api/article',
  'GET /api/article/others/:id',
  'GET /api/showBySlug/:slug',
  'GET /api/categories',
  'GET /api/product',
  'GET /api/product/:id',
  'GET /api/products/filter',
  'GET /api/products/brand-counts',
  'GET /api/catalogue',
  'POST /api/order/create',
  'POST /api/contact',
  'POST /api/newsletter',
  'GET /api/newsletter/confirm',
  'GET /api/newsletter/unsubscribe',
  'POST /api/newsletter/unsubscribe',
];
export const signedInRoutes: string[] = [];
export const rows: MatrixRow[] = [];
