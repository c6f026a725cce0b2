import type { Test } from 'supertest';
import * as fx from '../../backoffice/fixtures.js';
import { png } from '../../backoffice/images.js';
import { ProductDatasheet } from '../../../src/catalogue/entities/product-datasheet.entity.js';
import { renderDatasheetPdf } from '../../../src/seed/demo-datasheet.js';
import type { MatrixContext, MatrixRow } from '../matrix-row.js';

/**
 * Back-office management: dashboard home, articles, media, brands, categories, currencies, products,
 * stock entries, orders, clients, global search.
 */
export const publicRoutes: string[] = [];

/**
 * Any signed-in user: the summary counts and the search results are filtered by the user's view
 * rights; the editor's uploads check "blog create OR blog edit" in a guard of their own (tested in
 * test/backoffice/articles-media.e2e-spec.ts).
 */
export const signedInRoutes: string[] = [
  'GET /api/dashboard/summary',
  'GET /api/search',
  'POST /api/upload-media',
  'POST /api/upload-image',
];

const IMAGE = await png(64, 48);
const DATASHEET = await renderDatasheetPdf({ name: 'Produit matrice', reference: 'MAT-1', specs: [] });
const EDITOR_JSON = JSON.stringify({ time: 1, blocks: [{ type: 'paragraph', data: { text: 'Bonjour' } }], version: '2.30.0' });

const CLIENT = (email: string) => ({
  company_name: 'Société Matrice',
  company_email: email,
  company_phone: '+228 22 00 00 00',
  company_address: 'Lomé',
  representative_name: 'Ama Koffi',
  representative_phone: '+228 90 00 00 00',
  representative_email: 'ama@exemple.tg',
});

const productFields = (req: Test, vars: Record<string, string | number>) =>
  req
    .field('name', 'Produit matrice')
    .field('reference', 'MAT-1')
    .field('stock', '3')
    .field('price', '100')
    .field('brand_id', String(vars.brand))
    .field('category_id', String(vars.category))
    .field('currency_id', String(vars.currency))
    .field('description', 'Produit de la matrice.');

const productSetup = async ({ t }: MatrixContext) => {
  const refs = await fx.refs(t);
  const product = await fx.product(t, refs);
  return { id: product.id, brand: refs.brand.id, category: refs.category.id, currency: refs.currency.id };
};

const orderSetup = async ({ t }: MatrixContext) => {
  const product = await fx.product(t, await fx.refs(t), { stock: 10 });
  return { id: (await fx.order(t, [{ product, quantity: 1 }])).id };
};

const stockFields = (req: Test) =>
  req.field('name', 'Entrée matrice').field('price', '10').field('quantity', '2').field('manufacture_date', '2024-01-01');

export const rows: MatrixRow[] = [
  // dashboard home
  { method: 'GET', route: '/api/latest-blog', category: 'blog', right: 'view', expectAllowed: [200] },
  { method: 'GET', route: '/api/latest-order', category: 'orders', right: 'view', expectAllowed: [200] },

  // articles and media
  { method: 'GET', route: '/api/blog', category: 'blog', right: 'view', expectAllowed: [200] },
  {
    method: 'GET',
    route: '/api/blog/:id',
    category: 'blog',
    right: 'view',
    setup: async ({ t }) => ({ id: (await fx.article(t)).id }),
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/blog/create',
    category: 'blog',
    right: 'create',
    send: (req) =>
      req
        .field('title', 'Article de la matrice')
        .field('content', EDITOR_JSON)
        .field('status', 'Brouillon')
        .attach('image', IMAGE, 'cover.png'),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/blog/:id/update',
    category: 'blog',
    right: 'edit',
    setup: async ({ t }) => ({ id: (await fx.article(t, { image: 'articles/existant.png' })).id }),
    send: (req) =>
      req.field('_method', 'PUT').field('title', 'Titre modifié').field('content', EDITOR_JSON).field('status', 'Brouillon'),
    expectAllowed: [200],
  },
  {
    method: 'DELETE',
    route: '/api/blog/:id/delete',
    category: 'blog',
    right: 'delete',
    setup: async ({ t }) => ({ id: (await fx.article(t)).id }),
    expectAllowed: [200],
  },
  { method: 'GET', route: '/api/media', category: 'blog', right: 'view', expectAllowed: [200] },
  {
    method: 'DELETE',
    route: '/api/media/:id',
    category: 'blog',
    right: 'delete',
    setup: async ({ t }) => ({ id: (await fx.media(t)).id }),
    expectAllowed: [200],
  },

  // brands
  { method: 'GET', route: '/api/brands', category: 'shop', right: 'view', expectAllowed: [200] },
  {
    method: 'POST',
    route: '/api/brands/create',
    category: 'shop',
    right: 'create',
    send: (req) =>
      req
        .field('name', 'Marque matrice')
        .field('representative', 'R')
        .field('description', 'D')
        .attach('image', IMAGE, 'logo.png'),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/brands/:id/update',
    category: 'shop',
    right: 'edit',
    setup: async ({ t }) => ({ id: (await fx.brand(t, { image: 'brands/existant.png' })).id }),
    send: (req) =>
      req.field('_method', 'PUT').field('name', 'Marque modifiée').field('representative', 'R').field('description', 'D'),
    expectAllowed: [200],
  },
  {
    method: 'DELETE',
    route: '/api/brands/:id/delete',
    category: 'shop',
    right: 'delete',
    setup: async ({ t }) => ({ id: (await fx.brand(t)).id }),
    expectAllowed: [200],
  },

  // categories and currencies
  { method: 'GET', route: '/api/category', category: 'shop', right: 'view', expectAllowed: [200] },
  {
    method: 'POST',
    route: '/api/category/create',
    category: 'shop',
    right: 'create',
    send: (req) => req.field('designation', 'Catégorie matrice').field('description', 'D'),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/category/:id/update',
    category: 'shop',
    right: 'edit',
    setup: async ({ t }) => ({ id: (await fx.category(t)).id }),
    send: (req) => req.field('_method', 'PUT').field('designation', 'Catégorie modifiée').field('description', 'D'),
    expectAllowed: [200],
  },
  {
    method: 'DELETE',
    route: '/api/category/:id/delete',
    category: 'shop',
    right: 'delete',
    setup: async ({ t }) => ({ id: (await fx.category(t)).id }),
    expectAllowed: [200],
  },
  { method: 'GET', route: '/api/currencies', category: 'shop', right: 'view', expectAllowed: [200] },

  // products
  {
    method: 'POST',
    route: '/api/product/create',
    category: 'shop',
    right: 'create',
    setup: productSetup,
    send: (req, vars) => productFields(req, vars).attach('images[0]', IMAGE, 'produit.png'),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/product/:id/update',
    category: 'shop',
    right: 'edit',
    setup: productSetup,
    send: (req, vars) => productFields(req.field('_method', 'PUT'), vars),
    expectAllowed: [200],
  },
  {
    method: 'DELETE',
    route: '/api/product/:id/delete',
    category: 'shop',
    right: 'delete',
    setup: productSetup,
    expectAllowed: [200],
  },
  {
    method: 'PATCH',
    route: '/api/product/:id/add-spotlight',
    category: 'shop',
    right: 'edit',
    setup: productSetup,
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/product/:id/datasheets',
    category: 'shop',
    right: 'edit',
    setup: productSetup,
    send: (req) => req.field('title', 'Fiche matrice').attach('file', DATASHEET, 'fiche.pdf'),
    expectAllowed: [201],
  },
  {
    method: 'DELETE',
    route: '/api/product/:id/datasheets/:datasheetId',
    category: 'shop',
    right: 'edit',
    setup: async (ctx) => {
      const vars = await productSetup(ctx);
      const sheet = await ctx.t.dataSource
        .getRepository(ProductDatasheet)
        .save({ product_id: vars.id, title: 'Fiche matrice', path: 'datasheets/matrice.pdf', size: 10, position: 0 });
      return { ...vars, datasheetId: sheet.id };
    },
    expectAllowed: [200],
  },

  // stock entries
  { method: 'GET', route: '/api/stock', category: 'stock', right: 'view', expectAllowed: [200] },
  {
    method: 'POST',
    route: '/api/stock/create',
    category: 'stock',
    right: 'create',
    send: (req) => stockFields(req).attach('image', IMAGE, 'entree.png'),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/stock/:id/update',
    category: 'stock',
    right: 'edit',
    setup: async ({ t }) => ({ id: (await fx.stockEntry(t, { image: 'stock/existant.png' })).id }),
    send: (req) => stockFields(req.field('_method', 'PUT')),
    expectAllowed: [200],
  },
  {
    method: 'DELETE',
    route: '/api/stock/:id/delete',
    category: 'stock',
    right: 'delete',
    setup: async ({ t }) => ({ id: (await fx.stockEntry(t)).id }),
    expectAllowed: [200],
  },
  // stock filters, alerts and valuation (stock-insights)
  { method: 'GET', route: '/api/stock/products', category: 'stock', right: 'view', expectAllowed: [200] },
  { method: 'GET', route: '/api/stock/alerts', category: 'stock', right: 'view', expectAllowed: [200] },
  { method: 'GET', route: '/api/stock/valuation', category: 'stock', right: 'view', expectAllowed: [200] },
  { method: 'GET', route: '/api/stock/valuation/history', category: 'stock', right: 'view', expectAllowed: [200] },
  // Without a format: 422 for the user holding the right (the export itself is in stock-insights.e2e-spec.ts).
  { method: 'GET', route: '/api/stock/valuation/export', category: 'stock', right: 'view' },
  // a product's movements and lots (stock keeper)
  {
    method: 'GET',
    route: '/api/stock/products/:id/movements',
    category: 'stock',
    right: 'view',
    setup: productSetup,
    expectAllowed: [200],
  },
  {
    method: 'GET',
    route: '/api/stock/products/:id/lots',
    category: 'stock',
    right: 'view',
    setup: productSetup,
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/stock/products/:id/adjustments',
    category: 'stock',
    right: 'edit',
    setup: async ({ t }) => {
      const product = await fx.product(t, await fx.refs(t));
      return { id: product.id, version: product.version };
    },
    send: (req, vars) => req.send({ delta: 1, reason: 'autre', comment: 'Matrice', version: vars.version }),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/stock/products/:id/write-off-expired',
    category: 'stock',
    right: 'edit',
    setup: productSetup,
    send: (req) => req.send({}),
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/stock/inventory-counts/preview',
    category: 'stock',
    right: 'edit',
    setup: productSetup,
    send: (req, vars) => req.send({ counts: [{ product_id: vars.id, counted: 4 }] }),
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/stock/inventory-counts/apply',
    category: 'stock',
    right: 'edit',
    setup: productSetup,
    send: (req, vars) => req.send({ counts: [{ product_id: vars.id, counted: 4 }] }),
    expectAllowed: [200],
  },

  // orders
  { method: 'GET', route: '/api/order', category: 'orders', right: 'view', expectAllowed: [200] },
  { method: 'GET', route: '/api/order/list', category: 'orders', right: 'view', expectAllowed: [200] },
  { method: 'GET', route: '/api/order/:id', category: 'orders', right: 'view', setup: orderSetup, expectAllowed: [200] },
  {
    method: 'PUT',
    route: '/api/order/:id/status',
    category: 'orders',
    right: 'edit',
    setup: orderSetup,
    send: (req) => req.send({ status: 'canceled' }),
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/order/:id/status/undo',
    category: 'orders',
    right: 'edit',
    setup: orderSetup,
    // Nothing to take back on a fresh order: allowed through, answered 409.
    expectAllowed: [409],
  },
  {
    method: 'DELETE',
    route: '/api/order/:id/delete',
    category: 'orders',
    right: 'delete',
    setup: orderSetup,
    expectAllowed: [200],
  },

  // clients
  { method: 'GET', route: '/api/customer', category: 'orders', right: 'view', expectAllowed: [200] },
  {
    method: 'GET',
    route: '/api/customer/:id',
    category: 'orders',
    right: 'view',
    setup: async ({ t }) => ({ id: (await fx.customer(t)).id }),
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/customer/create',
    category: 'orders',
    right: 'create',
    setup: async ({ unique }) => ({ email: `client.${unique()}@exemple.tg` }),
    send: (req, vars) => req.send(CLIENT(String(vars.email))),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/customer/:id/update',
    category: 'orders',
    right: 'edit',
    setup: async ({ t, unique }) => ({ id: (await fx.customer(t)).id, email: `client.${unique()}@exemple.tg` }),
    send: (req, vars) => req.send({ ...CLIENT(String(vars.email)), _method: 'PUT' }),
    expectAllowed: [200],
  },
  {
    method: 'DELETE',
    route: '/api/customer/:id/delete',
    category: 'orders',
    right: 'delete',
    setup: async ({ t }) => ({ id: (await fx.customer(t)).id }),
    expectAllowed: [200],
  },
];
