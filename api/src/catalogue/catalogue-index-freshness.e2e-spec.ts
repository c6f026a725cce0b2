import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { createApp } from '../bootstrap.js';
import type { ProductFilterAnswer } from '../contract/public.js';
import { PublishingService } from '../publishing/publishing.service.js';
import { CatalogueIndexService } from './catalogue-index.service.js';
import { Brand } from './entities/brand.entity.js';
import type { Category } from './entities/category.entity.js';
import type { Currency } from '../exchange-rates/entities/currency.entity.js';
import { Product } from './entities/product.entity.js';

/** Polls `read` until `accept` holds (at most 15 s): the change reaches the other replica within its refresh period. */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The shop's filter answers from an in-memory index on each replica: a change made through one API
 * process (which notifies publishing, as the staff services do) or an order's stock move reaches the
 * filter of another process sharing the database, without a restart, within its refresh period.
 */
describe(`public catalogue index across replicas (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let other: NestExpressApplication;
  let otherHttp: Server;
  let category: Category;
  let brand: Brand;
  let xof: Currency;
  let pump: Product;

  beforeAll(async () => {
    t = await createTestApp();
    const ds = t.dataSource;
    category = await makeCategory(ds, 'Pompes de test');
    brand = await makeBrand(ds);
    xof = await ensureCurrency(ds, 'Fcfa');
    pump = await makeProduct(ds, { name: 'Pompe immergée', price: '50000.00', stock: 4, category, brand, currency: xof });
    await makeProduct(ds, { name: 'Pompe de surface', price: '30000.00', stock: 2, category, brand, currency: xof });
    other = await createApp(t.config);
    // The production refresh, shortened: this replica learns of changes only by looking for them.
    other.get(CatalogueIndexService).refreshMs = 200;
    // Its reloads read one product per statement: every answer below also checks that none is left out.
    other.get(CatalogueIndexService).readSlice = 1;
    await other.init();
    otherHttp = other.getHttpServer() as Server;
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
  });

  const filter = async (query: string): Promise<ProductFilterAnswer> =>
    (await request(otherHttp).get(`/api/products/filter?category=${category.id}&${query}`).expect(200))
      .body as ProductFilterAnswer;
  const names = (answer: ProductFilterAnswer) => answer.products.map((p) => p.name);
  const notify = (kind: 'product.updated' | 'product.created' | 'product.deleted' | 'brand.updated') =>
    t.app.get(PublishingService).notifyChange(kind, 'Changement de test');

  it('answers each card with the fields of the product’s own answer', async () => {
    const [card] = (await filter('search=immergee')).products;
    const own = (await request(otherHttp).get(`/api/product/${pump.id}`).expect(200)).body as {
      product: Record<string, unknown>;
    };
    const { specs: _specs, datasheets: _datasheets, ...fields } = own.product;
    expect(card).toEqual(fields);
  });

  it('sees a price change made on another replica, in the price range and sort', async () => {
    expect(names(await filter('tri=prix_asc&prix_min=40000'))).toEqual(['Pompe immergée']);
    await t.dataSource.getRepository(Product).update({ id: pump.id }, { price: '20000.00' });
    await notify('product.updated');
    const answer = await eventually(
      () => filter('tri=prix_asc&prix_min=40000'),
      (a) => a.totalProducts === 0,
    );
    expect(answer).toMatchObject({ totalProducts: 0, products: [] });
    const sorted = await filter('tri=prix_asc');
    expect(names(sorted)).toEqual(['Pompe immergée', 'Pompe de surface']);
    expect(sorted.products[0]).toMatchObject({ price: '20000.00' });
  });

  /** The statements reading the whole catalogue again (a reload) on the other replica while `during` runs. */
  async function reloadsDuring(during: () => Promise<void>): Promise<number> {
    const ds = other.get(DataSource);
    const query = ds.query.bind(ds);
    let reloads = 0;
    ds.query = (async (sql: string, parameters?: unknown[]) => {
      if (sql.includes('FROM products WHERE id > ?')) reloads++;
      return query(sql, parameters);
    }) as typeof ds.query;
    try {
      await during();
    } finally {
      ds.query = query;
    }
    return reloads;
  }

  /** A product's name and category changed as the staff form saves them (its search text follows). */
  async function rename(id: number, name: string, categoryId: number): Promise<void> {
    const products = t.dataSource.getRepository(Product);
    const product = await products.findOneByOrFail({ id });
    await products.save(Object.assign(product, { name, category_id: categoryId }));
  }

  /** The pump renamed here, until the other replica's search for `search` finds it alone under that name. */
  async function renameSeen(name: string, categoryId: number, search: string): Promise<void> {
    await rename(pump.id, name, categoryId);
    await notify('product.updated');
    const answer = await eventually(
      () => filter(`search=${search}`),
      (a) => names(a).join() === name,
    );
    expect(names(answer)).toEqual([name]);
  }

  /** The pump under its first name and category again (its reference keeps the word « immergée »). */
  const renamedBack = () => renameSeen('Pompe immergée', category.id, 'immergee');

  it('patches a product edited on another replica in place: found by its new name and category, no reload', async () => {
    const moved = await makeCategory(t.dataSource, 'Pompes déplacées');
    const reloads = await reloadsDuring(async () => {
      await rename(pump.id, 'Pompe vide-cave', moved.id);
      await notify('product.updated');
      const gone = await eventually(
        () => filter('search=immergee'),
        (a) => a.totalProducts === 0,
      );
      expect(gone.totalProducts).toBe(0);
      const there = await eventually(
        async () =>
          (await request(otherHttp).get(`/api/products/filter?category=${moved.id}&search=vide-cave`).expect(200))
            .body as ProductFilterAnswer,
        (a) => a.totalProducts === 1,
      );
      expect(there.products[0]).toMatchObject({ name: 'Pompe vide-cave', category_id: moved.id });
      expect(names(await filter('tri=nom_asc'))).toEqual(['Pompe de surface']);
    });
    expect(reloads).toBe(0);
    await renamedBack();
  });

  it('reloads rather than patches when more products changed than a catch-up patches', async () => {
    const service = other.get(CatalogueIndexService);
    const patchMax = service.patchMax;
    service.patchMax = 0;
    try {
      const reloads = await reloadsDuring(() => renameSeen('Pompe de relevage', category.id, 'relevage'));
      expect(reloads).toBeGreaterThan(0);
    } finally {
      service.patchMax = patchMax;
    }
    await renamedBack();
  });

  it('answers an edit notified on its own replica at once, patched in place', async () => {
    const reloads = await reloadsDuring(async () => {
      await t.dataSource.getRepository(Product).update({ id: pump.id }, { in_spotlight: true, price: '95000.00' });
      await other.get(PublishingService).notifyChange('product.updated', 'Changement de test');
      // No waiting: the next answer of the replica that made the change has it.
      const answer = await filter('tri=prix_desc');
      expect(answer.products[0]).toMatchObject({ name: 'Pompe immergée', price: '95000.00' });
    });
    expect(reloads).toBe(0);
  });

  it('sees a new product, searchable, made on another replica', async () => {
    expect((await filter('search=doseuse')).totalProducts).toBe(0);
    await makeProduct(t.dataSource, { name: 'Pompe doseuse', price: '90000.00', stock: 1, category, brand, currency: xof });
    await notify('product.created');
    const answer = await eventually(
      () => filter('search=DOSEUSE'),
      (a) => a.totalProducts === 1,
    );
    expect(names(answer)).toEqual(['Pompe doseuse']);
    expect(names(await filter('tri=recent&limit=1'))).toEqual(['Pompe doseuse']);
  });

  it('drops a product removed from the catalogue on another replica', async () => {
    const before = await filter('tri=nom_asc');
    expect(names(before)).toContain('Pompe de surface');
    const surface = before.products.find((p) => p.name === 'Pompe de surface')!;
    await t.dataSource.getRepository(Product).delete({ id: surface.id });
    await notify('product.deleted');
    // Waited for in the count too: cards the index does not keep are read from the database, so the
    // removed product can leave them at once, while the count is the index's until the notice arrives.
    const answer = await eventually(
      () => filter('tri=nom_asc'),
      (a) => !names(a).includes('Pompe de surface') && a.totalProducts === 2,
    );
    expect(names(answer)).toEqual(['Pompe doseuse', 'Pompe immergée']);
    expect(answer.totalProducts).toBe(2);
  });

  it('sees stock taken by an order (no publishing notice) in the availability filter', async () => {
    expect(names(await filter('disponibilite=sur_commande'))).toEqual([]);
    // An order takes the stock with a conditional UPDATE, which moves updated_at and notifies nothing.
    await t.dataSource
      .createQueryBuilder()
      .update(Product)
      .set({ stock: () => 'stock - 4' })
      .where('id = :id AND stock >= 4', { id: pump.id })
      .execute();
    const answer = await eventually(
      () => filter('disponibilite=sur_commande'),
      (a) => a.totalProducts === 1,
    );
    expect(names(answer)).toEqual(['Pompe immergée']);
    expect(answer.products[0]).toMatchObject({ stock: 0 });
    expect(names(await filter('disponibilite=en_stock'))).toEqual(['Pompe doseuse']);
  });

  it('stops reading a stock move again once the database clock is past it', async () => {
    // Rows are re-read while a late commit could still carry their time (3 s): then no longer, even
    // if no other product changes (a bound kept on the newest row seen read them every second).
    const ds = other.get(DataSource);
    const rowsRead: number[] = [];
    const query = ds.query.bind(ds);
    ds.query = (async (sql: string, parameters?: unknown[]) => {
      const rows: unknown = await query(sql, parameters);
      if (sql.includes('WHERE updated_at >=')) rowsRead.push((rows as unknown[]).length);
      return rows;
    }) as typeof ds.query;
    try {
      await t.dataSource
        .createQueryBuilder()
        .update(Product)
        .set({ stock: () => 'stock + 3' })
        .where('id = :id', { id: pump.id })
        .execute();
      const seen = await eventually(
        () => filter('disponibilite=en_stock&tri=nom_asc'),
        (a) => names(a).includes('Pompe immergée'),
      );
      expect(seen.products.find((p) => p.name === 'Pompe immergée')).toMatchObject({ stock: 3 });
      expect(Math.max(...rowsRead)).toBeGreaterThan(0);
      const checks = rowsRead.length;
      const settled = await eventually(
        () => Promise.resolve(rowsRead.slice(checks)),
        (after) => after.includes(0),
      );
      expect(settled).toContain(0);
    } finally {
      ds.query = query;
    }
  });

  it('shows a brand renamed on another replica in the cards it had kept', async () => {
    // After the test above, no product is re-read by the checks (a re-read card is read again anyway).
    const kept = (await filter('search=immergee')).products[0]!;
    expect(kept.brand.name).toBe(brand.name);
    await t.dataSource.getRepository(Brand).update({ id: brand.id }, { name: 'Marque renommée' });
    await notify('brand.updated');
    const answer = await eventually(
      () => filter('search=immergee'),
      (a) => a.products[0]?.brand.name === 'Marque renommée',
    );
    expect(answer.products[0]!.brand).toEqual({ id: brand.id, name: 'Marque renommée' });
  });
});
