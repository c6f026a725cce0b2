import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/support/test-app.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../../test/support/public-fixtures.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import { ledgerDifferences } from './ledger-check.js';
import { changeAvailable, holdStock, moveOrderStock } from './stock-ledger.js';

describe(`stock ledger (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the columns equal to the sums of the movements, and the check finds the product that disagrees', async () => {
    const [category, brand, currency] = [
      await makeCategory(t.dataSource, 'Pompes'),
      await makeBrand(t.dataSource),
      await ensureCurrency(t.dataSource, 'Fcfa'),
    ];
    const pump = await makeProduct(t.dataSource, { name: 'Pompe', price: '1000.00', stock: 0, category, brand, currency });
    await t.dataSource.transaction(async (m) => {
      await changeAvailable(m, pump.id, 'opening', 10, { userId: null });
      await holdStock(m, [{ productId: pump.id, quantity: 4 }], { userId: null, documentType: 'order', documentId: 1 });
      await moveOrderStock(m, 'delivery', [{ productId: pump.id, quantity: 3 }], { userId: null });
      await moveOrderStock(m, 'release', [{ productId: pump.id, quantity: 1 }], { userId: null });
    });
    expect(await t.dataSource.getRepository(Product).findOneByOrFail({ id: pump.id })).toMatchObject({ stock: 7, held: 0 });
    expect((await ledgerDifferences(t.dataSource)).some((d) => d.product_id === pump.id)).toBe(false);
    await expect(
      t.dataSource.transaction((m) => holdStock(m, [{ productId: pump.id, quantity: 8 }], { userId: null })),
    ).rejects.toMatchObject({ status: 409 });
    await t.dataSource.getRepository(Product).update({ id: pump.id }, { stock: 9 });
    expect(await ledgerDifferences(t.dataSource)).toContainEqual({
      product_id: pump.id,
      stock: 9,
      held: 0,
      ledger_available: 7,
      ledger_held: 0,
    });
    // Walked by slices of one product (each its own id range, movements included): the same answer.
    expect(await ledgerDifferences(t.dataSource, 1)).toEqual(await ledgerDifferences(t.dataSource));
  });
});
