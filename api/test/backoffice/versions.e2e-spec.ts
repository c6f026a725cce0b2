import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Test } from 'supertest';
import { createRole, createStaffUser, signInAs, toGrid, type StaffClient } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import * as fx from './fixtures.js';
import { holdStock } from '../../src/stock/ledger/stock-ledger.js';

/**
 * Optimistic concurrency on every staff edit: each answer carries `version`; an update
 * that sends back a version someone else has moved past is refused with a 409 naming them, and
 * changes nothing; an update without `version` (an older client) is applied as before.
 */

const EVERYTHING = { blog: 'all', shop: 'all', stock: 'all', orders: 'all', admin: 'all' } as const;
const ARTICLE_JSON = JSON.stringify({ time: 1, blocks: [{ type: 'paragraph', data: { text: 'Texte.' } }], version: '2.31.0' });

interface Case {
  entity: string;
  /** Creates the record; answers its update path. */
  setup: (t: TestApp) => Promise<string>;
  /** The update request with a distinguishing value (multipart unless `json`). */
  fields: (label: string) => Record<string, string>;
  json?: boolean;
  /** Where the answer carries the record. */
  key: string;
  /** How the record shows the distinguishing value. */
  shown: (record: Record<string, unknown>) => unknown;
  /** Noun in the 409 message. */
  noun: string;
}

let refs: fx.ProductRefs;

const CASES: Case[] = [
  {
    entity: 'articles',
    setup: async (t) => `/api/blog/${(await fx.article(t, { image: 'articles/cover.png' })).id}/update`,
    fields: (label) => ({ title: label, content: ARTICLE_JSON, status: 'Brouillon' }),
    key: 'blog',
    shown: (r) => r.title,
    noun: 'cet article',
  },
  {
    entity: 'products',
    setup: async (t) => `/api/product/${(await fx.product(t, refs)).id}/update`,
    fields: (label) => ({
      name: label,
      reference: 'GE-20K',
      stock: '12',
      price: '1250000',
      brand_id: String(refs.brand.id),
      category_id: String(refs.category.id),
      currency_id: String(refs.currency.id),
      description: 'Groupe diesel insonorisé.',
    }),
    key: 'product',
    shown: (r) => r.name,
    noun: 'ce produit',
  },
  {
    entity: 'brands',
    setup: async (t) => `/api/brands/${(await fx.brand(t, { image: 'brands/logo.png' })).id}/update`,
    fields: (label) => ({ name: label, representative: 'Kossi Mensah', description: 'Compresseurs.' }),
    key: 'brand',
    shown: (r) => r.name,
    noun: 'cette marque',
  },
  {
    entity: 'categories',
    setup: async (t) => `/api/category/${(await fx.category(t)).id}/update`,
    fields: (label) => ({ designation: label, description: 'Pompes et moteurs.' }),
    json: true,
    key: 'category',
    shown: (r) => r.designation,
    noun: 'cette catégorie',
  },
  {
    entity: 'stock entries',
    setup: async (t) => `/api/stock/${(await fx.stockEntry(t, { image: 'stock/ciment.png' })).id}/update`,
    fields: (label) => ({ name: label, price: '4500', quantity: '40', manufacture_date: '2024-05-10' }),
    key: 'stock',
    shown: (r) => r.name,
    noun: 'cette entrée',
  },
  {
    entity: 'customers',
    setup: async (t) => `/api/customer/${(await fx.customer(t)).id}/update`,
    fields: (label) => ({
      company_name: label,
      company_email: `contact-${label.length}@ste.tg`,
      company_phone: '+228 22 21 00 00',
      company_address: 'Boulevard du 13 Janvier, Lomé',
      representative_name: 'Kodjo Amegah',
      representative_phone: '+228 90 11 22 33',
      representative_email: 'k.amegah@ste.tg',
    }),
    json: true,
    key: 'customer',
    shown: (r) => r.company_name,
    noun: 'ce client',
  },
  {
    entity: 'administrators',
    setup: async (t) => `/api/admin/${(await createStaffUser(t, { grid: { blog: ['view'] } })).id}/update`,
    fields: (label) => ({ firstname: label }),
    key: 'admin',
    shown: (r) => r.firstname,
    noun: 'cet administrateur',
  },
  {
    entity: 'roles',
    setup: async (t) => `/api/role/${(await createRole(t, { blog: ['view'] })).id}/update`,
    fields: (label) => ({ name: label, description: 'Rédaction.', permissions: JSON.stringify(toGrid({ blog: 'all' })) }),
    key: 'role',
    shown: (r) => r.name,
    noun: 'ce rôle',
  },
];

describe('optimistic concurrency on staff edits', () => {
  let t: TestApp;
  let awa: StaffClient;
  let kofi: StaffClient;

  beforeAll(async () => {
    t = await createTestApp();
    refs = await fx.refs(t);
    const role = await createRole(t, EVERYTHING);
    awa = await signInAs(t, await createStaffUser(t, { roleId: role.id, firstname: 'Awa', name: 'Mensah' }));
    kofi = await signInAs(t, await createStaffUser(t, { roleId: role.id, firstname: 'Kofi', name: 'Agbeko' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (client: StaffClient, c: Case, path: string, label: string, version?: number): Test => {
    const body: Record<string, string | number> = { ...c.fields(label) };
    if (version !== undefined) body.version = c.json ? version : String(version);
    if (c.json) return client.post(path).send(body);
    const req = client.post(path).field('_method', 'PUT');
    for (const [k, v] of Object.entries(body)) req.field(k, String(v));
    return req;
  };

  for (const c of CASES) {
    it(`${c.entity}: a stale save answers 409 naming who saved meanwhile, and changes nothing`, async () => {
      const path = await c.setup(t);

      // Both open version 1; Awa saves first.
      const first = await send(awa, c, path, 'Version Awa', 1).expect(200);
      const saved = first.body[c.key] as Record<string, unknown>;
      expect(saved.version).toBe(2);
      expect(c.shown(saved)).toBe('Version Awa');

      // Kofi saves his copy of version 1: refused, with who and when.
      const stale = await send(kofi, c, path, 'Version Kofi', 1).expect(409);
      expect(stale.body).toMatchObject({
        success: false,
        conflict: { stale: true, version: 2, updated_by: 'Awa Mensah', updated_at: saved.updated_at },
      });
      // Their version comes with the refusal, shaped like the update's answer, for "reload theirs".
      expect(c.shown(stale.body.conflict.current as Record<string, unknown>)).toBe('Version Awa');
      expect(stale.body.message).toMatch(
        new RegExp(
          `^Awa Mensah a enregistré une autre version le \\d{1,2} \\S+ \\d{4} à \\d{2}:\\d{2}, pendant que vous modifiiez ${c.noun}\\.`,
        ),
      );

      // Keeping his text and saving on top of version 2 is his choice: it goes through.
      const kept = await send(kofi, c, path, 'Version Kofi', 2).expect(200);
      expect((kept.body[c.key] as Record<string, unknown>).version).toBe(3);
      expect(c.shown(kept.body[c.key] as Record<string, unknown>)).toBe('Version Kofi');

      // Awa's copy is now stale, and Kofi is named.
      const again = await send(awa, c, path, 'Encore Awa', 2).expect(409);
      expect(again.body.conflict).toMatchObject({ version: 3, updated_by: 'Kofi Agbeko' });

      // An older client sending no version is not checked.
      const unchecked = await send(awa, c, path, 'Sans version').expect(200);
      expect((unchecked.body[c.key] as Record<string, unknown>).version).toBe(4);

      // A version that is not a number is a field error.
      const bad = await send(awa, c, path, 'Mauvaise', 'x' as unknown as number).expect(422);
      expect(bad.body.errors).toEqual({ version: ['La version envoyée est invalide.'] });
    });
  }

  it('profile: the profile and credentials forms check the version too', async () => {
    const staff = await createStaffUser(t, { firstname: 'Edem', name: 'Kpodar' });
    const me = await signInAs(t, staff);
    const user = (await me.get('/api/user').expect(200)).body as { version: number; email: string };
    const v = user.version;
    const first = await me.post('/api/profile/update').field('firstname', 'Edem').field('version', String(v)).expect(200);
    expect(first.body.user.version).toBe(v + 1);
    const stale = await me.post('/api/profile/update').field('about', 'Ailleurs').field('version', String(v)).expect(409);
    await me.post('/api/profile/update').field('about', 'Logistique').expect(200);
    expect(stale.body.message).toMatch(
      /^Edem Kpodar a enregistré une autre version .* pendant que vous modifiiez votre profil\./,
    );
    const credentials = await me
      .post('/api/profile/identifiants-update')
      .send({ email: user.email, password: 'Nouveau-Motdepasse-9', current_password: staff.password, version: v })
      .expect(409);
    expect(credentials.body.conflict).toMatchObject({ version: v + 2, current: { about: 'Logistique' } });
  });

  it('an order taking stock meanwhile makes a product form stale, without naming a staff member', async () => {
    const product = await fx.product(t, refs, { stock: 10 });
    await send(awa, CASES[1]!, `/api/product/${product.id}/update`, 'Relu par Awa', 1).expect(200);
    await holdStock(t.dataSource.manager, [{ productId: product.id, quantity: 2 }], { userId: null });
    const stale = await send(kofi, CASES[1]!, `/api/product/${product.id}/update`, 'Kofi', 2).expect(409);
    expect(stale.body.conflict).toMatchObject({ version: 3, updated_by: null, current: { stock: 10 } });
    expect(stale.body.message).toMatch(/^Une autre modification a été enregistrée le .* pendant que vous modifiiez ce produit\./);
  });

  it('a save on a record deleted meanwhile answers 404, not 409', async () => {
    const category = await fx.category(t);
    await awa.delete(`/api/category/${category.id}/delete`).expect(200);
    await awa.post(`/api/category/${category.id}/update`).send({ designation: 'X', description: 'Y', version: 1 }).expect(404);
  });
});
