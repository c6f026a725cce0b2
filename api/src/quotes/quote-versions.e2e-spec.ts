import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { Product } from '../catalogue/entities/product.entity.js';
import { Product as ProductEntity } from '../catalogue/entities/product.entity.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { Role } from '../access/entities/role.entity.js';
import { RolePermission } from '../access/entities/role-permission.entity.js';
import { backfillQuotes } from '../core/database/migrations/quote-versions-backfill.js';
import { QuoteAcceptance } from './entities/quote-acceptance.entity.js';
import { QuoteVersion } from './entities/quote-version.entity.js';

const FIELDS = {
  payment_by: 'Chèque',
  currency: 'Fcfa',
  payment_term: '30 jours fin de mois',
  delivery_method: 'Route',
  delivery_address: 'Zone portuaire, lot 12, Lomé',
  credit_level: 'Client référencé',
  company_name: 'Bâtir Lomé SARL',
  company_phone: '+228 90 11 22 33',
  company_email: 'achats@batir-lome.example',
  representative_name: 'Akossiwa Lawson',
  representative_phone: '+228 91 11 22 33',
  representative_email: 'a.lawson@batir-lome.example',
};

function pdfText(pdf: Buffer): string {
  const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
  return out.stdout.toString('utf8');
}
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe(`quote versions and the client's page (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let sales: StaffClient;
  let viewer: StaffClient;
  let generator: Product; // 1 250 000 FCFA HT
  let cable: Product; // 15 000 FCFA HT

  const newOrder = async (email = FIELDS.company_email, quantity = 2) => {
    const res = await request(t.http)
      .post('/api/order/create')
      .send({
        ...FIELDS,
        company_email: email,
        order_items: [
          { product_id: generator.id, quantity: 1 },
          { product_id: cable.id, quantity },
        ],
      });
    expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ status: 201, body: null });
    return res.body.order.id as number;
  };
  const client = (path: string, body: object) => request(t.http).post(`/api/client/${path}`).send(body);
  const mailsOf = (orderId: number, kind: string) =>
    t.dataSource.getRepository(OutgoingMail).find({ where: { related: `order:${orderId}`, kind }, order: { id: 'ASC' } });
  const tokenIn = (mail: OutgoingMail) => /\/suivi-commande#([\w-]{43})/.exec(mail.text)![1]!;
  const stockOf = async (p: Product) => (await t.dataSource.getRepository(ProductEntity).findOneByOrFail({ id: p.id })).stock;

  /** Revises the order's quote into v2 (2 cables → 10, 5 % off, 5 % overall, 25 000 FCFA delivery) and sends it. */
  const reviseAndSend = async (orderId: number) => {
    const draft = (await sales.post(`/api/order/${orderId}/quote/revise`).send({}).expect(201)).body.quote.versions[0];
    const updated = await sales
      .post(`/api/order/${orderId}/quote/versions/${draft.id}/update`)
      .send({
        version: draft.version,
        lines: [
          { product_id: generator.id, quantity: 1, unit_price: '1250000' },
          { product_id: cable.id, quantity: 10, unit_price: '15000', discount_bp: 500 },
        ],
        discount_bp: 500,
        delivery_fee: '25000',
        payment_terms: '50 % à la commande, solde à la livraison',
        message: 'Voici notre offre révisée.',
      })
      .expect(200);
    const v2 = updated.body.quote.versions[0];
    await sales.post(`/api/order/${orderId}/quote/versions/${v2.id}/send`).send({ version: v2.version }).expect(200);
    const [mail] = await mailsOf(orderId, 'quote-sent');
    return { v2, token: tokenIn(mail!), draftVersion: draft.version as number };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await t.dataSource.getRepository(ConfirmedEmail).save({ email: FIELDS.company_email, confirmed_at: new Date() });
    const ds = t.dataSource;
    const fcfa = await ensureCurrency(ds, 'Fcfa');
    const category = await makeCategory(ds, 'Énergie');
    const brand = await makeBrand(ds);
    generator = await makeProduct(ds, {
      name: 'Groupe électrogène 20 kVA',
      price: '1250000.00',
      stock: 20,
      category,
      brand,
      currency: fcfa,
    });
    cable = await makeProduct(ds, {
      name: 'Câble 16 mm² (100 m)',
      price: '15000.00',
      stock: 100,
      category,
      brand,
      currency: fcfa,
    });
    sales = await signIn(t, { orders: 'all', quotes: 'all' });
    viewer = await signIn(t, { orders: 'all', quotes: ['view'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes version 1 from the request, in its transaction: sent, lines copied with TVA 18 %, totals HT / TVA / TTC', async () => {
    const orderId = await newOrder();
    const order = await t.dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
    expect(order.quote_state).toBe('sent');
    const res = await sales.get(`/api/order/${orderId}/quote`).expect(200);
    const [v1] = res.body.quote.versions;
    expect(v1).toMatchObject({ number: 1, state: 'sent', reference: `DEV-${order.order_num.slice(4)}-v1`, discount_bp: 0 });
    expect(
      v1.lines.map((l: { product_name: string; quantity: number; tax_rate_bp: number }) => [
        l.product_name,
        l.quantity,
        l.tax_rate_bp,
      ]),
    ).toEqual([
      [generator.name, 1, 1800],
      [cable.name, 2, 1800],
    ]);
    // 1 250 000 + 30 000 = 1 280 000 HT; TVA 18 % = 230 400; TTC 1 510 400.
    expect(v1.totals).toEqual([expect.objectContaining({ currency_code: 'XOF', ht: '1280000', tax: '230400', ttc: '1510400' })]);
    expect(v1.in_words).toBe('Arrêté le présent devis à la somme de : un million cinq-cent-dix-mille-quatre-cents francs CFA.');
  });

  it('revises into a draft, recomputes every amount on the server, stops a second editor, and sends the frozen PDF with a link', async () => {
    const orderId = await newOrder();
    const { v2, token, draftVersion } = await reviseAndSend(orderId);
    // Lines: 1 250 000 + 10 × 15 000 − 5 % = 142 500 → 1 392 500; overall −5 % = 69 625 → 1 322 875;
    // delivery 25 000 → HT 1 347 875; TVA 18 % = 242 617,5 → 242 618; TTC 1 590 493.
    expect(v2.totals).toEqual([
      expect.objectContaining({
        lines: '1392500',
        discount: '69625',
        delivery: '25000',
        ht: '1347875',
        tax: '242618',
        ttc: '1590493',
      }),
    ]);
    expect(v2.lines[1]).toMatchObject({ quantity: 10, discount_bp: 500, total_ht: '142500' });

    // Sent: frozen. A second editor holding the old copy is stopped; the sent version refuses changes.
    const stale = await sales
      .post(`/api/order/${orderId}/quote/versions/${v2.id}/update`)
      .send({ version: draftVersion, lines: [{ product_id: cable.id, quantity: 1, unit_price: '1' }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('a déjà été envoyée au client');

    const quote = (await sales.get(`/api/order/${orderId}/quote`).expect(200)).body.quote;
    expect(quote.versions.map((v: { number: number; state: string }) => [v.number, v.state])).toEqual([
      [2, 'sent'],
      [1, 'expired'],
    ]);
    expect(quote.links).toHaveLength(2); // company and representative addresses
    const pdf = await sales.get(`/api/order/${orderId}/quote/versions/${v2.id}/pdf`).buffer(true).parse(binary).expect(200);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toMatch(/DEV-\d{4}-\d{5} — version 2/);
    expect(text).toContain('Total TTC');
    expect(text).toContain('un million cinq-cent-quatre-vingt-dix-mille-quatre-cent-quatre-vingt-treize francs CFA');
    const [mail] = await mailsOf(orderId, 'quote-sent');
    expect(mail!.attachments).toContain(`quote:${v2.id}`);
    expect(mail!.reply_to).toBeTruthy();
    expect(token).toHaveLength(43);
  });

  it('stops two staff editing one draft: the second save with the same version gets 409 naming the first', async () => {
    const orderId = await newOrder();
    const draft = (await sales.post(`/api/order/${orderId}/quote/revise`).send({}).expect(201)).body.quote.versions[0];
    await sales.post(`/api/order/${orderId}/quote/revise`).send({}).expect(409);
    const body = (quantity: number) => ({
      version: draft.version,
      lines: [{ product_id: cable.id, quantity, unit_price: '15000' }],
    });
    await sales.post(`/api/order/${orderId}/quote/versions/${draft.id}/update`).send(body(3)).expect(200);
    const second = await sales.post(`/api/order/${orderId}/quote/versions/${draft.id}/update`).send(body(4)).expect(409);
    expect(second.body.message).toMatch(/a enregistré une autre version .* pendant que vous modifiiez ce devis/);
    const kept = (await sales.get(`/api/order/${orderId}/quote`).expect(200)).body.quote.versions[0];
    expect(kept.lines.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
  });

  it('refuses staff without the right (403) and bad drafts (422 in French)', async () => {
    const orderId = await newOrder();
    await viewer.post(`/api/order/${orderId}/quote/revise`).send({}).expect(403);
    const draft = (await sales.post(`/api/order/${orderId}/quote/revise`).send({}).expect(201)).body.quote.versions[0];
    await viewer.post(`/api/order/${orderId}/quote/versions/${draft.id}/send`).send({}).expect(403);
    const bad = await sales
      .post(`/api/order/${orderId}/quote/versions/${draft.id}/update`)
      .send({ lines: [{ product_id: cable.id, quantity: 0, unit_price: 'abc', discount_bp: 20000 }], valid_until: '2026-02-30' })
      .expect(422);
    expect(bad.body.errors).toMatchObject({
      'lines.0.quantity': ['La quantité doit être d’au moins 1.'],
      'lines.0.unit_price': ['Le montant doit être un nombre positif avec au plus deux décimales.'],
      'lines.0.discount_bp': [expect.stringContaining('La remise')],
      valid_until: ['La date de validité doit être une date (AAAA-MM-JJ).'],
    });
  });

  it('lets the client read the quote, ask, get the reply, and accept: the order is in progress with a purchase order', async () => {
    const orderId = await newOrder();
    const { v2, token } = await reviseAndSend(orderId);
    const page = await client('order', { token }).expect(200);
    expect(page.body.order).toMatchObject({ id: orderId, quote_state: 'sent', can_answer: true });
    expect(page.body.order.current).toMatchObject({
      id: v2.id,
      number: 2,
      totals: [expect.objectContaining({ ttc: '1590493' })],
    });
    expect(page.body.order.current.totals[0].ttc_in_words).toBe(
      'un million cinq-cent-quatre-vingt-dix-mille-quatre-cent-quatre-vingt-treize francs CFA',
    );
    expect(page.body.order.earlier).toEqual([expect.objectContaining({ number: 1, state: 'expired' })]);
    const v1pdf = await client('order/pdf', { token, version_id: page.body.order.earlier[0].id })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(pdfText(v1pdf.body as Buffer)).toContain('DEVIS');
    // The page's « Télécharger le PDF » is a plain form POST (urlencoded), the token in the body.
    const formPdf = await request(t.http)
      .post('/api/client/order/pdf')
      .type('form')
      .send({ token, version_id: String(v2.id) })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(formPdf.headers['referrer-policy']).toBe('no-referrer');
    expect(pdfText(formPdf.body as Buffer)).toMatch(/version 2/);

    // A question: staff are told (unread entry for the bell, e-mail to staff who follow orders).
    await client('order/message', { token, body: 'Pouvez-vous livrer à Kara ?' }).expect(201);
    expect((await mailsOf(orderId, 'client-message')).length).toBeGreaterThan(0);
    // The bell counts it until a staff member opens the order's quote.
    expect((await sales.get('/api/orders/count-pending').expect(200)).body.client_messages).toBeGreaterThan(0);
    await sales.get(`/api/order/${orderId}/quote`).expect(200);
    expect((await sales.get('/api/orders/count-pending').expect(200)).body.client_messages).toBe(0);
    await sales.post(`/api/order/${orderId}/messages`).send({ body: 'Oui, sous 5 jours, livraison comprise.' }).expect(201);
    const reply = await mailsOf(orderId, 'order-message');
    expect(reply[0]!.text).toContain('Oui, sous 5 jours');
    const thread = (await client('order', { token }).expect(200)).body.order.messages;
    expect(thread.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['client', 'Pouvez-vous livrer à Kara ?'],
      ['staff', 'Oui, sous 5 jours, livraison comprise.'],
    ]);

    // Accepting needs the name and "Bon pour accord", on the version shown.
    const refused = await client('order/accept', { token, version_id: v2.id, name: '', agreed: false }).expect(422);
    expect(refused.body.errors).toEqual({
      name: ['Tapez votre nom pour accepter le devis.'],
      agreed: ['Cochez « Bon pour accord » pour accepter le devis.'],
    });
    await client('order/accept', {
      token,
      version_id: page.body.order.earlier[0].id,
      name: 'Akossiwa Lawson',
      agreed: true,
    }).expect(409);
    const accepted = await client('order/accept', { token, version_id: v2.id, name: 'Akossiwa Lawson', agreed: true })
      .set('User-Agent', 'Navigateur de test')
      .expect(200);
    expect(accepted.body.order).toMatchObject({ status: 'inprogress', quote_state: 'accepted', can_answer: false });
    const order = await t.dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
    expect(order).toMatchObject({ status: 'inprogress', quote_state: 'accepted' });
    const acceptance = await t.dataSource.getRepository(QuoteAcceptance).findOneByOrFail({ quote_version_id: v2.id });
    expect(acceptance).toMatchObject({ name: 'Akossiwa Lawson', user_agent: 'Navigateur de test' });
    expect(acceptance.ip).toBeTruthy();
    expect((await mailsOf(orderId, 'client-accepted')).length).toBeGreaterThan(0);
    const [confirmation] = await mailsOf(orderId, 'quote-accepted');
    expect(confirmation!.attachments).toContain(`purchase-order:${orderId}`);
    expect(confirmation!.text).toContain(`Votre commande ${order.order_num} est confirmée`);
    const po = await sales.get(`/api/order/${orderId}/purchase-order.pdf`).buffer(true).parse(binary).expect(200);
    const poText = pdfText(po.body as Buffer);
    expect(poText).toContain('BON DE COMMANDE');
    expect(poText).toContain('Akossiwa Lawson');
    // Once accepted, no second answer and no revision.
    await client('order/decline', { token, version_id: v2.id, reason: 'Trop tard' }).expect(409);
    await sales.post(`/api/order/${orderId}/quote/revise`).send({}).expect(409);
  });

  it('lets the client decline with a reason: the request is cancelled and its stock given back', async () => {
    const orderId = await newOrder(FIELDS.company_email, 3);
    const before = await stockOf(cable);
    const { v2, token } = await reviseAndSend(orderId);
    await client('order/decline', { token, version_id: v2.id, reason: '' }).expect(422);
    const res = await client('order/decline', { token, version_id: v2.id, reason: 'Délai trop long.' }).expect(200);
    expect(res.body.order).toMatchObject({ status: 'canceled', quote_state: 'declined' });
    expect(await t.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).toMatchObject({
      status: 'canceled',
      stock_reserved: false,
      cancel_reason: 'declined',
    });
    expect(await stockOf(cable)).toBe(before + 3);
    expect((await t.dataSource.getRepository(QuoteVersion).findOneByOrFail({ id: v2.id })).decline_reason).toBe(
      'Délai trop long.',
    );
  });

  it('refuses to accept an expired quote, in French, and keeps the order pending', async () => {
    const orderId = await newOrder();
    const { v2, token } = await reviseAndSend(orderId);
    await t.dataSource.getRepository(QuoteVersion).update({ id: v2.id }, { valid_until: '2020-01-31' });
    const page = await client('order', { token }).expect(200);
    expect(page.body.order).toMatchObject({
      can_answer: false,
      answer_note: expect.stringContaining('Ce devis a expiré le 31/01/2020'),
    });
    const res = await client('order/accept', { token, version_id: v2.id, name: 'Akossiwa Lawson', agreed: true }).expect(409);
    expect(res.body.message).toBe(
      'Ce devis a expiré le 31/01/2020 : il ne peut plus être accepté. Écrivez-nous ci-dessous pour recevoir un devis à jour.',
    );
    // Read after its date, the version is marked expired, and so is the order's summary the dashboard shows.
    expect(await t.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).toMatchObject({
      status: 'pending',
      quote_state: 'expired',
    });
    const staff = (await sales.get(`/api/order/${orderId}/quote`).expect(200)).body.quote;
    expect(staff.versions[0]).toMatchObject({ number: 2, state: 'expired' });
    // Staff can send a new version with a new date.
    await sales.post(`/api/order/${orderId}/quote/revise`).send({}).expect(201);
  });

  it('answers 410 for an unknown, revoked or other order’s link, and 422 for a malformed one', async () => {
    const orderId = await newOrder();
    const { token } = await reviseAndSend(orderId);
    await client('order', { token: 'x' }).expect(422);
    const unknown = await client('order', { token: 'A'.repeat(43) }).expect(410);
    expect(unknown.body.message).toContain('Ce lien n’est plus valable');
    await client('order', { token, order_id: orderId + 1000 }).expect(410);
    await sales.post(`/api/order/${orderId}/client-links/revoke`).send({}).expect(200);
    await client('order', { token }).expect(410);
  });

  it('gives existing orders their version 1 and administrator roles the document rights (the migration’s backfill)', async () => {
    const ds = t.dataSource;
    const admin = await ds.getRepository(Role).save({ name: `Admins ${Date.now()}`, description: 'x' });
    const editor = await ds.getRepository(Role).save({ name: `Rédaction ${Date.now()}`, description: 'x' });
    const all = { view: true, create: true, edit: true, delete: true };
    await ds.getRepository(RolePermission).insert([
      { role_id: admin.id, category: 'admin', ...all },
      { role_id: editor.id, category: 'blog', ...all },
    ]);
    const orderId = await newOrder();
    await ds.getRepository(QuoteVersion).delete({ order_id: orderId });
    await ds.getRepository(Order).update({ id: orderId }, { quote_state: null });
    const runner = ds.createQueryRunner();
    try {
      await backfillQuotes(runner, testDatabaseKind() === 'mariadb' ? 'mysql' : 'sqlite');
    } finally {
      await runner.release();
    }
    const rights = async (roleId: number) =>
      (await ds.getRepository(RolePermission).findBy({ role_id: roleId })).map((p) => p.category).sort();
    expect(await rights(admin.id)).toEqual(['admin', 'deliveries', 'invoices', 'payments', 'quotes']);
    expect(await rights(editor.id)).toEqual(['blog']);
    const [v1] = await ds.getRepository(QuoteVersion).find({ where: { order_id: orderId }, relations: { lines: true } });
    expect(v1).toMatchObject({ number: 1, state: 'sent' });
    expect(v1!.lines).toHaveLength(2);
    expect((await ds.getRepository(Order).findOneByOrFail({ id: orderId })).quote_state).toBe('sent');
  });

  it('"Mes commandes": the same answer for any address, one e-mail only to a known one, listing its orders', async () => {
    const email = 'direction@batir-lome.example';
    const orderId = await newOrder(email);
    const known = await client('orders-link', { email: email.toUpperCase() }).expect(200);
    const unknown = await client('orders-link', { email: 'personne@nulle-part.example' }).expect(200);
    expect(unknown.body).toEqual(known.body);
    const mails = await t.dataSource.getRepository(OutgoingMail).find({ where: { kind: 'client-orders-link' } });
    expect(mails.map((m) => m.to_address)).toEqual([email]);
    const token = /\/mes-commandes#([\w-]{43})/.exec(mails[0]!.text)![1]!;
    const list = await client('orders', { token }).expect(200);
    expect(list.body.orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
    const opened = await client('order', { token, order_id: orderId }).expect(200);
    expect(opened.body.order.id).toBe(orderId);
  });
});
