import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Article } from '../../src/blog/entities/article.entity.js';
import { Product } from '../../src/catalogue/entities/product.entity.js';
import { OrderItem } from '../../src/orders/entities/order-item.entity.js';
import { Order } from '../../src/orders/entities/order.entity.js';
import { signIn, signInAsAdmin } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import * as fx from './fixtures.js';

describe('back-office: dashboard home and global search (demo data)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/dashboard/summary', () => {
    it('counts articles, products and orders as the data holds them', async () => {
      const articles = await t.dataSource.getRepository(Article).find();
      const products = await t.dataSource.getRepository(Product).find();
      const orders = await t.dataSource.getRepository(Order).find();
      expect(articles.length).toBeGreaterThan(0);
      expect(products.length).toBeGreaterThan(0);
      expect(orders.length).toBeGreaterThan(0);
      const count = <T>(list: T[], keep: (x: T) => boolean) => list.filter(keep).length;

      const admin = await signInAsAdmin(t);
      const res = await admin.get('/api/dashboard/summary').expect(200);
      expect(res.body).toEqual({
        success: true,
        message: expect.any(String),
        // The charts have tests of their own (src/dashboard-summary/dashboard-charts.e2e-spec.ts).
        charts: expect.any(Object),
        summary: {
          articles: {
            published: count(articles, (a) => a.status === 'Publié'),
            draft: count(articles, (a) => a.status === 'Brouillon'),
            trash: count(articles, (a) => a.status === 'Corbeille'),
            total: articles.length,
          },
          products: {
            total: products.length,
            in_stock: count(products, (p) => p.stock > 0),
            out_of_stock: count(products, (p) => p.stock <= 0),
          },
          orders: {
            total: orders.length,
            pending: count(orders, (o) => o.status === 'pending'),
            inprogress: count(orders, (o) => o.status === 'inprogress'),
            shipped: count(orders, (o) => o.status === 'shipped'),
            canceled: count(orders, (o) => o.status === 'canceled'),
          },
        },
      });
    });

    it('only counts the categories the user may view, and needs a session', async () => {
      const blogger = await signIn(t, { blog: ['view'] });
      const res = await blogger.get('/api/dashboard/summary').expect(200);
      expect(res.body.summary.products).toBeNull();
      expect(res.body.summary.orders).toBeNull();
      expect(res.body.summary.articles.total).toBeGreaterThan(0);
      const nobody = await signIn(t, {});
      expect((await nobody.get('/api/dashboard/summary').expect(200)).body.summary).toEqual({
        articles: null,
        products: null,
        orders: null,
      });
      await request(t.http).get('/api/dashboard/summary').expect(401);
    });

    it('gives the 5 latest articles and the 5 latest order items', async () => {
      const admin = await signInAsAdmin(t);
      const blogs = await admin.get('/api/latest-blog').expect(200);
      expect(blogs.body.blogs).toHaveLength(5);
      const dates = blogs.body.blogs.map((b: { created_at: string }) => Date.parse(b.created_at));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      const newest = await t.dataSource.getRepository(Article).find({ order: { created_at: 'DESC', id: 'DESC' }, take: 1 });
      expect(blogs.body.blogs[0].id).toBe(newest[0]!.id);

      const items = await admin.get('/api/latest-order').expect(200);
      expect(items.body.orderItems).toHaveLength(Math.min(5, await t.dataSource.getRepository(OrderItem).count()));
      expect(items.body.orderItems[0]).toMatchObject({
        order: { order_num: expect.any(String), company_name: expect.any(String) },
        quantity: expect.any(Number),
      });
    });
  });

  describe('GET /api/search', () => {
    it('searches every group, at most 5 results each, without password hashes', async () => {
      const refs = await fx.refs(t);
      for (let i = 0; i < 7; i++) await fx.product(t, refs, { name: `Zéphyr ventilateur ${i}` });
      await fx.stockEntry(t, { name: 'Zéphyr palette' });
      await fx.customer(t, { company_name: 'Zéphyr Industries' });
      await fx.article(t, { title: 'Le Zéphyr arrive' });

      const admin = await signInAsAdmin(t);
      const res = await admin.get('/api/search?query=z%C3%A9phyr').expect(200);
      expect(res.body.success).toBe(true);
      expect(Object.keys(res.body).sort()).toEqual(
        [
          'blogs',
          'brands',
          'categories',
          'customers',
          'message',
          'orders',
          'products',
          'query',
          'roles',
          'stocks',
          'success',
          'users',
        ].sort(),
      );
      expect(res.body.products).toHaveLength(5);
      expect(res.body.products[0]).toMatchObject({
        name: expect.stringMatching(/^Zéphyr ventilateur/),
        currency_symbol: refs.currency.symbol,
      });
      expect(res.body.stocks.map((s: { name: string }) => s.name)).toEqual(['Zéphyr palette']);
      expect(res.body.customers.map((c: { company_name: string }) => c.company_name)).toEqual(['Zéphyr Industries']);
      expect(res.body.blogs.map((b: { title: string }) => b.title)).toEqual(['Le Zéphyr arrive']);

      const people = await admin.get('/api/search?query=admin').expect(200);
      expect(people.body.users.length).toBeGreaterThan(0);
      expect(JSON.stringify(people.body)).not.toMatch(/password|\$argon2/);
    });

    it('only fills the groups of the categories the user may view', async () => {
      const stockOnly = await signIn(t, { stock: ['view'] });
      const res = await stockOnly.get('/api/search?query=z%C3%A9phyr').expect(200);
      expect(res.body.stocks).toHaveLength(1);
      for (const group of ['blogs', 'brands', 'categories', 'products', 'users', 'roles', 'orders', 'customers'])
        expect(res.body[group]).toEqual([]);

      const ordersOnly = await signIn(t, { orders: ['view'] });
      const orders = await ordersOnly.get('/api/search?query=z%C3%A9phyr').expect(200);
      expect(orders.body.customers).toHaveLength(1);
      expect(orders.body.stocks).toEqual([]);
      expect(orders.body.products).toEqual([]);
    });

    it('starts at 2 characters and needs a session', async () => {
      const admin = await signInAsAdmin(t);
      const short = await admin.get('/api/search?query=%20z%20').expect(422);
      expect(short.body.errors).toEqual({ query: ['La recherche doit contenir au moins 2 caractères.'] });
      await admin.get('/api/search').expect(422);
      await request(t.http).get('/api/search?query=pompe').expect(401);
    });
  });
});
