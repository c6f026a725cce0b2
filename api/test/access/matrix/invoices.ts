import * as fx from '../../backoffice/fixtures.js';
import type { MatrixContext, MatrixRow } from '../matrix-row.js';

/**
 * Invoices (`invoices`: view lists, reads, prints and exports; create issues; delete issues a credit
 * note, the only way to undo an invoice) and payments (`payments`: create, delete).
 */
export const publicRoutes: string[] = ['POST /api/client/order/invoice-pdf'];
export const signedInRoutes: string[] = [];

/** A confirmed order of 3 units, not invoiced yet. */
async function confirmed({ t }: MatrixContext) {
  const product = await fx.product(t, await fx.refs(t), { stock: 10, price: '10000.00' });
  const order = await fx.order(t, [{ product, quantity: 3 }], { status: 'inprogress' });
  return { id: order.id };
}

/** An invoice of that order (issued by the administrator), optionally with a payment of 1 000 FCFA. */
const invoiced =
  (paid = false) =>
  async (ctx: MatrixContext) => {
    const { id: orderId } = await confirmed(ctx);
    const res = await ctx.admin.post(`/api/order/${orderId}/invoices`).send({}).expect(201);
    const invoice = res.body.invoice as { id: number; lines: { id: number }[]; credit_notes: { id: number }[] };
    let payment = 0;
    if (paid) {
      const p = await ctx.admin
        .post(`/api/invoices/${invoice.id}/payments`)
        .send({ amount: 1000, method: 'especes' })
        .expect(201);
      payment = (p.body.payment as { id: number }).id;
    }
    return { id: invoice.id, line: invoice.lines[0]!.id, payment };
  };

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/invoices', category: 'invoices', right: 'view', expectAllowed: [200] },
  { method: 'GET', route: '/api/invoices/export', category: 'invoices', right: 'view', expectAllowed: [200] },
  { method: 'GET', route: '/api/invoices/:id', category: 'invoices', right: 'view', setup: invoiced(), expectAllowed: [200] },
  {
    method: 'GET',
    route: '/api/customer/:id/account',
    category: 'invoices',
    right: 'view',
    setup: async ({ t }) => ({ id: (await fx.customer(t)).id }),
    expectAllowed: [200],
  },
  {
    method: 'GET',
    route: '/api/order/:id/invoices',
    category: 'invoices',
    right: 'view',
    setup: confirmed,
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/order/:id/invoices',
    category: 'invoices',
    right: 'create',
    setup: confirmed,
    send: (req) => req.send({}),
    expectAllowed: [201],
  },
  { method: 'GET', route: '/api/invoices/:id/pdf', category: 'invoices', right: 'view', setup: invoiced(), expectAllowed: [200] },
  {
    method: 'POST',
    route: '/api/invoices/:id/credit-notes',
    category: 'invoices',
    right: 'delete',
    setup: invoiced(),
    send: (req, vars) =>
      req.send({ full: false, reason: 'Erreur de quantité', lines: [{ invoice_line_id: vars.line, quantity: 1 }] }),
    expectAllowed: [201],
  },
  {
    method: 'GET',
    route: '/api/credit-notes/:id/pdf',
    category: 'invoices',
    right: 'view',
    setup: async (ctx) => {
      const vars = await invoiced()(ctx);
      const res = await ctx.admin
        .post(`/api/invoices/${vars.id}/credit-notes`)
        .send({ full: true, reason: 'Annulation' })
        .expect(201);
      return { id: (res.body.invoice as { credit_notes: { id: number }[] }).credit_notes[0]!.id };
    },
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/invoices/:id/payments',
    category: 'payments',
    right: 'create',
    setup: invoiced(),
    send: (req) => req.send({ amount: 500, method: 'flooz', reference: 'FL-1' }),
    expectAllowed: [201],
  },
  {
    method: 'DELETE',
    route: '/api/payments/:id',
    category: 'payments',
    right: 'delete',
    setup: async (ctx) => {
      const vars = await invoiced(true)(ctx);
      return { id: vars.payment };
    },
    expectAllowed: [200],
  },
];
