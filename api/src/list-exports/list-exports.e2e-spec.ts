import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import type { Test } from 'supertest';
import * as fx from '../../test/backoffice/fixtures.js';
import { createStaffUser, gridWithout, signInAs, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import type { ProductListAnswer } from '../contract/public.js';

const binary = (test: Test) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

describe(`list exports (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let brandId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
    const currency = await fx.currency(t, { code: 'XOF', symbol: 'F' });
    const brand = await fx.brand(t, { name: 'Exportée' });
    const other = await fx.brand(t, { name: 'Autre marque' });
    const category = await fx.category(t, { designation: 'Groupes électrogènes' });
    brandId = brand.id;
    const refs = { brand, category, currency };
    // 130 products of the brand: more than one page of reading (100), with prices out of order.
    for (let i = 0; i < 130; i++)
      await fx.product(t, refs, { name: `Générateur n°${i}`, reference: `EXP-${i}`, price: `${(i * 37) % 101}.50`, stock: i });
    await fx.product(t, { ...refs, brand: other }, { name: 'Hors filtre', reference: 'OUT-1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the filtered, sorted products list as CSV: same rows, same order as the list route', async () => {
    const query = { brand_id: brandId, sort: 'price', direction: 'desc' };
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const answer = (
        await admin
          .get('/api/product')
          .query({ ...query, page, per_page: 100 })
          .expect(200)
      ).body as ProductListAnswer;
      listed.push(...answer.products.data.map((p) => p.reference));
      if (page >= answer.products.last_page) break;
    }
    expect(listed).toHaveLength(130);

    const csv = await admin
      .get('/api/product/export')
      .query({ ...query, format: 'csv' })
      .expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="produits-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(csv.text);
    expect(lines[0]).toBe('Référence;Désignation;Catégorie;Marque;Prix;Devise;Stock;TVA (%);Populaire;Créé le;Modifié le');
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(listed);
    const first = lines[1]!.split(';');
    expect(first.slice(1, 8)).toEqual([
      expect.stringMatching(/^Générateur n°\d+$/),
      'Groupes électrogènes',
      'Exportée',
      '100,50',
      'XOF',
      expect.any(String),
      '18',
    ]);
  });

  it('writes an Excel workbook with the header and the rows, amounts as numbers', async () => {
    const xlsx = await binary(
      admin.get('/api/product/export').query({ brand_id: brandId, sort: 'reference', format: 'xlsx' }),
    ).expect(200);
    expect(xlsx.headers['content-disposition']).toMatch(/filename="produits-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([xlsx.body as Buffer]));
    const sheet = workbook.getWorksheet('Produits')!;
    const rows = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual([
      'Référence',
      'Désignation',
      'Catégorie',
      'Marque',
      'Prix',
      'Devise',
      'Stock',
      'TVA (%)',
      'Populaire',
      'Créé le',
      'Modifié le',
    ]);
    expect(rows).toHaveLength(131);
    const references = rows.slice(1).map((row) => row[0] as string);
    expect(references).toEqual([...references].sort());
    const ten = rows.find((row) => row[0] === 'EXP-10')!;
    expect(ten.slice(1, 7)).toEqual(['Générateur n°10', 'Groupes électrogènes', 'Exportée', 67.5, 'XOF', 10]);
  });

  it('exports orders, clients and stock entries with their headers', async () => {
    await fx.customer(t, { company_name: 'Société Élan' });
    const clients = csvLines((await admin.get('/api/customer/export').query({ format: 'csv', search: 'elan' }).expect(200)).text);
    expect(clients[0]).toMatch(/^Société;E-mail;/);
    expect(clients.slice(1).map((line) => line.split(';')[0])).toEqual(['Société Élan']);
    const orders = csvLines((await admin.get('/api/order/export').query({ format: 'csv' }).expect(200)).text);
    expect(orders[0]).toMatch(/^N° de commande;Statut;Société;/);
    const stock = await binary(admin.get('/api/stock/export').query({ format: 'xlsx' })).expect(200);
    expect(stock.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('exports articles, brands, categories, administrators and the journal, filtered and sorted as their lists', async () => {
    await fx.article(t, { title: 'Entretien des groupes' });
    const articles = csvLines(
      (await admin.get('/api/blog/export').query({ format: 'csv', search: 'entretien' }).expect(200)).text,
    );
    expect(articles[0]).toBe('Titre;Statut;Auteur;Adresse;Publié le;Créé le;Modifié le');
    expect(articles.slice(1).map((line) => line.split(';')[0])).toEqual(['Entretien des groupes']);
    const brands = csvLines(
      (await admin.get('/api/brands/export').query({ format: 'csv', sort: 'name', direction: 'desc' }).expect(200)).text,
    );
    expect(brands[0]).toBe('Nom;Représentant;Description;Produits;Créée le');
    const names = brands.slice(1).map((line) => line.split(';')[0]!);
    expect(names).toEqual(expect.arrayContaining(['Exportée', 'Autre marque']));
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'fr')));
    expect(brands.find((line) => line.startsWith('Exportée;'))!.split(';')[3]).toBe('130');
    const categories = csvLines(
      (await admin.get('/api/category/export').query({ format: 'csv', search: 'electrogene' }).expect(200)).text,
    );
    expect(categories.slice(1).map((line) => line.split(';')[0])).toEqual(['Groupes électrogènes']);
    const admins = csvLines((await admin.get('/api/admin/export').query({ format: 'csv' }).expect(200)).text);
    expect(admins[0]).toBe('Prénom;Nom;E-mail;Téléphone;Profession;Rôle;Articles;Créé le');
    expect(admins.join('\n')).not.toMatch(/\$argon|password/i);
    const journal = await binary(admin.get('/api/audit/export').query({ format: 'xlsx' })).expect(200);
    expect(journal.headers['content-disposition']).toMatch(/filename="journal-\d{4}-\d{2}-\d{2}\.xlsx"/);
  });

  it('reads page after page by the sort key, NULLs and ties included: every row once, in the list’s order', async () => {
    // 230 entries: a third without expiry date (NULL), many sharing a date, over three reading pages.
    for (let i = 0; i < 230; i++)
      await fx.stockEntry(t, {
        name: `Lot ${i}`,
        expirable: i % 3 !== 0,
        expiry_date: i % 3 === 0 ? null : `2027-0${1 + (i % 7)}-15`,
      });
    for (const direction of ['asc', 'desc']) {
      const listed: string[] = [];
      for (let page = 1; ; page++) {
        const answer = (await admin.get('/api/stock').query({ sort: 'expiry_date', direction, page, per_page: 100 }).expect(200))
          .body as { stocks: { data: { name: string }[]; last_page: number } };
        listed.push(...answer.stocks.data.map((e) => e.name));
        if (page >= answer.stocks.last_page) break;
      }
      const csv = await admin.get('/api/stock/export').query({ format: 'csv', sort: 'expiry_date', direction }).expect(200);
      const names = csvLines(csv.text)
        .slice(1)
        .map((line) => line.split(';')[0]);
      expect(names).toHaveLength(listed.length);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual(listed);
    }
  });

  it('reads every row once when the sort key ties across pages (products made in the same second)', async () => {
    const sameSecond = new Date('2026-01-05T10:00:00.000Z');
    const refs = {
      brand: await fx.brand(t, { name: 'Même seconde' }),
      category: await fx.category(t),
      currency: await fx.currency(t),
    };
    // Saved 200 at a time: 2,000 rows, twenty reading pages.
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      name: `Seconde ${i}`,
      reference: `SEC-${i}`,
      stock: 1,
      price: '10.00',
      description: 'Même seconde.',
      brand_id: refs.brand.id,
      category_id: refs.category.id,
      currency_id: refs.currency.id,
      created_at: sameSecond,
    }));
    for (let i = 0; i < rows.length; i += 200) await t.dataSource.getRepository(Product).save(rows.slice(i, i + 200));
    for (const direction of ['desc', 'asc']) {
      const csv = await admin
        .get('/api/product/export')
        .query({ format: 'csv', brand_id: refs.brand.id, sort: 'created_at', direction })
        .expect(200);
      const references = csvLines(csv.text)
        .slice(1)
        .map((line) => line.split(';')[0]);
      expect(new Set(references).size).toBe(2000);
      expect(references).toHaveLength(2000);
    }
  });

  it('refuses without the list’s view right (403), a bad format or sort (422)', async () => {
    const user = await createStaffUser(t, { grid: gridWithout('shop', 'view') });
    const staff = await signInAs(t, user);
    await staff.get('/api/product/export').query({ format: 'csv' }).expect(403);
    const bad = await admin.get('/api/product/export').query({ format: 'pdf' }).expect(422);
    expect((bad.body as { errors: Record<string, string[]> }).errors.format).toEqual([
      'Le format doit être « csv » ou « xlsx ».',
    ]);
    await admin.get('/api/product/export').expect(422);
    const sort = await admin.get('/api/product/export').query({ format: 'csv', sort: 'nope' }).expect(422);
    expect(sort.headers['content-disposition']).toBeUndefined();
  });
});
