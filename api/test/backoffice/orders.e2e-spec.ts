import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { OrderItem } from '../../src/orders/entities/order-item.entity.js';
import { Order } from '../../src/orders/entities/order.entity.js';
import { ensureOrderCounts } from '../../src/orders/order-counts.js';
import { PublishingService } from '../../src/publishing/publishing.service.js';
import { signIn, type StaffClient } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import * as fx from './fixtures.js';

describe('back-office: orders', () => {
  let t: TestApp;
  let staff: StaffClient;
  let refs: fx.ProductRefs;
  let notify: ReturnType<typeof jest.spyOn>;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signIn(t, { orders: 'all' });
    refs = await fx.refs(t);
    notify = jest.spyOn(t.app.get(PublishingService), 'notifyChange');
  });
  afterAll(async () => {
    notify.mockRestore();
    await t?.close();
  });
  afterEach(() => notify.mockClear());

  const setStatus = (id: number, status: string) => staff.put(`/api/order/${id}/status`).send({ status });
  const orderRow = (id: number) => t.dataSource.getRepository(Order).findOneByOrFail({ id });

  it('lists one row per order item, 7 per page, with order and product, status counts and search', async () => {
    const pump = await fx.product(t, refs, { name: 'Pompe immergée', stock: 100 }, ['products/pompe.png']);
    const helmet = await fx.product(t, refs, { name: 'Casque de chantier', stock: 100 });
    const first = await fx.order(
      t,
      [
        { product: pump, quantity: 2 },
        { product: helmet, quantity: 5 },
      ],
      { company_name: 'Togo Mines SA' },
    );
    for (let i = 0; i < 6; i++)
      await fx.order(t, [{ product: helmet, quantity: 1 }], { status: i < 2 ? 'inprogress' : 'pending' });
    await fx.order(t, [{ product: pump, quantity: 1 }], {
      company_name: 'Brasserie du Bénin',
      status: 'canceled',
      stock_reserved: false,
    });

    const page1 = await staff.get('/api/order').expect(200);
    expect(page1.body.success).toBe(true);
    expect(page1.body.orderItems).toMatchObject({ current_page: 1, per_page: 7, total: 9, last_page: 2 });
    expect(page1.body.status_counts).toEqual({ all: 8, pending: 5, inprogress: 2, shipped: 0, canceled: 1 });

    const page2 = await staff.get('/api/order?page=2').expect(200);
    const rows = [...page1.body.orderItems.data, ...page2.body.orderItems.data];
    expect(rows).toHaveLength(9);
    const pumpRow = rows.find(
      (r: { order: { id: number }; product_name: string }) => r.order.id === first.id && r.product_name === 'Pompe immergée',
    );
    expect(pumpRow).toMatchObject({
      quantity: 2,
      price: '1500.00',
      total_price: '3000.00',
      order: {
        id: first.id,
        order_num: first.order_num,
        status: 'pending',
        company_name: 'Togo Mines SA',
        currency: 'Fcfa',
        payment_by: 'Visa',
        credit_level: 'Standard',
        payment_term: '30 jours',
        delivery_method: 'Route',
        shipped_at: null,
      },
      product: {
        id: pump.id,
        name: 'Pompe immergée',
        images: [{ image_path: 'products/pompe.png', position: 0 }],
        category: { designation: refs.category.designation },
        currency: { symbol: refs.currency.symbol },
      },
    });
    expect(pumpRow.order.updated_at).toEqual(expect.any(String));

    const search = await staff.get(`/api/order?search=${encodeURIComponent('togo mines')}`).expect(200);
    expect(search.body.orderItems.total).toBe(2);
    expect(search.body.status_counts).toEqual({ all: 1, pending: 1, inprogress: 0, shipped: 0, canceled: 0 });
    const byNumber = await staff.get(`/api/order?search=${first.order_num}`).expect(200);
    expect(byNumber.body.orderItems.data.every((r: { order: { id: number } }) => r.order.id === first.id)).toBe(true);

    const canceled = await staff.get('/api/order?status=canceled').expect(200);
    expect(canceled.body.orderItems.data.map((r: { order: { company_name: string } }) => r.order.company_name)).toEqual([
      'Brasserie du Bénin',
    ]);
    await staff.get('/api/order?status=lost').expect(422);
  });

  it('shows one order with its items', async () => {
    const p = await fx.product(t, refs, { stock: 10 });
    const o = await fx.order(t, [{ product: p, quantity: 3 }]);
    const res = await staff.get(`/api/order/${o.id}`).expect(200);
    expect(res.body.order).toMatchObject({
      id: o.id,
      order_num: o.order_num,
      status: 'pending',
      stock_reserved: true,
      items: [{ quantity: 3, product_name: p.name, product: { id: p.id } }],
    });
    await staff.get('/api/order/999999').expect(404);
    await staff.get('/api/order/abc').expect(404);
  });

  it('gives the stock back when canceled and takes it again when reopened', async () => {
    const p = await fx.product(t, refs, { stock: 10 });
    const o = await fx.order(t, [{ product: p, quantity: 4 }]);
    expect(await fx.stockOf(t, p.id)).toBe(6);

    const res = await setStatus(o.id, 'canceled').expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Statut de la commande mis à jour avec succès !',
      order: { status: 'canceled', stock_reserved: false },
    });
    expect(await fx.stockOf(t, p.id)).toBe(10);

    // Same status again: nothing moves.
    await setStatus(o.id, 'canceled').expect(200);
    expect(await fx.stockOf(t, p.id)).toBe(10);

    await setStatus(o.id, 'inprogress').expect(200);
    expect(await fx.stockOf(t, p.id)).toBe(6);
    expect((await orderRow(o.id)).stock_reserved).toBe(true);

    // Moving between non-canceled statuses does not touch the stock.
    await setStatus(o.id, 'pending').expect(200);
    expect(await fx.stockOf(t, p.id)).toBe(6);
    expect(notify).not.toHaveBeenCalled();
  });

  it('refuses to reopen a canceled order when the stock is short, naming the product, and changes nothing', async () => {
    const enough = await fx.product(t, refs, { name: 'Gants nitrile', stock: 50 });
    const scarce = await fx.product(t, refs, { name: 'Compresseur 500 L', stock: 3 });
    const o = await fx.order(t, [
      { product: enough, quantity: 5 },
      { product: scarce, quantity: 2 },
    ]);
    await setStatus(o.id, 'canceled').expect(200);
    expect(await fx.stockOf(t, scarce.id)).toBe(3);
    // Meanwhile another order takes most of the scarce product.
    await fx.order(t, [{ product: scarce, quantity: 2 }]);
    expect(await fx.stockOf(t, scarce.id)).toBe(1);

    const res = await setStatus(o.id, 'pending').expect(409);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('« Compresseur 500 L »');
    expect(res.body.message).toContain('1 disponible');
    expect(await fx.stockOf(t, enough.id)).toBe(50);
    expect(await fx.stockOf(t, scarce.id)).toBe(1);
    expect(await orderRow(o.id)).toMatchObject({ status: 'canceled', stock_reserved: false });
  });

  it('stamps shipped_at when shipped and clears it when leaving shipped', async () => {
    const p = await fx.product(t, refs, { stock: 10 });
    const o = await fx.order(t, [{ product: p, quantity: 1 }]);
    const shipped = await setStatus(o.id, 'shipped').expect(200);
    expect(shipped.body.order.shipped_at).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(shipped.body.order.shipped_at)).toBeLessThan(60_000);
    expect(await fx.stockOf(t, p.id)).toBe(9);
    const back = await setStatus(o.id, 'inprogress').expect(200);
    expect(back.body.order.shipped_at).toBeNull();
  });

  it('validates the status', async () => {
    const p = await fx.product(t, refs);
    const o = await fx.order(t, [{ product: p, quantity: 1 }]);
    const empty = await staff.put(`/api/order/${o.id}/status`).send({}).expect(422);
    expect(empty.body.errors).toEqual({ status: ['Le statut est requis.'] });
    const wrong = await setStatus(o.id, 'lost').expect(422);
    expect(wrong.body.errors.status[0]).toMatch(/^Le statut doit être/);
    await setStatus(999999, 'pending').expect(404);
  });

  it('lets only one of two simultaneous reopenings take the last units', async () => {
    const p = await fx.product(t, refs, { name: 'Transformateur', stock: 5 });
    const a = await fx.order(t, [{ product: p, quantity: 4 }], { status: 'canceled', stock_reserved: false });
    const b = await fx.order(t, [{ product: p, quantity: 4 }], { status: 'canceled', stock_reserved: false });
    const results = await Promise.all([setStatus(a.id, 'pending'), setStatus(b.id, 'pending')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await fx.stockOf(t, p.id)).toBe(1);

    // The same order changed twice at once moves the stock once.
    const c = await fx.order(t, [{ product: p, quantity: 1 }]);
    expect(await fx.stockOf(t, p.id)).toBe(0);
    const twice = await Promise.all([setStatus(c.id, 'canceled'), setStatus(c.id, 'canceled')]);
    expect(twice.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await fx.stockOf(t, p.id)).toBe(1);
  });

  it('deletes an order; a held reservation goes back to the stock, a canceled or shipped one does not', async () => {
    const p = await fx.product(t, refs, { stock: 20 });
    const pending = await fx.order(t, [{ product: p, quantity: 5 }]);
    const canceled = await fx.order(t, [{ product: p, quantity: 3 }]);
    await setStatus(canceled.id, 'canceled').expect(200);
    const shipped = await fx.order(t, [{ product: p, quantity: 2 }]);
    await setStatus(shipped.id, 'shipped').expect(200);
    expect(await fx.stockOf(t, p.id)).toBe(13);

    const res = await staff.delete(`/api/order/${pending.id}/delete`).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Commande supprimée avec succès !' });
    expect(await fx.stockOf(t, p.id)).toBe(18);
    expect(await t.dataSource.getRepository(OrderItem).countBy({ order_id: pending.id })).toBe(0);

    await staff.delete(`/api/order/${canceled.id}/delete`).expect(200);
    await staff.delete(`/api/order/${shipped.id}/delete`).expect(200);
    expect(await fx.stockOf(t, p.id)).toBe(18);
    await staff.delete(`/api/order/${pending.id}/delete`).expect(404);
  });

  it('keeps working for order lines whose product was deleted', async () => {
    const p = await fx.product(t, refs, { stock: 5, name: 'Ancien modèle' });
    const o = await fx.order(t, [{ product: p, quantity: 1 }]);
    const shop = await signIn(t, { shop: 'all' });
    await shop.delete(`/api/product/${p.id}/delete`).expect(200);
    const rows = await staff.get(`/api/order?search=${o.order_num}`).expect(200);
    expect(rows.body.orderItems.data[0]).toMatchObject({ product_name: 'Ancien modèle', product_id: null, product: null });
    await setStatus(o.id, 'canceled').expect(200);
    await setStatus(o.id, 'pending').expect(200);
    await staff.delete(`/api/order/${o.id}/delete`).expect(200);
  });

  it('keeps the chips and the total exact through every kind of write (counts kept by the database)', async () => {
    // What the page shows without a search, against a recount of the tables themselves.
    const recount = async () => {
      const rows: { status: string; orders: string | number; line_count: string | number }[] = await t.dataSource.query(
        `SELECT o.status AS status, COUNT(DISTINCT o.id) AS orders, COUNT(i.id) AS line_count
           FROM orders o LEFT JOIN order_items i ON i.order_id = o.id GROUP BY o.status`,
      );
      const orders: Record<string, number> = { all: 0, pending: 0, inprogress: 0, shipped: 0, canceled: 0 };
      const lines: Record<string, number> = { ...orders };
      for (const r of rows) {
        orders[r.status] += Number(r.orders);
        orders.all += Number(r.orders);
        lines[r.status] += Number(r.line_count);
        lines.all += Number(r.line_count);
      }
      return { orders, lines };
    };
    const expectPageMatchesTables = async (step: string) => {
      const real = await recount();
      // One row a page: the total is then counted (a first page that is not full is its own total).
      const all = await staff.get('/api/order?per_page=1').expect(200);
      expect({ step, counts: all.body.status_counts, total: all.body.orderItems.total }).toEqual({
        step,
        counts: real.orders,
        total: real.lines.all,
      });
      for (const status of ['pending', 'inprogress', 'shipped', 'canceled']) {
        const one = await staff.get(`/api/order?status=${status}&per_page=1`).expect(200);
        expect({ step, status, total: one.body.orderItems.total }).toEqual({ step, status, total: real.lines[status] });
      }
    };

    const p = await fx.product(t, refs, { stock: 500 });
    await expectPageMatchesTables('start');
    const a = await fx.order(t, [
      { product: p, quantity: 1 },
      { product: p, quantity: 2 },
      { product: p, quantity: 3 },
    ]);
    const b = await fx.order(t, [{ product: p, quantity: 1 }]);
    const c = await fx.order(t, [
      { product: p, quantity: 1 },
      { product: p, quantity: 1 },
    ]);
    await expectPageMatchesTables('created');
    await setStatus(a.id, 'inprogress').expect(200);
    await setStatus(b.id, 'shipped').expect(200);
    await setStatus(c.id, 'canceled').expect(200);
    await setStatus(c.id, 'pending').expect(200);
    await expectPageMatchesTables('status changes');
    // A write that does not change the status moves nothing (the client's details, the reservation).
    await t.dataSource.getRepository(Order).update({ id: a.id }, { payment_term: '60 jours', stock_reserved: false });
    await expectPageMatchesTables('other columns');
    // Lines removed on their own, then orders deleted through the API (their lines go with them).
    const [line] = await t.dataSource.getRepository(OrderItem).findBy({ order_id: c.id });
    await t.dataSource.getRepository(OrderItem).delete({ id: line!.id });
    await expectPageMatchesTables('one line deleted');
    await staff.delete(`/api/order/${a.id}/delete`).expect(200);
    await expectPageMatchesTables('order deleted by staff');
    // A cascade in the database itself (no application code between): the lines go with the order.
    await t.dataSource.getRepository(Order).delete({ id: b.id });
    await expectPageMatchesTables('order deleted in the database');
    // A restored dump (taken without triggers) or a rebuilt table: the next start puts them back and recounts.
    await fx.order(t, [{ product: p, quantity: 4 }]);
    await t.dataSource.query('DROP TRIGGER order_counts_order_insert');
    await t.dataSource.query('DELETE FROM order_counts');
    await fx.order(t, [{ product: p, quantity: 1 }]);
    expect(await ensureOrderCounts(t.dataSource)).toBe(true);
    expect(await ensureOrderCounts(t.dataSource)).toBe(false);
    await expectPageMatchesTables('triggers created again');
    await fx.order(t, [{ product: p, quantity: 2 }]);
    await expectPageMatchesTables('created after');
  });

  it('needs orders view / edit / delete', async () => {
    const p = await fx.product(t, refs);
    const o = await fx.order(t, [{ product: p, quantity: 1 }]);
    const viewer = await signIn(t, { orders: ['view'] });
    await viewer.get('/api/order').expect(200);
    await viewer.put(`/api/order/${o.id}/status`).send({ status: 'inprogress' }).expect(403);
    await viewer.delete(`/api/order/${o.id}/delete`).expect(403);
    const shopOnly = await signIn(t, { shop: 'all' });
    await shopOnly.get('/api/order').expect(403);
    await shopOnly.get(`/api/order/${o.id}`).expect(403);
  });
});
