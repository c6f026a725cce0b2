import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import * as fx from '../../test/backoffice/fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import type { OrderDeliveries } from '../contract/deliveries.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { issueClientLink } from '../quotes/client-links.js';
import { StockLot } from '../stock/entities/stock-lot.entity.js';
import { StockMovement } from '../stock/entities/stock-movement.entity.js';
import { ledgerDifferences } from '../stock/ledger/ledger-check.js';
import { changeAvailable, holdStock } from '../stock/ledger/stock-ledger.js';

function pdfText(pdf: Buffer): string {
  const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
  return out.stdout.toString('utf8');
}
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe(`delivery notes (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { orders: 'all', deliveries: 'all' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * A confirmed order (in progress) for `quantities` of fresh products, each product opened at 10 units
   * and its order quantity held, all through the ledger so that its check has nothing to report.
   */
  async function confirmedOrder(quantities: number[], values: Partial<Order> = {}) {
    const refs = await fx.refs(t);
    const products: Product[] = [];
    for (const _q of quantities) products.push(await fx.product(t, refs, { stock: 0 }));
    const order = await fx.order(
      t,
      products.map((product, i) => ({ product, quantity: quantities[i]! })),
      { status: 'inprogress', client_reference: 'BC-7781', delivery_address: 'Zone portuaire, lot 12, Lomé', ...values },
      { takeStock: false },
    );
    await t.dataSource.transaction(async (m) => {
      for (const product of products) await changeAvailable(m, product.id, 'opening', 10, { userId: null });
      await holdStock(
        m,
        products.map((product, i) => ({ productId: product.id, quantity: quantities[i]! })),
        { userId: null, documentType: 'order', documentId: order.id },
      );
    });
    const items = await t.dataSource.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
    return { order, products, items };
  }

  const product = (id: number) => t.dataSource.getRepository(Product).findOneByOrFail({ id });
  const differencesOf = async (ids: number[]) =>
    (await ledgerDifferences(t.dataSource)).filter((d) => ids.includes(d.product_id));

  it('delivers 3 of 5, then the 2 left: stock held → delivered through the ledger, lots first-expiring first, the order shipped', async () => {
    const { order, products, items } = await confirmedOrder([5]);
    const [pump] = products;
    const [line] = items;
    // Two lots: the one expiring sooner goes first even though it was received later.
    const lots = t.dataSource.getRepository(StockLot);
    const late = await lots.save({ product_id: pump!.id, quantity_received: 2, quantity_left: 2, expires_at: '2028-06-30' });
    const soon = await lots.save({ product_id: pump!.id, quantity_received: 2, quantity_left: 2, expires_at: '2027-01-31' });

    const before = await staff.get(`/api/order/${order.id}/deliveries`).expect(200);
    const listed = before.body.deliveries as OrderDeliveries;
    expect(listed).toMatchObject({ can_deliver: true, version: 0, deliveries: [] });
    expect(listed.lines).toEqual([
      expect.objectContaining({ order_item_id: line!.id, quantity: 5, delivered_quantity: 0, remaining: 5 }),
    ]);

    const first = await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({ version: 0, carrier: 'Transports Agbéko', lines: [{ order_item_id: line!.id, quantity: 3 }] })
      .expect(201);
    expect(first.body.delivery.number).toMatch(/^BL-\d{4}-\d{5}$/);
    expect(first.body.deliveries.lines[0]).toMatchObject({ delivered_quantity: 3, remaining: 2 });
    expect(await product(pump!.id)).toMatchObject({ stock: 5, held: 2 });
    expect((await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id })).status).toBe('inprogress');
    const movements = await t.dataSource
      .getRepository(StockMovement)
      .find({ where: { document_type: 'delivery', document_id: first.body.delivery.id }, order: { id: 'ASC' } });
    expect(movements.map((m) => [m.kind, m.lot_id, m.available_delta, m.held_delta])).toEqual([
      ['delivery', soon.id, 0, -2],
      ['delivery', late.id, 0, -1],
    ]);
    expect(await differencesOf([pump!.id])).toEqual([]);

    // The BL's PDF: the order, the client's reference, the delivery address, delivered and remaining, no price.
    const pdf = await staff.get(`/api/delivery/${first.body.delivery.id}/pdf`).buffer(true).parse(binary).expect(200);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('BON DE LIVRAISON');
    expect(text).toContain(first.body.delivery.number);
    expect(text).toContain(order.order_num);
    expect(text).toContain('BC-7781');
    expect(text).toContain('Zone portuaire, lot 12');
    expect(text).toMatch(new RegExp(`${items[0]!.product_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+5\\s+3\\s+2`));
    expect(text).toContain('Reçu par');
    expect(text).not.toContain('1 500');

    // A stale form (version 0 after one delivery) is stopped.
    await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({ version: 0, lines: [{ order_item_id: line!.id, quantity: 2 }] })
      .expect(409);

    const second = await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({ version: 1, lines: [{ order_item_id: line!.id, quantity: 2 }] })
      .expect(201);
    expect(second.body.deliveries).toMatchObject({ status: 'shipped', version: 2, can_deliver: false });
    expect(second.body.deliveries.lines[0]).toMatchObject({ delivered_quantity: 5, remaining: 0 });
    const shipped = await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id });
    expect(shipped.status).toBe('shipped');
    expect(shipped.shipped_at).not.toBeNull();
    expect(await product(pump!.id)).toMatchObject({ stock: 5, held: 0 });
    expect(await differencesOf([pump!.id])).toEqual([]);
    // Consecutive numbers.
    const n = (s: string) => Number(s.slice(-5));
    expect(n(second.body.delivery.number)).toBe(n(first.body.delivery.number) + 1);
  });

  it('refuses more than remains (409, nothing written) and bad input (422)', async () => {
    const { order, products, items } = await confirmedOrder([4, 2]);
    const [a, b] = items;
    const res = await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({
        lines: [
          { order_item_id: a!.id, quantity: 1 },
          { order_item_id: b!.id, quantity: 3 },
        ],
      })
      .expect(409);
    expect(res.body.message).toContain('il reste 2 à livrer');
    // The first line was not delivered either: all or nothing.
    expect(await product(products[0]!.id)).toMatchObject({ stock: 6, held: 4 });
    expect((await t.dataSource.getRepository(OrderItem).findOneByOrFail({ id: a!.id })).delivered_quantity).toBe(0);
    expect((await staff.get(`/api/order/${order.id}/deliveries`).expect(200)).body.deliveries.deliveries).toEqual([]);

    const bad = await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({ lines: [{ order_item_id: a!.id, quantity: -1 }] })
      .expect(422);
    expect(bad.body.errors['lines.0.quantity']).toEqual(['La quantité ne peut pas être négative.']);
    await staff.post(`/api/order/${order.id}/deliveries`).send({ lines: [] }).expect(422);
    await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({ lines: [{ order_item_id: a!.id, quantity: 0 }] })
      .expect(422);
  });

  it('delivers nothing for an order not confirmed (409) and needs the right (403)', async () => {
    const { order, items } = await confirmedOrder([2], { status: 'pending' });
    const res = await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({ lines: [{ order_item_id: items[0]!.id, quantity: 1 }] })
      .expect(409);
    expect(res.body.message).toContain('pas encore confirmée');

    const viewer = await signIn(t, { orders: 'all', deliveries: ['view'] });
    await t.dataSource.getRepository(Order).update({ id: order.id }, { status: 'inprogress' });
    await viewer
      .post(`/api/order/${order.id}/deliveries`)
      .send({ lines: [{ order_item_id: items[0]!.id, quantity: 1 }] })
      .expect(403);
    await viewer
      .post(`/api/order/${order.id}/returns`)
      .send({ lines: [{ order_item_id: items[0]!.id, quantity: 1 }] })
      .expect(403);
    expect((await t.dataSource.getRepository(OrderItem).findOneByOrFail({ id: items[0]!.id })).delivered_quantity).toBe(0);
  });

  it('takes goods back with a return: negative lines, held again, the order in progress again', async () => {
    const { order, products, items } = await confirmedOrder([2]);
    await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({ lines: [{ order_item_id: items[0]!.id, quantity: 2 }] })
      .expect(201);
    await staff
      .post(`/api/order/${order.id}/returns`)
      .send({ lines: [{ order_item_id: items[0]!.id, quantity: 3 }] })
      .expect(409);
    const back = await staff
      .post(`/api/order/${order.id}/returns`)
      .send({ version: 1, note: 'Carton abîmé', lines: [{ order_item_id: items[0]!.id, quantity: 1 }] })
      .expect(201);
    expect(back.body.delivery).toMatchObject({ kind: 'return', lines: [expect.objectContaining({ quantity: -1 })] });
    expect(back.body.deliveries).toMatchObject({ status: 'inprogress', can_deliver: true });
    expect(back.body.deliveries.lines[0]).toMatchObject({ delivered_quantity: 1, remaining: 1 });
    expect(await product(products[0]!.id)).toMatchObject({ stock: 8, held: 1 });
    expect(await differencesOf([products[0]!.id])).toEqual([]);
    // A status set by hand would move the whole quantities: refused once notes moved part of them.
    const refused = await staff.put(`/api/order/${order.id}/status`).send({ status: 'canceled' }).expect(409);
    expect(refused.body.message).toContain('enregistrez un retour');
    expect(await product(products[0]!.id)).toMatchObject({ stock: 8, held: 1 });
    const text = pdfText(
      (await staff.get(`/api/delivery/${back.body.delivery.id}/pdf`).buffer(true).parse(binary).expect(200)).body as Buffer,
    );
    expect(text).toContain('BON DE RETOUR');
    expect(text).toContain('Carton abîmé');
  });

  it('serialises concurrent deliveries of one order: never more than ordered, consecutive numbers, the ledger agrees', async () => {
    const { order, products, items } = await confirmedOrder([3]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        staff.post(`/api/order/${order.id}/deliveries`).send({ lines: [{ order_item_id: items[0]!.id, quantity: 1 }] }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409]);
    const numbers = answers
      .filter((a) => a.status === 201)
      .map((a) => Number((a.body.delivery.number as string).slice(-5)))
      .sort((x, y) => x - y);
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
    expect((await t.dataSource.getRepository(OrderItem).findOneByOrFail({ id: items[0]!.id })).delivered_quantity).toBe(3);
    expect((await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id })).status).toBe('shipped');
    expect(await product(products[0]!.id)).toMatchObject({ stock: 7, held: 0 });
    expect(await differencesOf([products[0]!.id])).toEqual([]);
  });

  it('lists the notes on the client page and serves their PDF to the link only', async () => {
    const { order, items } = await confirmedOrder([3]);
    const recorded = await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({ lines: [{ order_item_id: items[0]!.id, quantity: 1 }] })
      .expect(201);
    const token = await t.dataSource.transaction((m) =>
      issueClientLink(m, { orderId: order.id, email: order.company_email, days: 30 }),
    );
    const page = await request(t.http).post('/api/client/order').send({ token }).expect(200);
    expect(page.body.order.deliveries).toEqual([
      expect.objectContaining({ number: recorded.body.delivery.number, lines: [expect.objectContaining({ quantity: 1 })] }),
    ]);
    const pdf = await request(t.http)
      .post('/api/client/order/delivery-pdf')
      .send({ token, delivery_id: recorded.body.delivery.id })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(pdfText(pdf.body as Buffer)).toContain(recorded.body.delivery.number);

    // Another order's link cannot read this note.
    const other = await confirmedOrder([1]);
    const otherToken = await t.dataSource.transaction((m) =>
      issueClientLink(m, { orderId: other.order.id, email: other.order.company_email, days: 30 }),
    );
    await request(t.http)
      .post('/api/client/order/delivery-pdf')
      .send({ token: otherToken, delivery_id: recorded.body.delivery.id })
      .expect(404);
  });
});
