import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import { RowCount } from './row-count.entity.js';
import { ensureRowCounts } from './row-counts.js';

/**
 * The unfiltered staff lists' totals come from row counts kept by triggers: exact after every insert
 * and delete (by the API, by SQL, by a cascade), the filtered lists still counting their own rows, and
 * the triggers put back (and the table counted afresh) when a start finds them missing.
 */
describe(`kept row counts behind the lists' totals (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let refs: fx.ProductRefs;

  const productsTotal = async (query = '') =>
    (
      await admin
        .get(`/api/product?per_page=2&page=2&sort=price&direction=desc${query}`)
        .set('Cache-Control', 'no-cache')
        .expect(200)
    ).body.products.total as number;
  const customersTotal = async () =>
    (await admin.get('/api/customer?per_page=2&page=2').expect(200)).body.customers.total as number;
  const articlesTotal = async () => (await admin.get('/api/blog?per_page=2&page=2').expect(200)).body.blogs.total as number;
  const counted = async (table: string) => {
    const q = quoteIdentifier(t.dataSource);
    const [row] = (await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${q(table)}`)) as { n: number | string }[];
    return Number(row!.n);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
    refs = await fx.refs(t);
    for (let i = 0; i < 5; i++) {
      await fx.product(t, refs, { price: `${100 + i}.00` });
      await fx.customer(t);
      await fx.article(t);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives the real totals after inserts and deletes, however they are made', async () => {
    expect(await productsTotal()).toBe(await counted('products'));
    expect(await customersTotal()).toBe(await counted('customers'));
    expect(await articlesTotal()).toBe(await counted('blog_articles'));
    const before = await productsTotal();

    // Three more products (one by a multi-row INSERT), one deleted through the API, one by SQL.
    const made = [await fx.product(t, refs), await fx.product(t, refs)];
    const row = {
      stock: 1,
      price: '1.00',
      description: 'Inséré en SQL.',
      brand_id: refs.brand.id,
      category_id: refs.category.id,
    };
    await t.dataSource
      .getRepository(Product)
      .insert({ ...row, name: 'Produit SQL', reference: 'REF-SQL-1', currency_id: refs.currency.id });
    expect(await productsTotal()).toBe(before + 3);
    await admin.delete(`/api/product/${made[0]!.id}/delete`).expect(200);
    await t.dataSource.getRepository(Product).delete({ id: made[1]!.id });
    expect(await productsTotal()).toBe(before + 1);
    expect(await productsTotal()).toBe(await counted('products'));

    await t.dataSource.getRepository(Customer).delete({ id: (await fx.customer(t)).id });
    await fx.customer(t);
    expect(await customersTotal()).toBe(await counted('customers'));
  });

  it('reads the kept count for the whole table only: a filtered list counts its own rows', async () => {
    const real = await counted('products');
    // The kept row moved by hand: the unfiltered total says so, a filtered one does not.
    await t.dataSource.getRepository(RowCount).update({ table_name: 'products' }, { row_count: real + 1000 });
    expect(await productsTotal()).toBe(real + 1000);
    expect(await productsTotal(`&brand_id=${refs.brand.id}`)).toBe(
      await t.dataSource.getRepository(Product).countBy({ brand_id: refs.brand.id }),
    );
    // A start that finds a trigger missing puts it back and counts the table afresh.
    await t.dataSource.query(`DROP TRIGGER ${quoteIdentifier(t.dataSource)('row_counts_products_insert')}`);
    expect(await ensureRowCounts(t.dataSource)).toEqual(['products']);
    expect(await productsTotal()).toBe(real);
    await fx.product(t, refs);
    expect(await productsTotal()).toBe(real + 1);
    expect(await ensureRowCounts(t.dataSource)).toEqual([]);
  });
});
