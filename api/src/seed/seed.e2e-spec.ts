import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imageVariants } from '../media/image-variants.js';
import type { DataSource } from 'typeorm';
import { createTestApp, testDatabaseKind, TEST_ADMIN, TEST_DOMAIN, type TestApp } from '../../test/support/test-app.js';
import { Role } from '../access/entities/role.entity.js';
import { RolePermission } from '../access/entities/role-permission.entity.js';
import { User } from '../admins/entities/user.entity.js';
import { verifyPassword } from '../auth/password.js';
import { Article } from '../blog/entities/article.entity.js';
import { Brand } from '../catalogue/entities/brand.entity.js';
import { Category } from '../catalogue/entities/category.entity.js';
import { Currency } from '../exchange-rates/entities/currency.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { ProductImage } from '../catalogue/entities/product-image.entity.js';
import { ContactMessage } from '../contact/entities/contact-message.entity.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { NewsletterSubscriber } from '../newsletter/entities/newsletter-subscriber.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';
import { PERMISSION_CATEGORIES } from '../core/access/permissions.js';
import { OrderMessage } from '../quotes/entities/order-message.entity.js';
import { QuoteVersion } from '../quotes/entities/quote-version.entity.js';
import { DEMO_PRODUCTS } from './data/catalogue.js';
import { SeedService } from './seed.service.js';
import { In } from 'typeorm';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { toMinor } from '../common/money.js';
import { Delivery } from '../deliveries/entities/delivery.entity.js';
import { Invoice } from '../invoices/entities/invoice.entity.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { Payment } from '../payments/entities/payment.entity.js';
import { ledgerDifferences } from '../stock/ledger/ledger-check.js';

const cents = (amount: string) => Math.round(Number(amount) * 100);

async function counts(ds: DataSource) {
  const n = (entity: Function) => ds.getRepository(entity).count();
  return {
    categories: await n(Category),
    brands: await n(Brand),
    currencies: await n(Currency),
    products: await n(Product),
    productImages: await n(ProductImage),
    stockEntries: await n(StockEntry),
    articles: await n(Article),
    customers: await n(Customer),
    orders: await n(Order),
    orderItems: await n(OrderItem),
    users: await n(User),
    roles: await n(Role),
    permissions: await n(RolePermission),
    newsletter: await n(NewsletterSubscriber),
    contact: await n(ContactMessage),
  };
}

/** Accounts whose role may create and edit in the administration area. */
async function administrators(ds: DataSource): Promise<User[]> {
  const grants = await ds.getRepository(RolePermission).findBy({ category: 'admin', create: true, edit: true });
  const roleIds = grants.map((g) => g.role_id);
  const users = await ds.getRepository(User).find({ select: { id: true, email: true, role_id: true, password_hash: true } });
  return users.filter((u) => roleIds.includes(u.role_id));
}

describe(`demo data and first administrator (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let seeder: SeedService;

  beforeAll(async () => {
    t = await createTestApp();
    seeder = t.app.get(SeedService);
    // createTestApp already created the first administrator: start from a database without any user.
    await t.dataSource.createQueryBuilder().delete().from(User).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('loads the whole demo data set on an empty database', async () => {
    await seeder.seedIfEmpty();
    const c = await counts(t.dataSource);
    expect(c).toMatchObject({ brands: 6, currencies: 3, products: 30, stockEntries: 12, articles: 15, customers: 8, orders: 12 });
    expect(c.categories).toBeGreaterThanOrEqual(5);
    expect(c.newsletter).toBeGreaterThan(0);
    expect(c.contact).toBeGreaterThan(0);

    const currencies = await t.dataSource.getRepository(Currency).find({ order: { id: 'ASC' } });
    expect(currencies.map((x) => [x.name, x.symbol])).toEqual([
      ['Dollar', '$'],
      ['Euro', '€'],
      ['Fcfa', 'FCFA'],
    ]);
    expect((await t.dataSource.getRepository(Category).find()).map((x) => x.designation)).toEqual(
      expect.arrayContaining(['Groupes électrogènes', 'Compresseurs', 'Équipements de protection individuelle']),
    );

    // Roles: a super administrator, an editor with blog rights only, and a stock keeper.
    const roles = await t.dataSource.getRepository(Role).find({ relations: { permissions: true } });
    const grid = (name: string) =>
      Object.fromEntries(
        roles.find((r) => r.name === name)!.permissions!.map((p) => [p.category, [p.view, p.create, p.edit, p.delete]]),
      );
    expect(Object.values(grid('Super administrateur')).flat().every(Boolean)).toBe(true);
    expect(grid('Éditeur')).toMatchObject({
      blog: [true, true, true, true],
      shop: [false, false, false, false],
      admin: [false, false, false, false],
    });
    expect(grid('Gestionnaire de stock')).toMatchObject({ shop: [true, true, true, false], stock: [true, true, true, false] });

    // Demo staff: company domain, no administration rights (the first administrator comes from the config).
    const staff = await t.dataSource.getRepository(User).find();
    expect(staff.length).toBeGreaterThanOrEqual(2);
    expect(staff.every((u) => u.email.endsWith(`@${TEST_DOMAIN}`))).toBe(true);
    expect(await administrators(t.dataSource)).toHaveLength(0);
    // The hash is never loaded by default, so it cannot end up in an answer.
    expect(staff.every((u) => u.password_hash === undefined)).toBe(true);
    expect(JSON.stringify(staff)).not.toContain('argon2');
  });

  it('gives products 1 to 3 images, real prices, some spotlights and some sold-out items', async () => {
    const products = await t.dataSource
      .getRepository(Product)
      .find({ relations: { images: true, currency: true, brand: true, category: true } });
    for (const p of products) {
      expect(p.images!.length).toBeGreaterThanOrEqual(1);
      expect(p.images!.length).toBeLessThanOrEqual(3);
      expect(p.price).toMatch(/^\d+\.\d{2}$/);
      expect(cents(p.price)).toBeGreaterThan(0);
      expect(p.description.length).toBeLessThanOrEqual(275);
      expect(p.brand?.name).toBeTruthy();
      expect(p.category?.designation).toBeTruthy();
    }
    expect(products.filter((p) => p.in_spotlight).length).toBeGreaterThanOrEqual(3);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(new Set(products.map((p) => p.currency!.name))).toEqual(new Set(['Dollar', 'Euro', 'Fcfa']));

    const entries = await t.dataSource.getRepository(StockEntry).find();
    expect(entries.some((e) => e.expirable && e.expiry_date)).toBe(true);
    expect(entries.some((e) => !e.expirable && e.expiry_date === null)).toBe(true);
    for (const e of entries) {
      expect(e.manufacture_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (e.expiry_date) expect(e.expiry_date > e.manufacture_date).toBe(true);
    }
  });

  it('writes French articles with unique slugs, covers and demo authors', async () => {
    const articles = await t.dataSource.getRepository(Article).find({ relations: { user: true } });
    const byStatus = (s: string) => articles.filter((a) => a.status === s).length;
    expect([byStatus('Publié'), byStatus('Brouillon'), byStatus('Corbeille')]).toEqual([12, 2, 1]);
    // One published article lost its author (an account removed since): the site shows « Non défini ».
    expect(articles.filter((a) => a.user_id === null).map((a) => a.status)).toEqual(['Publié']);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);
    for (const a of articles) {
      expect(a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      if (a.user_id !== null) expect(a.user?.email.endsWith(`@${TEST_DOMAIN}`)).toBe(true);
      expect(a.image).toBeTruthy();
      expect(a.content).toMatch(/<h2>/);
      expect(a.content).toMatch(/<(ul|ol)>/);
      expect((a.content.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(2);
      expect(JSON.parse(a.content_json!).blocks.length).toBeGreaterThan(3);
      if (a.status === 'Publié') expect(a.published_at).toBeInstanceOf(Date);
    }
    expect(articles.find((a) => a.title.startsWith('Bien dimensionner'))?.slug).toBe(
      'bien-dimensionner-son-groupe-electrogene-en-cinq-etapes',
    );
  });

  it('keeps orders, totals and stock consistent with the catalogue', async () => {
    const orders = await t.dataSource
      .getRepository(Order)
      .find({ relations: { items: { product: { currency: true } }, customer: true } });
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['pending', 'inprogress', 'shipped', 'canceled']));
    expect(new Set(orders.map((o) => o.order_num)).size).toBe(orders.length);
    const reserved = new Map<number, number>();
    for (const o of orders) {
      expect(o.order_num).toMatch(/^CMD-\d{4}-\d{5}$/);
      expect(o.customer?.company_name).toBe(o.company_name);
      expect(o.stock_reserved).toBe(o.status !== 'canceled');
      expect(o.shipped_at !== null).toBe(o.status === 'shipped');
      // A pending demo order shows its hold (the panel and « Prolonger »): a date ahead.
      if (o.status === 'pending') expect(new Date(o.hold_until!).getTime()).toBeGreaterThan(Date.now());
      let sum = 0;
      for (const item of o.items!) {
        expect(item.product_name).toBe(item.product!.name);
        expect(item.price).toBe(item.product!.price);
        expect(cents(item.total_price)).toBe(cents(item.price) * item.quantity);
        expect(item.product!.currency!.name).toBe(o.currency);
        sum += cents(item.total_price);
        if (o.status !== 'canceled') reserved.set(item.product_id!, (reserved.get(item.product_id!) ?? 0) + item.quantity);
      }
      expect(cents(o.total)).toBe(sum);
    }
    // Current stock = units on hand in the data set minus what the non-canceled orders took.
    const products = await t.dataSource.getRepository(Product).find();
    for (const p of products) {
      const onHand = DEMO_PRODUCTS.find((d) => d.reference === p.reference)!.stockOnHand;
      expect(p.stock).toBe(onHand - (reserved.get(p.id) ?? 0));
    }
  });

  it('writes every referenced image as a real picture under DATA_DIR/storage', async () => {
    const paths = [
      ...(await t.dataSource.getRepository(Brand).find()).map((b) => b.image!),
      ...(await t.dataSource.getRepository(ProductImage).find()).map((i) => i.image_path),
      ...(await t.dataSource.getRepository(StockEntry).find()).map((s) => s.image!),
      ...(await t.dataSource.getRepository(Article).find()).map((a) => a.image!),
      ...(await t.dataSource.getRepository(User).find()).map((u) => u.image!),
    ];
    expect(paths.length).toBeGreaterThan(60);
    for (const p of paths) {
      const file = path.join(t.config.storageDir, p);
      expect(fs.existsSync(file)).toBe(true);
      const meta = await sharp(file).metadata();
      expect(['webp', 'png']).toContain(meta.format);
      expect(meta.width).toBeGreaterThanOrEqual(256);
      expect(meta.height).toBeGreaterThanOrEqual(256);
      // The resized copies the site serves exist too, as for uploaded images.
      for (const variant of Object.values(imageVariants(p) ?? {})) {
        expect(fs.existsSync(path.join(t.config.storageDir, variant))).toBe(true);
      }
    }
  });

  it('loads nothing more when called again on a database that has data', async () => {
    const before = await counts(t.dataSource);
    const firstIds = (await t.dataSource.getRepository(Product).find({ order: { id: 'ASC' } })).map((p) => p.id);
    await seeder.seedIfEmpty();
    expect(await counts(t.dataSource)).toEqual(before);
    expect((await t.dataSource.getRepository(Product).find({ order: { id: 'ASC' } })).map((p) => p.id)).toEqual(firstIds);
  });

  it('creates exactly one administrator from ADMIN_EMAIL / ADMIN_PASSWORD, once', async () => {
    await seeder.ensureFirstAdministrator();
    await seeder.ensureFirstAdministrator();
    const admins = await administrators(t.dataSource);
    expect(admins).toHaveLength(1);
    expect(admins[0].email).toBe(TEST_ADMIN.email);
    expect(await verifyPassword(admins[0].password_hash, TEST_ADMIN.password)).toBe(true);
    expect(await verifyPassword(admins[0].password_hash, 'autre-mot-de-passe')).toBe(false);
    expect(admins[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+)/);
    const [, memory, time] = /m=(\d+),t=(\d+)/.exec(admins[0].password_hash)!;
    expect(Number(memory)).toBeGreaterThanOrEqual(19456);
    expect(Number(time)).toBeGreaterThanOrEqual(2);
  });

  it('reloads the demo data to the same counts, twice, keeping other staff accounts', async () => {
    // Content someone added, and a staff member who is not part of the demo.
    const category = await t.dataSource.getRepository(Category).findOneByOrFail({ designation: 'Compresseurs' });
    const anyProduct = (await t.dataSource.getRepository(Product).find({ take: 1 }))[0];
    await t.dataSource.getRepository(Product).save({
      ...anyProduct,
      id: undefined as unknown as number,
      name: 'Produit ajouté',
      reference: 'X-1',
      category_id: category.id,
    });
    const role = await t.dataSource.getRepository(Role).findOneByOrFail({ name: 'Éditeur' });
    await t.dataSource.getRepository(User).insert({
      role_id: role.id,
      firstname: 'Akpédzé',
      name: 'Tsogbé',
      email: `a.tsogbe@${TEST_DOMAIN}`,
      password_hash: 'x',
    });

    // An upload that belonged to replaced content goes with it; the demo images stay.
    const upload = path.join(t.config.storageDir, 'brands', 'televerse.png');
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    fs.writeFileSync(
      upload,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await t.dataSource
      .getRepository(Brand)
      .save({ name: 'Marque ajoutée', representative: 'R', description: 'D', image: 'brands/televerse.png' });

    await seeder.reloadDemoData();
    expect(fs.existsSync(upload)).toBe(false);
    expect(await t.dataSource.getRepository(Brand).countBy({ name: 'Marque ajoutée' })).toBe(0);
    const first = await counts(t.dataSource);
    await seeder.reloadDemoData();
    const second = await counts(t.dataSource);
    expect(second).toEqual(first);
    expect(first.products).toBe(30);
    expect(await t.dataSource.getRepository(Product).countBy({ reference: 'X-1' })).toBe(0);
    const emails = (await t.dataSource.getRepository(User).find()).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([TEST_ADMIN.email, `a.tsogbe@${TEST_DOMAIN}`]));
    expect(emails.filter((e) => e === `afi.mensah@${TEST_DOMAIN}`)).toHaveLength(1);
    expect(await administrators(t.dataSource)).toHaveLength(1);
    expect(first.roles).toBeGreaterThanOrEqual(3);
    expect(first.permissions).toBe(first.roles * PERMISSION_CATEGORIES.length);
    // Every demo order has its quote; the newest pending one is in negotiation (v2 sent, a question and its answer).
    const versions = await t.dataSource.getRepository(QuoteVersion).find();
    const orders = await t.dataSource.getRepository(Order).find();
    expect(orders.every((o) => versions.some((v) => v.order_id === o.id && v.number === 1))).toBe(true);
    const negotiated = versions.find((v) => v.number === 2)!;
    expect(negotiated).toMatchObject({ state: 'sent', discount_bp: 0 });
    expect(await t.dataSource.getRepository(OrderMessage).countBy({ order_id: negotiated.order_id })).toBe(2);

    // One order partly delivered: one delivery note (BL-, numbered afresh on each reload) moved part of
    // its first line from held to delivered; the order still has the rest to deliver.
    const notes = await t.dataSource.getRepository(Delivery).find();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.number).toMatch(/^BL-\d{4}-00001$/);
    const partly = await t.dataSource.getRepository(Order).findOneByOrFail({ id: notes[0]!.order_id });
    expect(partly.status).toBe('inprogress');
    const partlyItems = await t.dataSource
      .getRepository(OrderItem)
      .find({ where: { order_id: partly.id }, order: { id: 'ASC' } });
    const delivered = partlyItems.find((item) => item.delivered_quantity > 0)!;
    expect(delivered.delivered_quantity).toBe(Math.floor(delivered.quantity / 2));
    expect(delivered.delivered_quantity).toBeLessThan(delivered.quantity);
    // One invoice partly paid: FAC-…-00001, one transfer of 40 % of its TTC, the rest due.
    const invoices = await t.dataSource.getRepository(Invoice).find();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ number: expect.stringMatching(/^FAC-\d{4}-00001$/), state: 'partly_paid' });
    const payments = await t.dataSource.getRepository(Payment).findBy({ invoice_id: invoices[0]!.id });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'virement', reference: 'VIR-ECOBANK-20418' });
    const [balance] = (await t.app.get(InvoicesService).get(invoices[0]!.id)).currencies;
    const ttc = toMinor(balance!.ttc, balance!.currency_code);
    expect(toMinor(payments[0]!.amount, balance!.currency_code)).toBe((ttc * 40n) / 100n);
    expect(BigInt(balance!.balance_minor)).toBe(ttc - (ttc * 40n) / 100n);
    // Recorded by the services: audited, and the stock ledger agrees with the products' columns.
    const audited = await t.dataSource.getRepository(AuditEntry).findBy({ entity: In(['delivery', 'invoice', 'payment']) });
    expect(new Set(audited.map((a) => a.entity))).toEqual(new Set(['delivery', 'invoice', 'payment']));
    expect(await ledgerDifferences(t.dataSource)).toEqual([]);
  });
});

describe(`first administrator without ADMIN_PASSWORD (${testDatabaseKind()})`, () => {
  let t: TestApp | undefined;
  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('generates a strong password and prints it once on stdout', async () => {
    const printed: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    t = await createTestApp({ env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } });
    await t.app.get(SeedService).ensureFirstAdministrator();
    spy.mockRestore();

    const lines = printed
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('First administrator:'));
    expect(lines).toHaveLength(1);
    const match = /^First administrator: (\S+) \/ password: (\S+) \(shown once\)$/.exec(lines[0]);
    expect(match).not.toBeNull();
    const [, email, password] = match!;
    expect(email).toBe(`admin@${TEST_DOMAIN}`);
    expect(password.length).toBeGreaterThanOrEqual(20);

    const admins = await administrators(t.dataSource);
    expect(admins.map((a) => a.email)).toEqual([email]);
    expect(await verifyPassword(admins[0].password_hash, password)).toBe(true);
    const role = await t.dataSource.getRepository(Role).findOneByOrFail({ id: admins[0].role_id });
    expect(role.name).toBe('Super administrateur');
  });
});
