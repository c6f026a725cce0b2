import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../../test/backoffice/fixtures.js';
import { createStaffUser, signInAs, signInAsAdmin, type StaffClient } from '../../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/support/test-app.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import type { StockLotsAnswer, StockMovementsAnswer } from '../../contract/stock-ledger.js';
import { StockLot } from '../entities/stock-lot.entity.js';
import { ledgerDifferences } from '../ledger/ledger-check.js';
import { changeAvailable } from '../ledger/stock-ledger.js';

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe(`stock keeper: movements and lots (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let writer: StaffClient;

  /** A product whose stock is an opening movement, as the migration leaves every product. */
  const productWith = async (stock: number, values: Partial<Product> = {}) => {
    const product = await fx.product(t, await fx.refs(t), { stock: 0, ...values });
    if (stock) await t.dataSource.transaction((m) => changeAvailable(m, product.id, 'opening', stock, { userId: null }));
    return product;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
    writer = await signInAs(t, await createStaffUser(t, { grid: { shop: 'all' } }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists a product’s lots first-expiring first, undated last, emptied ones only with ?all=1', async () => {
    const product = await productWith(0);
    const lot = (values: Partial<StockLot>) =>
      t.dataSource.getRepository(StockLot).save({ product_id: product.id, quantity_received: 5, quantity_left: 5, ...values });
    const undated = await lot({ expires_at: null });
    const late = await lot({ expires_at: dayFromNow(40) });
    const past = await lot({ expires_at: dayFromNow(-2), quantity_left: 3 });
    const empty = await lot({ expires_at: dayFromNow(1), quantity_left: 0 });

    const res = await admin.get(`/api/stock/products/${product.id}/lots`).expect(200);
    const lots = (res.body as StockLotsAnswer).lots;
    expect(lots.map((l) => l.id)).toEqual([past.id, late.id, undated.id]);
    expect(lots[0]).toMatchObject({ quantity_left: 3, expiry_date: dayFromNow(-2), expired: true, stock_entry_id: null });
    expect(lots[1]!.expired).toBe(false);

    const all = (await admin.get(`/api/stock/products/${product.id}/lots?all=1`).expect(200)).body as StockLotsAnswer;
    expect(all.lots.map((l) => l.id)).toEqual([past.id, empty.id, late.id, undated.id]);
  });

  it('lists movements newest first with their document and author, paginated', async () => {
    const product = await productWith(10);
    await t.dataSource.transaction((m) =>
      changeAvailable(m, product.id, 'adjustment', -2, { userId: 1, reason: 'casse', comment: 'Tombé du rayon' }),
    );
    const res = await admin.get(`/api/stock/products/${product.id}/movements?per_page=1`).expect(200);
    const page = (res.body as StockMovementsAnswer).movements;
    expect(page).toMatchObject({ total: 2, per_page: 1, current_page: 1, last_page: 2 });
    expect(page.data[0]).toMatchObject({ kind: 'adjustment', available_delta: -2, held_delta: 0, reason: 'casse' });
    expect(page.data[0]!.user).toMatchObject({ id: 1 });
    const second = (await admin.get(`/api/stock/products/${product.id}/movements?page=2&per_page=1`).expect(200))
      .body as StockMovementsAnswer;
    expect(second.movements.data[0]).toMatchObject({ kind: 'opening', available_delta: 10, user: null });
    expect((await ledgerDifferences(t.dataSource)).filter((d) => d.product_id === product.id)).toEqual([]);
  });

  it('answers 404 for an unknown product, 422 for a bad page, 403 without stock rights', async () => {
    const product = await productWith(1);
    await admin.get('/api/stock/products/999999/movements').expect(404);
    await admin.get('/api/stock/products/999999/lots').expect(404);
    const bad = await admin.get(`/api/stock/products/${product.id}/movements?page=zéro`).expect(422);
    expect(bad.body.errors.page[0]).toMatch(/page/);
    await writer.get(`/api/stock/products/${product.id}/movements`).expect(403);
    await writer.get(`/api/stock/products/${product.id}/lots`).expect(403);
  });
});
