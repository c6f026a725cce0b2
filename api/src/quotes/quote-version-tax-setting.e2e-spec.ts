import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import type { Product } from '../catalogue/entities/product.entity.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';
import { QuoteVersion } from './entities/quote-version.entity.js';

const EMAIL = 'achats@taxe-fixe.example';
const FIELDS = {
  payment_by: 'Chèque',
  currency: 'Fcfa',
  payment_term: '30 jours',
  delivery_method: 'Route',
  delivery_address: 'Zone portuaire, lot 3, Lomé',
  credit_level: 'Client référencé',
  company_name: 'Taxe Fixe SARL',
  company_phone: '+228 90 00 11 22',
  company_email: EMAIL,
  representative_name: 'Kodjo Mensah',
  representative_phone: '+228 91 00 11 22',
  representative_email: 'k.mensah@taxe-fixe.example',
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
type Totals = { ht: string; tax: string; ttc: string }[];
const amounts = (totals: Totals) => totals.map(({ ht, tax, ttc }) => ({ ht, tax, ttc }));

// A sent quote version never changes (docs/order-model.md): PRICES_INCLUDE_TAX is recorded on it.
describe(`quote versions keep the tax setting they were sent with (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let sales: StaffClient;
  let inverter: Product; // 118 000 FCFA

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await t.dataSource.getRepository(ConfirmedEmail).save({ email: EMAIL, confirmed_at: new Date() });
    const ds = t.dataSource;
    inverter = await makeProduct(ds, {
      name: 'Onduleur 3 kVA',
      price: '118000.00',
      stock: 50,
      category: await makeCategory(ds, 'Énergie'),
      brand: await makeBrand(ds),
      currency: await ensureCurrency(ds, 'Fcfa'),
    });
    sales = await signIn(t, { orders: 'all', quotes: 'all', invoices: 'all' });
  });
  afterAll(async () => {
    if (t) t.config.taxes.pricesIncludeTax = false;
    await t?.close();
  });

  it('counts sent versions, their PDFs and the purchase order as sent after the setting changed; a new version takes the new setting', async () => {
    expect(t.config.taxes.pricesIncludeTax).toBe(false);
    const created = await request(t.http)
      .post('/api/order/create')
      .send({ ...FIELDS, order_items: [{ product_id: inverter.id, quantity: 1 }] })
      .expect(201);
    const orderId = created.body.order.id as number;
    const draft = (await sales.post(`/api/order/${orderId}/quote/revise`).send({}).expect(201)).body.quote.versions[0];
    const saved = await sales
      .post(`/api/order/${orderId}/quote/versions/${draft.id}/update`)
      .send({
        version: draft.version,
        lines: [{ product_id: inverter.id, quantity: 1, unit_price: '118000' }],
        delivery_fee: '11800',
      })
      .expect(200);
    const v2 = saved.body.quote.versions[0];
    await sales.post(`/api/order/${orderId}/quote/versions/${v2.id}/send`).send({ version: v2.version }).expect(200);
    const before = (await sales.get(`/api/order/${orderId}/quote`).expect(200)).body.quote.versions;
    // HT: 118 000 + 11 800 = 129 800; TVA 23 364; TTC 153 164.
    expect(amounts(before[0].totals)).toEqual([{ ht: '129800', tax: '23364', ttc: '153164' }]);
    // v1: 118 000 HT; TVA 21 240; TTC 139 240.
    expect(amounts(before[1].totals)).toEqual([{ ht: '118000', tax: '21240', ttc: '139240' }]);
    const [mail] = await t.dataSource
      .getRepository(OutgoingMail)
      .find({ where: { related: `order:${orderId}`, kind: 'quote-sent' }, order: { id: 'ASC' } });
    const token = /\/suivi-commande#([\w-]{43})/.exec(mail!.text)![1]!;
    const v1Pdf = async () =>
      pdfText(
        (
          await request(t.http)
            .post('/api/client/order/pdf')
            .send({ token, version_id: before[1].id })
            .buffer(true)
            .parse(binary)
            .expect(200)
        ).body as Buffer,
      );
    const v1TextBefore = await v1Pdf();
    expect(v1TextBefore).toContain('139 240');

    // Prices are now entered TTC: what was sent stays as sent.
    t.config.taxes.pricesIncludeTax = true;
    const after = (await sales.get(`/api/order/${orderId}/quote`).expect(200)).body.quote;
    expect(after.prices_include_tax).toBe(true);
    expect(after.versions.map((v: { totals: Totals }) => amounts(v.totals))).toEqual(
      before.map((v: { totals: Totals }) => amounts(v.totals)),
    );
    expect(after.versions.map((v: { prices_include_tax: boolean }) => v.prices_include_tax)).toEqual([false, false]);
    const page = (await request(t.http).post('/api/client/order').send({ token }).expect(200)).body.order;
    expect(amounts(page.current.totals)).toEqual([{ ht: '129800', tax: '23364', ttc: '153164' }]);
    expect(await v1Pdf()).toBe(v1TextBefore);
    // The order's detail labels its lines as its quote recorded them; the list of lines as prices are entered now.
    const detail = (await sales.get(`/api/order/${orderId}`).expect(200)).body.order;
    expect({ prices_include_tax: detail.prices_include_tax, taxes: detail.taxes }).toEqual({
      prices_include_tax: false,
      taxes: [{ currency_code: 'XOF', ht: '118000', tax: '21240', ttc: '139240' }],
    });
    expect((await sales.get('/api/order').expect(200)).body.prices_include_tax).toBe(true);

    await request(t.http)
      .post('/api/client/order/accept')
      .send({ token, version_id: v2.id, name: 'Kodjo Mensah', agreed: true })
      .expect(200);
    const po = await sales.get(`/api/order/${orderId}/purchase-order.pdf`).buffer(true).parse(binary).expect(200);
    const poText = pdfText(po.body as Buffer);
    expect(poText).toContain('153 164');
    expect(poText).toContain('cent-cinquante-trois-mille-cent-soixante-quatre francs CFA');
    // The invoice of what was accepted bills what the client accepted, whatever the setting is now.
    const invoiced = (await sales.post(`/api/order/${orderId}/invoices`).send({}).expect(201)).body.invoice;
    expect(invoiced.currencies[0]).toMatchObject({ ht: '129800', tax: '23364', ttc: '153164' });

    // A request made now records the new setting: its version 1 takes the TVA out of its prices.
    const next = await request(t.http)
      .post('/api/order/create')
      .send({ ...FIELDS, order_items: [{ product_id: inverter.id, quantity: 1 }] })
      .expect(201);
    const v1 = await t.dataSource.getRepository(QuoteVersion).findOneByOrFail({ order_id: next.body.order.id, number: 1 });
    expect(v1.prices_include_tax).toBe(true);
    const quote = (await sales.get(`/api/order/${next.body.order.id}/quote`).expect(200)).body.quote;
    expect(amounts(quote.versions[0].totals)).toEqual([{ ht: '100000', tax: '18000', ttc: '118000' }]);
  });
});
