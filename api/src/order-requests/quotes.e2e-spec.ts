import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { signIn, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { MailService } from '../mail/mail.service.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';
import { OrderHoldsService } from '../orders/order-holds.service.js';

const FIELDS = {
  payment_by: 'Chèque',
  currency: 'Fcfa',
  payment_term: '30 jours fin de mois',
  delivery_method: 'Mer',
  delivery_address: 'Zone portuaire, Lomé',
  credit_level: 'Client référencé',
  company_name: 'Négoce Atlantique SARL',
  company_phone: '+228 90 44 55 66',
  company_email: 'achats@negoce-atlantique.example',
  representative_name: 'Kodjo Mensah',
  representative_phone: '+228 91 22 33 44',
  representative_email: 'k.mensah@negoce-atlantique.example',
};

/** The text of a PDF, as Debian's poppler-utils extracts it. */
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

describe(`quote requests in any currency (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let mail: MailService;
  let holds: OrderHoldsService;
  let admin: StaffClient;
  let sales: StaffClient;
  let generator: Product; // 1 250 000 FCFA
  let helmet: Product; // 3 500,50 FCFA (a catalogue price with cents)
  let pump: Product; // 899,90 €
  let drill: Product; // 120,25 $

  const order = (items: { product_id: number; quantity: number }[], fields: Record<string, unknown> = {}) =>
    request(t.http)
      .post('/api/order/create')
      .send({ ...FIELDS, ...fields, order_items: items });
  const stockOf = async (p: Product) => (await t.dataSource.getRepository(Product).findOneByOrFail({ id: p.id })).stock;
  const mailsOf = (orderId: number) =>
    t.dataSource.getRepository(OutgoingMail).find({ where: { related: `order:${orderId}` }, order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await createTestApp({
      // Status e-mails sent at once here (status-undo.e2e-spec.ts covers the undo window).
      env: {
        RATE_LIMIT_FACTOR: '100',
        COMPANY_LEGAL_IDS: 'RCCM TG-LOM 2020 B 1234; NIF 1000123456',
        STATUS_MAIL_DELAY_SECONDS: '0',
      },
    });
    // A client who confirmed its address before (hold-policy.e2e-spec.ts covers the first request).
    await t.dataSource.getRepository(ConfirmedEmail).save({ email: FIELDS.company_email, confirmed_at: new Date() });
    mail = t.app.get(MailService);
    holds = t.app.get(OrderHoldsService);
    admin = await signInAsAdmin(t);
    sales = await signIn(t, { orders: 'all' });
    const ds = t.dataSource;
    const category = await makeCategory(ds, 'Devis');
    const brand = await makeBrand(ds);
    const [fcfa, euro, dollar] = [
      await ensureCurrency(ds, 'Fcfa'),
      await ensureCurrency(ds, 'Euro'),
      await ensureCurrency(ds, 'Dollar'),
    ];
    generator = await makeProduct(ds, {
      name: 'Groupe électrogène 20 kVA',
      price: '1250000.00',
      stock: 50,
      category,
      brand,
      currency: fcfa,
    });
    helmet = await makeProduct(ds, { name: 'Casque de chantier', price: '3500.50', stock: 500, category, brand, currency: fcfa });
    pump = await makeProduct(ds, { name: 'Pompe immergée', price: '899.90', stock: 50, category, brand, currency: euro });
    drill = await makeProduct(ds, { name: 'Perceuse à colonne', price: '120.25', stock: 50, category, brand, currency: dollar });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('conversion', () => {
    const mixed = () => [
      { product_id: generator.id, quantity: 1 },
      { product_id: helmet.id, quantity: 1 },
      { product_id: pump.id, quantity: 2 },
    ];

    it('orders a FCFA + euro cart in Fcfa: lines in their currency, total converted at the fixed parity and rounded to the franc', async () => {
      const res = await order(mixed(), { currency: 'Fcfa' }).expect(201);
      const o = res.body.order;
      expect(
        o.items.map((i: { product_name: string; currency_code: string; total_price: string }) => [
          i.product_name,
          i.currency_code,
          i.total_price,
        ]),
      ).toEqual([
        [generator.name, 'XOF', '1250000.00'],
        [helmet.name, 'XOF', '3500.50'],
        [pump.name, 'EUR', '1799.80'],
      ]);
      // 1 253 500,50 → 1 253 501 FCFA; 1 799,80 € = 1 180 591,4 FCFA; rounded once: 2 434 091,91 → 2 434 092.
      expect(o.money).toEqual({
        currency_code: 'XOF',
        currency_symbol: 'FCFA',
        totals: [
          { currency_code: 'XOF', currency_symbol: 'FCFA', amount: '1253501' },
          { currency_code: 'EUR', currency_symbol: '€', amount: '1799.80' },
        ],
        converted_total: '2434092',
        rates: [{ currency_code: 'EUR', rate: '655.957', rate_date: '1999-01-01', fixed: true }],
        missing_rates: [],
        note: null,
      });
      expect(o.total).toBe('2434092.00');
      const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id: o.id });
      expect(stored.total).toBe('2434092.00');
      expect(JSON.parse(stored.rates_json!)).toEqual(o.money.rates);
    });

    it('orders the same cart in Euro, to the cent', async () => {
      const res = await order(mixed(), { currency: 'Euro' }).expect(201);
      // 1 253 500,50 FCFA / 655,957 = 1 910,95... € + 1 799,80 € = 3 710,75 €.
      expect(res.body.order.money).toMatchObject({ currency_code: 'EUR', converted_total: '3710.75', missing_rates: [] });
      expect(res.body.order.total).toBe('3710.75');
    });

    it('accepts it in Dollar without a dollar rate: totals per currency and a note, staff confirm the amount', async () => {
      const res = await order(mixed(), { currency: 'Dollar' }).expect(201);
      expect(res.body.order.total).toBe('0.00');
      expect(res.body.order.money).toMatchObject({
        currency_code: 'USD',
        converted_total: null,
        missing_rates: ['USD'],
        note: expect.stringContaining('notre équipe vous confirmera le total en Dollar'),
      });
      expect(res.body.order.money.totals).toHaveLength(2);
      const detail = await sales.get(`/api/order/${res.body.order.id}`).expect(200);
      expect(detail.body.order.money.missing_rates).toEqual(['USD']);
      await mail.idle();
      const received = (await mailsOf(res.body.order.id)).find((m) => m.kind === 'order-received')!;
      expect(received.text).toContain('Total HT : 1 253 501 FCFA + 1 799,80 €');
      // TVA 18 % of each currency, rounded once: 225 630,18 → 225 630 FCFA; 323,964 → 323,96 €.
      expect(received.text).toContain('TVA 18\u00a0% : 225 630 FCFA + 323,96 €');
      expect(received.text).toContain('Total TTC : 1 479 131 FCFA + 2 123,76 €');
      expect(received.text).toContain('n’est pas encore fixé');
      expect(received.text).toContain(
        'Arrêté le présent devis à la somme de : un million quatre-cent-soixante-dix-neuf-mille-cent-trente-et-un francs CFA et deux-mille-cent-vingt-trois euros et soixante-seize centimes.',
      );
    });

    it('keeps the rates screen to the administration right, on the server', async () => {
      await sales.get('/api/exchange-rate').expect(403);
      await sales.post('/api/exchange-rate').send({ currency_code: 'USD', rate: '600' }).expect(403);
      const viewer = await signIn(t, { admin: ['view'] });
      await viewer.get('/api/exchange-rate').expect(200);
      await viewer.post('/api/exchange-rate').send({ currency_code: 'USD', rate: '600' }).expect(403);
      await request(t.http).post('/api/exchange-rate').send({ currency_code: 'USD', rate: '600' }).expect(401);
    });

    it('lets an administrator set the dollar rate (value, date, who; history kept) and refuses the fixed ones', async () => {
      const bad = await admin.post('/api/exchange-rate').send({ currency_code: 'EUR', rate: '-3' }).expect(422);
      expect(bad.body.errors).toEqual({
        currency_code: ['La parité de l’euro est fixe (1 € = 655,957 FCFA) : elle ne se modifie pas.'],
        rate: ['Le taux doit être un nombre positif avec au plus six décimales.'],
      });
      await admin.post('/api/exchange-rate').send({ currency_code: 'usd', rate: '610', rate_date: '2020-01-01' }).expect(201);
      const set = await admin.post('/api/exchange-rate').send({ currency_code: 'USD', rate: '605,5' }).expect(201);
      expect(set.body.rate).toMatchObject({ currency_code: 'USD', rate: '605.5', set_by_name: expect.any(String) });
      const list = await admin.get('/api/exchange-rate').expect(200);
      expect(list.body.in_force).toEqual([
        { currency_code: 'EUR', rate: '655.957', rate_date: '1999-01-01', fixed: true, set_by_name: null },
        expect.objectContaining({ currency_code: 'USD', rate: '605.5', fixed: false }),
      ]);
      expect(list.body.history.map((r: { rate: string }) => r.rate)).toEqual(['605.5', '610']);
      const pub = await request(t.http).get('/api/exchange-rates').expect(200);
      expect(pub.body.rates.map((r: { currency_code: string; rate: string }) => `${r.currency_code} ${r.rate}`)).toEqual([
        'EUR 655.957',
        'USD 605.5',
      ]);
    });

    it('converts a three-currency cart into Dollar with the rate of the day and stores the rates it used', async () => {
      const res = await order([...mixed(), { product_id: drill.id, quantity: 3 }], { currency: 'Dollar' }).expect(201);
      // (1 253 501 FCFA + 1 799,80 × 655,957) / 605,5 + 3 × 120,25 = 4 019,97... + 360,75 → 4 380,72 $.
      expect(res.body.order.money).toMatchObject({
        converted_total: '4380.72',
        missing_rates: [],
        rates: [
          { currency_code: 'EUR', rate: '655.957', fixed: true },
          { currency_code: 'USD', rate: '605.5', fixed: false },
        ],
      });
      // A later rate does not change an order already made.
      await admin.post('/api/exchange-rate').send({ currency_code: 'USD', rate: '700' }).expect(201);
      const detail = await sales.get(`/api/order/${res.body.order.id}`).expect(200);
      expect(detail.body.order.money.converted_total).toBe('4380.72');
      expect(detail.body.order.money.rates[1].rate).toBe('605.5');
      // The detail's « Total TTC en Dollar ≈ »: each currency's TTC (TVA 18 % rounded once per rate), converted.
      expect(detail.body.order.taxes).toEqual([
        { currency_code: 'XOF', ht: '1253501', tax: '225630', ttc: '1479131' },
        { currency_code: 'EUR', ht: '1799.80', tax: '323.96', ttc: '2123.76' },
        { currency_code: 'USD', ht: '360.75', tax: '64.94', ttc: '425.69' },
      ]);
      // (1 479 131 + 2 123,76 × 655,957) / 605,5 + 425,69 = 5 169,25 $.
      expect(detail.body.order.converted_ttc).toBe('5169.25');
    });

    it('gives the dialog the same figures before ordering (estimate), without reserving anything', async () => {
      const before = await stockOf(pump);
      const res = await request(t.http).post('/api/order/estimate').send({ currency: 'Fcfa', order_items: mixed() }).expect(200);
      expect(res.body.estimate.money.converted_total).toBe('2434092');
      // The dialog shows the TTC converted: each currency's 18 % TVA added, then converted once.
      expect(res.body.estimate.converted_ttc).toBe('2872226');
      expect(res.body.estimate.lines).toHaveLength(3);
      expect(await stockOf(pump)).toBe(before);
      const bad = await request(t.http).post('/api/order/estimate').send({ currency: 'Yen', order_items: [] }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['currency', 'order_items']);
    });
  });

  describe('the devis', () => {
    let orderId: number;
    let orderNum: string;

    beforeAll(async () => {
      const res = await order(
        [
          { product_id: generator.id, quantity: 2 },
          { product_id: pump.id, quantity: 1 },
        ],
        { currency: 'Fcfa' },
      ).expect(201);
      orderId = res.body.order.id;
      orderNum = res.body.order.order_num;
    });

    it('downloads as a PDF whose text has the number, client, lines, totals and rates; the same bytes each time', async () => {
      const first = await sales.get(`/api/order/${orderId}/devis.pdf`).buffer(true).parse(binary).expect(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(first.headers['content-disposition']).toBe(`attachment; filename="devis-${orderNum}.pdf"`);
      const pdf = first.body as Buffer;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // One space for any run of spaces or line breaks: the layout's columns and wrapped words. A long
      // e-mail address stays whole on its line (its font shrinks): it is matched without any rejoining.
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      for (const expected of [
        'DEVIS',
        orderNum,
        'Négoce Atlantique SARL',
        'Kodjo Mensah',
        'k.mensah@negoce-atlantique.example',
        'Groupe électrogène 20 kVA',
        'Pompe immergée',
        '1 250 000 FCFA',
        '2 500 000 FCFA',
        '899,90 €',
        // HT, TVA 18 % (rounded once per currency: 161,982 → 161,98 €) and TTC per currency.
        'Total HT (XOF) 2 500 000 FCFA',
        'TVA 18 % (XOF) 450 000 FCFA',
        'Total TTC (XOF) 2 950 000 FCFA',
        'Total HT (EUR) 899,90 €',
        'TVA 18 % (EUR) 161,98 €',
        'Total TTC (EUR) 1 061,88 €',
        // 2 950 000 + 1 061,88 × 655,957 = 3 646 547,62 → 3 646 548 FCFA.
        'Total en FCFA (TTC) 3 646 548 FCFA',
        'Arrêté le présent devis à la somme de : deux millions neuf-cent-cinquante-mille francs CFA et mille-soixante-et-un euros et quatre-vingt-huit centimes.',
        '1 EUR = 655,957 FCFA (parité fixe)',
        'RCCM TG-LOM 2020 B 1234',
        'Chèque',
        '30 jours fin de mois',
        'Valable jusqu',
      ]) {
        expect(text).toContain(expected);
      }
      const second = await sales.get(`/api/order/${orderId}/devis.pdf`).buffer(true).parse(binary).expect(200);
      expect(Buffer.compare(second.body as Buffer, pdf)).toBe(0);
    });

    it('is also made for orders recorded before currencies were free (one currency, no stored totals)', async () => {
      const legacy = await t.dataSource.getRepository(Order).save({
        order_num: 'CMD-2025-00999',
        status: 'shipped',
        ...FIELDS,
        currency: 'Euro',
        total: '1799.80',
        stock_reserved: true,
        customer_id: null,
        items: [{ product_id: pump.id, product_name: pump.name, quantity: 2, price: '899.90', total_price: '1799.80' }],
      } as Partial<Order>);
      const detail = await sales.get(`/api/order/${legacy.id}`).expect(200);
      expect(detail.body.order.money).toMatchObject({
        converted_total: '1799.80',
        totals: [{ currency_code: 'EUR', amount: '1799.80' }],
      });
      expect(detail.body.order.items[0]).toMatchObject({ currency_code: 'EUR', currency_symbol: '€' });
      const res = await sales.get(`/api/order/${legacy.id}/devis.pdf`).buffer(true).parse(binary).expect(200);
      const text = pdfText(res.body as Buffer);
      expect(text).toContain('CMD-2025-00999');
      expect(text).toContain('1 799,80 €');
    });

    it('needs the orders view right', async () => {
      const other = await signIn(t, { blog: 'all' });
      await other.get(`/api/order/${orderId}/devis.pdf`).expect(403);
      await request(t.http).get(`/api/order/${orderId}/devis.pdf`).expect(401);
      await sales.get('/api/order/999999/devis.pdf').expect(404);
    });

    it('goes with the confirmation to the company and the representative', async () => {
      await mail.idle();
      const mails = await mailsOf(orderId);
      const received = mails.filter((m) => m.kind === 'order-received');
      expect(received.map((m) => [m.to_address, m.status, m.attachments])).toEqual([
        [FIELDS.company_email, 'sent', JSON.stringify([`devis:${orderId}`])],
        [FIELDS.representative_email, 'sent', JSON.stringify([`devis:${orderId}`])],
      ]);
      const eml = fs
        .readdirSync(t.config.outboxDir)
        .map((f) => fs.readFileSync(path.join(t.config.outboxDir, f), 'utf8'))
        .filter((text) => text.includes(`Votre demande de commande ${orderNum}`));
      expect(eml).toHaveLength(2);
      for (const text of eml) {
        expect(text).toContain('Content-Type: application/pdf');
        expect(text).toContain(`filename=devis-${orderNum}.pdf`);
      }
    });
  });

  describe('the client’s journey', () => {
    it('tells the client of "En cours", "Expédié" and "Annulé", once per change, and lists what was sent', async () => {
      const res = await order([{ product_id: helmet.id, quantity: 1 }]).expect(201);
      const id = res.body.order.id;
      const put = (status: string) => sales.put(`/api/order/${id}/status`).send({ status }).expect(200);
      await put('inprogress');
      await put('inprogress'); // unchanged: nothing new
      await put('shipped');
      await put('canceled');
      await mail.idle();
      const kinds = (await mailsOf(id)).filter((m) => m.to_address === FIELDS.company_email).map((m) => m.kind);
      expect(kinds).toEqual(['order-received', 'order-inprogress', 'order-shipped', 'order-canceled']);
      const detail = await sales.get(`/api/order/${id}`).expect(200);
      const rows = detail.body.order.mails as {
        kind: string;
        to: string;
        status: string;
        with_devis: boolean;
        sent_at: string | null;
      }[];
      expect(rows.filter((m) => m.kind === 'order-inprogress')).toEqual([
        expect.objectContaining({ to: FIELDS.company_email, status: 'sent', with_devis: true, sent_at: expect.any(String) }),
        expect.objectContaining({ to: FIELDS.representative_email, status: 'sent', with_devis: true }),
      ]);
      expect(rows.find((m) => m.kind === 'order-shipped')).toMatchObject({ with_devis: false });
      const shipped = (await mailsOf(id)).find((m) => m.kind === 'order-shipped')!;
      expect(shipped.subject).toBe(`Votre commande ${res.body.order.order_num} a été expédiée`);
    });
  });

  describe('reservations that expire', () => {
    const past = () => new Date(Date.now() - 60_000);

    it('holds a new request for ORDER_HOLD_DAYS; staff see it and can extend it', async () => {
      const res = await order([{ product_id: helmet.id, quantity: 1 }]).expect(201);
      const id = res.body.order.id;
      const detail = await sales.get(`/api/order/${id}`).expect(200);
      const hold = new Date(detail.body.order.hold_until).getTime();
      const days = (hold - new Date(detail.body.order.created_at).getTime()) / 86_400_000;
      expect(Math.round(days)).toBe(14);
      const extended = await sales.put(`/api/order/${id}/hold`).send({ days: 7 }).expect(200);
      expect(Math.round((new Date(extended.body.order.hold_until).getTime() - hold) / 86_400_000)).toBe(7);
      expect((await sales.put(`/api/order/${id}/hold`).send({ days: 0 }).expect(422)).body.errors.days).toHaveLength(1);
      await sales.put(`/api/order/${id}/status`).send({ status: 'inprogress' }).expect(200);
      expect((await sales.get(`/api/order/${id}`).expect(200)).body.order.hold_until).toBeNull();
      await sales.put(`/api/order/${id}/hold`).send({ days: 7 }).expect(409);
    });

    it('cancels an expired request, gives the stock back once and tells the client', async () => {
      const before = await stockOf(generator);
      const res = await order([{ product_id: generator.id, quantity: 3 }]).expect(201);
      const id = res.body.order.id;
      expect(await stockOf(generator)).toBe(before - 3);
      await t.dataSource.getRepository(Order).update({ id }, { hold_until: past() });
      expect(await holds.expireDue()).toBeGreaterThanOrEqual(1);
      expect(await holds.expireDue()).toBe(0);
      expect(await holds.expire(id)).toBe(false);
      expect(await stockOf(generator)).toBe(before);
      const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id });
      expect(stored).toMatchObject({ status: 'canceled', stock_reserved: false, cancel_reason: 'expired' });
      await mail.idle();
      const expired = (await mailsOf(id)).filter((m) => m.kind === 'order-expired');
      expect(expired.map((m) => m.to_address)).toEqual([FIELDS.company_email, FIELDS.representative_email]);
      const detail = await sales.get(`/api/order/${id}`).expect(200);
      expect(detail.body.order).toMatchObject({ status: 'canceled', cancel_reason: 'expired', hold_until: null });
    });

    it('gives the stock back exactly once when the expiry races a staff status change', async () => {
      const outcomes = new Set<string>();
      for (let round = 0; round < 6; round++) {
        const before = await stockOf(pump);
        const res = await order([{ product_id: pump.id, quantity: 2 }], { currency: 'Euro' }).expect(201);
        const id = res.body.order.id;
        await t.dataSource.getRepository(Order).update({ id }, { hold_until: past() });
        const target = round % 2 ? 'canceled' : 'inprogress';
        // Half the rounds start the job first, half the staff request (no assertion depends on who wins).
        const staffChange = () =>
          sales
            .put(`/api/order/${id}/status`)
            .send({ status: target })
            .then((r) => r);
        const [expired, staff] =
          round < 3
            ? await Promise.all([holds.expire(id), staffChange()])
            : await (async () => {
                const pendingStaff = staffChange();
                await new Promise((resolve) => setImmediate(resolve));
                const job = await holds.expire(id);
                return [job, await pendingStaff] as const;
              })();
        const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id });
        // Whoever commits first wins. A staff change that read the order before the job cancelled it is
        // refused (409); one that read it after is an ordinary change of a cancelled order.
        expect([200, 409]).toContain(staff.status);
        if (!expired) expect(staff.status).toBe(200);
        const staffChanged = staff.status === 200 && !(expired && target === 'canceled');
        if (staff.status === 200) expect(stored.status).toBe(target);
        else expect(stored).toMatchObject({ status: 'canceled', cancel_reason: 'expired', stock_reserved: false });
        outcomes.add(expired ? (staff.status === 409 ? 'job' : 'job then staff') : 'staff');
        // The stock moved back exactly once if the order no longer holds it.
        expect(await stockOf(pump)).toBe(stored.stock_reserved ? before - 2 : before);
        await mail.idle();
        const mails = await mailsOf(id);
        expect(mails.filter((m) => m.kind === 'order-expired')).toHaveLength(expired ? 2 : 0);
        expect(mails.filter((m) => m.kind === `order-${target}`)).toHaveLength(staffChanged ? 2 : 0);
      }
      expect(outcomes.size).toBeGreaterThanOrEqual(1);
    });
  });
});
