import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Test } from 'supertest';
import * as fx from '../../test/backoffice/fixtures.js';
import { png } from '../../test/backoffice/images.js';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { StockMovement } from '../stock/entities/stock-movement.entity.js';
import { ledgerDifferences } from '../stock/ledger/ledger-check.js';
import { adjustmentFromForm } from '../stock/ledger/product-form-moves.js';
import { Product } from './entities/product.entity.js';
import { PRODUCT_FORM_STOCK } from './product-form-stock.js';

/** The product form's stock figure goes through the stock ledger, in the product save's transaction. */
describe(`the product form's stock through the ledger (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let shop: StaffClient;
  let refs: fx.ProductRefs;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await signIn(t, { shop: 'all' });
    refs = await fx.refs(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  // A test below swaps the stock module's writer for a failing one: the real one comes back.
  afterEach(() => PRODUCT_FORM_STOCK.adjusted.register('stock', adjustmentFromForm));

  const fields = (req: Test, values: Record<string, string | number>) => {
    const all = {
      name: 'Pompe immergée 1,5 kW',
      reference: `PI-${Date.now()}`,
      stock: 12,
      price: '450000',
      brand_id: refs.brand.id,
      category_id: refs.category.id,
      currency_id: refs.currency.id,
      description: 'Pompe pour forage, acier inoxydable.',
      ...values,
    };
    for (const [k, v] of Object.entries(all)) req.field(k, String(v));
    return req;
  };
  const create = async (stock: number) =>
    (
      await fields(shop.post('/api/product/create'), { stock })
        .attach('images[0]', await png(), 'pompe.png')
        .expect(201)
    ).body.product as { id: number; reference: string; version: number };
  const update = (product: { id: number; reference: string }, stock: number, name = 'Pompe immergée 1,5 kW') =>
    fields(shop.post(`/api/product/${product.id}/update`), { stock, name, reference: product.reference }).field('_method', 'PUT');
  const movements = (productId: number) =>
    t.dataSource.getRepository(StockMovement).find({ where: { product_id: productId }, order: { id: 'ASC' } });
  const stockOf = async (productId: number) =>
    (await t.dataSource.getRepository(Product).findOneByOrFail({ id: productId })).stock;

  it('opens a new product’s stock with the figure typed, by the staff member who saved it', async () => {
    const product = await create(12);
    expect(await stockOf(product.id)).toBe(12);
    expect(await movements(product.id)).toEqual([
      expect.objectContaining({
        kind: 'opening',
        available_delta: 12,
        held_delta: 0,
        comment: 'Stock initial saisi à la création du produit',
        document_type: 'product',
        document_id: product.id,
        user_id: shop.user!.id,
      }),
    ]);
    expect(await ledgerDifferences(t.dataSource)).toEqual([]);
  });

  it('adjusts by the difference a changed figure makes, audited before and after, and nothing for the same figure', async () => {
    const product = await create(12);
    const res = await update(product, 7).expect(200);
    expect(res.body.product).toMatchObject({ stock: 7 });
    expect((await movements(product.id)).slice(1)).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        available_delta: -5,
        reason: 'erreur_de_saisie',
        comment: 'Modifié depuis la fiche produit',
        document_type: 'product',
        document_id: product.id,
        user_id: shop.user!.id,
      }),
    ]);
    const audit = await t.dataSource.getRepository(AuditEntry).findOneOrFail({
      where: { entity: 'product', entity_id: product.id },
      order: { id: 'DESC' },
    });
    expect(JSON.parse(audit.changes!)).toMatchObject({ stock: { before: 12, after: 7 } });

    await update(product, 7, 'Pompe immergée 1,5 kW inox').expect(200);
    expect(await movements(product.id)).toHaveLength(2);
    expect(await ledgerDifferences(t.dataSource)).toEqual([]);
  });

  it('keeps the save and its ledger entry together: a failing ledger leaves the product as it was', async () => {
    const product = await create(12);
    PRODUCT_FORM_STOCK.adjusted.register('stock', () => Promise.reject(new Error('le registre refuse')));
    await update(product, 3, 'Nom jamais enregistré').expect(500);
    const after = await t.dataSource.getRepository(Product).findOneByOrFail({ id: product.id });
    expect(after).toMatchObject({ stock: 12, name: 'Pompe immergée 1,5 kW' });
    expect(await movements(product.id)).toHaveLength(1);
    expect(await ledgerDifferences(t.dataSource)).toEqual([]);
  });
});
