import * as fx from '../../backoffice/fixtures.js';
import { ensureCurrency } from '../../support/public-fixtures.js';
import type { MatrixContext, MatrixRow } from '../matrix-row.js';

/** Quote requests in any currency: exchange rates (admin), the devis PDF and reservation holds (orders). */
export const publicRoutes: string[] = ['GET /api/exchange-rates', 'POST /api/order/estimate', 'GET /api/order-confirmation'];
export const signedInRoutes: string[] = [];

const orderSetup = async ({ t }: MatrixContext) => {
  const product = await fx.product(t, await fx.refs(t), { stock: 10 });
  return { id: (await fx.order(t, [{ product, quantity: 1 }])).id };
};

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/exchange-rate', category: 'admin', right: 'view', expectAllowed: [200] },
  {
    method: 'POST',
    route: '/api/exchange-rate',
    category: 'admin',
    right: 'edit',
    // A rate is only for a currency the catalogue uses.
    setup: async ({ t }) => void (await ensureCurrency(t.dataSource, 'Dollar')),
    send: (req) => req.send({ currency_code: 'USD', rate: '605.5' }),
    expectAllowed: [200, 201],
  },
  {
    method: 'GET',
    route: '/api/order/:id/devis.pdf',
    category: 'orders',
    right: 'view',
    setup: orderSetup,
    expectAllowed: [200],
  },
  {
    method: 'GET',
    route: '/api/order/:id/history',
    category: 'orders',
    right: 'view',
    setup: orderSetup,
    expectAllowed: [200],
  },
  {
    method: 'PUT',
    route: '/api/order/:id/hold',
    category: 'orders',
    right: 'edit',
    setup: orderSetup,
    send: (req) => req.send({ days: 7 }),
    expectAllowed: [200],
  },
  {
    method: 'PUT',
    route: '/api/order/:id/hold/release',
    category: 'orders',
    right: 'edit',
    setup: orderSetup,
    send: (req) => req.send({}),
    expectAllowed: [200],
  },
  {
    method: 'PUT',
    route: '/api/order/:id/hold/reserve',
    category: 'orders',
    right: 'edit',
    // A pending request holds its stock already: allowed staff get the 409 that says why.
    setup: orderSetup,
    send: (req) => req.send({}),
    expectAllowed: [409],
  },
];
