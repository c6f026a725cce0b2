import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { MailService } from '../mail/mail.service.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';
import { Order } from '../orders/entities/order.entity.js';

const CLIENT = 'achats@undo-statut.example';
const REPRESENTATIVE = 'a.kossi@undo-statut.example';
const FIELDS = {
  payment_by: 'Chèque',
  currency: 'Fcfa',
  payment_term: '30 jours fin de mois',
  delivery_method: 'Mer',
  delivery_address: 'Zone portuaire, Lomé',
  credit_level: 'Client référencé',
  company_name: 'Quincaillerie du Port',
  company_phone: '+228 90 11 22 33',
  company_email: CLIENT,
  representative_name: 'Afi Kossi',
  representative_phone: '+228 91 11 22 33',
  representative_email: REPRESENTATIVE,
};

describe(`status changes wait an undo window before the client is e-mailed (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let mail: MailService;
  let sales: StaffClient;
  let helmet: Product;

  const stockOf = async () => (await t.dataSource.getRepository(Product).findOneByOrFail({ id: helmet.id })).stock;
  const statusMails = async (id: number) =>
    (await t.dataSource.getRepository(OutgoingMail).find({ where: { related: `order:${id}` }, order: { id: 'ASC' } })).filter(
      (m) => ['order-inprogress', 'order-shipped', 'order-canceled'].includes(m.kind),
    );
  const newOrder = async () => {
    const res = await request(t.http)
      .post('/api/order/create')
      .send({ ...FIELDS, order_items: [{ product_id: helmet.id, quantity: 3 }] })
      .expect(201);
    return res.body.order as { id: number; order_num: string };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100', STATUS_MAIL_DELAY_SECONDS: '30' } });
    await t.dataSource.getRepository(ConfirmedEmail).save({ email: CLIENT, confirmed_at: new Date() });
    mail = t.app.get(MailService);
    sales = await signIn(t, { orders: 'all' });
    const ds = t.dataSource;
    helmet = await makeProduct(ds, {
      name: 'Casque de chantier',
      price: '3500.00',
      stock: 100,
      category: await makeCategory(ds, 'Sécurité'),
      brand: await makeBrand(ds),
      currency: await ensureCurrency(ds, 'Fcfa'),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('« Annuler » within the window puts back status, hold and stock in one journal entry, and no mail leaves', async () => {
    const before = await stockOf();
    const { id, order_num } = await newOrder();
    const held = await t.dataSource.getRepository(Order).findOneByOrFail({ id });
    expect(await stockOf()).toBe(before - 3);

    const canceled = await sales.put(`/api/order/${id}/status`).send({ status: 'canceled' }).expect(200);
    expect(canceled.body.order.status).toBe('canceled');
    expect(await stockOf()).toBe(before);
    // Written to the outbox for the client and the representative, but waiting: a worker pass sends nothing.
    await mail.processDue();
    await mail.idle();
    const waiting = await statusMails(id);
    expect(waiting.map((m) => [m.kind, m.to_address, m.status])).toEqual([
      ['order-canceled', CLIENT, 'queued'],
      ['order-canceled', REPRESENTATIVE, 'queued'],
    ]);
    expect(new Date(waiting[0].next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 20_000);

    const undone = await sales.post(`/api/order/${id}/status/undo`).expect(200);
    expect(undone.body.order).toMatchObject({ status: 'pending', hold_state: 'firm' });
    const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id });
    expect(stored).toMatchObject({ status: 'pending', stock_reserved: true });
    expect(new Date(stored.hold_until!).toISOString()).toBe(new Date(held.hold_until!).toISOString());
    expect(await stockOf()).toBe(before - 3);
    expect(await statusMails(id)).toEqual([]);
    const journal = await t.dataSource
      .getRepository(AuditEntry)
      .find({ where: { entity: 'order', entity_id: id }, order: { id: 'ASC' } });
    const undoEntries = journal.filter((e) => e.action === 'status_undo');
    expect(undoEntries).toHaveLength(1);
    expect(undoEntries[0].label).toBe(order_num);
    expect(JSON.parse(undoEntries[0].changes!).status).toEqual({ before: 'canceled', after: 'pending' });

    // Nothing left to take back.
    const again = await sales.post(`/api/order/${id}/status/undo`).expect(409);
    expect(again.body.message).toContain('ne peut plus être annulé');
    expect(await stockOf()).toBe(before - 3);
  });

  it('after the window the undo is refused and the worker’s tick sends the mails', async () => {
    const { id } = await newOrder();
    await sales.put(`/api/order/${id}/status`).send({ status: 'shipped' }).expect(200);
    // The window passes (moved back in the database rather than waited for).
    const past = new Date(Date.now() - 60_000);
    await t.dataSource
      .getRepository(AuditEntry)
      .update({ entity: 'order', entity_id: id, action: 'status' }, { created_at: past });
    const refused = await sales.post(`/api/order/${id}/status/undo`).expect(409);
    expect(refused.body.message).toContain('ne peut plus être annulé');
    expect((await t.dataSource.getRepository(Order).findOneByOrFail({ id })).status).toBe('shipped');

    for (const m of await statusMails(id)) {
      await t.dataSource.getRepository(OutgoingMail).update({ id: m.id }, { next_attempt_at: past });
    }
    await mail.processDue();
    await mail.idle();
    expect((await statusMails(id)).map((m) => [m.kind, m.to_address, m.status])).toEqual([
      ['order-shipped', CLIENT, 'sent'],
      ['order-shipped', REPRESENTATIVE, 'sent'],
    ]);
  });

  it('an undo after a later change by someone else takes back only that last change', async () => {
    const { id } = await newOrder();
    await sales.put(`/api/order/${id}/status`).send({ status: 'inprogress' }).expect(200);
    await sales.put(`/api/order/${id}/status`).send({ status: 'canceled' }).expect(200);
    const undone = await sales.post(`/api/order/${id}/status/undo`).expect(200);
    expect(undone.body.order.status).toBe('inprogress');
    // The first change's mails still wait their turn; the second's are gone.
    expect((await statusMails(id)).map((m) => m.kind)).toEqual(['order-inprogress', 'order-inprogress']);
  });
});
