import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as fx from '../../test/backoffice/fixtures.js';
import { signIn, signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { Article } from '../blog/entities/article.entity.js';
import type { Brand } from '../catalogue/entities/brand.entity.js';
import type { Category } from '../catalogue/entities/category.entity.js';
import type { Currency } from '../exchange-rates/entities/currency.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import type { BulkAnswer } from '../contract/bulk.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { Order } from '../orders/entities/order.entity.js';

describe(`bulk actions (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let xof: Currency;
  let usd: Currency;
  let tools: Brand;
  let other: Brand;
  let category: Category;
  let second: Category;

  const product = (id: number) => t.dataSource.getRepository(Product).findOneByOrFail({ id });
  const bulkEntries = (entity: string) =>
    t.dataSource.getRepository(AuditEntry).find({ where: { entity, action: 'bulk' }, order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100', STATUS_MAIL_DELAY_SECONDS: '30' } });
    admin = await signInAsAdmin(t);
    xof = await fx.currency(t, { code: 'XOF', symbol: 'FCFA', name: 'Fcfa' });
    usd = await fx.currency(t, { code: 'USD', symbol: '$', name: 'Dollar' });
    tools = await fx.brand(t, { name: 'Outils groupés' });
    other = await fx.brand(t, { name: 'Autre marque groupée' });
    category = await fx.category(t, { designation: 'Groupes électrogènes' });
    second = await fx.category(t, { designation: 'Compresseurs' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('changes every price the filter keeps, across pages, in one journal entry; « Annuler » restores them', async () => {
    const refs = { brand: tools, category, currency: xof };
    const ids: number[] = [];
    // 105 rows of the brand: more than one page of the list (100), all made in the same second (the
    // list's default order ties on it: every one must still be reached once).
    const sameSecond = new Date('2026-01-05T10:00:00.000Z');
    for (let i = 0; i < 105; i++)
      ids.push((await fx.product(t, refs, { name: `Groupe ${i}`, price: `${12_345 + i}.00`, created_at: sameSecond })).id);
    const outside = await fx.product(t, { ...refs, brand: other }, { price: '10000.00' });
    const versionBefore = (await product(ids[0]!)).version;

    const res = await admin
      .post('/api/product/bulk')
      .query({ brand_id: tools.id })
      .send({ all: true, action: 'price', price_mode: 'percent', price_value: '10', price_rounding: '50' })
      .expect(200);
    const answer = res.body as BulkAnswer;
    expect(answer).toMatchObject({ changed: 105, refused: [], message: '105 modifiés' });
    expect(answer.operation_id).toEqual(expect.any(Number));
    // 12 345 × 1,1 = 13 579,5 → 13 600 (to 50 FCFA); 12 449 × 1,1 = 13 693,9 → 13 700.
    expect((await product(ids[0]!)).price).toBe('13600.00');
    expect((await product(ids[104]!)).price).toBe('13700.00');
    expect((await product(ids[0]!)).version).toBe(versionBefore + 1);
    expect((await product(outside.id)).price).toBe('10000.00');
    const entries = await bulkEntries('product');
    expect(entries).toHaveLength(1);
    const lines = Object.keys(JSON.parse(entries[0]!.changes!) as object);
    expect(lines).toHaveLength(106);
    expect(lines).toContain(`Groupe 0 (${(await product(ids[0]!)).reference}) · n° ${ids[0]}`);
    const journal = await admin.get('/api/audit').query({ action: 'bulk', entity: 'product' }).expect(200);
    expect(journal.body.entries.data[0]).toMatchObject({
      action: 'bulk',
      entity_id: null,
      label: '105 produits : prix +10 %, arrondi à 50',
    });

    // An open form still on the old version is refused as a conflict.
    await admin
      .post(`/api/product/${ids[0]}/update`)
      .field('_method', 'PUT')
      .field('name', 'Groupe 0')
      .field('reference', 'X')
      .field('price', '1')
      .field('stock', '10')
      .field('description', 'd')
      .field('brand_id', String(tools.id))
      .field('category_id', String(category.id))
      .field('currency_id', String(xof.id))
      .field('version', String(versionBefore))
      .expect(409);

    // Someone changes one product meanwhile: that one stays as it is, the others go back.
    await admin.patch(`/api/product/${ids[1]}/add-spotlight`).expect(200);
    const undo = await admin.post(`/api/product/bulk/${answer.operation_id}/undo`).expect(200);
    expect(undo.body).toMatchObject({ changed: 104, refused: [{ id: ids[1], reason: expect.stringContaining('Modifié') }] });
    expect((await product(ids[0]!)).price).toBe('12345.00');
    expect((await product(ids[1]!)).price).not.toBe('12346.00');
    await admin.post(`/api/product/bulk/${answer.operation_id}/undo`).expect(409);
  });

  it('moves chosen products to a category, refuses an amount in another currency, and ends the undo window', async () => {
    const a = await fx.product(t, { brand: tools, category, currency: xof }, { price: '5000.00' });
    const b = await fx.product(t, { brand: tools, category, currency: usd }, { price: '20.00' });
    const moved = (
      await admin
        .post('/api/product/bulk')
        .send({ ids: [a.id, b.id], action: 'category', category_id: second.id })
        .expect(200)
    ).body as BulkAnswer;
    expect(moved.changed).toBe(2);
    expect((await product(b.id)).category_id).toBe(second.id);

    const priced = (
      await admin
        .post('/api/product/bulk')
        .send({
          ids: [a.id, b.id, 999_999],
          action: 'price',
          price_mode: 'amount',
          price_value: '-1250',
          price_rounding: '5',
          currency_id: xof.id,
        })
        .expect(200)
    ).body as BulkAnswer;
    expect(priced.message).toBe('1 modifié, 2 refusés');
    expect(priced.refused).toEqual([
      { id: b.id, label: expect.stringContaining(b.name), reason: 'Prix en USD : le montant est en XOF.' },
      { id: 999_999, label: 'n° 999999', reason: 'Introuvable : supprimé entre-temps.' },
    ]);
    expect((await product(a.id)).price).toBe('3750.00');

    // Past the window the change is final.
    await t.dataSource
      .getRepository(AuditEntry)
      .update({ id: moved.operation_id! }, { created_at: new Date(Date.now() - 60_000) });
    const late = await admin.post(`/api/product/bulk/${moved.operation_id}/undo`).expect(409);
    expect(late.body.message).toBe('Le délai d’annulation est passé : l’action groupée est définitive.');
    expect((await product(a.id)).category_id).toBe(second.id);
  });

  it('refuses each row the person has no right on, and changes nothing', async () => {
    const editor = await signIn(t, { shop: ['view', 'edit'] });
    const p = await fx.product(t, { brand: tools, category, currency: xof });
    const res = (
      await editor
        .post('/api/product/bulk')
        .send({ ids: [p.id], action: 'delete' })
        .expect(200)
    ).body as BulkAnswer;
    expect(res).toMatchObject({
      changed: 0,
      operation_id: null,
      refused: [{ id: p.id, reason: 'Vous n’avez pas le droit de supprimer des produits.' }],
    });
    expect(await t.dataSource.getRepository(Product).existsBy({ id: p.id })).toBe(true);
    // The same person may toggle « populaire »; someone else cannot take their operation back.
    const spot = (
      await editor
        .post('/api/product/bulk')
        .send({ ids: [p.id], action: 'spotlight', in_spotlight: true })
        .expect(200)
    ).body as BulkAnswer;
    expect(spot.changed).toBe(1);
    await admin.post(`/api/product/bulk/${spot.operation_id}/undo`).expect(403);
    // Without the list's edit right the route itself refuses.
    const reader = await signIn(t, { shop: ['view'] });
    await reader
      .post('/api/product/bulk')
      .send({ ids: [p.id], action: 'spotlight', in_spotlight: false })
      .expect(403);
  });

  it('deletes as one deletion does, and that cannot be undone', async () => {
    const p = await fx.product(t, { brand: tools, category, currency: xof });
    const res = (
      await admin
        .post('/api/product/bulk')
        .send({ ids: [p.id], action: 'delete' })
        .expect(200)
    ).body as BulkAnswer;
    expect(res).toMatchObject({ changed: 1, message: '1 supprimé', undo_until: null });
    expect(await t.dataSource.getRepository(Product).existsBy({ id: p.id })).toBe(false);
    const undo = await admin.post(`/api/product/bulk/${res.operation_id}/undo`).expect(409);
    expect(undo.body.message).toBe('Cette action groupée ne peut pas être annulée.');
  });

  it('answers 422 in French for a selection, an action or a filter that is not valid', async () => {
    const none = await admin.post('/api/product/bulk').send({ action: 'spotlight', in_spotlight: true }).expect(422);
    expect(none.body.errors).toEqual({ ids: ['Sélectionnez au moins une ligne.'] });
    const price = await admin
      .post('/api/product/bulk')
      .send({ ids: [1], action: 'price' })
      .expect(422);
    expect(price.body.errors).toMatchObject({
      price_mode: ['Choisissez un pourcentage ou un montant.'],
      price_value: ['Indiquez la variation.'],
      price_rounding: ['Choisissez l’arrondi.'],
    });
    const unknown = await admin
      .post('/api/product/bulk')
      .send({ ids: [1], action: 'category', category_id: 999_999 })
      .expect(422);
    expect(unknown.body.errors).toEqual({ category_id: ['La catégorie sélectionnée n’existe pas.'] });
    const filter = await admin
      .post('/api/product/bulk')
      .query({ brand_id: 'abc' })
      .send({ all: true, action: 'delete' })
      .expect(422);
    expect(filter.body.errors.brand_id).toEqual(['La marque est invalide.']);
    const action = await admin
      .post('/api/blog/bulk')
      .send({ ids: [1], action: 'archive' })
      .expect(422);
    expect(action.body.errors.action).toEqual(['L’action doit être publish, unpublish, trash ou delete.']);
  });

  it('publishes articles (one without a cover image refused) and puts them back as drafts on « Annuler »', async () => {
    const withImage = await fx.article(t, { image: 'articles/a.png' });
    const bare = await fx.article(t);
    const res = (
      await admin
        .post('/api/blog/bulk')
        .send({ ids: [withImage.id, bare.id], action: 'publish' })
        .expect(200)
    ).body as BulkAnswer;
    expect(res).toMatchObject({ changed: 1, refused: [{ id: bare.id, reason: expect.stringContaining('image') }] });
    const published = await t.dataSource.getRepository(Article).findOneByOrFail({ id: withImage.id });
    expect(published.status).toBe('Publié');
    expect(published.published_at).not.toBeNull();
    await admin.post(`/api/blog/bulk/${res.operation_id}/undo`).expect(200);
    const back = await t.dataSource.getRepository(Article).findOneByOrFail({ id: withImage.id });
    expect(back).toMatchObject({ status: 'Brouillon', published_at: null });

    const writer = await signIn(t, { blog: ['view', 'edit'] });
    const del = (
      await writer
        .post('/api/blog/bulk')
        .send({ ids: [bare.id], action: 'delete' })
        .expect(200)
    ).body as BulkAnswer;
    expect(del.refused).toEqual([
      { id: bare.id, label: bare.title, reason: 'Vous n’avez pas le droit de supprimer des articles.' },
    ]);
  });

  it('changes order statuses through the single change (stock, delayed e-mails) and undoes them while the e-mails wait', async () => {
    const stocked = await fx.product(t, { brand: tools, category, currency: xof }, { stock: 20 });
    const first = await fx.order(t, [{ product: stocked, quantity: 2 }]);
    const second = await fx.order(t, [{ product: stocked, quantity: 3 }]);
    const stockBefore = (await product(stocked.id)).stock;
    const res = (
      await admin
        .post('/api/order/bulk')
        .send({ ids: [first.id, second.id], action: 'status', status: 'canceled' })
        .expect(200)
    ).body as BulkAnswer;
    expect(res).toMatchObject({ changed: 2, refused: [], undo_until: expect.any(String) });
    expect((await product(stocked.id)).stock).toBe(stockBefore + 5);
    const waiting = await t.dataSource
      .getRepository(OutgoingMail)
      .find({ where: { related: `order:${first.id}`, kind: 'order-canceled' } });
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((m) => new Date(m.next_attempt_at ?? 0).getTime() > Date.now())).toBe(true);

    const undo = (await admin.post(`/api/order/bulk/${res.operation_id}/undo`).expect(200)).body as BulkAnswer;
    expect(undo.changed).toBe(2);
    expect((await t.dataSource.getRepository(Order).findOneByOrFail({ id: first.id })).status).toBe('pending');
    expect((await product(stocked.id)).stock).toBe(stockBefore);
    expect(
      await t.dataSource.getRepository(OutgoingMail).count({ where: { related: `order:${first.id}`, kind: 'order-canceled' } }),
    ).toBe(0);

    // Leaving « Annulé » needs the stock again: an order whose goods are gone is refused, as one change is.
    const scarce = await fx.product(t, { brand: tools, category, currency: xof }, { stock: 1 });
    const canceled = await fx.order(t, [{ product: scarce, quantity: 5 }], { status: 'canceled', stock_reserved: false });
    const back = (
      await admin
        .post('/api/order/bulk')
        .send({ ids: [canceled.id], action: 'status', status: 'pending' })
        .expect(200)
    ).body as BulkAnswer;
    expect(back.refused).toEqual([
      { id: canceled.id, label: canceled.order_num, reason: expect.stringContaining('stock insuffisant') },
    ]);
    expect(await bulkEntries('order')).toHaveLength(1);
  });
});
