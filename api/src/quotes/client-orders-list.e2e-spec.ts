import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import * as fx from '../../test/backoffice/fixtures.js';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { ClientOrdersAnswer } from '../contract/quotes.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { changeAvailable, holdStock } from '../stock/ledger/stock-ledger.js';
import { ORDERS_LINK_DAYS, issueClientLink } from './client-links.js';

describe(`« Mes commandes » lists each order's delivery notes and invoices (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { orders: 'all', deliveries: 'all', invoices: 'all', payments: 'all' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A confirmed order of `quantity` units of a fresh product (held through the ledger) for `email`. */
  async function confirmedOrder(email: string, quantity: number) {
    const product = await fx.product(t, await fx.refs(t), { stock: 0, price: '10000.00' });
    const order = await fx.order(
      t,
      [{ product, quantity }],
      { status: 'inprogress', company_email: email },
      { takeStock: false },
    );
    await t.dataSource.transaction(async (m) => {
      await changeAvailable(m, product.id, 'opening', 10, { userId: null });
      await holdStock(m, [{ productId: product.id, quantity }], { userId: null, documentType: 'order', documentId: order.id });
    });
    const [item] = await t.dataSource.getRepository(OrderItem).findBy({ order_id: order.id });
    return { order, item: item! };
  }

  it('gives every order of the address its notes and invoices (state, balance), and their PDFs open with the address link', async () => {
    const email = 'compta@batir-lome.example';
    const delivered = await confirmedOrder(email, 3);
    const bare = await confirmedOrder(email, 1);
    const elsewhere = await confirmedOrder('autre@ailleurs.example', 1);
    const note = await staff
      .post(`/api/order/${delivered.order.id}/deliveries`)
      .send({ version: 0, lines: [{ order_item_id: delivered.item.id, quantity: 2 }] })
      .expect(201);
    const issued = await staff.post(`/api/order/${delivered.order.id}/invoices`).send({}).expect(201);
    const invoice = issued.body.invoice as { id: number; number: string };
    await staff.post(`/api/invoices/${invoice.id}/payments`).send({ amount: 5000, method: 'flooz' }).expect(201);
    await staff.post(`/api/order/${elsewhere.order.id}/invoices`).send({}).expect(201);

    const token = await t.dataSource.transaction((m) => issueClientLink(m, { orderId: null, email, days: ORDERS_LINK_DAYS }));
    const res = await request(t.http).post('/api/client/orders').send({ token }).expect(200);
    const list = res.body as ClientOrdersAnswer;
    expect(list.orders.map((o) => o.id)).toEqual([bare.order.id, delivered.order.id]);
    expect(list.orders[0]).toMatchObject({ deliveries: [], invoices: [] });
    const listed = list.orders[1]!;
    expect(listed.deliveries).toEqual([
      expect.objectContaining({
        number: note.body.delivery.number,
        kind: 'delivery',
        lines: [expect.objectContaining({ quantity: 2 })],
      }),
    ]);
    // 3 × 10 000 FCFA + 18 % TVA = 35 400, of which 5 000 paid.
    expect(listed.invoices).toEqual([
      expect.objectContaining({
        number: invoice.number,
        state: 'partly_paid',
        currencies: [{ currency_code: 'XOF', ttc: '35400', paid: '5000', balance: '30400' }],
      }),
    ]);

    const pdf = await request(t.http)
      .post('/api/client/order/invoice-pdf')
      .send({ token, order_id: delivered.order.id, invoice_id: invoice.id })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    await request(t.http)
      .post('/api/client/order/delivery-pdf')
      .send({ token, order_id: delivered.order.id, delivery_id: note.body.delivery.id })
      .expect(200);
  });
});
