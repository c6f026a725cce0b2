import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import * as fx from '../../test/backoffice/fixtures.js';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { toMinor } from '../common/money.js';
import type { InvoiceListAnswer, InvoiceSummaryView, InvoiceView } from '../contract/invoices.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { InvoiceCurrencyTotal } from './entities/invoice-currency-total.entity.js';
import { totalsDifferences, watchTotals } from './invoice-totals.js';

type Amount = 'ttc' | 'balance';
const CURRENCIES = ['XOF', 'EUR', 'USD'];

/**
 * The invoices list's TTC and balance sorts read the stored per-currency totals in SQL: exact past
 * any number of invoices, the total the real count, kept up to date by payments and credit notes.
 */
describe(`invoice totals: amount sorts in SQL and their consistency check (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  const made: InvoiceView[] = [];

  /** An invoice of one line per currency given, each at its price. */
  async function invoiceOf(lines: { price: string; currency: string }[]): Promise<InvoiceView> {
    const refs = await fx.refs(t);
    const products = [];
    for (const line of lines) products.push(await fx.product(t, refs, { stock: 50, price: line.price }));
    const order = await fx.order(
      t,
      products.map((product) => ({ product, quantity: 1 })),
      { status: 'inprogress' },
    );
    const items = await t.dataSource.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
    for (const [index, item] of items.entries())
      await t.dataSource.getRepository(OrderItem).update({ id: item.id }, { currency_code: lines[index]!.currency });
    return (await staff.post(`/api/order/${order.id}/invoices`).send({}).expect(201)).body.invoice as InvoiceView;
  }

  const list = async (query: string) => (await staff.get(`/api/invoices?${query}`).expect(200)).body as InvoiceListAnswer;
  const all = async (currency?: string) => (await list(`per_page=100${currency ? `&currency=${currency}` : ''}`)).invoices;

  /** The order a person expects from the amounts shown: that currency's (else the first's code then amount), then id. */
  function expectedOrder(rows: InvoiceSummaryView[], key: Amount, direction: 'asc' | 'desc', currency?: string): number[] {
    const sign = direction === 'asc' ? 1 : -1;
    const pick = (row: InvoiceSummaryView) => {
      const c = currency ? row.currencies.find((x) => x.currency_code === currency)! : row.currencies[0]!;
      return { code: c.currency_code, minor: toMinor(c[key], c.currency_code) };
    };
    return [...rows]
      .sort((a, b) => {
        const x = pick(a);
        const y = pick(b);
        if (x.code !== y.code) return sign * (x.code < y.code ? -1 : 1);
        if (x.minor !== y.minor) return sign * (x.minor < y.minor ? -1 : 1);
        return sign * (a.id - b.id);
      })
      .map((row) => row.id);
  }

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { orders: 'all', invoices: 'all', payments: 'all' });
    for (let i = 0; i < 30; i++) {
      const currency = CURRENCIES[i % 3]!;
      const price = currency === 'XOF' ? String(1000 + ((i * 7919) % 23) * 500) : `${10 + ((i * 31) % 17)}.${i % 10}5`;
      made.push(await invoiceOf([{ price, currency }]));
    }
    // Two invoices in two currencies: XOF first on one, EUR first on the other.
    made.push(
      await invoiceOf([
        { price: '4000', currency: 'XOF' },
        { price: '12.00', currency: 'EUR' },
      ]),
    );
    made.push(
      await invoiceOf([
        { price: '99.00', currency: 'EUR' },
        { price: '500', currency: 'XOF' },
      ]),
    );
    // Payments on every fourth invoice (a part of its first currency's TTC), and a credit note.
    for (const invoice of made.filter((_, i) => i % 4 === 1)) {
      const first = invoice.currencies[0]!;
      const part = toMinor(first.ttc, first.currency_code) / 3n;
      await staff
        .post(`/api/invoices/${invoice.id}/payments`)
        .send({ amount: Number(part), method: 'especes', currency: first.currency_code })
        .expect(201);
    }
    await staff
      .post(`/api/invoices/${made[30]!.id}/credit-notes`)
      .send({ full: false, reason: 'Retour d’un article', lines: [{ invoice_line_id: made[30]!.lines[1]!.id, quantity: 1 }] })
      .expect(201);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sorts 32 invoices by TTC and by balance in SQL, page 2 in the right order with the real total', async () => {
    const rows = await all();
    expect(rows).toHaveLength(32);
    for (const key of ['ttc', 'balance'] as const)
      for (const direction of ['asc', 'desc'] as const) {
        const page = await list(`sort=${key}&direction=${direction}&per_page=10&page=2`);
        expect(page.invoices.map((i) => i.id)).toEqual(expectedOrder(rows, key, direction).slice(10, 20));
        expect(page.page).toMatchObject({ current_page: 2, total: 32, last_page: 4 });
      }
    // A currency filter sorts by that currency's amounts, the two-currency invoices included.
    const euros = await all('EUR');
    expect(euros).toHaveLength(12);
    const page = await list('currency=EUR&sort=balance&direction=desc&per_page=5&page=2');
    expect(page.invoices.map((i) => i.id)).toEqual(expectedOrder(euros, 'balance', 'desc', 'EUR').slice(5, 10));
    expect(page.page.total).toBe(12);
  });

  it('re-sorts after a payment, and after its deletion', async () => {
    const xof = await all('XOF');
    const top = expectedOrder(xof, 'balance', 'desc', 'XOF')[0]!;
    const before = await list('currency=XOF&sort=balance&direction=desc&per_page=1');
    expect(before.invoices[0]!.id).toBe(top);
    const owed = xof.find((row) => row.id === top)!.currencies.find((c) => c.currency_code === 'XOF')!;
    const paid = await staff
      .post(`/api/invoices/${top}/payments`)
      .send({ amount: Number(toMinor(owed.balance, 'XOF')), method: 'virement', currency: 'XOF' })
      .expect(201);
    const ascending = await list('currency=XOF&sort=balance&direction=asc');
    // Paid in full: a balance of 0, the smallest, so first (the oldest such invoice first).
    expect(ascending.invoices.map((i) => i.id)).toEqual(expectedOrder(await all('XOF'), 'balance', 'asc', 'XOF'));
    expect(ascending.invoices[0]!.id).toBe(top);
    expect((await list('currency=XOF&sort=balance&direction=desc&per_page=1')).invoices[0]!.id).not.toBe(top);
    await staff.delete(`/api/payments/${(paid.body as { payment: { id: number } }).payment.id}`).expect(200);
    expect((await list('currency=XOF&sort=balance&direction=desc&per_page=1')).invoices[0]!.id).toBe(top);
  });

  it('finds the stored totals equal to the recomputed ones, and a difference made by hand', async () => {
    expect(await totalsDifferences(t.dataSource.manager, 7)).toEqual([]);
    const target = made[5]!;
    await t.dataSource
      .getRepository(InvoiceCurrencyTotal)
      .update({ invoice_id: target.id, currency_code: target.currencies[0]!.currency_code }, { balance_minor: '1' });
    const found = await totalsDifferences(t.dataSource.manager, 7);
    expect(found).toEqual([
      expect.objectContaining({
        invoice_id: target.id,
        number: target.number,
        currency_code: target.currencies[0]!.currency_code,
        stored: expect.objectContaining({ balance_minor: '1' }),
      }),
    ]);
    expect(found[0]!.expected!.balance_minor).not.toBe('1');
    // The hourly check logs it, as housekeeping runs it beside the stock ledger's.
    const errors: string[] = [];
    const logger = Object.assign(new Logger('test'), {
      error: (message: string) => void errors.push(message),
      debug: () => undefined,
    });
    expect(await watchTotals(t.dataSource, logger)).toHaveLength(1);
    expect(errors).toEqual([expect.stringContaining(`Invoice totals difference: ${target.number}`)]);
    await t.dataSource.getRepository(InvoiceCurrencyTotal).delete({ invoice_id: made[6]!.id });
    expect((await totalsDifferences(t.dataSource.manager)).map((d) => [d.invoice_id, d.stored])).toEqual([
      [target.id, expect.anything()],
      [made[6]!.id, null],
    ]);
  });
});
