import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import request from 'supertest';
import * as fx from '../../test/backoffice/fixtures.js';
import { createStaffUser, signInAs, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { decodeQuotedPrintable, startSmtp } from '../../test/support/smtp.js';
import { createTestApp, TEST_ADMIN, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { Product } from '../catalogue/entities/product.entity.js';
import type { StockProductsAnswer, StockValuationAnswer, StockValuationHistoryAnswer } from '../contract/stock-insights.js';
import { MailService } from '../mail/mail.service.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';
import { StockLot } from '../stock/entities/stock-lot.entity.js';
import { StockMovement } from '../stock/entities/stock-movement.entity.js';
import { dayAfter, isoDay } from './stock-conditions.js';
import { StockDigest } from './stock-digest.js';

const today = new Date();
const day = (offset: number) => dayAfter(today, offset);
type Received = { raw: string; to: string[] };
const digests = (mails: Received[]) => mails.filter((m) => /^X-Comptoir-Kind: stock-digest\r?$/m.test(m.raw));

describe(`stock filters, alerts and valuation (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let digest: StockDigest;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, STOCK_DIGEST_HOUR: '7' } });
    admin = await signInAsAdmin(t);
    digest = t.app.get(StockDigest);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends no digest when no product is low, out or expiring', async () => {
    const refs = await fx.refs(t);
    await fx.product(t, refs, { name: 'Stock confortable', stock: 50 });
    expect(await digest.send(today)).toBe(0);
    await t.app.get(MailService).idle();
    expect(digests(smtp.received)).toHaveLength(0);
  });

  describe('on a known dataset', () => {
    let pump: Product, glue: Product, screws: Product;
    let categoryA: number, categoryB: number, currencyId: number;
    let stockKeeper: string, writer: string;

    beforeAll(async () => {
      const currency = await fx.currency(t, { code: 'TST', symbol: 'T' });
      const brand = await fx.brand(t);
      const a = await fx.category(t, { designation: 'Pompes' });
      const b = await fx.category(t, { designation: 'Consommables' });
      [categoryA, categoryB, currencyId] = [a.id, b.id, currency.id];
      const inA = { brand, category: a, currency };
      const inB = { brand, category: b, currency };
      // Low (3 ≤ its threshold 5), 2 held: on hand 5.
      pump = await fx.product(t, inA, {
        name: 'Pompe immergée',
        stock: 3,
        held: 2,
        price: '200.00',
        low_stock_threshold: 5,
      } as Partial<Product>);
      // Out of stock (and so low).
      await fx.product(t, inA, { name: 'Casque', stock: 0, price: '50.00' });
      // Above the default threshold (5): not low; one lot expired, one later.
      glue = await fx.product(t, inB, { name: 'Colle forte', stock: 40, price: '10.25' });
      // Low under its own threshold (8 ≤ 10).
      screws = await fx.product(t, inB, { name: 'Vis inox', stock: 8, price: '1.00', low_stock_threshold: 10 });

      const lot = async (product: Product, unitPrice: string, left: number, expires: string | null) => {
        const entry = await t.dataSource.getRepository(StockEntry).save({
          name: `Réception ${product.name}`,
          price: unitPrice,
          quantity: left,
          product_id: product.id,
          manufacture_date: '2024-01-01',
          expiry_date: expires,
          expirable: expires !== null,
        });
        return t.dataSource.getRepository(StockLot).save({
          product_id: product.id,
          stock_entry_id: entry.id,
          quantity_received: left,
          quantity_left: left,
          expires_at: expires,
        });
      };
      const pumpLot = await lot(pump, '120.50', 4, day(10));
      await lot(glue, '6.10', 15, day(-3));
      await lot(glue, '7.00', 25, day(90));

      // The ledger, for the history: the pump's receipt two days ago, the screws' opening yesterday.
      const movements = t.dataSource.getRepository(StockMovement);
      const at = (offset: number) => new Date(`${day(offset)}T10:00:00Z`);
      const receipt = await movements.save({
        product_id: pump.id,
        lot_id: pumpLot.id,
        kind: 'receipt',
        available_delta: 4,
        held_delta: 0,
        user_id: null,
      });
      await movements.update({ id: receipt.id }, { created_at: at(-2) });
      const opening = await movements.save({
        product_id: screws.id,
        lot_id: null,
        kind: 'opening',
        available_delta: 8,
        held_delta: 0,
        user_id: null,
      });
      await movements.update({ id: opening.id }, { created_at: at(-1) });

      stockKeeper = (await createStaffUser(t, { grid: { stock: ['view'] } })).email;
      writer = (await createStaffUser(t, { grid: { blog: 'all', shop: 'all' } })).email;
      smtp.received.length = 0;
    });

    const list = async (query: Record<string, string | number>) =>
      (await admin.get('/api/stock/products').query(query).expect(200)).body as StockProductsAnswer;
    const names = (answer: StockProductsAnswer) => answer.products.data.map((p) => p.name);

    it('filters the product list by low stock, lowest first, with each product its own threshold or the default', async () => {
      const low = await list({ stock: 'low', per_page: 100 });
      expect(names(low)).toEqual(expect.arrayContaining(['Casque', 'Pompe immergée', 'Vis inox']));
      expect(names(low)).not.toContain('Colle forte');
      expect(names(low)).not.toContain('Stock confortable');
      const inA = await list({ stock: 'low', category: categoryA });
      expect(names(inA)).toEqual(['Casque', 'Pompe immergée']);
      expect(inA.products.total).toBe(2);
      expect(inA.products.data[1]).toMatchObject({ stock: 3, held: 2, threshold: 5, next_expiry: day(10), expired_quantity: 0 });
    });

    it('filters out of stock, expiring within N days (30 by default) and expired', async () => {
      expect(names(await list({ stock: 'out', per_page: 100 }))).toEqual(['Casque']);
      expect(names(await list({ stock: 'expiring' }))).toEqual(['Pompe immergée']);
      expect(names(await list({ stock: 'expiring', days: 5 }))).toEqual([]);
      expect(names(await list({ stock: 'expiring', days: 100 }))).toEqual(['Pompe immergée', 'Colle forte']);
      const expired = await list({ stock: 'expired' });
      expect(names(expired)).toEqual(['Colle forte']);
      expect(expired.products.data[0]).toMatchObject({ expired_quantity: 15, next_expiry: day(-3), threshold: 5 });
      expect(names(await list({ stock: 'low', search: 'pompe' }))).toEqual(['Pompe immergée']);
    });

    it('answers 422 in French for an unknown filter or window', async () => {
      const res = await admin.get('/api/stock/products').query({ stock: 'bientot', days: -1 }).expect(422);
      expect(res.body.errors.stock).toEqual(['Le filtre de stock doit être « low », « out », « expiring » ou « expired ».']);
      expect(res.body.errors.days).toEqual(['Le nombre de jours doit être positif.']);
    });

    it('counts the alerts for the home page and the bell as the filtered lists do', async () => {
      const res = await admin.get('/api/stock/alerts').expect(200);
      // "Stock confortable" and the dataset: low = Casque, Pompe, Vis; out = Casque.
      expect(res.body.alerts).toEqual({ low: 3, out: 1, expiring: 1, expired: 1, expiring_days: 30 });
    });

    it('values the stock at cost (lots) and at sale price, per category and in total', async () => {
      const res = (await admin.get('/api/stock/valuation').expect(200)).body as StockValuationAnswer;
      const mine = res.currencies.find((c) => c.currency.id === currencyId)!;
      expect(mine).toMatchObject({ on_hand: 53, quantity_without_cost: 9, cost_value: '748.50', sale_value: '1418.00' });
      expect(mine.currency).toMatchObject({ code: 'TST', symbol: 'T' });
      const byCategory = Object.fromEntries(mine.categories.map((c) => [c.category.id, c]));
      // Pumps: 5 on hand × 200.00; 4 from a lot at 120.50, 1 without known cost.
      expect(byCategory[categoryA]).toMatchObject({
        on_hand: 5,
        quantity_without_cost: 1,
        cost_value: '482.00',
        sale_value: '1000.00',
      });
      // Consumables: 40 × 10.25 + 8 × 1.00; lots 15 × 6.10 + 25 × 7.00; the 8 screws have no lot.
      expect(byCategory[categoryB]).toMatchObject({
        on_hand: 48,
        quantity_without_cost: 8,
        cost_value: '266.50',
        sale_value: '418.00',
      });
    });

    it('replays the ledger into a value per day', async () => {
      const res = (
        await admin
          .get('/api/stock/valuation/history')
          .query({ from: day(-3), to: day(0) })
          .expect(200)
      ).body as StockValuationHistoryAnswer;
      const points = res.currencies.find((c) => c.currency.id === currencyId)!.points;
      expect(points).toEqual([
        { date: day(-3), on_hand: 0, cost_value: '0.00', sale_value: '0.00' },
        { date: day(-2), on_hand: 4, cost_value: '482.00', sale_value: '800.00' },
        { date: day(-1), on_hand: 12, cost_value: '482.00', sale_value: '808.00' },
        { date: day(0), on_hand: 12, cost_value: '482.00', sale_value: '808.00' },
      ]);
      const wrong = await admin
        .get('/api/stock/valuation/history')
        .query({ from: day(0), to: day(-5) })
        .expect(422);
      expect(wrong.body.errors.from).toEqual(['La date de début doit précéder la date de fin.']);
      await admin.get('/api/stock/valuation/history').query({ from: '2020-02-30' }).expect(422);
    });

    it('exports the valuation as CSV and as an Excel workbook', async () => {
      const csv = await admin.get('/api/stock/valuation/export').query({ format: 'csv' }).expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="valorisation-stock-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe('Devise;Catégorie;Quantité en stock;Quantité sans coût connu;Valeur au coût;Valeur à la vente');
      expect(lines).toContain('TST;Pompes;5;1;482,00;1000,00');
      expect(lines).toContain('TST;Total;53;9;748,50;1418,00');

      const xlsx = await admin
        .get('/api/stock/valuation/export')
        .query({ format: 'xlsx' })
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.read(Readable.from([xlsx.body as Buffer]));
      const sheet = workbook.getWorksheet('Valorisation du stock')!;
      const rows = sheet
        .getSheetValues()
        .filter(Boolean)
        .map((row) => (row as unknown[]).slice(1));
      expect(rows).toContainEqual(['TST', 'Total', 53, 9, 748.5, 1418]);
      await admin.get('/api/stock/valuation/export').query({ format: 'pdf' }).expect(422);
    });

    it('e-mails the digest to the staff who may view stock, in French, HTML and text', async () => {
      expect(await digest.send(today)).toBe(2);
      await t.app.get(MailService).idle();
      const to = digests(smtp.received)
        .map((m) => m.to[0])
        .sort();
      expect(to).toEqual([TEST_ADMIN.email, stockKeeper].sort());
      expect(to).not.toContain(writer);
      const raw = digests(smtp.received).find((m) => m.to[0] === stockKeeper)!.raw;
      const body = decodeQuotedPrintable(raw);
      expect(raw).toMatch(/^Subject: /m);
      expect(body).toContain('Stock bas (2)');
      expect(body).toContain('Pompe immergée');
      expect(body).toContain('En rupture de stock (1)');
      expect(body).toContain('Casque');
      expect(body).toContain('Lots qui expirent d’ici 30 jours (1)');
      expect(body).toContain('Lots périmés encore en stock (1)');
      expect(body).toContain('Colle forte');
      expect(body).toContain('/dashboard/produits?stock=expired');
      expect(raw).toMatch(/Content-Type: text\/html/i);
      expect(raw).toMatch(/Content-Type: text\/plain/i);
    });

    it('runs once a day at STOCK_DIGEST_HOUR whatever the number of replicas', async () => {
      smtp.received.length = 0;
      const seven = new Date(`${isoDay(today)}T07:05:00Z`);
      expect(await digest.runDaily(new Date(`${isoDay(today)}T08:05:00Z`))).toBeUndefined();
      const [first, second] = await Promise.all([digest.runDaily(seven), digest.runDaily(seven)]);
      expect([first, second].filter((n) => n === 2)).toHaveLength(1);
      expect([first, second].filter((n) => n === undefined)).toHaveLength(1);
      await t.app.get(MailService).idle();
      expect(digests(smtp.received)).toHaveLength(2);
    });

    it('refuses staff without stock view', async () => {
      const other = await createStaffUser(t, { grid: { shop: 'all' } });
      const client = await signInAs(t, other);
      await client.get('/api/stock/valuation').expect(403);
      await request(t.http).get('/api/stock/alerts').expect(401);
    });
  });
});
