import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, testDatabaseKind, type TestApp } from '../../../test/support/test-app.js';
import { ROW_COUNT_TRIGGERS } from '../../common/row-counts.js';
import { SEARCH_TRIGRAM_TRIGGERS } from '../../common/search-trigrams.js';
import { Article } from '../../blog/entities/article.entity.js';
import { Brand } from '../../catalogue/entities/brand.entity.js';
import { Category } from '../../catalogue/entities/category.entity.js';
import { Currency } from '../../exchange-rates/entities/currency.entity.js';
import { Product } from '../../catalogue/entities/product.entity.js';
import { ORDER_COUNT_TRIGGERS } from '../../orders/order-counts.js';
import { ENTITIES } from './entities.js';
import { MYSQL_MIGRATIONS } from './migrations/mysql/index.js';
import { SQLITE_MIGRATIONS } from './migrations/sqlite/index.js';

// The entities and each driver's migrations must describe the same schema: after the migrations the
// schema builder has nothing left to do. On failure, run `npm run db:migration:generate -w api -- <Name>`.
describe(`database migrations (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const driver = testDatabaseKind() === 'mariadb' ? 'mysql' : 'sqlite';
  const migrations = driver === 'mysql' ? MYSQL_MIGRATIONS : SQLITE_MIGRATIONS;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const pendingSchemaChanges = async () => (await t.dataSource.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query);

  const tableNames = async () => {
    const rows: { name: string }[] =
      driver === 'mysql'
        ? await t.dataSource.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()')
        : await t.dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`);
    return rows.map((r) => r.name).sort();
  };

  it('registers every migration file of the folder, in timestamp order', () => {
    const folder = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations', driver);
    const files = fs.readdirSync(folder).filter((f) => /^\d{13}-\w+\.ts$/.test(f));
    expect(migrations.length).toBe(files.length);
    const timestamps = migrations.map((m) => Number(/(\d{13})$/.exec(m.name)?.[1]));
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
    expect(timestamps.every((n) => Number.isFinite(n))).toBe(true);
  });

  it('leaves nothing for the schema builder to do once the migrations ran (no drift)', async () => {
    expect(await t.dataSource.showMigrations()).toBe(false);
    expect(await pendingSchemaChanges()).toEqual([]);
    const expected = t.dataSource.entityMetadatas.map((m) => m.tableName);
    expect(expected).toHaveLength(ENTITIES.length);
    expect(await tableNames()).toEqual(expect.arrayContaining(expected));
  });

  it('stores article bodies in a column without the 64 KB TEXT limit', async () => {
    if (driver === 'mysql') {
      const [column] = await t.dataSource.query(
        `SELECT data_type AS type FROM information_schema.columns
         WHERE table_schema = DATABASE() AND table_name = 'blog_articles' AND column_name = 'content'`,
      );
      expect(column.type).toBe('longtext');
    }
    const big = `<p>${'Groupe électrogène diesel 250 kVA, capot insonorisé. '.repeat(4000)}</p>`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(200_000);
    const saved = await t.dataSource.getRepository(Article).save({
      title: 'Article très long',
      slug: 'article-tres-long',
      content: big,
      status: 'Brouillon',
    });
    const read = await t.dataSource.getRepository(Article).findOneByOrFail({ id: saved.id });
    expect(read.content).toBe(big);
    await t.dataSource.getRepository(Article).delete(saved.id);
  });

  it('keeps money exact and returns it as a two-decimal string on this driver', async () => {
    const category = await t.dataSource.getRepository(Category).save({ designation: 'Pompes', description: 'Pompes' });
    const brand = await t.dataSource.getRepository(Brand).save({ name: 'Marque', representative: 'R', description: 'D' });
    const currency = await t.dataSource.getRepository(Currency).save({ name: 'Fcfa', symbol: 'FCFA', code: 'XOF' });
    const repo = t.dataSource.getRepository(Product);
    const fields = {
      name: 'Pompe immergée',
      stock: 3,
      description: 'Pompe',
      brand_id: brand.id,
      category_id: category.id,
      currency_id: currency.id,
    };
    const saved = await repo.save({ ...fields, reference: 'PMP-1', price: '9999999999.99' });
    const other = await repo.save({ ...fields, reference: 'PMP-2', price: '1250000' });
    const read = await repo.findOneOrFail({ where: { id: saved.id }, relations: { currency: true } });
    expect(read.price).toBe('9999999999.99');
    expect(read.in_spotlight).toBe(false);
    expect(read.currency?.symbol).toBe('FCFA');
    expect((await repo.findOneByOrFail({ id: other.id })).price).toBe('1250000.00');
    expect(read.created_at).toBeInstanceOf(Date);
    expect(Math.abs(read.created_at.getTime() - Date.now())).toBeLessThan(60_000);
    await repo.delete([saved.id, other.id]);
    await t.dataSource.getRepository(Brand).delete(brand.id);
    await t.dataSource.getRepository(Category).delete(category.id);
    await t.dataSource.getRepository(Currency).delete(currency.id);
  });

  it('has the triggers that keep the order counts, the search indexes and the row counts once the database is migrated', async () => {
    const rows: { name: string }[] =
      driver === 'mysql'
        ? await t.dataSource.query(
            'SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = DATABASE()',
          )
        : await t.dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'trigger'`);
    expect(rows.map((r) => r.name).sort()).toEqual(
      [...ORDER_COUNT_TRIGGERS, ...SEARCH_TRIGRAM_TRIGGERS, ...ROW_COUNT_TRIGGERS].sort(),
    );
  });

  it('undoes every migration and runs them again to the same schema', async () => {
    // ensureFirstAdministrator wrote rows; the down migrations drop the tables with them.
    for (let i = 0; i < migrations.length; i++) await t.dataSource.undoLastMigration({ transaction: 'each' });
    expect(await tableNames()).toEqual(['migrations']);
    expect(await t.dataSource.showMigrations()).toBe(true);

    const applied = await t.dataSource.runMigrations({ transaction: 'each' });
    expect(applied.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    expect(await pendingSchemaChanges()).toEqual([]);
  });
});
