import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { signIn, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import type { OrderHistoryEvent, StaffOrderSummary } from '../contract/backoffice.js';
import type { OrderDeliveries } from '../contract/deliveries.js';
import type { InvoiceView, OrderInvoicesView } from '../contract/invoices.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { StockMovement } from '../stock/entities/stock-movement.entity.js';
import { ledgerDifferences } from '../stock/ledger/ledger-check.js';
import { changeAvailable } from '../stock/ledger/stock-ledger.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';
import { Order } from '../orders/entities/order.entity.js';

const FIELDS = {
  payment_by: 'Chèque',
  currency: 'Fcfa',
  payment_term: '30 jours fin de mois',
  delivery_method: 'Route',
  delivery_address: 'Zone portuaire, lot 12, Lomé',
  credit_level: 'Client référencé',
  company_name: 'Chantiers du Golfe SARL',
  company_phone: '+228 90 44 55 66',
  company_email: 'achats@chantiers-golfe.example',
  representative_name: 'Kodjo Mensah',
  representative_phone: '+228 91 44 55 66',
  representative_email: 'k.mensah@chantiers-golfe.example',
};

/**
 * One order from request to payment, as staff and the client would live it: a revision that changes
 * quantities and lines, accepted online (the order's lines and holds follow), deliveries and a return
 * measured against the accepted quantities, invoices « from the deliveries », a payment, then the
 * order list's invoiced amount and balance and the order's history.
 */
describe(`an order's story, from the revised quote to its payment (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: StaffClient;
  let generator: Product;
  let cable: Product;
  let breaker: Product;

  const stockOf = async (p: Product) => {
    const row = await t.dataSource.getRepository(Product).findOneByOrFail({ id: p.id });
    return { available: row.stock, held: row.held };
  };
  const client = (path: string, body: object) => request(t.http).post(`/api/client/${path}`).send(body);

  /** A request (1 generator, `cables` cables), held firmly (the address is confirmed) unless a line passes the hold limit. */
  const newOrder = async (cables = 2) => {
    const res = await request(t.http)
      .post('/api/order/create')
      .send({
        ...FIELDS,
        order_items: [
          { product_id: generator.id, quantity: 1 },
          { product_id: cable.id, quantity: cables },
        ],
      });
    expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ status: 201, body: null });
    return res.body.order as { id: number; order_num: string };
  };

  /** v2: the generator removed, cables 2 → `cables`, breakers added; sent, and the client's link returned. */
  const reviseAndSend = async (orderId: number, cables: number, breakers: number) => {
    const draft = (await staff.post(`/api/order/${orderId}/quote/revise`).send({}).expect(201)).body.quote.versions[0];
    const updated = await staff
      .post(`/api/order/${orderId}/quote/versions/${draft.id}/update`)
      .send({
        version: draft.version,
        lines: [
          { product_id: cable.id, quantity: cables, unit_price: '15000' },
          { product_id: breaker.id, quantity: breakers, unit_price: '8000' },
        ],
      })
      .expect(200);
    const v2 = updated.body.quote.versions[0];
    await staff.post(`/api/order/${orderId}/quote/versions/${v2.id}/send`).send({ version: v2.version }).expect(200);
    const mail = await t.dataSource
      .getRepository(OutgoingMail)
      .findOneOrFail({ where: { related: `order:${orderId}`, kind: 'quote-sent' }, order: { id: 'DESC' } });
    return { v2, token: /\/suivi-commande#([\w-]{43})/.exec(mail.text)![1]! };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await t.dataSource.getRepository(ConfirmedEmail).save({ email: FIELDS.company_email, confirmed_at: new Date() });
    const ds = t.dataSource;
    const fcfa = await ensureCurrency(ds, 'Fcfa');
    const category = await makeCategory(ds, 'Électricité');
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
    breaker = await makeProduct(ds, { name: 'Disjoncteur 63 A', price: '8000.00', stock: 4, category, brand, currency: fcfa });
    // The fixtures set the stock columns directly: their opening balance makes the ledger agree from the start.
    await ds.getRepository(StockMovement).insert(
      [generator, cable, breaker].map((p) => ({
        product_id: p.id,
        kind: 'opening' as const,
        available_delta: p.stock,
        held_delta: 0,
      })),
    );
    staff = await signIn(t, { orders: 'all', quotes: 'all', deliveries: 'all', invoices: 'all', payments: 'all' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('follows the accepted revision: lines, holds, deliveries, invoices from the deliveries, balance and history', async () => {
    const order = await newOrder();
    expect(await stockOf(generator)).toEqual({ available: 19, held: 1 });
    expect(await stockOf(cable)).toEqual({ available: 98, held: 2 });
    const { v2, token } = await reviseAndSend(order.id, 5, 3);
    // Sending a revision moves no stock: the request still holds what it asked for.
    expect(await stockOf(cable)).toEqual({ available: 98, held: 2 });

    await client('order/accept', { token, version_id: v2.id, name: 'Kodjo Mensah', agreed: true }).expect(200);
    // The accepted quantities are held, what the revision removed is released, through the ledger.
    expect(await stockOf(generator)).toEqual({ available: 20, held: 0 });
    expect(await stockOf(cable)).toEqual({ available: 95, held: 5 });
    expect(await stockOf(breaker)).toEqual({ available: 1, held: 3 });
    expect(await ledgerDifferences(t.dataSource)).toEqual([]);

    // Deliveries measure what remains against the accepted version.
    const deliveries = (await staff.get(`/api/order/${order.id}/deliveries`).expect(200)).body.deliveries as OrderDeliveries;
    expect(deliveries.lines.map((l) => [l.product_name, l.quantity, l.remaining])).toEqual([
      ['Câble 16 mm² (100 m)', 5, 5],
      ['Disjoncteur 63 A', 3, 3],
    ]);
    const line = (name: string) => deliveries.lines.find((l) => l.product_name === name)!.order_item_id;
    await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({
        version: 0,
        lines: [
          { order_item_id: line('Câble 16 mm² (100 m)'), quantity: 5 },
          { order_item_id: line('Disjoncteur 63 A'), quantity: 1 },
        ],
      })
      .expect(201);
    expect(await stockOf(cable)).toEqual({ available: 95, held: 0 });

    // « Livraisons non facturées »: the delivered quantities, at the accepted quote's prices.
    const before = (await staff.get(`/api/order/${order.id}/invoices`).expect(200)).body.invoices as OrderInvoicesView;
    expect(before.lines.map((l) => [l.product_name, l.ordered, l.delivered, l.delivered_uninvoiced])).toEqual([
      ['Câble 16 mm² (100 m)', 5, 5, 5],
      ['Disjoncteur 63 A', 3, 1, 1],
    ]);
    const first = (await staff.post(`/api/order/${order.id}/invoices`).send({ from: 'deliveries' }).expect(201)).body
      .invoice as InvoiceView;
    expect(first.lines.map((l) => [l.product_name, l.quantity])).toEqual([
      ['Câble 16 mm² (100 m)', 5],
      ['Disjoncteur 63 A', 1],
    ]);
    // 75 000 + 8 000 HT, TVA 18 % 14 940.
    expect(first.currencies[0]).toMatchObject({ currency_code: 'XOF', ht: '83000', ttc: '97940' });
    const nothing = await staff.post(`/api/order/${order.id}/invoices`).send({ from: 'deliveries' }).expect(409);
    expect(nothing.body.message).toBe(
      'Aucune livraison non facturée : enregistrez un bon de livraison, ou facturez les quantités commandées.',
    );
    const both = await staff
      .post(`/api/order/${order.id}/invoices`)
      .send({ from: 'deliveries', lines: [{ line_id: before.lines[1]!.line_id, quantity: 1 }] })
      .expect(422);
    expect(both.body.errors.from).toEqual(['Choisissez les lignes à facturer ou « Livraisons non facturées », pas les deux.']);
    await staff.post(`/api/order/${order.id}/invoices`).send({ from: 'anything' }).expect(422);

    // Two more breakers delivered, one returned: one delivered and not yet invoiced.
    await staff
      .post(`/api/order/${order.id}/deliveries`)
      .send({ version: 1, lines: [{ order_item_id: line('Disjoncteur 63 A'), quantity: 2 }] })
      .expect(201);
    expect((await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id })).status).toBe('shipped');
    await staff
      .post(`/api/order/${order.id}/returns`)
      .send({ version: 2, lines: [{ order_item_id: line('Disjoncteur 63 A'), quantity: 1 }] })
      .expect(201);
    const second = (await staff.post(`/api/order/${order.id}/invoices`).send({ from: 'deliveries' }).expect(201)).body
      .invoice as InvoiceView;
    expect(second.lines.map((l) => [l.product_name, l.quantity])).toEqual([['Disjoncteur 63 A', 1]]);
    expect(second.currencies[0]).toMatchObject({ ttc: '9440' });
    await staff
      .post(`/api/invoices/${first.id}/payments`)
      .send({ amount: 40000, method: 'tmoney', reference: 'TM-5521' })
      .expect(201);
    expect(await ledgerDifferences(t.dataSource)).toEqual([]);

    // The order list: invoiced (97 940 + 9 440) and the balance due after the payment, per currency.
    const list = (await staff.get('/api/order/list').query({ search: order.order_num }).expect(200)).body.orders
      .data as StaffOrderSummary[];
    expect(list.find((o) => o.id === order.id)!.balances).toEqual([
      { currency_code: 'XOF', invoiced: '107380', paid: '40000', balance: '67380', balance_minor: 67380 },
    ]);

    // The whole story, oldest first, in French.
    const history = (await staff.get(`/api/order/${order.id}/history`).expect(200)).body.history as OrderHistoryEvent[];
    const labels = history.map((e) => e.label);
    expect(history[0]).toMatchObject({ kind: 'request', label: `Demande reçue (${order.order_num})`, actor: 'Kodjo Mensah' });
    const at = (label: string | RegExp) => labels.findIndex((l) => (typeof label === 'string' ? l === label : label.test(l)));
    const steps = [
      `Demande reçue (${order.order_num})`,
      /^Devis DEV-.*-v1 établi avec la demande$/,
      /^Devis DEV-.*-v2 envoyé au client$/,
      'Devis accepté par le client',
      'Statut : En attente → En cours',
      /^Livraison BL-/,
      new RegExp(`^Facture ${first.number} émise$`),
    ].map(at);
    expect(steps.every((index) => index >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    // Within one second (MariaDB keeps whole seconds) these may read in either order: present, each once.
    for (const label of [
      'Statut : En cours → Expédié',
      'Statut : Expédié → En cours',
      /^Retour BL-/,
      `Facture ${second.number} émise`,
    ])
      expect(labels.filter((l) => (typeof label === 'string' ? l === label : label.test(l)))).toHaveLength(1);
    expect(history.find((e) => e.kind === 'payment')).toMatchObject({
      label: 'Paiement de 40 000 FCFA reçu',
      detail: `Facture ${first.number} · T-Money · réf. TM-5521`,
    });
    expect(history.find((e) => e.kind === 'invoice')!.detail).toMatch(/^97 940 FCFA TTC · échéance /);
    // The e-mails the client received (the revised quote, the purchase order), not those telling staff.
    const mails = history.filter((e) => e.kind === 'mail');
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails)
      expect(mail.detail).toMatch(new RegExp(`^À (${FIELDS.company_email}|${FIELDS.representative_email}) · `));
    // Chronological.
    const seconds = history.map((e) => e.at.slice(0, 19));
    expect(seconds).toEqual([...seconds].sort());
    await staff.get('/api/order/999999/history').expect(404);
  });

  it('holds the accepted quantities of a request that held nothing, so that it can be delivered', async () => {
    // 25 cables: above ORDER_MAX_HOLD_UNITS (20), the request holds nothing.
    const order = await newOrder(25);
    expect(await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({ stock_reserved: false });
    const cables = await stockOf(cable);
    const { v2, token } = await reviseAndSend(order.id, 30, 1);
    await client('order/accept', { token, version_id: v2.id, name: 'Kodjo Mensah', agreed: true }).expect(200);
    expect(await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
      status: 'inprogress',
      stock_reserved: true,
      hold_state: 'firm',
    });
    expect(await stockOf(cable)).toEqual({ available: cables.available - 30, held: cables.held + 30 });
    const deliveries = (await staff.get(`/api/order/${order.id}/deliveries`).expect(200)).body.deliveries as OrderDeliveries;
    expect(deliveries).toMatchObject({ can_deliver: true });
    expect(deliveries.lines.map((l) => [l.product_name, l.remaining])).toEqual([
      ['Câble 16 mm² (100 m)', 30],
      ['Disjoncteur 63 A', 1],
    ]);
    expect(await ledgerDifferences(t.dataSource)).toEqual([]);
  });

  it('« Réserver le stock » holds a confirmed order that was short at acceptance: refused in French while short, then all of it', async () => {
    // 25 cables: above the hold limit, nothing held; 9 breakers: more than the stock has, so acceptance holds nothing.
    const order = await newOrder(25);
    const { v2, token } = await reviseAndSend(order.id, 30, 9);
    await client('order/accept', { token, version_id: v2.id, name: 'Kodjo Mensah', agreed: true }).expect(200);
    expect(await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
      status: 'inprogress',
      stock_reserved: false,
    });
    const blocked = (await staff.get(`/api/order/${order.id}/deliveries`).expect(200)).body.deliveries as OrderDeliveries;
    expect(blocked).toMatchObject({ can_deliver: false });
    expect(blocked.cannot_deliver_reason).toContain('« Réserver le stock »');

    const [cablesBefore, breakersBefore] = [await stockOf(cable), await stockOf(breaker)];
    const refused = await staff.put(`/api/order/${order.id}/hold/reserve`).send({}).expect(409);
    expect(refused.body.message).toBe(
      `Stock insuffisant pour réserver la commande ${order.order_num} : « Disjoncteur 63 A » (${breakersBefore.available} disponible${breakersBefore.available > 1 ? 's' : ''}, 9 demandés). Rien n’a été réservé : réceptionnez le stock manquant puis réessayez.`,
    );
    expect([await stockOf(cable), await stockOf(breaker)]).toEqual([cablesBefore, breakersBefore]);

    // Breakers received: the order holds every accepted quantity and can be delivered.
    await t.dataSource.transaction((manager) => changeAvailable(manager, breaker.id, 'receipt', 10, {}));
    const reserved = await staff.put(`/api/order/${order.id}/hold/reserve`).send({}).expect(200);
    expect(reserved.body.order).toMatchObject({ id: order.id, status: 'inprogress', stock_reserved: true });
    expect(await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
      stock_reserved: true,
      hold_state: 'firm',
    });
    expect(await stockOf(cable)).toEqual({ available: cablesBefore.available - 30, held: cablesBefore.held + 30 });
    expect(await stockOf(breaker)).toEqual({ available: breakersBefore.available + 10 - 9, held: breakersBefore.held + 9 });
    expect((await staff.get(`/api/order/${order.id}/deliveries`).expect(200)).body.deliveries).toMatchObject({
      can_deliver: true,
    });
    const audited = await t.dataSource
      .getRepository(AuditEntry)
      .findBy({ entity: 'order', entity_id: order.id, action: 'update' });
    expect(JSON.stringify(audited.map((entry) => entry.changes))).toContain('stock_reserved');
    // Twice: nothing more to hold.
    const again = await staff.put(`/api/order/${order.id}/hold/reserve`).send({}).expect(409);
    expect(again.body.message).toBe('Seule une commande « En cours » qui ne réserve pas encore son stock peut le réserver.');
    expect(await ledgerDifferences(t.dataSource)).toEqual([]);
  });

  it('refuses an acceptance the stock cannot hold any more, in French, and moves nothing', async () => {
    const order = await newOrder();
    const { v2, token } = await reviseAndSend(order.id, 2, 9);
    const before = await stockOf(breaker);
    const refused = await client('order/accept', { token, version_id: v2.id, name: 'Kodjo Mensah', agreed: true }).expect(409);
    expect(refused.body.message).toMatch(
      /^Le stock de « Disjoncteur 63 A » ne permet plus d’en réserver 9 de plus \(\d+ disponibles?\)/,
    );
    expect(await stockOf(breaker)).toEqual(before);
    const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id: order.id });
    expect(stored).toMatchObject({ status: 'pending', quote_state: 'sent' });
    expect(await ledgerDifferences(t.dataSource)).toEqual([]);
  });
});
