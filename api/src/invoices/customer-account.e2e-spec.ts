import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { Customer } from '../customers/entities/customer.entity.js';
import type { CustomerAccountView, InvoiceView } from '../contract/invoices.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';

describe(`a client's account: invoices, payments, balance per currency (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { orders: 'all', invoices: 'all', payments: 'all' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A confirmed order of the client, invoiced at once: one line of `quantity` × `price` at 18 % TVA. */
  async function invoiced(customer: Customer, quantity: number, price: string, currency = 'XOF'): Promise<InvoiceView> {
    const product = await fx.product(t, await fx.refs(t), { stock: 100, price });
    const order = await fx.order(t, [{ product, quantity }], { status: 'inprogress', customer_id: customer.id });
    await t.dataSource.getRepository(OrderItem).update({ order_id: order.id }, { currency_code: currency, tax_rate_bp: 1800 });
    return (await staff.post(`/api/order/${order.id}/invoices`).send({}).expect(201)).body.invoice as InvoiceView;
  }

  it('lists the client’s invoices and payments only, and sums the balance due per currency without canceled invoices', async () => {
    const client = await fx.customer(t);
    const other = await fx.customer(t);
    const partlyPaid = await invoiced(client, 2, '50000.00'); // 118 000 FCFA TTC
    const canceled = await invoiced(client, 1, '10000.00'); // 11 800 FCFA, canceled by a credit note
    const inEuros = await invoiced(client, 1, '100.00', 'EUR'); // 118,00 €
    const foreign = await invoiced(other, 1, '7000.00');
    await staff
      .post(`/api/invoices/${partlyPaid.id}/payments`)
      .send({ amount: 18000, method: 'tmoney', reference: 'TM-1', paid_at: '2026-11-20' })
      .expect(201);
    await staff
      .post(`/api/invoices/${inEuros.id}/payments`)
      .send({ amount: 1800, currency: 'EUR', method: 'virement' })
      .expect(201);
    await staff.post(`/api/invoices/${canceled.id}/credit-notes`).send({ full: true, reason: 'Annulation' }).expect(201);
    await staff.post(`/api/invoices/${foreign.id}/payments`).send({ amount: 1000, method: 'especes' }).expect(201);

    const res = await staff.get(`/api/customer/${client.id}/account`).expect(200);
    const account = res.body.account as CustomerAccountView;
    expect(account.invoices.map((i) => i.number)).toEqual([inEuros.number, canceled.number, partlyPaid.number]);
    expect(account.invoices.find((i) => i.id === canceled.id)!.state).toBe('canceled_by_credit_note');
    expect(account.payments.map((p) => [p.invoice_number, p.amount, p.currency_code, p.method_label])).toEqual(
      expect.arrayContaining([
        [partlyPaid.number, '18000', 'XOF', 'T-Money'],
        [inEuros.number, '18.00', 'EUR', 'Virement bancaire'],
      ]),
    );
    expect(account.payments).toHaveLength(2);
    expect(account.balances).toEqual([
      { currency_code: 'EUR', invoiced: '118.00', paid: '18.00', balance: '100.00', balance_minor: 10000 },
      { currency_code: 'XOF', invoiced: '118000', paid: '18000', balance: '100000', balance_minor: 100000 },
    ]);

    const empty = (await staff.get(`/api/customer/${(await fx.customer(t)).id}/account`).expect(200)).body
      .account as CustomerAccountView;
    expect(empty).toMatchObject({ invoices: [], payments: [], balances: [] });
  });

  it('answers 404 for an unknown client and 403 without the invoices right', async () => {
    const missing = await staff.get('/api/customer/999999/account').expect(404);
    expect(missing.body.message).toBe('Client introuvable.');
    const client = await fx.customer(t);
    const ordersOnly = await signIn(t, { orders: 'all' });
    await ordersOnly.get(`/api/customer/${client.id}/account`).expect(403);
  });
});
