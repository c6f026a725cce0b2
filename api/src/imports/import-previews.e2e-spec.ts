import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { zipSync } from 'fflate';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import * as fx from '../../test/backoffice/fixtures.js';
import { png, stored } from '../../test/backoffice/images.js';
import { signInAsAdmin, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { createApp } from '../bootstrap.js';
import { ProductImage } from '../catalogue/entities/product-image.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import type { ImportApplyAnswer, ImportPreviewAnswer } from '../contract/imports.js';
import { ImportPreviewRecord } from './import-preview.entity.js';

const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
const HEADER = 'Référence;Désignation;Catégorie;Marque;Devise;Prix;Stock;Description;Images';
const REFUSED = 'L’aperçu a expiré ou a déjà été appliqué : envoyez le fichier à nouveau.';

/** Previews kept in the database: « Appliquer » may reach another replica than the one that read the file. */
describe(`import previews across replicas (${testDatabaseKind()})`, () => {
  let t: TestApp;
  /** A second API process on the same database and storage, as behind the load balancer. */
  let replica: TestApp;
  let onFirst: StaffClient;
  let onSecond: StaffClient;

  const preview = async (file: Buffer, zip?: Buffer) => {
    const request = onFirst.post('/api/import/products/preview').attach('file', file, 'produits.csv');
    if (zip) request.attach('images', zip, 'images.zip');
    return ((await request.expect(200)).body as ImportPreviewAnswer).preview;
  };
  const refusal = async (client: StaffClient, token: string) =>
    ((await client.post('/api/import/products/apply').send({ token }).expect(422)).body as { errors: Record<string, string[]> })
      .errors.token;

  beforeAll(async () => {
    t = await createTestApp();
    const app = await createApp(t.config);
    await app.init();
    replica = { ...t, app: app as NestExpressApplication, http: app.getHttpServer() as Server, dataSource: app.get(DataSource) };
    onFirst = await signInAsAdmin(t);
    onSecond = await signInAsAdmin(replica);
    await fx.currency(t, { code: 'XOF', symbol: 'F' });
    await fx.brand(t, { name: 'Perkins' });
    await fx.category(t, { designation: 'Groupes électrogènes' });
  });
  afterAll(async () => {
    await replica?.app.close();
    await t?.close();
  });

  it('applies on a second process the preview made on the first, with its images, once', async () => {
    const zip = Buffer.from(zipSync({ 'rep-1.png': new Uint8Array(await png(300, 200)) }));
    const file = csv([
      HEADER,
      'REP-1;Groupe 20 kVA;Groupes électrogènes;Perkins;XOF;1250000;4;Diesel;rep-1.png',
      'REP-2;Groupe 30 kVA;Groupes électrogènes;Perkins;XOF;1500000;2;Diesel;',
    ]);
    const checked = await preview(file, zip);
    expect(checked).toMatchObject({ creates: 2, invalid: 0 });
    expect(await t.dataSource.getRepository(Product).countBy({ reference: 'REP-1' })).toBe(0);

    const answer = await onSecond.post('/api/import/products/apply').send({ token: checked.token }).expect(200);
    expect((answer.body as ImportApplyAnswer).summary).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: 0, failed: [] });
    const created = await t.dataSource.getRepository(Product).findOneByOrFail({ reference: 'REP-1' });
    expect(created).toMatchObject({ name: 'Groupe 20 kVA', stock: 4 });
    const images = await t.dataSource.getRepository(ProductImage).findBy({ product_id: created.id });
    expect(images).toHaveLength(1);
    expect(stored(t, images[0]!.image_path)).toBe(true);

    // Applied once: neither process accepts the token again.
    expect(await refusal(onFirst, checked.token)).toEqual([REFUSED]);
    expect(await refusal(onSecond, checked.token)).toEqual([REFUSED]);
    expect(await t.dataSource.getRepository(ImportPreviewRecord).countBy({ token: checked.token })).toBe(0);
  });

  it('runs one of two concurrent applies of the same token and refuses the other', async () => {
    const checked = await preview(csv([HEADER, 'REP-3;Pompe;Groupes électrogènes;Perkins;XOF;900;5;Pompe;']));
    const [a, b] = await Promise.all([
      onFirst.post('/api/import/products/apply').send({ token: checked.token }),
      onSecond.post('/api/import/products/apply').send({ token: checked.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const refused = a.status === 422 ? a : b;
    expect((refused.body as { errors: Record<string, string[]> }).errors.token).toEqual([REFUSED]);
    expect(await t.dataSource.getRepository(Product).countBy({ reference: 'REP-3' })).toBe(1);
  });

  it('refuses an expired preview, writing nothing', async () => {
    const checked = await preview(csv([HEADER, 'REP-4;Moteur;Groupes électrogènes;Perkins;XOF;700;1;Moteur;']));
    await t.dataSource
      .getRepository(ImportPreviewRecord)
      .update({ token: checked.token }, { expires_at: new Date(Date.now() - 60_000) });
    expect(await refusal(onSecond, checked.token)).toEqual([REFUSED]);
    expect(await t.dataSource.getRepository(Product).countBy({ reference: 'REP-4' })).toBe(0);
  });

  it('keeps a bounded number of previews per person, the expired ones removed at the next preview', async () => {
    const repository = t.dataSource.getRepository(ImportPreviewRecord);
    await repository
      .createQueryBuilder()
      .update()
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .execute();
    for (let i = 0; i < 22; i++) await preview(csv([HEADER, `REP-B${i};Pièce;Groupes électrogènes;Perkins;XOF;10;1;Pièce;`]));
    expect(await repository.count()).toBe(20);
  });
});
