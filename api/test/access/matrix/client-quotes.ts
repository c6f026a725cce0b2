import { Order } from '../../../src/orders/entities/order.entity.js';
import { QuoteVersionsService, createFirstVersion } from '../../../src/quotes/quote-versions.service.js';
import * as fx from '../../backoffice/fixtures.js';
import type { MatrixContext, MatrixRow } from '../matrix-row.js';

/** Quote versions (staff, permission `quotes`) and the client's page without an account (public, token in the body). */
export const publicRoutes: string[] = [
  'POST /api/client/order',
  'POST /api/client/orders',
  'POST /api/client/order/pdf',
  'POST /api/client/order/message',
  'POST /api/client/order/accept',
  'POST /api/client/order/decline',
  'POST /api/client/orders-link',
];
export const signedInRoutes: string[] = [];

/** A pending request with its version 1 (as the public order form makes it). */
const quoted = async ({ t }: MatrixContext) => {
  const product = await fx.product(t, await fx.refs(t), { stock: 10 });
  const order = await fx.order(t, [{ product, quantity: 1 }]);
  const full = await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id });
  const v1 = await createFirstVersion(
    t.dataSource.manager,
    full,
    [{ product, quantity: 1, price: product.price, currency_code: 'XOF' }],
    30,
    false,
  );
  return { id: order.id, v1: v1.id, productId: product.id, price: product.price };
};

/** The same with version 2 as a draft. */
const drafted = async (ctx: MatrixContext) => {
  const vars = await quoted(ctx);
  const quote = await ctx.t.app
    .get(QuoteVersionsService)
    .revise(vars.id, { userId: 1, sessionId: 'matrix', permissions: {} as never });
  return { ...vars, versionId: quote.current_id! };
};

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/order/:id/quote', category: 'quotes', right: 'view', setup: quoted, expectAllowed: [200] },
  {
    method: 'POST',
    route: '/api/order/:id/quote/revise',
    category: 'quotes',
    right: 'create',
    setup: quoted,
    send: (req) => req.send({}),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/order/:id/quote/versions/:versionId/update',
    category: 'quotes',
    right: 'edit',
    setup: drafted,
    send: (req, vars) =>
      req.send({ lines: [{ product_id: vars.productId, quantity: 2, unit_price: String(vars.price), discount_bp: 500 }] }),
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/order/:id/quote/versions/:versionId/send',
    category: 'quotes',
    right: 'edit',
    setup: drafted,
    send: (req) => req.send({}),
    expectAllowed: [200],
  },
  {
    method: 'GET',
    route: '/api/order/:id/quote/versions/:versionId/pdf',
    category: 'quotes',
    right: 'view',
    setup: async (ctx) => {
      const vars = await quoted(ctx);
      return { ...vars, versionId: vars.v1 };
    },
    expectAllowed: [200],
  },
  {
    method: 'GET',
    route: '/api/order/:id/purchase-order.pdf',
    category: 'quotes',
    right: 'view',
    setup: quoted,
    expectAllowed: [404],
  },
  {
    method: 'POST',
    route: '/api/order/:id/messages',
    category: 'quotes',
    right: 'edit',
    setup: quoted,
    send: (req) => req.send({ body: 'Bonjour, le délai est de 5 jours.' }),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/order/:id/client-links/revoke',
    category: 'quotes',
    right: 'edit',
    setup: quoted,
    send: (req) => req.send({}),
    expectAllowed: [200],
  },
];
