import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { signInAsAdmin } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { MailService } from '../mail/mail.service.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderHoldsService } from '../orders/order-holds.service.js';

const VICTIM = 'victim@example.org';
const client = (email: string, representative = email) => ({
  payment_by: 'Visa',
  currency: 'Fcfa',
  payment_term: '30 jours fin de mois',
  delivery_method: 'Route',
  delivery_address: 'Zone portuaire, Lomé',
  credit_level: '50 % à la commande',
  company_name: 'Société Inconnue',
  company_phone: '+228 90 11 22 33',
  company_email: email,
  representative_name: 'Kodjo Mensah',
  representative_phone: '+228 91 00 00 00',
  representative_email: representative,
});

/**
 * One anonymous request held the whole catalogue for 14 days and mailed whatever addresses
 * were typed. Now: provisional holds, bounded per line and per address and e-mail per day, and one
 * e-mail to an unconfirmed address, the confirmation link (docs/order-model.md).
 */
describe(`holds the public cannot hoard (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let products: Product[];
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: 'true', ORDER_MAX_HOLD_UNITS: '20', ORDER_MAX_HELD_UNITS_PER_DAY: '30', PROVISIONAL_HOLD_HOURS: '4' },
    });
    const ds = t.dataSource;
    const [category, brand, fcfa] = [await makeCategory(ds, 'Réserves'), await makeBrand(ds), await ensureCurrency(ds, 'Fcfa')];
    products = [];
    for (let i = 0; i < 19; i++)
      products.push(
        await makeProduct(ds, { name: `Article ${i}`, price: '1000.00', stock: 25 + i, category, brand, currency: fcfa }),
      );
  });
  afterAll(async () => {
    await t?.close();
  });

  const stock = async () => (await t.dataSource.getRepository(Product).find({ order: { id: 'ASC' } })).map((p) => p.stock);
  const order = (fields: Record<string, string>, items: { product_id: number; quantity: number }[], ip = '203.0.113.50') =>
    request(t.http)
      .post('/api/order/create')
      .set('X-Forwarded-For', ip)
      .send({ ...fields, order_items: items });
  const mailsTo = async (address: string) => {
    await t.app.get(MailService).idle();
    return t.dataSource.getRepository(OutgoingMail).find({ where: { to_address: address }, order: { id: 'ASC' } });
  };

  it('the attack of the audit (whole stock of every product, a stranger as client) holds nothing and mails the stranger once', async () => {
    const before = await stock();
    const attack = await order(
      client(VICTIM),
      products.map((p) => ({ product_id: p.id, quantity: p.stock })),
    ).expect(201);
    expect(attack.body.order).toMatchObject({ hold: 'none', hold_until: null, confirmation_sent_to: VICTIM });
    expect(await stock()).toEqual(before);
    // Again, with the victim as representative too: the request is recorded, no second e-mail.
    await order(client(VICTIM), [{ product_id: products[0]!.id, quantity: 1 }]).expect(201);
    const mails = await mailsTo(VICTIM);
    expect(mails.map((m) => m.kind)).toEqual(['order-confirm']);
    expect(mails[0]!.subject).toContain(attack.body.order.order_num);
  });

  it('a modest request from an unconfirmed address holds provisionally, within the daily cap per address and e-mail', async () => {
    const email = 'achats@nouveau-client.example';
    const before = await stock();
    const first = await order(client(email, 'rep@nouveau-client.example'), [
      { product_id: products[1]!.id, quantity: 10 },
      { product_id: products[2]!.id, quantity: 10 },
    ]).expect(201);
    expect(first.body.order).toMatchObject({ hold: 'provisional', confirmation_sent_to: email });
    const hours = (new Date(first.body.order.hold_until).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(3.9);
    expect(hours).toBeLessThanOrEqual(4);
    expect((await stock())[1]).toBe(before[1]! - 10);
    // 20 held of the 30 a day: 15 more would pass the cap, so this one holds nothing.
    const second = await order(client(email), [{ product_id: products[3]!.id, quantity: 15 }]).expect(201);
    expect(second.body.order).toMatchObject({ hold: 'none', confirmation_sent_to: null });
    expect((await stock())[3]).toBe(before[3]);
    // The same cap per client address, whatever e-mail is typed.
    const other = await order(client('autre@ailleurs.example'), [{ product_id: products[4]!.id, quantity: 15 }]).expect(201);
    expect(other.body.order.hold).toBe('none');
    // Nothing went to the representative, and one e-mail to the company address.
    expect(await mailsTo('rep@nouveau-client.example')).toEqual([]);
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['order-confirm']);
  });

  it('the confirmation link makes the hold firm, confirms the address and sends the representative its acknowledgement', async () => {
    const email = 'achats@confirme.example';
    const created = await order(
      client(email, 'rep@confirme.example'),
      [{ product_id: products[5]!.id, quantity: 2 }],
      '198.51.100.9',
    ).expect(201);
    const [mail] = await mailsTo(email);
    const token = /\/api\/order-confirmation\?token=([\w-]{43})/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();
    const confirmed = await request(t.http).get(`/api/order-confirmation?token=${token}`).expect(303);
    expect(confirmed.headers.location).toBe(`/commande/confirmee?commande=${created.body.order.order_num}`);
    const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id: created.body.order.id });
    expect(stored).toMatchObject({ hold_state: 'firm', stock_reserved: true, confirm_token_hash: null });
    expect((new Date(stored.hold_until!).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(13.9);
    expect((await mailsTo('rep@confirme.example')).map((m) => m.kind)).toEqual(['order-received']);
    // Used once; and the next request from this address holds firmly and mails as usual.
    expect((await request(t.http).get(`/api/order-confirmation?token=${token}`).expect(303)).headers.location).toBe(
      '/commande/lien-invalide',
    );
    const next = await order(
      client(email, 'rep@confirme.example'),
      [{ product_id: products[5]!.id, quantity: 1 }],
      '198.51.100.9',
    ).expect(201);
    expect(next.body.order).toMatchObject({ hold: 'firm', confirmation_sent_to: null });
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['order-confirm', 'order-received']);
  });

  it('an unconfirmed hold that runs out gives the stock back, keeps the request pending and mails nobody', async () => {
    const email = 'silence@jamais-confirme.example';
    const created = await order(client(email), [{ product_id: products[6]!.id, quantity: 3 }], '198.51.100.10').expect(201);
    const before = (await stock())[6]!;
    await t.dataSource.getRepository(Order).update({ id: created.body.order.id }, { hold_until: new Date(Date.now() - 1000) });
    expect(await t.app.get(OrderHoldsService).expireDue()).toBeGreaterThanOrEqual(1);
    expect((await stock())[6]).toBe(before + 3);
    const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id: created.body.order.id });
    expect(stored).toMatchObject({ status: 'pending', stock_reserved: false, hold_state: null });
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['order-confirm']);
  });

  it('staff see the provisional hold and can release it without cancelling the request', async () => {
    const created = await order(
      client('a-verifier@suspect.example'),
      [{ product_id: products[7]!.id, quantity: 5 }],
      '198.51.100.11',
    ).expect(201);
    const before = (await stock())[7]!;
    const staff = await signInAsAdmin(t);
    const detail = await staff.get(`/api/order/${created.body.order.id}`).expect(200);
    expect(detail.body.order).toMatchObject({ hold_state: 'provisional', stock_reserved: true });
    const released = await staff.put(`/api/order/${created.body.order.id}/hold/release`).send({}).expect(200);
    expect(released.body.order).toMatchObject({ status: 'pending', stock_reserved: false, hold_state: null, hold_until: null });
    expect((await stock())[7]).toBe(before + 5);
    const again = await staff.put(`/api/order/${created.body.order.id}/hold/release`).send({}).expect(409);
    expect(again.body.message).toBe('Cette commande ne réserve pas de stock : il n’y a rien à libérer.');
  });
});
