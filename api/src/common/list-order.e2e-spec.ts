import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { signIn, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { Order } from '../orders/entities/order.entity.js';

/**
 * Every list sorts server-side by the columns it shows (ties by id, so pages never
 * overlap), filters by its facets, and refuses an unknown sort or filter value with a French 422.
 */
describe(`list sorting and filters (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));

  beforeAll(async () => {
    t = await createTestApp();
    const ds = t.dataSource;
    const tools = await makeCategory(ds, 'Outillage');
    const energy = await makeCategory(ds, 'Énergie');
    const alpha = await makeBrand(ds, 'Alpha');
    const beta = await makeBrand(ds, 'Beta');
    const fcfa = await ensureCurrency(ds, 'Fcfa');
    // Six products: prices 3 000, 1 000, 2 000, 1 000, 5 000, 1 000 (three ties at 1 000).
    const prices = ['3000.00', '1000.00', '2000.00', '1000.00', '5000.00', '1000.00'];
    await ds.getRepository(Product).insert(
      prices.map((price, i) => ({
        name: `Article ${String.fromCharCode(70 - i)}`, // F, E, D, C, B, A
        reference: `LST-${i}`,
        price,
        stock: 10 * i,
        description: 'Pour les listes',
        brand_id: i % 2 ? beta.id : alpha.id,
        category_id: i < 3 ? tools.id : energy.id,
        currency_id: fcfa.id,
        in_spotlight: i === 4,
        created_at: day(i),
        updated_at: day(i),
      })),
    );
    await ds.getRepository(Customer).insert(
      ['Zénith SARL', 'Atelier Kossi', 'Maison Bé'].map((company_name, i) => ({
        company_name,
        company_email: `client${i}@example.tg`,
        company_phone: '+228 90 00 00 00',
        company_address: 'Lomé',
        representative_name: ['Yao', 'Ama', 'Kodjo'][i]!,
        representative_phone: '+228 90 00 00 01',
        representative_email: `rep${i}@example.tg`,
        created_at: day(i),
        updated_at: day(i),
      })),
    );
    const orders = [
      { total: '500.00', currency: 'Euro', status: 'pending' },
      { total: '90000.00', currency: 'Fcfa', status: 'shipped' },
      { total: '1500.00', currency: 'Euro', status: 'pending' },
    ].map((o, i) => ({
      ...o,
      order_num: `LST-ORD-${i}`,
      company_name: `Client ${i}`,
      company_phone: '+228 90 00 00 00',
      company_email: `c${i}@example.tg`,
      representative_name: 'Ama',
      representative_phone: '+228 90 00 00 01',
      representative_email: `a${i}@example.tg`,
      payment_by: 'Virement',
      payment_term: '30 jours',
      delivery_method: 'Livraison',
      credit_level: 'A',
      created_at: day(i),
      updated_at: day(i),
    }));
    await ds
      .createQueryBuilder()
      .insert()
      .into(Order)
      .values(orders as never)
      .execute();
    for (const order of await ds.getRepository(Order).find())
      await ds
        .getRepository(OrderItem)
        .insert({ order_id: order.id, product_name: 'Vanne', quantity: 1, price: order.total, total_price: order.total });
    await ds.getRepository(AuditEntry).insert([
      {
        created_at: new Date(),
        actor: 'staff',
        entity: 'product',
        entity_id: 1,
        label: 'Groupe électrogène 5 kVA',
        action: 'update',
      },
      { created_at: new Date(), actor: 'staff', entity: 'product', entity_id: 2, label: 'Pompe à eau', action: 'update' },
    ]);
    admin = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const productNames = async (query: Record<string, string | number>) =>
    ((await request(t.http).get('/api/product').query(query).expect(200)).body.products.data as { name: string }[]).map(
      (p) => p.name,
    );

  it('sorts the products by a column either way, ties broken by id the same way, pages never overlap', async () => {
    expect(await productNames({ sort: 'name' })).toEqual([
      'Article A',
      'Article B',
      'Article C',
      'Article D',
      'Article E',
      'Article F',
    ]);
    expect(await productNames({ sort: 'name', direction: 'desc' })).toEqual([
      'Article F',
      'Article E',
      'Article D',
      'Article C',
      'Article B',
      'Article A',
    ]);
    // Three products at 1 000: by id (E, C, A were inserted in that order), then 2 000, 3 000, 5 000.
    expect(await productNames({ sort: 'price' })).toEqual([
      'Article E',
      'Article C',
      'Article A',
      'Article D',
      'Article F',
      'Article B',
    ]);
    const pages = [1, 2, 3].map((page) => productNames({ sort: 'price', per_page: 2, page }));
    expect((await Promise.all(pages)).flat()).toEqual([
      'Article E',
      'Article C',
      'Article A',
      'Article D',
      'Article F',
      'Article B',
    ]);
    // Beta (E, C, A) before Alpha; within Beta the ids descend too (A was inserted last).
    expect(await productNames({ sort: 'brand', direction: 'desc', per_page: 3 })).toEqual([
      'Article A',
      'Article C',
      'Article E',
    ]);
    expect(await productNames({ sort: 'brand', per_page: 3 })).toEqual(['Article F', 'Article D', 'Article B']);
  });

  it('filters the products by category, brand and « populaire », combined with the sort', async () => {
    const categories = (await request(t.http).get('/api/categories').expect(200)).body.categories as {
      id: number;
      designation: string;
    }[];
    const energy = categories.find((c) => c.designation === 'Énergie')!;
    expect(await productNames({ category_id: energy.id, sort: 'stock', direction: 'desc' })).toEqual([
      'Article A',
      'Article B',
      'Article C',
    ]);
    const list = await request(t.http).get('/api/product').query({ category_id: energy.id, spotlight: 'yes' }).expect(200);
    expect(list.body.products).toMatchObject({ total: 1, data: [{ name: 'Article B' }] });
  });

  it('refuses an unknown sort, direction or filter value with a French 422', async () => {
    const sort = await request(t.http).get('/api/product').query({ sort: 'password_hash' }).expect(422);
    expect(sort.body.errors.sort[0]).toMatch(/^Le tri « password_hash » est inconnu\. Tris possibles : created_at, /);
    const injected = await request(t.http).get('/api/product').query({ sort: 'name; DROP TABLE products' }).expect(422);
    expect(injected.body.errors.sort).toEqual(['Le tri est inconnu.']);
    const bad = await request(t.http).get('/api/product').query({ direction: 'sideways', brand_id: 'alpha' }).expect(422);
    expect(bad.body.errors).toEqual({
      direction: ['Le sens du tri doit être « asc » ou « desc ».'],
      brand_id: ['La marque est invalide.'],
    });
    await admin.get('/api/order').query({ sort: 'representative_email' }).expect(422);
    await admin.get('/api/customer').query({ sort: 'total' }).expect(422);
    const orderFilter = await admin.get('/api/order').query({ currency: 'Yen', from: '31/01/2026' }).expect(422);
    expect(Object.keys(orderFilter.body.errors).sort()).toEqual(['currency', 'from']);
  });

  it('sorts and filters the orders (currency, dates), the clients, the brands and the journal', async () => {
    const orderNums = (res: { body: { orderItems: { data: { order: { order_num: string } }[] } } }) =>
      res.body.orderItems.data.map((row) => row.order.order_num);
    expect(orderNums(await admin.get('/api/order').query({ sort: 'total', direction: 'desc' }).expect(200))).toEqual([
      'LST-ORD-1',
      'LST-ORD-2',
      'LST-ORD-0',
    ]);
    const euros = await admin.get('/api/order').query({ currency: 'Euro', sort: 'total' }).expect(200);
    expect(orderNums(euros)).toEqual(['LST-ORD-0', 'LST-ORD-2']);
    expect(euros.body.orderItems.total).toBe(2);
    const dated = await admin.get('/api/order').query({ from: '2026-01-02', to: '2026-01-02' }).expect(200);
    expect(orderNums(dated)).toEqual(['LST-ORD-1']);

    const clients = await admin.get('/api/customer').query({ sort: 'company_name' }).expect(200);
    expect(clients.body.customers.data.map((c: { company_name: string }) => c.company_name)).toEqual([
      'Atelier Kossi',
      'Maison Bé',
      'Zénith SARL',
    ]);

    const brands = await admin.get('/api/brands').query({ sort: 'name', direction: 'desc' }).expect(200);
    expect(brands.body.brands.data.map((b: { name: string }) => b.name)).toEqual(['Beta', 'Alpha']);

    // The journal ignores accents: "electrogene" finds "électrogène".
    const journal = await admin.get('/api/audit').query({ search: 'electrogene' }).expect(200);
    expect(journal.body.entries.data.map((e: { label: string }) => e.label)).toEqual(['Groupe électrogène 5 kVA']);
  });

  it('documents each list parameter for OpenAPI', async () => {
    const doc = (await request(t.http).get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, { get: { parameters: { name: string; schema?: { enum?: string[] } }[] } }>;
    };
    const params = (path: string) => doc.paths[path]!.get.parameters;
    expect(params('/api/product').map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'search', 'sort', 'direction', 'category_id', 'brand_id', 'spotlight']),
    );
    expect(params('/api/order').find((p) => p.name === 'sort')!.schema!.enum).toContain('total');
  });

  it('keeps each person’s saved views to themselves', async () => {
    const afi = await signIn(t, { shop: 'all' });
    const kofi = await signIn(t, { shop: 'all' });
    const saved = await afi
      .post('/api/saved-views')
      .send({ list: 'products', name: 'Énergie par stock', query: { sort: 'stock', direction: 'desc', category_id: '2' } })
      .expect(201);
    expect(saved.body.view).toMatchObject({
      name: 'Énergie par stock',
      query: { sort: 'stock', direction: 'desc', category_id: '2' },
    });
    // The same name replaces the view.
    await afi
      .post('/api/saved-views')
      .send({ list: 'products', name: 'Énergie par stock', query: { sort: 'price' } })
      .expect(201);
    const mine = await afi.get('/api/saved-views').query({ list: 'products' }).expect(200);
    expect(mine.body.views).toEqual([expect.objectContaining({ id: saved.body.view.id, query: { sort: 'price' } })]);
    expect((await kofi.get('/api/saved-views').query({ list: 'products' }).expect(200)).body.views).toEqual([]);
    await kofi.delete(`/api/saved-views/${saved.body.view.id}`).expect(404);
    const bad = await afi
      .post('/api/saved-views')
      .send({ list: 'planetes', name: ' ', query: { 'a b': 1 } })
      .expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['list', 'name', 'query']);
    await request(t.http).get('/api/saved-views?list=products').expect(401);
    await afi.delete(`/api/saved-views/${saved.body.view.id}`).expect(200);
    expect((await afi.get('/api/saved-views').query({ list: 'products' }).expect(200)).body.views).toEqual([]);
  });
});
