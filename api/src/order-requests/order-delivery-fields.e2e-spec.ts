import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { MailService } from '../mail/mail.service.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { devisModel } from '../quotes/devis.service.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';

const FIELDS = {
  payment_by: 'Chèque',
  currency: 'Fcfa',
  payment_term: '30 jours',
  delivery_method: 'Mer',
  credit_level: 'Bon',
  company_name: 'Négoce du Port',
  company_phone: '+228 90 11 22 44',
  company_email: 'achats@negoce-port.example',
  representative_name: 'Kofi Mensah',
  representative_phone: '+228 91 00 00 01',
  representative_email: 'kofi@negoce-port.example',
};

// The request keeps where the goods go, the client's reference and note, and
// each line keeps the product's TVA rate as it was; the number comes from document_sequences.
describe(`order request: delivery fields, tax rate, number (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let exempt: Product;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    const ds = t.dataSource;
    await ds.getRepository(ConfirmedEmail).save({ email: FIELDS.company_email, confirmed_at: new Date() });
    const [category, brand, fcfa] = [await makeCategory(ds, 'Semences'), await makeBrand(ds), await ensureCurrency(ds, 'Fcfa')];
    exempt = await makeProduct(ds, { name: 'Semences de maïs', price: '25000.00', stock: 50, category, brand, currency: fcfa });
    await ds.getRepository(Product).update(exempt.id, { tax_rate_bp: 0, tax_exemption: 'Exonéré (produits agricoles)' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the address on several lines, the reference and the note, and copies the tax rate onto the line', async () => {
    const res = await request(t.http)
      .post('/api/order/create')
      .send({
        ...FIELDS,
        delivery_address: '  Port autonome de Lomé,   quai 3 \r\n\r\n\r\n Magasin B  ',
        client_reference: '  BC-2026-118 ',
        note: 'Livraison le matin.',
        order_items: [{ product_id: exempt.id, quantity: 2 }],
      })
      .expect(201);
    expect(res.body.order.order_num).toMatch(new RegExp(`^CMD-${new Date().getUTCFullYear()}-00001$`));
    const order = await t.dataSource.getRepository(Order).findOneByOrFail({ id: res.body.order.id });
    expect(order).toMatchObject({
      delivery_address: 'Port autonome de Lomé, quai 3\n\nMagasin B',
      client_reference: 'BC-2026-118',
      note: 'Livraison le matin.',
    });
    // The devis says where the goods go, with the client's reference and note.
    const items = await t.dataSource.getRepository(OrderItem).findBy({ order_id: order.id });
    expect(devisModel(order, items, t.config).terms).toEqual(
      expect.arrayContaining([
        ['Adresse de livraison', 'Port autonome de Lomé, quai 3, Magasin B'],
        ['Référence client', 'BC-2026-118'],
        ['Remarque', 'Livraison le matin.'],
      ]),
    );
    // The product's rate changes later: the request keeps the one it was made with.
    await t.dataSource.getRepository(Product).update(exempt.id, { tax_rate_bp: 1800, tax_exemption: null });
    const [line] = await t.dataSource.getRepository(OrderItem).findBy({ order_id: order.id });
    expect(line!.tax_rate_bp).toBe(0);
  });

  it('refuses a request sent by Air, Route or Mer without a delivery address, under the address field, and stores nothing', async () => {
    const before = await t.dataSource.getRepository(Order).count();
    for (const [delivery_method, address] of [
      ['Mer', undefined],
      ['Route', ''],
      ['Air', ' \n  \r\n '],
    ] as const) {
      const refused = await request(t.http)
        .post('/api/order/create')
        .send({
          ...FIELDS,
          delivery_method,
          ...(address === undefined ? {} : { delivery_address: address }),
          client_reference: 'BC-1',
          order_items: [{ product_id: exempt.id, quantity: 1 }],
        })
        .expect(422);
      expect(refused.body).toMatchObject({
        message: expect.any(String),
        errors: { delivery_address: ['Indiquez l’adresse de livraison : ce mode de livraison l’exige.'] },
      });
      expect(Object.keys(refused.body.errors)).toEqual(['delivery_address']);
    }
    // An unknown method is refused for itself, without a second error on the address.
    const unknown = await request(t.http)
      .post('/api/order/create')
      .send({ ...FIELDS, delivery_method: 'Téléportation', order_items: [{ product_id: exempt.id, quantity: 1 }] })
      .expect(422);
    expect(unknown.body.errors).toEqual({ delivery_method: ['Choisissez Air, Route ou Mer.'] });
    expect(await t.dataSource.getRepository(Order).count()).toBe(before);
  });

  it('takes the next number and leaves the reference and note empty when not given; refuses too long texts', async () => {
    const res = await request(t.http)
      .post('/api/order/create')
      .send({
        ...FIELDS,
        delivery_address: 'Zone industrielle, lot 4, Lomé',
        client_reference: '',
        order_items: [{ product_id: exempt.id, quantity: 1 }],
      })
      .expect(201);
    expect(res.body.order.order_num).toMatch(/-00002$/);
    const order = await t.dataSource.getRepository(Order).findOneByOrFail({ id: res.body.order.id });
    expect(order).toMatchObject({ delivery_address: 'Zone industrielle, lot 4, Lomé', client_reference: null, note: null });
    const refused = await request(t.http)
      .post('/api/order/create')
      .send({
        ...FIELDS,
        delivery_address: 'x'.repeat(501),
        client_reference: 'x'.repeat(101),
        note: 'x'.repeat(1001),
        order_items: [{ product_id: exempt.id, quantity: 1 }],
      })
      .expect(422);
    expect(refused.body.errors).toEqual({
      delivery_address: ['Ce champ ne doit pas dépasser 500 caractères.'],
      client_reference: ['Ce champ ne doit pas dépasser 100 caractères.'],
      note: ['Ce champ ne doit pas dépasser 1000 caractères.'],
    });
  });

  it('every mail without a reply address of its own answers to the company, never to the no-reply sender', async () => {
    const mail = t.app.get(MailService);
    const sent = await mail.send({ to: 'client@example.tg', subject: 'Votre commande', text: 'Expédiée.', kind: 'order-status' });
    const row = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ id: sent.id });
    expect(row.reply_to).toBe(t.config.company.email);
  });
});
