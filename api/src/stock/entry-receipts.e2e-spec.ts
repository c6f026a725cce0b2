import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { png } from '../../test/backoffice/images.js';
import { createStaffUser, signInAs, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import type { StockEntryRow } from '../contract/backoffice.js';
import type { StockLotsAnswer, StockMovementsAnswer } from '../contract/stock-ledger.js';
import { StockLot } from './entities/stock-lot.entity.js';
import { ledgerDifferences } from './ledger/ledger-check.js';
import { changeAvailable, holdStock } from './ledger/stock-ledger.js';

describe(`stock entries move their product's stock (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let image: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
    image = await png(64, 64);
  });
  afterAll(async () => {
    await t?.close();
  });

  const productWith = async (stock: number) => {
    const product = await fx.product(t, await fx.refs(t), { stock: 0 });
    if (stock) await t.dataSource.transaction((m) => changeAvailable(m, product.id, 'opening', stock, { userId: null }));
    return product;
  };
  const stockOf = (id: number) => t.dataSource.getRepository(Product).findOneByOrFail({ id });
  const create = (fields: Record<string, string | number>) => {
    let req = admin.post('/api/stock/create');
    for (const [k, v] of Object.entries({ name: 'Pompes reçues', price: '25000', manufacture_date: '2026-01-01', ...fields }))
      req = req.field(k, String(v));
    return req.attach('image', image, 'entree.png');
  };
  const update = (id: number, fields: Record<string, string | number>) => {
    let req = admin.post(`/api/stock/${id}/update`).field('_method', 'PUT');
    for (const [k, v] of Object.entries({ name: 'Pompes reçues', price: '25000', manufacture_date: '2026-01-01', ...fields }))
      req = req.field(k, String(v));
    return req;
  };
  const noDifference = async (...ids: number[]) =>
    expect((await ledgerDifferences(t.dataSource)).filter((d) => ids.includes(d.product_id))).toEqual([]);

  it('creating an entry with a product receives its quantity into a lot with its expiry date; the list names the product', async () => {
    const product = await productWith(5);
    const res = await create({ quantity: 40, product_id: product.id, expiry_date: '2027-06-30' }).expect(201);
    const entry = res.body.stock as StockEntryRow;
    expect(entry).toMatchObject({ product_id: product.id, product_name: product.name, quantity: 40 });
    expect(await stockOf(product.id)).toMatchObject({ stock: 45 });
    const lots = (await admin.get(`/api/stock/products/${product.id}/lots`).expect(200)).body as StockLotsAnswer;
    expect(lots.lots).toEqual([
      expect.objectContaining({
        stock_entry_id: entry.id,
        entry_name: 'Pompes reçues',
        quantity_left: 40,
        expiry_date: '2027-06-30',
        manufacture_date: '2026-01-01',
        expired: false,
      }),
    ]);
    const moves = (await admin.get(`/api/stock/products/${product.id}/movements`).expect(200)).body as StockMovementsAnswer;
    expect(moves.movements.data[0]).toMatchObject({
      kind: 'receipt',
      available_delta: 40,
      document_type: 'stock_entry',
      document_id: entry.id,
      document_label: 'Entrée « Pompes reçues »',
      lot_id: lots.lots[0]!.id,
    });
    const list = (await admin.get('/api/stock?search=Pompes').expect(200)).body.stocks.data as StockEntryRow[];
    expect(list.find((row) => row.id === entry.id)).toMatchObject({ product_id: product.id, product_name: product.name });
    await noDifference(product.id);
  });

  it('an entry without a product moves nothing, as before; an unknown product is a 422', async () => {
    const res = await create({ quantity: 3 }).expect(201);
    expect(res.body.stock).toMatchObject({ product_id: null, product_name: null });
    const bad = await create({ quantity: 3, product_id: 999999 }).expect(422);
    expect(bad.body.errors.product_id).toEqual(['Ce produit n’existe pas.']);
  });

  it('editing the quantity corrects the same lot; below what is left of the lot is a 409', async () => {
    const product = await productWith(0);
    const entry = (await create({ quantity: 10, product_id: product.id }).expect(201)).body.stock as StockEntryRow;
    let version = ((await update(entry.id, { quantity: 12, version: entry.version }).expect(200)).body.stock as StockEntryRow)
      .version;
    expect(await stockOf(product.id)).toMatchObject({ stock: 12 });
    const [lot] = await t.dataSource.getRepository(StockLot).findBy({ stock_entry_id: entry.id });
    expect(lot).toMatchObject({ quantity_received: 12, quantity_left: 12 });
    // 9 units leave with an order: only 3 remain in the lot.
    await t.dataSource.transaction(async (m) => {
      await holdStock(m, [{ productId: product.id, quantity: 9 }], { userId: null });
      await m.getRepository(StockLot).update({ id: lot!.id }, { quantity_left: 3 });
    });
    const refused = await update(entry.id, { quantity: 2, version }).expect(409);
    expect(refused.body.message).toMatch(/n’a plus que 3 unité/);
    expect(await stockOf(product.id)).toMatchObject({ stock: 3, held: 9 });
    version = ((await update(entry.id, { quantity: 10, version }).expect(200)).body.stock as StockEntryRow).version;
    expect(await stockOf(product.id)).toMatchObject({ stock: 1, held: 9 });
    expect(version).toBeGreaterThan(entry.version);
  });

  it('changing the product moves the receipt to it; deleting the entry takes it back', async () => {
    const first = await productWith(0);
    const second = await productWith(1);
    const entry = (await create({ quantity: 6, product_id: first.id }).expect(201)).body.stock as StockEntryRow;
    const moved = (await update(entry.id, { quantity: 6, product_id: second.id, version: entry.version }).expect(200)).body
      .stock as StockEntryRow;
    expect(moved).toMatchObject({ product_id: second.id, product_name: second.name });
    expect(await stockOf(first.id)).toMatchObject({ stock: 0 });
    expect(await stockOf(second.id)).toMatchObject({ stock: 7 });
    // A client that does not send product_id keeps it.
    await update(entry.id, { quantity: 6, version: moved.version }).expect(200);
    expect(await stockOf(second.id)).toMatchObject({ stock: 7 });
    await admin.delete(`/api/stock/${entry.id}/delete`).expect(200);
    expect(await stockOf(second.id)).toMatchObject({ stock: 1 });
    const lots = (await admin.get(`/api/stock/products/${second.id}/lots?all=1`).expect(200)).body as StockLotsAnswer;
    expect(lots.lots.every((l) => l.quantity_left === 0)).toBe(true);
    await noDifference(first.id, second.id);
  });

  it('refuses to delete an entry whose goods already left (409), and removing the product follows the same rule', async () => {
    const product = await productWith(0);
    const entry = (await create({ quantity: 4, product_id: product.id }).expect(201)).body.stock as StockEntryRow;
    await t.dataSource.getRepository(StockLot).update({ stock_entry_id: entry.id }, { quantity_left: 1 });
    const res = await admin.delete(`/api/stock/${entry.id}/delete`).expect(409);
    expect(res.body.message).toMatch(/Impossible/);
    await update(entry.id, { quantity: 4, product_id: '', version: entry.version }).expect(409);
    expect(await stockOf(product.id)).toMatchObject({ stock: 4 });
  });

  it('answers 403 to a role without stock rights', async () => {
    const product = await productWith(0);
    const writer = await signInAs(t, await createStaffUser(t, { grid: { shop: 'all' } }));
    await writer
      .post('/api/stock/create')
      .field('name', 'x')
      .field('price', '1')
      .field('quantity', '1')
      .field('manufacture_date', '2026-01-01')
      .field('product_id', String(product.id))
      .attach('image', image, 'e.png')
      .expect(403);
    expect(await stockOf(product.id)).toMatchObject({ stock: 0 });
  });
});
