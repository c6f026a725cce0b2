import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../../test/backoffice/fixtures.js';
import { createStaffUser, signInAs, signInAsAdmin, type StaffClient } from '../../../test/support/auth.js';
import { In } from 'typeorm';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/support/test-app.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import { AuditEntry } from '../../audit/entities/audit-entry.entity.js';
import type {
  InventoryCountAnswer,
  StockAdjustmentAnswer,
  StockLotsAnswer,
  StockMovementsAnswer,
} from '../../contract/stock-ledger.js';
import { StockMovement } from '../entities/stock-movement.entity.js';
import { StockLot } from '../entities/stock-lot.entity.js';
import { ledgerDifferences } from '../ledger/ledger-check.js';
import { changeAvailable, holdStock } from '../ledger/stock-ledger.js';

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

  it('gives staff the product’s available, held and on-hand quantities beside its lots', async () => {
    const product = await productWith(12);
    await t.dataSource.transaction((m) => holdStock(m, [{ productId: product.id, quantity: 5 }], { userId: null }));
    const answer = (await admin.get(`/api/stock/products/${product.id}/lots`).expect(200)).body as StockLotsAnswer;
    expect(answer.levels).toEqual({ stock: 7, held: 5, on_hand: 12 });
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

  it('answers a deep page of a long history with the right movements, and an empty page past the end', async () => {
    const product = await productWith(0);
    const other = await productWith(0);
    // More movements than a page anchor's step (common/page-anchors.ts): pages 11 and 12 start past the first anchor.
    const rows = Array.from({ length: 1_400 }, (_, i) => ({
      product_id: i % 7 === 0 ? other.id : product.id,
      kind: 'adjustment' as const,
      available_delta: i + 1,
      held_delta: 0,
      reason: 'casse',
    }));
    for (let i = 0; i < rows.length; i += 200) await t.dataSource.getRepository(StockMovement).insert(rows.slice(i, i + 200));
    const ids = (
      await t.dataSource.getRepository(StockMovement).find({ where: { product_id: product.id }, order: { id: 'DESC' } })
    ).map((m) => m.id);
    const page = async (n: number, perPage: number) =>
      (
        (await admin.get(`/api/stock/products/${product.id}/movements?page=${n}&per_page=${perPage}`).expect(200))
          .body as StockMovementsAnswer
      ).movements;
    expect(ids).toHaveLength(1_200);
    const deep = await page(11, 100);
    expect(deep).toMatchObject({ total: 1_200, per_page: 100, current_page: 11, last_page: 12 });
    expect(deep.data.map((m) => m.id)).toEqual(ids.slice(1_000, 1_100));
    expect((await page(12, 100)).data.map((m) => m.id)).toEqual(ids.slice(1_100, 1_200));
    expect((await page(3, 100)).data.map((m) => m.id)).toEqual(ids.slice(200, 300));
    const past = await page(20, 100);
    expect(past).toMatchObject({ data: [], total: 1_200, current_page: 20, last_page: 12 });
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

  const productNow = (id: number) => t.dataSource.getRepository(Product).findOneByOrFail({ id });
  const noDifference = async (id: number) =>
    expect((await ledgerDifferences(t.dataSource)).filter((d) => d.product_id === id)).toEqual([]);

  describe('adjustments', () => {
    it('takes a decrease from the first-expiring lot, records reason, comment and author, bumps the version', async () => {
      const product = await productWith(10);
      const lots = t.dataSource.getRepository(StockLot);
      const soon = await lots.save({ product_id: product.id, quantity_received: 4, quantity_left: 4, expires_at: dayFromNow(5) });
      const later = await lots.save({
        product_id: product.id,
        quantity_received: 4,
        quantity_left: 4,
        expires_at: dayFromNow(50),
      });
      const before = await productNow(product.id);
      const res = await admin
        .post(`/api/stock/products/${product.id}/adjustments`)
        .send({ delta: -6, reason: 'casse', comment: 'Palette renversée', version: before.version })
        .expect(201);
      const answer = res.body as StockAdjustmentAnswer;
      expect(answer).toMatchObject({ stock: 4, held: 0 });
      expect(answer.version).toBe((await productNow(product.id)).version);
      expect(answer.version).toBeGreaterThan(before.version);
      expect((await lots.findOneByOrFail({ id: soon.id })).quantity_left).toBe(0);
      expect((await lots.findOneByOrFail({ id: later.id })).quantity_left).toBe(2);
      const rows = await t.dataSource
        .getRepository(StockMovement)
        .find({ where: { product_id: product.id, kind: 'adjustment' } });
      expect(rows.map((r) => [r.lot_id, r.available_delta, r.reason, r.comment]).sort()).toEqual(
        [
          [soon.id, -4, 'casse', 'Palette renversée'],
          [later.id, -2, 'casse', 'Palette renversée'],
        ].sort(),
      );
      expect(rows.every((r) => r.user_id !== null)).toBe(true);
      const audit = await t.dataSource.getRepository(AuditEntry).findOneOrFail({
        where: { entity: 'product', entity_id: product.id },
        order: { id: 'DESC' },
      });
      expect(JSON.parse(audit.changes!)).toMatchObject({ stock: { before: 10, after: 4 } });
      await noDifference(product.id);
    });

    it('adds to a named lot, refuses a lot of another product (422) and going below zero (409)', async () => {
      const product = await productWith(3);
      const other = await productWith(0);
      const lot = await t.dataSource
        .getRepository(StockLot)
        .save({ product_id: product.id, quantity_received: 3, quantity_left: 3, expires_at: null });
      const foreign = await t.dataSource
        .getRepository(StockLot)
        .save({ product_id: other.id, quantity_received: 1, quantity_left: 1, expires_at: null });
      let version = (await productNow(product.id)).version;
      const res = await admin
        .post(`/api/stock/products/${product.id}/adjustments`)
        .send({ delta: 2, reason: 'erreur_de_saisie', comment: 'Oubli au comptage', lot_id: lot.id, version })
        .expect(201);
      version = (res.body as StockAdjustmentAnswer).version;
      expect((await t.dataSource.getRepository(StockLot).findOneByOrFail({ id: lot.id })).quantity_left).toBe(5);
      const wrongLot = await admin
        .post(`/api/stock/products/${product.id}/adjustments`)
        .send({ delta: -1, reason: 'perte', comment: 'Perdu', lot_id: foreign.id, version })
        .expect(422);
      expect(wrongLot.body.errors.lot_id[0]).toMatch(/lot/);
      const short = await admin
        .post(`/api/stock/products/${product.id}/adjustments`)
        .send({ delta: -6, reason: 'vol', comment: 'Vol constaté', version })
        .expect(409);
      expect(short.body.message).toMatch(/Stock disponible insuffisant/);
      expect(await productNow(product.id)).toMatchObject({ stock: 5 });
      await noDifference(product.id);
    });

    it('answers 422 with French messages for a bad body, 409 for a stale version, 403 without stock rights', async () => {
      const product = await productWith(3);
      const { version } = await productNow(product.id);
      const bad = await admin
        .post(`/api/stock/products/${product.id}/adjustments`)
        .send({ delta: 0, reason: 'oubli', comment: 'x' })
        .expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['comment', 'delta', 'reason', 'version']);
      expect(bad.body.errors.delta[0]).toBe('La variation ne peut pas être nulle.');
      const stale = await admin
        .post(`/api/stock/products/${product.id}/adjustments`)
        .send({ delta: 1, reason: 'autre', comment: 'Retrouvé', version: version + 5 })
        .expect(409);
      expect(stale.body.message).toMatch(/ce produit/);
      await writer
        .post(`/api/stock/products/${product.id}/adjustments`)
        .send({ delta: 1, reason: 'autre', comment: 'Retrouvé', version })
        .expect(403);
      expect(await productNow(product.id)).toMatchObject({ stock: 3, version });
    });
  });

  it('writes off the expired lots still counted, one péremption adjustment each', async () => {
    const product = await productWith(9);
    const lots = t.dataSource.getRepository(StockLot);
    const old = await lots.save({ product_id: product.id, quantity_received: 2, quantity_left: 2, expires_at: dayFromNow(-30) });
    const recent = await lots.save({
      product_id: product.id,
      quantity_received: 3,
      quantity_left: 3,
      expires_at: dayFromNow(-1),
    });
    const fresh = await lots.save({ product_id: product.id, quantity_received: 4, quantity_left: 4, expires_at: dayFromNow(30) });
    const res = await admin.post(`/api/stock/products/${product.id}/write-off-expired`).send({}).expect(200);
    expect(res.body.written_off).toBe(5);
    expect(await productNow(product.id)).toMatchObject({ stock: 4 });
    expect((await lots.findBy({ id: In([old.id, recent.id, fresh.id]) })).map((l) => l.quantity_left).sort()).toEqual([0, 0, 4]);
    const rows = await t.dataSource.getRepository(StockMovement).findBy({ product_id: product.id, reason: 'peremption' });
    expect(rows).toHaveLength(2);
    const again = await admin.post(`/api/stock/products/${product.id}/write-off-expired`).send({}).expect(200);
    expect(again.body.written_off).toBe(0);
    await admin
      .post(`/api/stock/products/${product.id}/write-off-expired`)
      .send({ comment: 'x'.repeat(501) })
      .expect(422);
    await writer.post(`/api/stock/products/${product.id}/write-off-expired`).send({}).expect(403);
    await noDifference(product.id);
  });

  describe('inventory counts', () => {
    it('previews the differences without writing, then applies them as count movements in one audited operation', async () => {
      const a = await productWith(10);
      const b = await productWith(5);
      const c = await productWith(7);
      // An order holds 2 of b: on hand 5, available 3.
      await t.dataSource.query('UPDATE products SET stock = stock - 2, held = held + 2 WHERE id = ?', [b.id]);
      await t.dataSource
        .getRepository(StockMovement)
        .insert({ product_id: b.id, kind: 'hold', available_delta: -2, held_delta: 2, document_type: 'order', document_id: 1 });
      const counts = [
        { product_id: c.id, counted: 7 },
        { product_id: a.id, counted: 8 },
        { product_id: b.id, counted: 6 },
      ];
      const preview = (await admin.post('/api/stock/inventory-counts/preview').send({ counts }).expect(200))
        .body as InventoryCountAnswer;
      expect(preview.lines.map((l) => [l.product_id, l.stock, l.held, l.on_hand, l.counted, l.difference])).toEqual([
        [a.id, 10, 0, 10, 8, -2],
        [b.id, 3, 2, 5, 6, 1],
        [c.id, 7, 0, 7, 7, 0],
      ]);
      expect(await productNow(a.id)).toMatchObject({ stock: 10 });

      const applied = (
        await admin.post('/api/stock/inventory-counts/apply').send({ counts, comment: 'Inventaire de fin de mois' }).expect(200)
      ).body as InventoryCountAnswer;
      expect(applied.applied).toBe(2);
      expect(await productNow(a.id)).toMatchObject({ stock: 8, held: 0 });
      expect(await productNow(b.id)).toMatchObject({ stock: 4, held: 2 });
      const moves = (await admin.get(`/api/stock/products/${a.id}/movements`).expect(200)).body as StockMovementsAnswer;
      expect(moves.movements.data[0]).toMatchObject({
        kind: 'count',
        available_delta: -2,
        document_type: 'inventory_count',
        document_label: 'Inventaire',
        comment: 'Inventaire de fin de mois',
      });
      const audit = await t.dataSource.getRepository(AuditEntry).findOneOrFail({
        where: { entity: 'inventory_count' },
        order: { id: 'DESC' },
      });
      expect(Object.keys(JSON.parse(audit.changes!))).toHaveLength(2);
      for (const p of [a, b, c]) await noDifference(p.id);
    });

    it('refuses the whole count when a product is counted below what orders hold, naming it', async () => {
      const a = await productWith(4);
      const held = await productWith(3, { name: 'Disjoncteur réservé' });
      await t.dataSource.query('UPDATE products SET stock = stock - 3, held = held + 3 WHERE id = ?', [held.id]);
      await t.dataSource.getRepository(StockMovement).insert({
        product_id: held.id,
        kind: 'hold',
        available_delta: -3,
        held_delta: 3,
        document_type: 'order',
        document_id: 1,
      });
      const res = await admin
        .post('/api/stock/inventory-counts/apply')
        .send({
          counts: [
            { product_id: a.id, counted: 1 },
            { product_id: held.id, counted: 2 },
          ],
        })
        .expect(409);
      expect(res.body.message).toMatch(/« Disjoncteur réservé »/);
      expect(await productNow(a.id)).toMatchObject({ stock: 4 });
    });

    it('answers 422 for an empty, duplicated or unknown count, 403 without stock rights', async () => {
      const a = await productWith(1);
      const empty = await admin.post('/api/stock/inventory-counts/preview').send({ counts: [] }).expect(422);
      expect(empty.body.errors.counts[0]).toBe('Indiquez au moins un produit compté.');
      const dup = await admin
        .post('/api/stock/inventory-counts/apply')
        .send({
          counts: [
            { product_id: a.id, counted: 1 },
            { product_id: a.id, counted: 2 },
          ],
        })
        .expect(422);
      expect(dup.body.errors['counts.1.product_id'][0]).toBe('Ce produit est compté deux fois.');
      const unknown = await admin
        .post('/api/stock/inventory-counts/preview')
        .send({ counts: [{ product_id: 999999, counted: 1 }] })
        .expect(422);
      expect(unknown.body.errors['counts.0.product_id'][0]).toBe('Ce produit n’existe pas.');
      const negative = await admin
        .post('/api/stock/inventory-counts/preview')
        .send({ counts: [{ product_id: a.id, counted: -1 }] })
        .expect(422);
      expect(JSON.stringify(negative.body.errors)).toMatch(/négative/);
      await writer
        .post('/api/stock/inventory-counts/apply')
        .send({ counts: [{ product_id: a.id, counted: 0 }] })
        .expect(403);
      expect(await productNow(a.id)).toMatchObject({ stock: 1 });
    });
  });
});
