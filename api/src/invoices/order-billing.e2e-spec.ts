import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { toMinor } from '../common/money.js';
import type { OrderSummaryListAnswer, StaffOrderSummary } from '../contract/backoffice.js';
import type { InvoiceView } from '../contract/invoices.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { Order } from '../orders/entities/order.entity.js';

type Amount = 'invoiced' | 'balance';

/**
 * The order list's « Facturé » and « Solde » sort in SQL on columns of the order kept by the invoice,
 * payment and credit-note transactions: the order a person expects from the figures the list shows
 * (the first currency by code, then its amount, then the id), before and after each of them.
 */
describe(`order list sorted by invoiced amount and balance (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  const invoices: InvoiceView[] = [];
  const orderIds: number[] = [];

  /** An order in progress with one line per currency given (each at its price), invoiced whole unless `invoice: false`. */
  async function orderWith(lines: { price: string; currency: string }[], invoice = true): Promise<InvoiceView | null> {
    const refs = await fx.refs(t);
    const products = [];
    for (const line of lines) products.push(await fx.product(t, refs, { stock: 50, price: line.price }));
    const order = await fx.order(
      t,
      products.map((product) => ({ product, quantity: 1 })),
      { status: 'inprogress' },
    );
    orderIds.push(order.id);
    const items = await t.dataSource.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
    for (const [index, item] of items.entries())
      await t.dataSource.getRepository(OrderItem).update({ id: item.id }, { currency_code: lines[index]!.currency });
    if (!invoice) return null;
    const made = (await staff.post(`/api/order/${order.id}/invoices`).send({}).expect(201)).body.invoice as InvoiceView;
    invoices.push(made);
    return made;
  }

  const list = async (query: string) => (await staff.get(`/api/order/list?${query}`).expect(200)).body as OrderSummaryListAnswer;
  const all = async () => (await list('per_page=100')).orders.data;

  /** The key a person reads in the row: the first currency shown and its amount (none: before every other). */
  const shown = (row: StaffOrderSummary, key: Amount) => {
    const first = row.balances[0];
    return first ? { code: first.currency_code, minor: toMinor(first[key], first.currency_code) } : null;
  };

  function expectedOrder(rows: StaffOrderSummary[], key: Amount, direction: 'asc' | 'desc'): number[] {
    const sign = direction === 'asc' ? 1 : -1;
    return [...rows]
      .sort((a, b) => {
        const x = shown(a, key);
        const y = shown(b, key);
        if (!x || !y) return x === y ? sign * (a.id - b.id) : sign * (x ? 1 : -1);
        if (x.code !== y.code) return sign * (x.code < y.code ? -1 : 1);
        if (x.minor !== y.minor) return sign * (x.minor < y.minor ? -1 : 1);
        return sign * (a.id - b.id);
      })
      .map((row) => row.id);
  }

  async function expectSorted(key: Amount) {
    const rows = await all();
    for (const direction of ['asc', 'desc'] as const) {
      const expected = expectedOrder(rows, key, direction);
      expect((await list(`sort=${key}&direction=${direction}&per_page=100`)).orders.data.map((o) => o.id)).toEqual(expected);
      // Page 2 of 4 rows: the same order, paged in SQL, with the real total.
      const page = await list(`sort=${key}&direction=${direction}&per_page=4&page=2`);
      expect(page.orders.data.map((o) => o.id)).toEqual(expected.slice(4, 8));
      expect(page.orders.total).toBe(rows.length);
    }
    return rows;
  }

  /** The stored columns of each order equal the first figures its row shows (or are null without invoice). */
  async function expectStoredAsShown() {
    const rows = await all();
    const stored = await t.dataSource.getRepository(Order).find({
      select: { id: true, billed_currency: true, invoiced_minor: true, balance_minor: true },
    });
    // bigint columns: a string on MariaDB, a number on SQLite.
    const text = (value: unknown) => (value === null ? null : String(value));
    const byId = new Map(stored.map((o) => [o.id, [o.billed_currency, text(o.invoiced_minor), text(o.balance_minor)]]));
    for (const row of rows) {
      const first = row.balances[0];
      expect([row.id, ...byId.get(row.id)!]).toEqual([
        row.id,
        first?.currency_code ?? null,
        first ? String(toMinor(first.invoiced, first.currency_code)) : null,
        first ? String(first.balance_minor) : null,
      ]);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { orders: 'all', invoices: 'all', payments: 'all' });
    const prices = ['12.50', '4000', '80.00', '1500', '12.50', '250000', '99.90', '4000'];
    for (const [i, price] of prices.entries())
      await orderWith([{ price, currency: price.includes('.') ? (i % 3 ? 'USD' : 'EUR') : 'XOF' }]);
    // An order invoiced in two currencies (EUR shown first), and two orders not invoiced yet.
    await orderWith([
      { price: '9000', currency: 'XOF' },
      { price: '30.00', currency: 'EUR' },
    ]);
    await orderWith([{ price: '700', currency: 'XOF' }], false);
    await orderWith([{ price: '5.00', currency: 'EUR' }], false);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sorts by « Facturé » and « Solde » as the figures read, the orders without invoice first in ascending order', async () => {
    const rows = await expectSorted('invoiced');
    expect(rows).toHaveLength(11);
    expect(rows.filter((r) => !r.balances.length)).toHaveLength(2);
    // Nothing paid yet: each order's balance is what was invoiced, and both sorts agree.
    await expectSorted('balance');
    expect(expectedOrder(rows, 'balance', 'asc')).toEqual(expectedOrder(rows, 'invoiced', 'asc'));
    await expectStoredAsShown();
    // An unknown sort is still refused.
    const refused = await staff.get('/api/order/list?sort=facture').expect(422);
    expect(refused.body.errors.sort[0]).toContain('invoiced');
  });

  it('follows payments, their deletion and a credit note in the same transaction', async () => {
    // The XOF order owing the most is paid in full: its balance drops to 0 and it moves first among XOF.
    const xof = invoices.filter((i) => i.currencies.length === 1 && i.currencies[0]!.currency_code === 'XOF');
    const top = xof.reduce((a, b) => (toMinor(a.currencies[0]!.ttc, 'XOF') > toMinor(b.currencies[0]!.ttc, 'XOF') ? a : b));
    const paid = await staff
      .post(`/api/invoices/${top.id}/payments`)
      .send({ amount: Number(toMinor(top.currencies[0]!.ttc, 'XOF')), method: 'virement', currency: 'XOF' })
      .expect(201);
    const rows = await expectSorted('balance');
    const row = rows.find((r) => r.id === top.order_id)!;
    expect(row.balances[0]).toMatchObject({ currency_code: 'XOF', balance_minor: 0 });
    const ascending = (await list('sort=balance&direction=asc&per_page=100')).orders.data.map((o) => o.id);
    const firstXof = ascending.find((id) => rows.find((r) => r.id === id)!.balances[0]?.currency_code === 'XOF');
    expect(firstXof).toBe(top.order_id);
    // « Facturé » is unchanged by a payment.
    await expectSorted('invoiced');
    await expectStoredAsShown();

    // The payment deleted: the order owes its whole invoice again, and is last among XOF again.
    await staff.delete(`/api/payments/${(paid.body as { payment: { id: number } }).payment.id}`).expect(200);
    const restored = await expectSorted('balance');
    expect(restored.find((r) => r.id === top.order_id)!.balances[0]!.balance_minor).toBe(
      Number(toMinor(top.currencies[0]!.ttc, 'XOF')),
    );
    await expectStoredAsShown();

    // A full credit note on the largest EUR invoice: invoiced and owed fall to 0, and both sorts follow.
    const eur = invoices.filter((i) => i.currencies[0]!.currency_code === 'EUR');
    const largest = eur.reduce((a, b) => (toMinor(a.currencies[0]!.ttc, 'EUR') > toMinor(b.currencies[0]!.ttc, 'EUR') ? a : b));
    const descBefore = (await list('sort=invoiced&direction=desc&per_page=100')).orders.data.map((o) => o.id);
    await staff.post(`/api/invoices/${largest.id}/credit-notes`).send({ full: true, reason: 'Commande annulée' }).expect(201);
    const credited = await expectSorted('invoiced');
    await expectSorted('balance');
    expect(credited.find((r) => r.id === largest.order_id)!.balances[0]).toMatchObject({ currency_code: 'EUR' });
    const descAfter = (await list('sort=invoiced&direction=desc&per_page=100')).orders.data.map((o) => o.id);
    expect(descAfter.indexOf(largest.order_id)).toBeGreaterThan(descBefore.indexOf(largest.order_id));
    await expectStoredAsShown();
  });
});
