import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { MailService } from '../mail/mail.service.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';

const FIELDS = {
  payment_by: 'Visa',
  currency: 'Fcfa',
  payment_term: '30 jours fin de mois',
  delivery_method: 'Route',
  delivery_address: 'Zone portuaire, Lomé',
  credit_level: '50 % à la commande',
  company_name: 'Société Test Lomé',
  company_phone: '+228 90 11 22 33',
  company_email: 'achats@client-test.example',
  representative_name: 'Ama Kossi',
  representative_phone: '+228 91 00 00 00',
  representative_email: 'ama.kossi@client-test.example',
};

describe(`public order requests (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let mail: MailService;
  let generator: Product;
  let helmet: Product;
  let euroPump: Product;
  let lastUnits: Product;

  const order = (items: unknown, fields: Record<string, unknown> = {}) =>
    request(t.http)
      .post('/api/order/create')
      .send({ ...FIELDS, ...fields, order_items: items });

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { RATE_LIMIT_FACTOR: '100' } });
    // A client who confirmed its address before (hold-policy.e2e-spec.ts covers the first request).
    await t.dataSource.getRepository(ConfirmedEmail).save({ email: FIELDS.company_email, confirmed_at: new Date() });
    mail = t.app.get(MailService);
    const ds = t.dataSource;
    const category = await makeCategory(ds, 'Commandes de test');
    const brand = await makeBrand(ds);
    const fcfa = await ensureCurrency(ds, 'Fcfa');
    const euro = await ensureCurrency(ds, 'Euro');
    generator = await makeProduct(ds, {
      name: 'Groupe électrogène 20 kVA',
      price: '1250000.00',
      stock: 10,
      category,
      brand,
      currency: fcfa,
    });
    helmet = await makeProduct(ds, {
      name: 'Casque de chantier <b>X</b>',
      price: '3500.50',
      stock: 100,
      category,
      brand,
      currency: fcfa,
    });
    euroPump = await makeProduct(ds, { name: 'Pompe immergée', price: '899.90', stock: 10, category, brand, currency: euro });
    lastUnits = await makeProduct(ds, {
      name: 'Compresseur dernières unités',
      price: '150000.00',
      stock: 5,
      category,
      brand,
      currency: fcfa,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const stockOf = async (p: Product) => (await t.dataSource.getRepository(Product).findOneByOrFail({ id: p.id })).stock;

  it('creates the order with catalogue prices, whatever prices the client sends, and takes the stock', async () => {
    const before = { generator: await stockOf(generator), helmet: await stockOf(helmet) };
    const res = await order([
      { product_id: generator.id, quantity: 2, price: 1, total_price: 2 },
      { product_id: helmet.id, quantity: 3, price: '0.01', total_price: '0.03' },
    ]).expect(201);
    expect(res.body).toMatchObject({ success: true, message: 'Commande passée avec succès !' });
    const created = res.body.order;
    expect(created.order_num).toMatch(new RegExp(`^CMD-${new Date().getUTCFullYear()}-\\d{5}$`));
    // Lines keep the catalogue's price; the FCFA total is rounded to the franc (no cents): 2 510 501,50 → 2 510 502.
    expect(created.total).toBe('2510502.00');
    expect(created.money).toMatchObject({ currency_code: 'XOF', converted_total: '2510502', missing_rates: [], note: null });
    const line = { currency_code: 'XOF', currency_symbol: 'FCFA' };
    expect(created.items).toEqual([
      {
        product_id: generator.id,
        product_name: generator.name,
        quantity: 2,
        price: '1250000.00',
        total_price: '2500000.00',
        ...line,
      },
      { product_id: helmet.id, product_name: helmet.name, quantity: 3, price: '3500.50', total_price: '10501.50', ...line },
    ]);
    expect(await stockOf(generator)).toBe(before.generator - 2);
    expect(await stockOf(helmet)).toBe(before.helmet - 3);

    const stored = await t.dataSource
      .getRepository(Order)
      .findOneOrFail({ where: { id: created.id }, relations: { items: true } });
    expect(stored).toMatchObject({ status: 'pending', stock_reserved: true, total: '2510502.00', ...FIELDS });
    expect(stored.items).toHaveLength(2);
    const customer = await t.dataSource.getRepository(Customer).findOneByOrFail({ company_email: FIELDS.company_email });
    expect(stored.customer_id).toBe(customer.id);
    expect(customer).toMatchObject({ company_name: FIELDS.company_name, representative_name: FIELDS.representative_name });
  });

  it('numbers orders one after the other within the year and reuses the customer of a known e-mail', async () => {
    const a = await order([{ product_id: helmet.id, quantity: 1 }]).expect(201);
    const b = await order([{ product_id: helmet.id, quantity: 1 }], {
      company_email: ' ACHATS@Client-Test.example ',
      company_name: 'Autre nom',
    }).expect(201);
    const seq = (num: string) => Number(num.split('-')[2]);
    expect(seq(b.body.order.order_num)).toBe(seq(a.body.order.order_num) + 1);
    const customers = await t.dataSource.getRepository(Customer).findBy({ company_email: FIELDS.company_email });
    expect(customers).toHaveLength(1);
    expect(customers[0]!.company_name).toBe('Société Test Lomé');
    const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id: b.body.order.id });
    expect(stored.customer_id).toBe(customers[0]!.id);
  });

  it('notifies the staff and acknowledges the client by e-mail (outbox)', async () => {
    const res = await order([{ product_id: helmet.id, quantity: 2 }]).expect(201);
    await mail.idle();
    const num = res.body.order.order_num;
    const mails = await t.dataSource.getRepository(OutgoingMail).find({ order: { id: 'ASC' } });
    const mine = mails.filter((m) => m.subject.includes(num));
    expect(mine.map((m) => [m.kind, m.to_address, m.status]).sort()).toEqual([
      ['order-received', FIELDS.company_email, 'sent'],
      ['order-received', FIELDS.representative_email, 'sent'],
      ['order-staff', t.config.company.email, 'sent'],
    ]);
    const staff = mine.find((m) => m.kind === 'order-staff')!;
    expect(staff.text).toContain('7 001 FCFA');
    // The product name is HTML-escaped in the HTML part.
    expect(staff.html).toContain('Casque de chantier &lt;b&gt;X&lt;/b&gt;');
    expect(staff.html).not.toContain('<b>X</b>');
    const files = fs.readdirSync(t.config.outboxDir).filter((f) => f.endsWith('.eml'));
    const eml = files.map((f) => fs.readFileSync(path.join(t.config.outboxDir, f), 'utf8')).filter((text) => text.includes(num));
    expect(eml).toHaveLength(3);
    expect(eml.some((text) => /^To: achats@client-test\.example$/m.test(text))).toBe(true);
  });

  it('requires the eleven fields, "Sélectionner" (empty) counting as empty', async () => {
    const empty = Object.fromEntries(Object.keys(FIELDS).map((k) => [k, '']));
    const res = await order([{ product_id: helmet.id, quantity: 1 }], empty).expect(422);
    // The address is asked for by the delivery method: with none chosen, only the method is refused.
    const required = Object.keys(FIELDS).filter((k) => k !== 'delivery_address');
    expect(Object.keys(res.body.errors).sort()).toEqual(required.sort());
    for (const messages of Object.values(res.body.errors) as string[][]) expect(messages[0]).toBe('Ce champ est requis');
    const missing = await request(t.http).post('/api/order/create').send({}).expect(422);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining([...required, 'order_items']));
    const spaces = await order([{ product_id: helmet.id, quantity: 1 }], { company_name: '   ' }).expect(422);
    expect(spaces.body.errors).toEqual({ company_name: ['Ce champ est requis'] });
  });

  it('takes product ids as strictly as ids in paths: " 2", "02", "2.0" or "+2" are refused, a plain "2" is fine', async () => {
    const count = () => t.dataSource.getRepository(Order).count();
    const before = await count();
    for (const id of [` ${helmet.id}`, `0${helmet.id}`, `${helmet.id}.0`, `+${helmet.id}`, `${helmet.id} `]) {
      const res = await order([{ product_id: id, quantity: 1 }]).expect(422);
      expect(JSON.stringify(res.body.errors)).toContain('Le produit est invalide.');
    }
    expect(await count()).toBe(before);
    await order([{ product_id: String(helmet.id), quantity: 1 }]).expect(201);
  });

  it('checks e-mails, phones and the listed choices', async () => {
    const res = await order([{ product_id: helmet.id, quantity: 1 }], {
      company_email: 'pas-un-email',
      representative_email: 'a@b',
      company_phone: 'appelez-moi',
      payment_by: 'Bitcoin',
      currency: 'Yen',
      delivery_method: 'Téléportation',
      credit_level: { $gt: '' },
    }).expect(422);
    expect(res.body.errors).toEqual({
      company_email: ["L'adresse email n'est pas valide."],
      representative_email: ["L'adresse email n'est pas valide."],
      company_phone: ["Le numéro de téléphone n'est pas valide."],
      payment_by: ['Choisissez Carte bancaire, Visa, Chèque, Virement bancaire ou Mobile Money.'],
      currency: ['Choisissez Dollar, Euro ou FCFA.'],
      delivery_method: ['Choisissez Air, Route ou Mer.'],
      credit_level: expect.arrayContaining(['Ce champ doit être un texte.']),
    });
  });

  it('refuses empty carts, too many lines, bad quantities and unknown products', async () => {
    const before = await stockOf(helmet);
    expect((await order([]).expect(422)).body.errors.order_items).toEqual(['Votre panier est vide.']);
    expect((await order('tout').expect(422)).body.errors.order_items[0]).toBe('La liste des articles est invalide.');
    const many = Array.from({ length: 51 }, () => ({ product_id: helmet.id, quantity: 1 }));
    expect((await order(many).expect(422)).body.errors.order_items).toEqual([
      'Une commande ne peut pas contenir plus de 50 articles.',
    ]);
    const bad = await order([
      { product_id: helmet.id, quantity: -3 },
      { product_id: helmet.id, quantity: 0 },
      { product_id: helmet.id, quantity: 1.5 },
      { product_id: 'abc', quantity: 1 },
      { product_id: helmet.id, quantity: 10_000_000 },
    ]).expect(422);
    expect(bad.body.errors).toEqual({
      'order_items.0.quantity': ['La quantité doit être au moins 1.'],
      'order_items.1.quantity': ['La quantité doit être au moins 1.'],
      'order_items.2.quantity': ['La quantité doit être un nombre entier.'],
      'order_items.3.product_id': expect.arrayContaining(['Le produit est invalide.']),
      'order_items.4.quantity': ['La quantité demandée est trop grande.'],
    });
    const unknown = await order([
      { product_id: helmet.id, quantity: 1 },
      { product_id: 987654, quantity: 1 },
    ]).expect(422);
    expect(unknown.body.errors).toEqual({ 'order_items.1.product_id': ["Ce produit n'existe pas ou n'est plus en vente."] });
    expect(await stockOf(helmet)).toBe(before);
  });

  it('answers 409 naming the product when the stock is short, and takes nothing', async () => {
    const before = { generator: await stockOf(generator), helmet: await stockOf(helmet) };
    const orders = await t.dataSource.getRepository(Order).count();
    const res = await order([
      { product_id: helmet.id, quantity: 1 },
      { product_id: generator.id, quantity: before.generator + 1 },
    ]).expect(409);
    expect(res.body).toMatchObject({
      success: false,
      message: `Stock insuffisant pour « ${generator.name} » : ${before.generator} disponibles, ${before.generator + 1} demandés.`,
      product_id: generator.id,
      available: before.generator,
    });
    expect(await stockOf(helmet)).toBe(before.helmet);
    expect(await stockOf(generator)).toBe(before.generator);
    expect(await t.dataSource.getRepository(Order).count()).toBe(orders);
  });

  it('accepts a cart that mixes currencies, in the currency the client chooses (details in quotes.e2e-spec)', async () => {
    const mixed = await order(
      [
        { product_id: helmet.id, quantity: 1 },
        { product_id: euroPump.id, quantity: 1 },
      ],
      { currency: 'Euro' },
    ).expect(201);
    expect(mixed.body.order.money.totals).toEqual([
      { currency_code: 'XOF', currency_symbol: 'FCFA', amount: '3501' },
      { currency_code: 'EUR', currency_symbol: '€', amount: '899.90' },
    ]);
    const euroOnly = await order([{ product_id: euroPump.id, quantity: 2 }], { currency: 'Fcfa' }).expect(201);
    // 1 799,80 € × 655,957 = 1 180 591,41 FCFA → 1 180 591 FCFA.
    expect(euroOnly.body.order.total).toBe('1180591.00');
  });

  it('stores hostile text as plain text', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    const res = await order([{ product_id: helmet.id, quantity: 1 }], {
      company_name: xss,
      payment_term: "'; DROP TABLE orders; --",
    }).expect(201);
    const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id: res.body.order.id });
    expect(stored.company_name).toBe(xss);
    expect(stored.payment_term).toBe("'; DROP TABLE orders; --");
    await mail.idle();
    const staff = await t.dataSource
      .getRepository(OutgoingMail)
      .findOneByOrFail({ kind: 'order-staff', subject: `Nouvelle commande ${res.body.order.order_num} : ${xss}` });
    expect(staff.html).not.toContain('<img');
  });

  it('never sells more than the stock under 20 concurrent requests for the last 5 units', async () => {
    expect(await stockOf(lastUnits)).toBe(5);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        order([{ product_id: lastUnits.id, quantity: 1 }], {
          company_email: `client${i}@concurrence.example`,
          company_name: `Client ${i}`,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await stockOf(lastUnits)).toBe(0);
    const sold = await t.dataSource.getRepository(OrderItem).findBy({ product_id: lastUnits.id });
    expect(sold.reduce((sum, item) => sum + item.quantity, 0)).toBe(5);
    const numbers = results.filter((r) => r.status === 201).map((r) => r.body.order.order_num);
    expect(new Set(numbers).size).toBe(5);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.message).toMatch(
        /^Stock insuffisant pour « Compresseur dernières unités » : 0 disponible, 1 demandé\.$/,
      );
    }
  });

  it('gives concurrent first orders of one new company a single customer', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        order([{ product_id: helmet.id, quantity: 1 }], { company_email: 'nouvelle@simultanee.example' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(await t.dataSource.getRepository(Customer).countBy({ company_email: 'nouvelle@simultanee.example' })).toBe(1);
  });

  it('refuses a huge body with 413', async () => {
    const res = await order([{ product_id: helmet.id, quantity: 1 }], { payment_term: 'x'.repeat(3 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });
});

describe(`order request rate limit (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '0.2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 in French with Retry-After once the address used its quota', async () => {
    // Factor 0.2 of 10 orders an hour: 2 requests, counted even when invalid.
    await request(t.http).post('/api/order/create').send({}).expect(422);
    await request(t.http).post('/api/order/create').send({}).expect(422);
    const res = await request(t.http).post('/api/order/create').send({}).expect(429);
    expect(res.body).toEqual({
      success: false,
      message: 'Trop de commandes envoyées depuis votre connexion. Veuillez réessayer dans 60 minutes.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
  });
});
