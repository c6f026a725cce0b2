import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { PublicArticlesService } from '../blog/public-articles.service.js';
import { Article } from '../blog/entities/article.entity.js';
import { Category } from '../catalogue/entities/category.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { PublicCatalogueService } from '../catalogue/public-catalogue.service.js';
import type { PublicArticle, PublicProduct } from '../contract/public.js';
import { BuildDataCache } from './build-data.js';

/**
 * The site build's data file (one file instead of N/100 requests, re-reading only what changed): the
 * pages must show exactly what the public API answers, after any kind of change.
 */
describe(`site build data (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cache: BuildDataCache;
  let file: string;
  const read = () => JSON.parse(fs.readFileSync(file, 'utf8')) as { articles: PublicArticle[]; products: PublicProduct[] };
  const api = async () => ({
    articles: (await request(t.http).get('/api/article?per_page=100').set('Cache-Control', 'no-cache').expect(200)).body.blogs
      .data as PublicArticle[],
    products: (await request(t.http).get('/api/product?per_page=100').set('Cache-Control', 'no-cache').expect(200)).body.products
      .data as PublicProduct[],
  });

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    file = path.join(t.dataDir, 'build-data.json');
    cache = new BuildDataCache(t.dataSource, () => ({
      articles: t.app.get(PublicArticlesService),
      catalogue: t.app.get(PublicCatalogueService),
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds what the public API answers, in its order, and a second build reads no row again', async () => {
    const first = await cache.write(file);
    expect(first.articles).toBeGreaterThan(0);
    expect(first.products).toBeGreaterThan(0);
    expect(read()).toEqual(await api());
    expect(await cache.write(file)).toMatchObject({ articles: 0, products: 0 });
    expect(read()).toEqual(await api());
  });

  it('follows an edited article, a category renamed, a stock changed by a plain UPDATE, and removals', async () => {
    const articles = t.dataSource.getRepository(Article);
    const article = await articles.findOneByOrFail({ status: 'Publié' });
    await articles.save({ ...article, title: 'Titre modifié pour la publication' });
    expect((await cache.write(file)).articles).toBe(1);
    expect(read().articles.find((a) => a.id === article.id)?.title).toBe('Titre modifié pour la publication');

    const category = await t.dataSource.getRepository(Category).findOneOrFail({ where: {}, order: { id: 'ASC' } });
    await t.dataSource.getRepository(Category).update(category.id, { designation: 'Catégorie renommée' });
    const product = await t.dataSource.getRepository(Product).findOneOrFail({ where: {}, order: { id: 'ASC' } });
    await t.dataSource.query('UPDATE products SET stock = stock + 7 WHERE id = ?', [product.id]);
    await cache.write(file);
    expect(read()).toEqual(await api());
    expect(read().products.find((p) => p.id === product.id)?.stock).toBe(product.stock + 7);

    await articles.update(article.id, { status: 'Brouillon' });
    await t.dataSource.query('DELETE FROM product_images WHERE product_id = ?', [product.id]);
    await cache.write(file);
    expect(read().articles.some((a) => a.id === article.id)).toBe(false);
    expect(read().products.find((p) => p.id === product.id)?.images).toEqual([]);
    expect(read()).toEqual(await api());
  });

  it('for a priority publish, writes only the changed rows and names their pages and the addresses that went', async () => {
    await cache.write(file);
    const articles = t.dataSource.getRepository(Article);
    const [kept, renamed] = await articles.find({ where: { status: 'Publié' }, order: { id: 'ASC' }, take: 2 });
    await articles.save({ ...kept!, title: 'Un titre revu' });
    await articles.save({ ...renamed!, slug: 'une-adresse-nouvelle' });
    const product = await t.dataSource.getRepository(Product).findOneOrFail({ where: {}, order: { id: 'DESC' } });
    await t.dataSource.query('UPDATE products SET stock = stock + 1 WHERE id = ?', [product.id]);
    const written = await cache.write(file, { changesOnly: true });
    expect(
      read()
        .articles.map((a) => a.id)
        .sort(),
    ).toEqual([kept!.id, renamed!.id].sort());
    expect(read().products.map((p) => p.id)).toEqual([product.id]);
    expect(written.changes.pages.sort()).toEqual(
      [`article/${kept!.slug}`, 'article/une-adresse-nouvelle', `product/${product.id}`].sort(),
    );
    expect(written.changes.gone).toEqual([`article/${renamed!.slug}`]);
    // The full file that follows still holds every row.
    await cache.write(file);
    expect(read()).toEqual(await api());
  });
});
