import * as fx from '../../backoffice/fixtures.js';
import type { MatrixRow } from '../matrix-row.js';

/**
 * Bulk actions (src/bulk): each route needs its list's edit right; the rows' own rights (a deletion
 * needs delete) are checked per row, tested in src/bulk/bulk.e2e-spec.ts. The undo routes are let
 * through to the service, which answers 404 for an operation that does not exist.
 */
const undoRow = (route: string, category: MatrixRow['category']): MatrixRow => ({
  method: 'POST',
  route,
  category,
  right: 'edit',
  setup: async () => ({ operation: 999_999 }),
  expectAllowed: [404],
});

export const rows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/product/bulk',
    category: 'shop',
    right: 'edit',
    setup: async ({ t }) => ({ id: (await fx.product(t, await fx.refs(t))).id }),
    send: (req, vars) => req.send({ action: 'spotlight', in_spotlight: true, ids: [vars.id] }),
    expectAllowed: [200],
  },
  undoRow('/api/product/bulk/:operation/undo', 'shop'),
  {
    method: 'POST',
    route: '/api/blog/bulk',
    category: 'blog',
    right: 'edit',
    setup: async ({ t }) => ({ id: (await fx.article(t)).id }),
    send: (req, vars) => req.send({ action: 'trash', ids: [vars.id] }),
    expectAllowed: [200],
  },
  undoRow('/api/blog/bulk/:operation/undo', 'blog'),
  {
    method: 'POST',
    route: '/api/order/bulk',
    category: 'orders',
    right: 'edit',
    setup: async ({ t }) => {
      const product = await fx.product(t, await fx.refs(t), { stock: 50 });
      return { id: (await fx.order(t, [{ product, quantity: 1 }])).id };
    },
    send: (req, vars) => req.send({ action: 'status', status: 'inprogress', ids: [vars.id] }),
    expectAllowed: [200],
  },
  undoRow('/api/order/bulk/:operation/undo', 'orders'),
];
