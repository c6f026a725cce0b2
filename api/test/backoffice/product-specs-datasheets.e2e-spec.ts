import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { AuditEntry } from '../../src/audit/entities/audit-entry.entity.js';
import { renderDatasheetPdf } from '../../src/seed/demo-datasheet.js';
import { signIn, type StaffClient } from '../support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/test-app.js';
import * as fx from './fixtures.js';
import { png } from './images.js';

// A product's specification table (saved with the product form) and its PDF datasheets (uploaded one
// by one, checked by content, served from /storage), both version-checked and audited.
describe(`back-office: product specifications and datasheets (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let shop: StaffClient;
  let refs: fx.ProductRefs;
  let pdf: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await signIn(t, { shop: 'all' });
    refs = await fx.refs(t);
    pdf = await renderDatasheetPdf({
      name: 'Groupe électrogène',
      reference: 'GE-20',
      specs: [{ name: 'Puissance', value: '20 kVA' }],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const update = (id: number, version: number, specs: unknown) =>
    shop
      .post(`/api/product/${id}/update`)
      .field('name', 'Groupe électrogène 20 kVA')
      .field('reference', 'GE-20')
      .field('stock', '4')
      .field('price', '2500000')
      .field('description', 'Groupe diesel insonorisé.')
      .field('version', String(version))
      .field('specs', typeof specs === 'string' ? specs : JSON.stringify(specs));

  it('saves the specification table in order with the product, and refuses bad rows in French', async () => {
    const product = await fx.product(t, refs);
    const saved = await update(product.id, product.version, [
      { name: ' Puissance ', value: '20 kVA' },
      { name: '', value: '' },
      { name: 'Carburant', value: 'Diesel' },
    ]).expect(200);
    expect(saved.body.product.specs).toEqual([
      { name: 'Puissance', value: '20 kVA' },
      { name: 'Carburant', value: 'Diesel' },
    ]);
    const detail = await request(t.http).get(`/api/product/${product.id}`).expect(200);
    expect(detail.body.product.specs).toEqual(saved.body.product.specs);
    expect(detail.body.product.datasheets).toEqual([]);

    const version = saved.body.product.version as number;
    const missingValue = await update(product.id, version, [{ name: 'Poids', value: ' ' }]).expect(422);
    expect(missingValue.body.errors.specs).toEqual(['Ligne 1 : indiquez la valeur.']);
    const duplicate = await update(product.id, version, [
      { name: 'Poids', value: '300 kg' },
      { name: 'poids', value: '310 kg' },
    ]).expect(422);
    expect(duplicate.body.errors.specs).toEqual(['Ligne 2 : « poids » figure déjà plus haut.']);
    const garbage = await update(product.id, version, '{not json').expect(422);
    expect(garbage.body.errors.specs).toEqual(['Les caractéristiques envoyées sont invalides.']);
    const tooLong = await update(product.id, version, [{ name: 'x'.repeat(81), value: '1' }]).expect(422);
    expect(tooLong.body.errors.specs).toEqual(['Ligne 1 : la caractéristique ne doit pas dépasser 80 caractères.']);

    // Nothing of the refused saves was written; the audit has the change of the table.
    const after = await request(t.http).get(`/api/product/${product.id}`).expect(200);
    expect(after.body.product.specs).toHaveLength(2);
    const entries = await t.dataSource
      .getRepository(AuditEntry)
      .find({ where: { entity: 'product', entity_id: product.id, action: 'update' } });
    expect(entries.some((e) => JSON.stringify(e.changes).includes('Carburant'))).toBe(true);
  });

  it('creates a product with its table', async () => {
    const created = await shop
      .post('/api/product/create')
      .field('name', 'Compresseur 50 L')
      .field('reference', `CP-${Date.now()}`)
      .field('stock', '2')
      .field('price', '180000')
      .field('brand_id', String(refs.brand.id))
      .field('category_id', String(refs.category.id))
      .field('currency_id', String(refs.currency.id))
      .field('description', 'Compresseur à piston.')
      .field('specs', JSON.stringify([{ name: 'Cuve', value: '50 L' }]))
      .attach('images[0]', await png(100, 100), 'a.png')
      .expect(201);
    expect(created.body.product.specs).toEqual([{ name: 'Cuve', value: '50 L' }]);
  });

  it('attaches a PDF datasheet served from /storage as a PDF, version-checked, and removes it', async () => {
    const product = await fx.product(t, refs);
    const added = await shop
      .post(`/api/product/${product.id}/datasheets`)
      .field('title', ' Fiche technique GE-20 ')
      .field('version', String(product.version))
      .attach('file', pdf, { filename: 'fiche.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(added.body.version).toBe(product.version + 1);
    expect(added.body.datasheets).toEqual([
      {
        id: expect.any(Number),
        title: 'Fiche technique GE-20',
        url: expect.stringMatching(/^\/storage\/datasheets\/.+\.pdf$/),
        size: pdf.length,
      },
    ]);
    const sheet = added.body.datasheets[0];
    const served = await request(t.http)
      .get(sheet.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect((served.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const detail = await request(t.http).get(`/api/product/${product.id}`).expect(200);
    expect(detail.body.product.datasheets).toEqual(added.body.datasheets);

    // A form still holding the old version is told someone saved meanwhile.
    const stale = await shop
      .post(`/api/product/${product.id}/datasheets`)
      .field('title', 'Autre')
      .field('version', String(product.version))
      .attach('file', pdf, 'b.pdf')
      .expect(409);
    expect(stale.body.conflict).toMatchObject({ stale: true, version: product.version + 1 });

    const audit = await t.dataSource
      .getRepository(AuditEntry)
      .findOneBy({ entity: 'product_datasheet', entity_id: sheet.id, action: 'create' });
    expect(audit?.label).toBe('Fiche technique GE-20');

    const removed = await shop
      .delete(`/api/product/${product.id}/datasheets/${sheet.id}?version=${added.body.version}`)
      .expect(200);
    expect(removed.body).toMatchObject({ datasheets: [], version: added.body.version + 1 });
    await request(t.http).get(sheet.url).expect(404);
  });

  it('refuses a file that is not a PDF, whatever its name, and a missing title, in French', async () => {
    const product = await fx.product(t, refs);
    const fake = await shop
      .post(`/api/product/${product.id}/datasheets`)
      .field('title', '')
      .attach('file', await png(50, 50), { filename: 'fiche.pdf', contentType: 'application/pdf' })
      .expect(422);
    expect(fake.body.errors).toEqual({ title: ['Le titre est requis.'], file: ['Ce fichier n’est pas un PDF valide.'] });
    const truncated = await shop
      .post(`/api/product/${product.id}/datasheets`)
      .field('title', 'Coupé')
      .attach('file', pdf.subarray(0, 200), 'fiche.pdf')
      .expect(422);
    expect(truncated.body.errors.file).toEqual(['Ce fichier n’est pas un PDF valide.']);
    const none = await shop.post(`/api/product/${product.id}/datasheets`).field('title', 'Vide').expect(422);
    expect(none.body.errors.file).toEqual(['Choisissez un fichier PDF.']);
    const big = await shop
      .post(`/api/product/${product.id}/datasheets`)
      .field('title', 'Trop grand')
      .attach('file', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]), 'gros.pdf')
      .expect(422);
    expect(big.body.errors.file).toEqual(['Le fichier ne doit pas dépasser 10 Mo.']);
    const detail = await request(t.http).get(`/api/product/${product.id}`).expect(200);
    expect(detail.body.product.datasheets).toEqual([]);
  });

  it('needs the right to edit products', async () => {
    const product = await fx.product(t, refs);
    const viewer = await signIn(t, { shop: ['view'] });
    await viewer
      .post(`/api/product/${product.id}/datasheets`)
      .field('title', 'Fiche')
      .attach('file', pdf, 'fiche.pdf')
      .expect(403);
    await request(t.http)
      .post(`/api/product/${product.id}/datasheets`)
      .field('title', 'Fiche')
      .expect((res) => {
        expect([401, 419]).toContain(res.status);
      });
    const detail = await request(t.http).get(`/api/product/${product.id}`).expect(200);
    expect(detail.body.product.datasheets).toEqual([]);
  });
});
