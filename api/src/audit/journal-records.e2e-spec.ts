import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { png } from '../../test/backoffice/images.js';
import { signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { ensureCurrency, makeBrand, makeCategory, makeProduct } from '../../test/support/public-fixtures.js';
import { Article } from '../blog/entities/article.entity.js';
import { AuditEntry } from './entities/audit-entry.entity.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';

interface Entry {
  entity: string;
  action: string;
  label: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
}

describe(`the journal records exchange rates and media uploads and deletions (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  const journal = async (entity: string) =>
    (await admin.get(`/api/audit?entity=${entity}`).expect(200)).body.entries.data as Entry[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a rate for a currency no product uses is refused in French (422), nothing recorded', async () => {
    const res = await admin.post('/api/exchange-rate').send({ currency_code: 'GBP', rate: '780' }).expect(422);
    expect(res.body.errors.currency_code[0]).toBe(
      'GBP n’est pas une devise du catalogue : seules ses devises ont un taux de change.',
    );
    expect((await admin.get('/api/exchange-rate').expect(200)).body.history).toEqual([]);
  });

  it('a new exchange rate is one entry naming the currency and its day, with the rate', async () => {
    await ensureCurrency(t.dataSource, 'Dollar');
    await admin.post('/api/exchange-rate').send({ currency_code: 'USD', rate: '605.5', rate_date: '2026-11-20' }).expect(201);
    const [entry] = await journal('exchange_rate');
    expect(entry).toMatchObject({ entity: 'exchange_rate', action: 'create', label: 'USD au 2026-11-20' });
    expect(String(entry.changes?.rate.after)).toContain('605');
  });

  it('an uploaded media file is an entry under its original name', async () => {
    await admin
      .post('/api/upload-media')
      .attach('file', await png(40, 20), 'schéma-électrogène.png')
      .expect(200);
    const [entry] = await journal('media');
    expect(entry).toMatchObject({ entity: 'media', action: 'create', label: 'schéma-électrogène.png' });
    // The journal's search ignores accents.
    const found = (await admin.get('/api/audit?search=electrogene').expect(200)).body.entries.data as Entry[];
    expect(found.map((e) => e.label)).toContain('schéma-électrogène.png');
  });

  it('a media file deleted from the library is an entry; one an article shows is refused and stays', async () => {
    const upload = async (name: string) =>
      (
        await admin
          .post('/api/upload-media')
          .attach('file', await png(30, 30), name)
          .expect(200)
      ).body.media as {
        id: number;
        path: string;
        url: string;
      };
    const spare = await upload('photo-inutile.png');
    const shown = await upload('photo-article.png');
    await t.dataSource.getRepository(Article).save({
      title: 'Groupes électrogènes',
      slug: `groupes-${process.pid}`,
      content: `<p><img src="${shown.url}" alt=""></p>`,
      content_json: null,
      image: null,
    });

    const refused = await admin.delete(`/api/media/${shown.id}`).expect(409);
    expect(refused.body.message).toBe(
      'Cette image est utilisée par l’article « Groupes électrogènes » : retirez-la de l’article avant de la supprimer.',
    );
    await admin.delete(`/api/media/${spare.id}`).expect(200);
    await admin.delete(`/api/media/${spare.id}`).expect(404);

    const remaining = (await admin.get('/api/media').expect(200)).body.media.data as { id: number }[];
    expect(remaining.map((m) => m.id)).toContain(shown.id);
    expect(remaining.map((m) => m.id)).not.toContain(spare.id);
    const entries = await journal('media');
    expect(entries.filter((e) => e.action === 'delete').map((e) => e.label)).toEqual(['photo-inutile.png']);
  });

  it('a reference change names the records (« Marque : Caterpillar »), not their ids', async () => {
    const ds = t.dataSource;
    const first = await makeBrand(ds, 'Caterpillar');
    const second = await makeBrand(ds, 'Perkins');
    const product = await makeProduct(ds, {
      name: 'Groupe électrogène 20 kVA',
      price: '100.00',
      stock: 1,
      category: await makeCategory(ds, 'Énergie'),
      brand: first,
      currency: await ensureCurrency(ds, 'Fcfa'),
    });
    // A brand change as the product form records it (the entity subscriber's diff of brand_id).
    await ds.getRepository(AuditEntry).insert({
      created_at: new Date(),
      actor: 'staff',
      user_id: admin.user!.id,
      user_name: 'Admin',
      ip: null,
      entity: 'product',
      entity_id: product.id,
      label: product.name,
      action: 'update',
      changes: JSON.stringify({ brand_id: { before: first.id, after: second.id } }),
    });
    const history = (await admin.get(`/api/audit/history?entity=product&entity_id=${product.id}`).expect(200)).body.entries
      .data as Entry[];
    const change = history.find((e) => e.changes?.brand_id)?.changes?.brand_id as Record<string, unknown>;
    expect(change).toMatchObject({ before_name: 'Caterpillar', after_name: 'Perkins' });
  });
});
