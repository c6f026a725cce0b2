import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { User } from '../admins/entities/user.entity.js';
import { Article } from '../blog/entities/article.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';

/** Search finds what people type, accents and capitals or not, on SQLite and MariaDB alike. */
describe(`accent- and case-insensitive search (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const ds = t.dataSource;
    const category = await makeCategory(ds, 'Équipements de forage');
    const brand = await makeBrand(ds, 'Œuvre Industrielle');
    const fcfa = await ensureCurrency(ds, 'Fcfa');
    for (const name of ['Groupe électrogène 20 kVA', 'Électrodes de soudure', 'Pompe à façade inox']) {
      const product = await makeProduct(ds, { name, price: '1000.00', stock: 3, category, brand, currency: fcfa });
      ids[name] = product.id;
    }
    await ds
      .getRepository(Product)
      .update({ id: ids['Pompe à façade inox'] }, { name: 'Pompe à façade inox', reference: 'PF-ÇA-77' });
    const admin = await ds.getRepository(User).findOneByOrFail({});
    const article = await ds.getRepository(Article).save({
      title: "L'Œuvre de l'Éditeur : façade",
      slug: 'oeuvre-editeur-facade',
      content: '<p>Texte</p>',
      content_json: '{"blocks":[]}',
      status: 'Publié',
      user_id: admin.id,
      published_at: new Date(),
    });
    ids.article = article.id;
    staff = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const filterNames = async (search: string) =>
    (await request(t.http).get('/api/products/filter').query({ search, category: 'all' }).expect(200)).body.products.map(
      (p: { name: string }) => p.name,
    );

  it('finds products typed with or without accents and capitals (É, é, e), by name and by reference', async () => {
    for (const typed of ['électrogène', 'ELECTROGENE', 'Électrogène', 'electrogene'])
      expect(await filterNames(typed)).toEqual(['Groupe électrogène 20 kVA']);
    for (const typed of ['Électrodes', 'électrodes', 'electrodes'])
      expect(await filterNames(typed)).toEqual(['Électrodes de soudure']);
    for (const typed of ['façade', 'FACADE', 'Façade']) expect(await filterNames(typed)).toEqual(['Pompe à façade inox']);
    // By reference, "ç" typed or not; the reference was changed by an update, search_text followed.
    for (const typed of ['pf-ça-77', 'PF-CA-77']) expect(await filterNames(typed)).toEqual(['Pompe à façade inox']);
    const list = await request(t.http).get('/api/product').query({ search: 'ÉLECTRO' }).expect(200);
    expect(list.body.products.total).toBe(2);
  });

  it('finds articles on the public blog with Œ, œ or oe, Ç, ç or c', async () => {
    for (const typed of ['Œuvre', 'œuvre', 'OEUVRE', 'editeur', 'FAÇADE', 'facade']) {
      const res = await request(t.http).get('/api/article').query({ search: typed }).expect(200);
      expect(res.body.blogs.data.map((a: { id: number }) => a.id)).toEqual([ids.article]);
    }
  });

  it('finds the same in the staff lists and the global search', async () => {
    const brands = await staff.get('/api/brands').query({ search: 'oeuvre' }).expect(200);
    expect(JSON.stringify(brands.body)).toContain('Œuvre Industrielle');
    const categories = await staff.get('/api/category').query({ search: 'EQUIPEMENTS' }).expect(200);
    expect(JSON.stringify(categories.body)).toContain('Équipements de forage');
    const articles = await staff.get('/api/blog').query({ search: 'Œuvre' }).expect(200);
    expect(JSON.stringify(articles.body)).toContain("L'Œuvre de l'Éditeur");
    const found = await staff.get('/api/search').query({ query: 'Électrogène' }).expect(200);
    expect(found.body.products.map((p: { name: string }) => p.name)).toEqual(['Groupe électrogène 20 kVA']);
    const works = await staff.get('/api/search').query({ query: 'œuvre' }).expect(200);
    expect(works.body.brands.map((b: { name: string }) => b.name)).toEqual(['Œuvre Industrielle']);
    expect(works.body.blogs.map((b: { id: number }) => b.id)).toEqual([ids.article]);
  });
});
