import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Order } from '../../src/orders/entities/order.entity.js';
import { PublishingService } from '../../src/publishing/publishing.service.js';
import { StockEntry } from '../../src/stock/entities/stock-entry.entity.js';
import { signIn, type StaffClient } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import * as fx from './fixtures.js';
import { FAKE_PNG, png, stored } from './images.js';

const CLIENT = {
  company_name: 'Société Togolaise des Eaux',
  company_email: 'Contact@STE.tg',
  company_phone: '+228 22 21 00 00',
  company_address: 'Boulevard du 13 Janvier, Lomé',
  representative_name: 'Kodjo Amegah',
  representative_phone: '+228 90 11 22 33',
  representative_email: 'k.amegah@ste.tg',
};

describe('back-office: clients and stock entries', () => {
  let t: TestApp;
  let notify: ReturnType<typeof jest.spyOn>;

  beforeAll(async () => {
    t = await createTestApp();
    notify = jest.spyOn(t.app.get(PublishingService), 'notifyChange');
  });
  afterAll(async () => {
    notify.mockRestore();
    await t?.close();
  });

  describe('clients', () => {
    let staff: StaffClient;
    beforeAll(async () => {
      staff = await signIn(t, { orders: 'all' });
    });

    it('requires the seven fields with the spec messages, and valid e-mails', async () => {
      const res = await staff.post('/api/customer/create').field('company_name', '').expect(422);
      expect(res.body.errors).toEqual({
        company_name: ['Le nom de la société est requis.'],
        company_email: ["L'email de la société est requis."],
        company_phone: ['Le téléphone de la société est requis.'],
        company_address: ["L'adresse de la société est requise."],
        representative_name: ['Le nom du représentant est requis.'],
        representative_phone: ['Le téléphone du représentant est requis.'],
        representative_email: ["L'email du représentant est requis."],
      });
      const bad = await staff
        .post('/api/customer/create')
        .send({ ...CLIENT, company_email: 'pas-un-email', representative_email: 'x@' })
        .expect(422);
      expect(bad.body.errors).toEqual({
        company_email: ["L'email de la société n'est pas valide."],
        representative_email: ["L'email du représentant n'est pas valide."],
      });
    });

    it('creates (multipart or JSON), refuses a used e-mail, updates and lists with order counts', async () => {
      const multipart = staff.post('/api/customer/create');
      for (const [k, v] of Object.entries(CLIENT)) multipart.field(k, v);
      const created = await multipart.expect(201);
      expect(created.body).toMatchObject({
        success: true,
        message: 'Client ajouté !',
        customer: { ...CLIENT, company_email: 'contact@ste.tg', orders_count: 0 },
      });
      const id = created.body.customer.id;

      const taken = await staff
        .post('/api/customer/create')
        .send({ ...CLIENT, company_email: 'CONTACT@ste.tg' })
        .expect(422);
      expect(taken.body).toMatchObject({
        success: false,
        message: 'Cet email est déjà utilisé.',
        errors: { company_email: ['Cet email est déjà utilisé.'] },
      });

      // A taken e-mail is reported with the other field errors, in one answer.
      const together = await staff
        .post('/api/customer/create')
        .send({ ...CLIENT, company_name: '', company_email: 'contact@ste.tg' })
        .expect(422);
      expect(together.body.errors).toEqual({
        company_name: ['Le nom de la société est requis.'],
        company_email: ['Cet email est déjà utilisé.'],
      });

      const other = await staff
        .post('/api/customer/create')
        .send({ ...CLIENT, company_name: 'Autre', company_email: 'autre@exemple.tg' })
        .expect(201);
      const clash = await staff
        .post(`/api/customer/${other.body.customer.id}/update`)
        .send({ ...CLIENT, company_email: 'contact@ste.tg' })
        .expect(422);
      expect(clash.body.errors).toEqual({ company_email: ['Cet email est déjà utilisé.'] });

      const updated = await staff
        .post(`/api/customer/${id}/update`)
        .send({ ...CLIENT, _method: 'PUT', company_phone: '+228 22 21 99 99' })
        .expect(200);
      expect(updated.body).toMatchObject({
        success: true,
        message: 'Client mis à jour avec succès !',
        customer: { id, company_phone: '+228 22 21 99 99' },
      });

      const p = await fx.product(t, await fx.refs(t), { stock: 100 });
      for (let i = 0; i < 3; i++) await fx.order(t, [{ product: p, quantity: 1 }], { customer_id: id });
      const list = await staff.get('/api/customer?search=togolaise').expect(200);
      expect(list.body).toMatchObject({ success: true, customers: { total: 1, per_page: 8, current_page: 1, last_page: 1 } });
      expect(list.body.customers.data[0]).toMatchObject({ id, orders_count: 3 });
      expect(notify).not.toHaveBeenCalled();
    });

    it('pages 8 by default and keeps orders (with their company data) when a client is deleted', async () => {
      for (let i = 0; i < 9; i++) await fx.customer(t, { company_name: `Cimenterie ${i}` });
      const page2 = await staff.get('/api/customer?search=cimenterie&page=2').expect(200);
      expect(page2.body.customers).toMatchObject({ total: 9, last_page: 2, current_page: 2 });
      expect(page2.body.customers.data).toHaveLength(1);

      const c = await fx.customer(t, { company_name: 'Port Autonome' });
      const p = await fx.product(t, await fx.refs(t));
      const o = await fx.order(t, [{ product: p, quantity: 1 }], { customer_id: c.id, company_name: 'Port Autonome' });
      const res = await staff.delete(`/api/customer/${c.id}/delete`).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Client supprimé avec succès !' });
      expect(await t.dataSource.getRepository(Order).findOneByOrFail({ id: o.id })).toMatchObject({
        customer_id: null,
        company_name: 'Port Autonome',
      });
      await staff.delete(`/api/customer/${c.id}/delete`).expect(404);
    });

    it('needs orders view / create / edit / delete', async () => {
      const viewer = await signIn(t, { orders: ['view'] });
      await viewer.get('/api/customer').expect(200);
      await viewer.post('/api/customer/create').send(CLIENT).expect(403);
      await viewer.post('/api/customer/1/update').send(CLIENT).expect(403);
      await viewer.delete('/api/customer/1/delete').expect(403);
      await (await signIn(t, { stock: 'all' })).get('/api/customer').expect(403);
    });
  });

  describe('stock entries', () => {
    let stock: StaffClient;
    beforeAll(async () => {
      stock = await signIn(t, { stock: 'all' });
    });

    it('requires name, price, quantity, manufacture date and an image, with the spec messages', async () => {
      const res = await stock.post('/api/stock/create').field('name', '').expect(422);
      expect(res.body.errors).toEqual({
        name: ['Le nom est requis.'],
        price: ['Le prix est requis.'],
        quantity: ['La quantité est requise.'],
        manufacture_date: ['La date de fabrication est requise.'],
        image: ["L'image est requise."],
      });
      const fake = await stock
        .post('/api/stock/create')
        .field('name', 'Ciment')
        .field('price', '4500')
        .field('quantity', '40')
        .field('manufacture_date', '2024-13-40')
        .attach('image', FAKE_PNG, 'ciment.png')
        .expect(422);
      expect(fake.body.errors).toEqual({
        manufacture_date: ['La date de fabrication est invalide.'],
        image: ['Format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.'],
      });
    });

    it('refuses an expiry date not after the manufacture date, on create and on update', async () => {
      const res = await stock
        .post('/api/stock/create')
        .field('name', 'Peinture')
        .field('price', '12000')
        .field('quantity', '10')
        .field('manufacture_date', '2024-05-10')
        .field('expiry_date', '2024-05-10')
        .attach('image', await png(300, 300), 'p.png')
        .expect(422);
      expect(res.body.errors).toEqual({ expiry_date: ['La date d’expiration doit être supérieure à la date de fabrication.'] });

      const entry = await fx.stockEntry(t, {
        manufacture_date: '2024-01-01',
        expiry_date: '2026-01-01',
        expirable: true,
        image: 'stock/x.png',
      });
      const upd = await stock
        .post(`/api/stock/${entry.id}/update`)
        .field('_method', 'PUT')
        .field('name', entry.name)
        .field('price', '250')
        .field('quantity', '5')
        .field('manufacture_date', '2025-06-01')
        .field('expiry_date', '2025-01-01')
        .field('expirable', '1')
        .expect(422);
      expect(upd.body.errors).toEqual({ expiry_date: ['La date d’expiration doit être supérieure à la date de fabrication.'] });
      const needed = await stock
        .post(`/api/stock/${entry.id}/update`)
        .field('name', entry.name)
        .field('price', '250')
        .field('quantity', '5')
        .field('manufacture_date', '2025-06-01')
        .field('expirable', 'true')
        .expect(422);
      expect(needed.body.errors).toEqual({ expiry_date: ['La date d’expiration est requise pour un produit expirable.'] });
    });

    it('creates, updates (non-expirable clears the expiry date) and deletes entries', async () => {
      const created = await stock
        .post('/api/stock/create')
        .field('name', 'Huile moteur 15W40')
        .field('price', '35000,5')
        .field('quantity', '24')
        .field('manufacture_date', '2024-03-01')
        .field('expiry_date', '2027-03-01')
        .attach('image', await png(900, 900), 'huile.png')
        .expect(201);
      expect(created.body).toMatchObject({
        success: true,
        message: 'Produit ajouté en stock avec succès !',
        stock: {
          name: 'Huile moteur 15W40',
          price: '35000.50',
          quantity: 24,
          manufacture_date: '2024-03-01',
          expiry_date: '2027-03-01',
          expirable: true,
          billing_date: null,
        },
      });
      const entry = created.body.stock;
      expect(stored(t, entry.image)).toBe(true);
      expect(stored(t, entry.image_variants['400'])).toBe(true);

      const updated = await stock
        .post(`/api/stock/${entry.id}/update`)
        .field('_method', 'PUT')
        .field('name', 'Huile moteur 15W40')
        .field('price', '36000')
        .field('quantity', '0')
        .field('manufacture_date', '2024-03-01')
        .field('expiry_date', '2027-03-01')
        .field('expirable', '0')
        .field('billing_date', '2024-04-15')
        .attach('image', await png(100, 100), 'nouvelle.png')
        .expect(200);
      expect(updated.body).toMatchObject({
        message: 'Produit en stock mis à jour avec succès !',
        stock: { price: '36000.00', quantity: 0, expiry_date: null, expirable: false, billing_date: '2024-04-15' },
      });
      expect(stored(t, entry.image)).toBe(false);
      expect(stored(t, updated.body.stock.image)).toBe(true);

      const deleted = await stock.delete(`/api/stock/${entry.id}/delete`).expect(200);
      expect(deleted.body).toEqual({ success: true, message: 'Produit supprimé du stock avec succès !' });
      expect(stored(t, updated.body.stock.image)).toBe(false);
      expect(await t.dataSource.getRepository(StockEntry).existsBy({ id: entry.id })).toBe(false);
      expect(notify).not.toHaveBeenCalled();
    });

    it('lists 8 per page with a name search', async () => {
      for (let i = 0; i < 10; i++) await fx.stockEntry(t, { name: `Rouleau de câble ${i}` });
      const res = await stock.get('/api/stock?search=ROULEAU').expect(200);
      expect(res.body).toMatchObject({ success: true, stocks: { total: 10, per_page: 8, last_page: 2 } });
      expect(res.body.stocks.data[0]).toMatchObject({ expiry_date: null, expirable: false, manufacture_date: '2024-01-10' });
      const viewer = await signIn(t, { stock: ['view'] });
      await viewer.post('/api/stock/create').field('name', 'x').expect(403);
      await (await signIn(t, { shop: 'all' })).get('/api/stock').expect(403);
    });
  });
});
