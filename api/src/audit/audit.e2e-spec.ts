import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import * as fx from '../../test/backoffice/fixtures.js';
import { png } from '../../test/backoffice/images.js';
import { ensureCurrency } from '../../test/support/public-fixtures.js';
import { browser, createStaffUser, signIn, signInAs, signInAsAdmin, toGrid, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { User } from '../admins/entities/user.entity.js';
import { PasswordResetToken } from '../auth/entities/password-reset-token.entity.js';
import { randomToken, sha256Hex } from '../auth/tokens.js';
import type { AuditEntryView } from '../contract/audit.js';
import { AuditService } from './audit.service.js';
import { AuditEntry } from './entities/audit-entry.entity.js';

/**
 * Every kind of staff change writes exactly one entry, with the changed fields before and after and
 * never a secret; the journal is for admin view only.
 */
describe(`activity history (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  let refs: fx.ProductRefs;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    admin = await signInAsAdmin(t);
    refs = await fx.refs(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const entriesOf = (entity: string, entityId: number | null) =>
    t.dataSource.getRepository(AuditEntry).find({ where: { entity, entity_id: entityId ?? undefined }, order: { id: 'ASC' } });
  const lastId = async () => (await t.dataSource.getRepository(AuditEntry).maximum('id')) ?? 0;
  /** The entries written since `since` (an id from lastId()). */
  const since = async (from: number) =>
    (await t.dataSource.getRepository(AuditEntry).find({ order: { id: 'ASC' } })).filter((e) => e.id > from);
  /** The product form as the dashboard sends it (every field), with `values` changed. */
  const productForm = (req: ReturnType<StaffClient['post']>, values: Record<string, string | number> = {}) => {
    const all = {
      name: 'Groupe électrogène 20 kVA',
      reference: 'GE-20K',
      stock: 12,
      price: '1250000',
      brand_id: refs.brand.id,
      category_id: refs.category.id,
      currency_id: refs.currency.id,
      description: 'Groupe diesel insonorisé.',
      ...values,
    };
    for (const [k, v] of Object.entries(all)) req.field(k, String(v));
    return req;
  };
  const changesOf = (entry: AuditEntry) =>
    JSON.parse(entry.changes ?? 'null') as Record<string, { before: unknown; after: unknown }>;

  it('records a product created, its price changed and its deletion, one entry each, with who and from where', async () => {
    const shop = await signIn(t, { shop: 'all' }, { firstname: 'Afi', name: 'Mensah' });
    let mark = await lastId();
    const created = await productForm(shop.post('/api/product/create'))
      .attach('images[0]', await png(40, 40), 'a.png')
      .expect(201);
    const id = created.body.product.id as number;
    let written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      entity: 'product',
      entity_id: id,
      action: 'create',
      actor: 'staff',
      user_id: shop.user!.id,
      user_name: 'Afi Mensah',
      label: 'Groupe électrogène 20 kVA',
    });
    expect(written[0]!.ip).toBeTruthy();
    expect(changesOf(written[0]!).price).toEqual({ before: null, after: '1250000.00' });

    mark = await lastId();
    await productForm(shop.post(`/api/product/${id}/update`).field('_method', 'PUT'), { price: '1300000' }).expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'product', entity_id: id, action: 'update' });
    expect(changesOf(written[0]!)).toEqual({ price: { before: '1250000.00', after: '1300000.00' } });

    // Saving the same values again changes nothing, and records nothing.
    mark = await lastId();
    await productForm(shop.post(`/api/product/${id}/update`), { price: '1300000.00' }).expect(200);
    expect(await since(mark)).toHaveLength(0);

    mark = await lastId();
    await shop.patch(`/api/product/${id}/add-spotlight`).expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(changesOf(written[0]!)).toEqual({ in_spotlight: { before: false, after: true } });

    mark = await lastId();
    await shop.delete(`/api/product/${id}/delete`).expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'product', entity_id: id, action: 'delete', label: 'Groupe électrogène 20 kVA' });
    expect(changesOf(written[0]!).price).toEqual({ before: '1300000.00', after: null });
    // The history outlives the record.
    expect((await entriesOf('product', id)).map((e) => e.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('records a visitor order request as made by the public, and a status change with its diff', async () => {
    const fcfa = await ensureCurrency(t.dataSource, 'Fcfa');
    const pump = await fx.product(t, { ...refs, currency: fcfa }, { name: 'Pompe immergée', stock: 20, price: '90000.00' });
    let mark = await lastId();
    const visitor = browser(t);
    await visitor.fetchCsrfCookie();
    const res = await visitor.post('/api/order/create').send({
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
      order_items: [{ product_id: pump.id, quantity: 2 }],
    });
    expect(res.status).toBeLessThan(300);
    let written = (await since(mark)).filter((e) => e.entity === 'order');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'create', actor: 'public', user_id: null, user_name: null });
    const orderId = written[0]!.entity_id!;
    expect(changesOf(written[0]!).company_name).toEqual({ before: null, after: 'Société Test Lomé' });

    const sales = await signIn(t, { orders: 'all' });
    mark = await lastId();
    await sales.put(`/api/order/${orderId}/status`).send({ status: 'inprogress' }).expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'order', entity_id: orderId, action: 'status', user_id: sales.user!.id });
    // The hold it had is kept in the entry too: « Annuler » puts it back from there.
    expect(changesOf(written[0]!)).toEqual({
      status: { before: 'pending', after: 'inprogress' },
      hold_state: { before: 'provisional', after: 'firm' },
      hold_until: { before: expect.any(String), after: null },
    });

    mark = await lastId();
    await sales.put(`/api/order/${orderId}/status`).send({ status: 'shipped' }).expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(changesOf(written[0]!).status).toEqual({ before: 'inprogress', after: 'shipped' });
    expect(changesOf(written[0]!).shipped_at!.before).toBeNull();

    mark = await lastId();
    await sales.delete(`/api/order/${orderId}/delete`).expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'order', entity_id: orderId, action: 'delete' });
  });

  it('records a role created, its rights changed (one "permissions" entry) and its deletion', async () => {
    const grid = toGrid({ blog: ['view'] });
    let mark = await lastId();
    const created = await admin
      .post('/api/role/create')
      .send({ name: 'Rédaction', description: 'Écrit les articles.', permissions: JSON.stringify(grid) })
      .expect((r) => expect(r.status).toBeLessThan(300));
    const roleId = created.body.role.id as number;
    let written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'role', entity_id: roleId, action: 'create', label: 'Rédaction' });
    expect(changesOf(written[0]!)['blog.view']).toEqual({ before: null, after: true });

    mark = await lastId();
    const wider = toGrid({ blog: ['view', 'create', 'edit'] });
    await admin
      .post(`/api/role/${roleId}/update`)
      .send({ name: 'Rédaction web', description: 'Écrit les articles.', permissions: JSON.stringify(wider) })
      .expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'role', entity_id: roleId, action: 'permissions' });
    expect(changesOf(written[0]!)).toEqual({
      name: { before: 'Rédaction', after: 'Rédaction web' },
      'blog.create': { before: false, after: true },
      'blog.edit': { before: false, after: true },
    });

    mark = await lastId();
    await admin.delete(`/api/role/${roleId}/delete`).expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'role', entity_id: roleId, action: 'delete', label: 'Rédaction web' });
  });

  it('records administrators: created, renamed, given another role, a new password (masked), deleted', async () => {
    const roleA = (await createStaffUser(t, { grid: { blog: ['view'] } })).roleId;
    const roleB = (await createStaffUser(t, { grid: { shop: ['view'] } })).roleId;
    let mark = await lastId();
    const created = await admin
      .post('/api/admin/create')
      .field('firstname', 'Kofi')
      .field('name', 'Agbo')
      .field('email', 'kofi.agbo@comptoir.example')
      .field('password', 'Atelier-Cacaveli-2024')
      .field('role_id', String(roleA))
      .expect((r) => expect(r.status).toBeLessThan(300));
    const id = (created.body.admin ?? created.body.user ?? created.body).id as number;
    let written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'user', entity_id: id, action: 'create', label: 'Kofi Agbo' });
    expect(changesOf(written[0]!).password).toEqual({ before: null, after: '••••••' });

    mark = await lastId();
    await admin.post(`/api/admin/${id}/update`).field('name', 'Agbodjan').expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'update' });
    expect(changesOf(written[0]!)).toEqual({ name: { before: 'Agbo', after: 'Agbodjan' } });

    mark = await lastId();
    await admin.post(`/api/admin/${id}/update`).field('role_id', String(roleB)).expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'permissions' });
    expect(changesOf(written[0]!)).toEqual({ role_id: { before: roleA, after: roleB } });

    mark = await lastId();
    await admin.post(`/api/admin/${id}/update`).field('password', 'Nouveau-Motdepasse-2025').expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'password' });
    expect(changesOf(written[0]!)).toEqual({ password: { before: '••••••', after: '••••••' } });

    mark = await lastId();
    await admin.delete(`/api/admin/${id}/delete`).expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'user', entity_id: id, action: 'delete', label: 'Kofi Agbodjan' });
  });

  it('records sign-in, failed sign-in, a password change by the user and sign-out; no secret is ever stored', async () => {
    const user = await createStaffUser(t, { grid: { blog: ['view'] }, firstname: 'Yawa', name: 'Doe' });
    let mark = await lastId();
    const wrong = browser(t);
    await wrong.fetchCsrfCookie();
    await wrong.post('/api/login').send({ email: user.email, password: 'pas-le-bon-mot-de-passe' }).expect(422);
    let written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      entity: 'user',
      entity_id: user.id,
      action: 'login_failed',
      actor: 'public',
      label: user.email,
    });

    mark = await lastId();
    const client = await signInAs(t, user);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      entity: 'user',
      entity_id: user.id,
      action: 'login',
      actor: 'staff',
      user_id: user.id,
      user_name: 'Yawa Doe',
    });

    mark = await lastId();
    await client
      .post('/api/profile/identifiants-update')
      .send({ email: user.email, password: 'Encore-Un-Motdepasse-9', current_password: user.password })
      .expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'user', entity_id: user.id, action: 'password', user_id: user.id });

    mark = await lastId();
    await client.logout();
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'user', entity_id: user.id, action: 'logout' });

    const hash = (
      await t.dataSource
        .getRepository(User)
        .createQueryBuilder('u')
        .addSelect('u.password_hash')
        .where({ id: user.id })
        .getOneOrFail()
    ).password_hash;
    const everything = JSON.stringify(await t.dataSource.getRepository(AuditEntry).find());
    expect(everything).not.toContain(hash);
    expect(everything).not.toContain('$argon2');
    expect(everything).not.toContain('Encore-Un-Motdepasse-9');
    expect(everything).not.toContain(client.sessionCookie ?? 'no-cookie');
  });

  it('records a password chosen through a recovery link as done by the account owner', async () => {
    const user = await createStaffUser(t, { grid: { blog: ['view'] }, firstname: 'Kossi', name: 'Lawson' });
    const token = randomToken();
    await t.dataSource.getRepository(PasswordResetToken).insert({
      user_id: user.id,
      token_hash: sha256Hex(token),
      expires_at: new Date(Date.now() + 10 * 60_000),
    });
    const mark = await lastId();
    const visitor = browser(t);
    await visitor.fetchCsrfCookie();
    await visitor
      .post('/api/account/reset')
      .send({ token, password: 'Mot-de-passe-Choisi-1', password_confirmation: 'Mot-de-passe-Choisi-1' })
      .expect(200);
    const written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      entity: 'user',
      entity_id: user.id,
      action: 'password',
      actor: 'staff',
      user_id: user.id,
      user_name: 'Kossi Lawson',
    });
    expect(changesOf(written[0]!)).toEqual({ password: { before: '••••••', after: '••••••' } });
    expect(JSON.stringify(written)).not.toContain(token);
  });

  it('records customers created, changed and deleted', async () => {
    const sales = await signIn(t, { orders: 'all' });
    const client = {
      company_name: 'Société Togolaise des Eaux',
      company_email: 'contact@ste.tg',
      company_phone: '+228 22 21 00 00',
      company_address: 'Boulevard du 13 Janvier, Lomé',
      representative_name: 'Kodjo Amegah',
      representative_phone: '+228 90 11 22 33',
      representative_email: 'k.amegah@ste.tg',
    };
    let mark = await lastId();
    const created = await sales
      .post('/api/customer/create')
      .send(client)
      .expect((r) => expect(r.status).toBeLessThan(300));
    const id = created.body.customer.id as number;
    expect((await since(mark)).map((e) => [e.entity, e.action])).toEqual([['customer', 'create']]);
    mark = await lastId();
    await sales
      .post(`/api/customer/${id}/update`)
      .send({ ...client, company_phone: '+228 22 21 99 99' })
      .expect(200);
    const written = await since(mark);
    expect(written).toHaveLength(1);
    expect(changesOf(written[0]!)).toEqual({ company_phone: { before: '+228 22 21 00 00', after: '+228 22 21 99 99' } });
    mark = await lastId();
    await sales.delete(`/api/customer/${id}/delete`).expect(200);
    expect((await since(mark)).map((e) => [e.entity, e.action])).toEqual([['customer', 'delete']]);
  });

  it('records an article published (a status change), renamed, and deleted', async () => {
    const writer = await signIn(t, { blog: 'all' });
    const draft = await fx.article(t, { title: 'Nouveau groupe', image: 'articles/couverture.png' });
    let mark = await lastId();
    await writer.post(`/api/blog/${draft.id}/update`).field('title', 'Nouveau groupe').field('status', 'Publié').expect(200);
    let written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'article', entity_id: draft.id, action: 'status', label: 'Nouveau groupe' });
    expect(changesOf(written[0]!).status).toEqual({ before: 'Brouillon', after: 'Publié' });
    expect(changesOf(written[0]!).published_at!.before).toBeNull();

    mark = await lastId();
    await writer.post(`/api/blog/${draft.id}/update`).field('title', 'Nouveau groupe 20 kVA').expect(200);
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: 'update', label: 'Nouveau groupe 20 kVA' });
    expect(changesOf(written[0]!)).toEqual({ title: { before: 'Nouveau groupe', after: 'Nouveau groupe 20 kVA' } });

    mark = await lastId();
    await writer.delete(`/api/blog/${draft.id}/delete`).expect(200);
    expect((await since(mark)).map((e) => [e.entity, e.action])).toEqual([['article', 'delete']]);
  });

  it('records brands and stock entries through the same rule', async () => {
    const staff = await signIn(t, { shop: 'all', stock: 'all' });
    const b = await fx.brand(t, { name: 'Voltaria', image: 'brands/voltaria.png' });
    let mark = await lastId();
    await staff
      .post(`/api/brands/${b.id}/update`)
      .field('name', 'Voltaria Énergie')
      .field('representative', b.representative)
      .field('description', b.description)
      .expect(200);
    let written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'brand', entity_id: b.id, action: 'update' });
    expect(changesOf(written[0]!)).toEqual({ name: { before: 'Voltaria', after: 'Voltaria Énergie' } });

    mark = await lastId();
    const created = await staff
      .post('/api/stock/create')
      .field('name', 'Lubrifiant')
      .field('price', '10')
      .field('quantity', '4')
      .field('manufacture_date', '2024-01-01')
      .attach('image', await png(40, 40), 'lot.png')
      .expect((r) => expect([r.status, r.body]).toEqual([201, expect.anything()]));
    written = await since(mark);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ entity: 'stock_entry', action: 'create', label: 'Lubrifiant' });
    const entryId = written[0]!.entity_id!;
    expect(created.body).toBeTruthy();
    mark = await lastId();
    await staff.delete(`/api/stock/${entryId}/delete`).expect(200);
    expect((await since(mark)).map((e) => [e.entity, e.entity_id, e.action])).toEqual([['stock_entry', entryId, 'delete']]);
  });

  it('serves the journal to admin view only, filtered and paged, newest first', async () => {
    const nosy = await signIn(t, { shop: 'all', orders: 'all', blog: 'all', stock: 'all' });
    await nosy.get('/api/audit').expect(403);
    await request(t.http).get('/api/audit').expect(401);

    const page = await admin.get('/api/audit?entity=product&action=update').expect(200);
    const rows = page.body.entries.data as AuditEntryView[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.entity === 'product' && r.action === 'update')).toBe(true);
    expect(rows[0]!.changes).toBeTruthy();
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(page.body.entries).toMatchObject({ current_page: 1, per_page: 20 });

    const search = await admin.get('/api/audit?search=électrogène').expect(200);
    expect((search.body.entries.data as AuditEntryView[]).every((r) => r.label?.includes('électrogène'))).toBe(true);
    expect(search.body.entries.total).toBeGreaterThan(0);

    const today = new Date().toISOString().slice(0, 10);
    const dated = await admin.get(`/api/audit?from=${today}&to=${today}&per_page=1&page=2`).expect(200);
    expect(dated.body.entries).toMatchObject({ current_page: 2, per_page: 1 });
    const past = await admin.get('/api/audit?to=2000-01-01').expect(200);
    expect(past.body.entries.total).toBe(0);

    const mine = await admin.get(`/api/audit?user_id=${admin.user!.id}`).expect(200);
    expect((mine.body.entries.data as AuditEntryView[]).every((r) => r.user_id === admin.user!.id)).toBe(true);

    const bad = await admin.get('/api/audit?entity=planete&action=voler&from=hier').expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['action', 'entity', 'from']);
  });

  it('serves a record history to whoever may view that kind of record', async () => {
    const product = await fx.product(t, refs, { name: 'Casque' });
    const shop = await signIn(t, { shop: 'all' });
    await productForm(shop.post(`/api/product/${product.id}/update`), {
      name: product.name,
      reference: product.reference,
      description: product.description,
      price: product.price,
      stock: 3,
      low_stock_threshold: 8,
    }).expect(200);
    const res = await shop.get(`/api/audit/history?entity=product&entity_id=${product.id}`).expect(200);
    expect(res.body.entries.data).toHaveLength(1);
    expect(res.body.entries.data[0]).toMatchObject({
      action: 'update',
      changes: {
        stock: { before: 10, after: 3 },
        low_stock_threshold: { before: null, after: 8 },
      },
    });
    await shop.get(`/api/audit/history?entity=order&entity_id=1`).expect(403);
    await shop.get(`/api/audit/history?entity=role&entity_id=1`).expect(403);
  });

  it('purges entries older than the retention', async () => {
    const repo = t.dataSource.getRepository(AuditEntry);
    await repo.insert({ created_at: new Date('2020-01-01T00:00:00Z'), actor: 'system', entity: 'product', action: 'update' });
    const before = await repo.count();
    const removed = await t.app.get(AuditService).purgeExpired();
    expect(removed).toBe(1);
    expect(await repo.count()).toBe(before - 1);
  });
});
