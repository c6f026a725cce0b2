import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { fromMinor, toMinor } from '../common/money.js';
import type { OrderSummaryListAnswer } from '../contract/backoffice.js';
import type { AccountBalance, InvoiceView, OrderInvoicesAnswer } from '../contract/invoices.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';

/**
 * The order list's « Facturé », « Payé » and « Solde » per currency are read from the invoices' stored
 * totals, not from their documents: they must still say what the order's own page says once credit
 * notes and payments have moved them, an invoice canceled after a payment included.
 */
describe(`order list: invoiced and balance as the order's page shows them (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { orders: 'all', invoices: 'all', payments: 'all' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the order's page shows, summed per currency: invoiced less credit notes, paid, and due (canceled invoices owe nothing). */
  function fromOrderPage(invoices: readonly InvoiceView[]): AccountBalance[] {
    const sums = new Map<string, { invoiced: bigint; paid: bigint; balance: bigint }>();
    for (const invoice of invoices)
      for (const c of invoice.currencies) {
        const code = c.currency_code;
        const sum = sums.get(code) ?? { invoiced: 0n, paid: 0n, balance: 0n };
        sum.invoiced += toMinor(c.ttc, code) - toMinor(c.credited, code);
        sum.paid += toMinor(c.paid, code);
        if (invoice.state !== 'canceled_by_credit_note') sum.balance += toMinor(c.balance, code);
        sums.set(code, sum);
      }
    return [...sums]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, s]) => ({
        currency_code: code,
        invoiced: fromMinor(s.invoiced, code),
        paid: fromMinor(s.paid, code),
        balance: fromMinor(s.balance, code),
        balance_minor: Number(s.balance),
      }));
  }

  it('shows the same figures after a partial credit note, partial payments and an invoice canceled once paid', async () => {
    const refs = await fx.refs(t);
    const francs = await fx.product(t, refs, { stock: 50, price: '10000.00' });
    const euros = await fx.product(t, refs, { stock: 50, price: '100.00' });
    const order = await fx.order(
      t,
      [
        { product: francs, quantity: 3 },
        { product: euros, quantity: 1 },
      ],
      { status: 'inprogress' },
    );
    const [xofLine, eurLine] = await t.dataSource
      .getRepository(OrderItem)
      .find({ where: { order_id: order.id }, order: { id: 'ASC' } });
    await t.dataSource.getRepository(OrderItem).update({ id: xofLine!.id }, { currency_code: 'XOF', tax_rate_bp: 1800 });
    await t.dataSource.getRepository(OrderItem).update({ id: eurLine!.id }, { currency_code: 'EUR', tax_rate_bp: 1800 });

    // Two units of francs and the euro line: 23 600 FCFA and 118,00 € TTC; one unit credited, part of each paid.
    const first = (
      await staff
        .post(`/api/order/${order.id}/invoices`)
        .send({
          lines: [
            { line_id: xofLine!.id, quantity: 2 },
            { line_id: eurLine!.id, quantity: 1 },
          ],
        })
        .expect(201)
    ).body.invoice as InvoiceView;
    await staff
      .post(`/api/invoices/${first.id}/credit-notes`)
      .send({ full: false, reason: 'Un carton abîmé', lines: [{ invoice_line_id: first.lines[0]!.id, quantity: 1 }] })
      .expect(201);
    await staff
      .post(`/api/invoices/${first.id}/payments`)
      .send({ amount: 5000, currency: 'XOF', method: 'virement' })
      .expect(201);
    await staff
      .post(`/api/invoices/${first.id}/payments`)
      .send({ amount: 1800, currency: 'EUR', method: 'virement' })
      .expect(201);
    // The last unit invoiced, partly paid, then canceled by a credit note: its payment is owed back, not due.
    const second = (
      await staff
        .post(`/api/order/${order.id}/invoices`)
        .send({ lines: [{ line_id: xofLine!.id, quantity: 1 }] })
        .expect(201)
    ).body.invoice as InvoiceView;
    await staff.post(`/api/invoices/${second.id}/payments`).send({ amount: 1800, method: 'especes' }).expect(201);
    await staff.post(`/api/invoices/${second.id}/credit-notes`).send({ full: true, reason: 'Commande réduite' }).expect(201);

    const page = ((await staff.get(`/api/order/${order.id}/invoices`).expect(200)).body as OrderInvoicesAnswer).invoices;
    expect(page.invoices.map((i) => i.state)).toEqual(['partly_paid', 'canceled_by_credit_note']);
    const expected = fromOrderPage(page.invoices);
    expect(expected).toEqual([
      { currency_code: 'EUR', invoiced: '118.00', paid: '18.00', balance: '100.00', balance_minor: 10000 },
      { currency_code: 'XOF', invoiced: '11800', paid: '6800', balance: '6800', balance_minor: 6800 },
    ]);
    const list = (await staff.get('/api/order/list').query({ search: order.order_num }).expect(200))
      .body as OrderSummaryListAnswer;
    expect(list.orders.data.find((row) => row.id === order.id)!.balances).toEqual(expected);
  });
});
