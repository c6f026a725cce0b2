import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import { RowCount } from './row-count.entity.js';
import { ensureRowCounts } from './row-counts.js';

/**
 * The unfiltered staff lists' totals come from row counts kept by triggers: exact after every insert
 * and delete (by the API, by SQL, by a cascade, by concurrent writers), the filtered lists still counting
 * their own rows, and the triggers put back (and the table counted afresh) when a start finds them missing.
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
  const journalTotal = async () => (await admin.get('/api/audit?per_page=2&page=2').expect(200)).body.entries.total as number;
  const journalEntry = (label: string, created_at = new Date()) => ({
    created_at,
    actor: 'system',
    user_id: null,
    user_name: null,
    ip: null,
    entity: 'product',
    entity_id: 1,
    label,
    action: 'update',
    changes: null,
  });
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
    await t.dataSource.getRepository(RowCount).increment({ table_name: 'products', shard: 0 }, 'row_count', 1000);
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

  it('keeps the journal total exact through concurrent writers, pruning and a restore', async () => {
    const journal = t.dataSource.getRepository(AuditEntry);
    await journal.insert([
      journalEntry('Ancienne 1', new Date('2020-01-01')),
      journalEntry('Ancienne 2', new Date('2020-01-02')),
    ]);
    const before = await journalTotal();
    expect(before).toBe(await counted('audit_entries'));

    // Twelve transactions at once, each writing three entries (as a staff change may), on as many connections as the pool gives.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.dataSource.transaction(async (manager) => {
          for (let k = 0; k < 3; k++) await manager.insert(AuditEntry, journalEntry(`Concurrente ${i}.${k}`));
        }),
      ),
    );
    expect(await journalTotal()).toBe(before + 36);

    // The housekeeping's pruning deletes the entries past the retention period.
    expect(await t.app.get(AuditService).purgeOlderThan(new Date('2021-01-01'))).toBe(2);
    expect(await journalTotal()).toBe(before + 34);
    expect(await journalTotal()).toBe(await counted('audit_entries'));

    // A restored dump has no triggers, and its kept counts are those of another time.
    const q = quoteIdentifier(t.dataSource);
    for (const kind of ['insert', 'delete']) await t.dataSource.query(`DROP TRIGGER ${q(`row_counts_audit_entries_${kind}`)}`);
    await t.dataSource.getRepository(RowCount).increment({ table_name: 'audit_entries', shard: 3 }, 'row_count', 500);
    await journal.insert(journalEntry('Pendant la restauration'));
    expect(await ensureRowCounts(t.dataSource)).toEqual(['audit_entries']);
    expect(await journalTotal()).toBe(before + 35);
    await journal.delete({ label: 'Concurrente 0.0' });
    expect(await journalTotal()).toBe(before + 34);
    expect(await journalTotal()).toBe(await counted('audit_entries'));
  });
});
