import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import * as fx from '../../test/backoffice/fixtures.js';
import { png, stored } from '../../test/backoffice/images.js';
import { createStaffUser, signInAs, signInAsAdmin, toGrid, type StaffClient } from '../../test/support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { ProductImage } from '../catalogue/entities/product-image.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import type { ImportApplyAnswer, ImportPreviewAnswer } from '../contract/imports.js';
import { searchTextOf } from '../common/search-text.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';
import { StockMovement } from '../stock/entities/stock-movement.entity.js';

const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);

describe(`imports (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;

  const preview = async (client: StaffClient, kind: string, file: Buffer, name = 'import.csv', zip?: Buffer) => {
    const request = client.post(`/api/import/${kind}/preview`).attach('file', file, name);
    if (zip) request.attach('images', zip, 'images.zip');
    return (await request.expect(200)).body as ImportPreviewAnswer;
  };
  const apply = async (client: StaffClient, kind: string, token: string) =>
    ((await client.post(`/api/import/${kind}/apply`).send({ token }).expect(200)).body as ImportApplyAnswer).summary;
  const product = (reference: string) => t.dataSource.getRepository(Product).findOneBy({ reference });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
    await fx.currency(t, { code: 'XOF', symbol: 'F' });
    await fx.brand(t, { name: 'Perkins' });
    await fx.category(t, { designation: 'Groupes électrogènes' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const HEADER = 'Référence;Désignation;Catégorie;Marque;Devise;Prix;Stock;Description';

  it('previews a CSV with French per-row errors, applies the valid rows, and a second import updates', async () => {
    const file = csv([
      HEADER,
      'IMP-1;Groupe 20 kVA;Groupes électrogènes;Perkins;XOF;1 250 000;12;Diesel insonorisé',
      'IMP-2;Groupe 30 kVA;groupes électrogènes;perkins;xof;1500000,50;3;Diesel',
      'IMP-3;Groupe cassé;Groupes électrogènes;Perkins;XOF;-5;abc;Diesel',
      'IMP-4;Groupe inconnu;Pompes;Perkins;XOF;100;1;Diesel',
      'IMP-1;Doublon;Groupes électrogènes;Perkins;XOF;100;1;Diesel',
    ]);
    const { preview: first } = await preview(admin, 'products', file);
    expect(first).toMatchObject({ total: 5, creates: 2, updates: 0, invalid: 3 });
    const errors = first.rows.filter((row) => row.action === 'error').flatMap((row) => row.errors);
    expect(errors).toEqual(
      expect.arrayContaining([
        'Ligne 4 : le prix doit être un nombre positif avec au plus deux décimales.',
        'Ligne 4 : la quantité doit être un nombre entier positif ou nul.',
        'Ligne 5 : la catégorie « Pompes » n’existe pas.',
        'Ligne 6 : la référence « IMP-1 » figure déjà ligne 2.',
      ]),
    );
    // Nothing is written by the preview.
    expect(await product('IMP-1')).toBeNull();

    const summary = await apply(admin, 'products', first.token);
    expect(summary).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: 3, failed: [] });
    const created = await product('IMP-1');
    expect(created).toMatchObject({ name: 'Groupe 20 kVA', price: '1250000.00', stock: 12 });
    expect((await product('IMP-2'))!.price).toBe('1500000.50');
    // The opening stock went through the ledger, as a product created from the form.
    const movements = await t.dataSource.getRepository(StockMovement).findBy({ product_id: created!.id });
    expect(movements.map((m) => [m.kind, m.available_delta])).toEqual([['opening', 12]]);
    // The same token cannot be applied twice.
    const again = await admin.post('/api/import/products/apply').send({ token: first.token }).expect(422);
    expect((again.body as { errors: Record<string, string[]> }).errors.token).toEqual([
      'L’aperçu a expiré ou a déjà été appliqué : envoyez le fichier à nouveau.',
    ]);

    // Re-import: matched by reference, updated (stock adjusted through the ledger), never duplicated.
    const { preview: second } = await preview(admin, 'products', csv(['Référence;Prix;Stock', 'IMP-1;990000;7']));
    expect(second).toMatchObject({ total: 1, creates: 0, updates: 1, invalid: 0 });
    expect(await apply(admin, 'products', second.token)).toMatchObject({ created: 0, updated: 1 });
    expect(await t.dataSource.getRepository(Product).countBy({ reference: 'IMP-1' })).toBe(1);
    const updated = await product('IMP-1');
    expect(updated).toMatchObject({ name: 'Groupe 20 kVA', price: '990000.00', stock: 7, description: 'Diesel insonorisé' });
    const adjustments = await t.dataSource.getRepository(StockMovement).findBy({ product_id: updated!.id, kind: 'adjustment' });
    expect(adjustments.reduce((sum, m) => sum + m.available_delta, 0)).toBe(-5);

    // One journal entry per import, with its counts.
    const journal = await t.dataSource.getRepository(AuditEntry).findBy({ entity: 'import' });
    expect(journal.map((entry) => entry.label)).toEqual(
      expect.arrayContaining([
        'Import de produits (import.csv) : 2 créé(s), 0 mis à jour, 0 inchangé(s), 0 refusé(s)',
        'Import de produits (import.csv) : 0 créé(s), 1 mis à jour, 0 inchangé(s), 0 refusé(s)',
      ]),
    );
    // …and none per product: the import is one entry.
    expect(await t.dataSource.getRepository(AuditEntry).countBy({ entity: 'product' })).toBe(0);
  });

  it('leaves alone the rows that change nothing, and writes the changed ones in one pass (a new version each)', async () => {
    const lines = (price: (i: number) => number) =>
      csv([
        HEADER,
        ...Array.from(
          { length: 30 },
          (_, i) => `SAME-${i};Groupe n°${i};Groupes électrogènes;Perkins;XOF;${price(i)};${i};Groupe diesel`,
        ),
      ]);
    const importAt = async (price: (i: number) => number) =>
      apply(admin, 'products', (await preview(admin, 'products', lines(price))).preview.token);
    await importAt(() => 1000);
    const versions = async () =>
      new Map(
        (await t.dataSource.getRepository(Product).find())
          .filter((p) => p.reference.startsWith('SAME-'))
          .map((p) => [p.reference, p]),
      );
    const first = await versions();

    // The same file again: nothing written.
    expect(await importAt(() => 1000)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 30,
      skipped: 0,
      failed: [],
    });
    const again = await versions();
    for (const [reference, product] of first) {
      expect(again.get(reference)!.version).toBe(product.version);
      expect(again.get(reference)!.updated_at).toEqual(product.updated_at);
    }

    // Ten prices changed: those ten get their price, a new version and their author, the others stay.
    const summary = await importAt((i) => (i < 10 ? 2000 + i : 1000));
    expect(summary).toMatchObject({ created: 0, updated: 10, unchanged: 20 });
    const last = await versions();
    for (let i = 0; i < 30; i++) {
      const product = last.get(`SAME-${i}`)!;
      expect(product.price).toBe(i < 10 ? `${2000 + i}.00` : '1000.00');
      expect(product.version).toBe(first.get(`SAME-${i}`)!.version + (i < 10 ? 1 : 0));
    }
    // The search text of a row written by the multi-row update is the one the form would keep.
    const [written] = await t.dataSource.query(`SELECT search_text FROM products WHERE reference = 'SAME-3'`);
    expect(written.search_text).toBe(searchTextOf(['Groupe n°3', 'SAME-3']));
    expect(await t.dataSource.getRepository(AuditEntry).countBy({ entity: 'product' })).toBe(0);
  });

  it('reads an Excel workbook and a comma-separated CSV', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Produits');
    sheet.addRow(HEADER.split(';'));
    sheet.addRow(['XL-1', 'Onduleur', 'Groupes électrogènes', 'Perkins', 'XOF', 45000, 4, 'Onduleur 3 kVA']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const { preview: fromExcel } = await preview(admin, 'products', xlsx, 'catalogue.xlsx');
    expect(fromExcel).toMatchObject({ total: 1, creates: 1, invalid: 0 });
    await apply(admin, 'products', fromExcel.token);
    expect(await product('XL-1')).toMatchObject({ price: '45000.00', stock: 4 });

    const comma = csv([HEADER.replaceAll(';', ','), 'CM-1,Câble,Groupes électrogènes,Perkins,XOF,"1200,5",2,Câble 10 m']);
    const { preview: fromCsv } = await preview(admin, 'products', comma);
    expect(fromCsv).toMatchObject({ total: 1, creates: 1, invalid: 0 });
  });

  it('refuses a file that is neither CSV nor XLSX, read from its content (422)', async () => {
    const answer = await admin
      .post('/api/import/products/preview')
      .attach('file', await png(10, 10), 'produits.csv')
      .expect(422);
    expect((answer.body as { errors: Record<string, string[]> }).errors.file).toEqual([
      'Le fichier doit être un CSV (UTF-8) ou un classeur Excel (.xlsx).',
    ]);
    await admin.post('/api/import/products/preview').expect(422);
  });

  it('stores the images named in the sheet from a ZIP, through the image pipeline; a path that escapes is refused', async () => {
    const zip = Buffer.from(
      zipSync({
        'photos/zip-1.png': new Uint8Array(await png(400, 300)),
        'notes.txt': new Uint8Array(Buffer.from('pas une image')),
      }),
    );
    const file = csv([
      `${HEADER};Images`,
      'ZIP-1;Pompe;Groupes électrogènes;Perkins;XOF;100;1;Pompe;zip-1.png',
      'ZIP-2;Pompe 2;Groupes électrogènes;Perkins;XOF;100;1;Pompe;absente.png',
      'ZIP-3;Pompe 3;Groupes électrogènes;Perkins;XOF;100;1;Pompe;notes.txt',
    ]);
    const { preview: checked } = await preview(admin, 'products', file, 'images.csv', zip);
    expect(checked.rows.find((row) => row.line === 3)!.errors).toEqual([
      'Ligne 3 : l’image « absente.png » est absente du fichier ZIP.',
    ]);
    expect(checked.rows.find((row) => row.line === 4)!.errors).toEqual([
      'Ligne 4 : l’image « notes.txt » est refusée : format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.',
    ]);
    expect(checked).toMatchObject({ creates: 1, invalid: 2 });
    const escaping = Buffer.from(zipSync({ '../../evil.png': new Uint8Array(await png(20, 20)) }));
    const refused = await admin
      .post('/api/import/products/preview')
      .attach('file', file, 'images.csv')
      .attach('images', escaping, 'images.zip')
      .expect(422);
    expect((refused.body as { errors: Record<string, string[]> }).errors.images).toEqual([
      'Le fichier ZIP contient un chemin interdit (« ../ » ou chemin absolu) : il est refusé.',
    ]);
    await apply(admin, 'products', checked.token);
    const saved = await product('ZIP-1');
    const images = await t.dataSource.getRepository(ProductImage).findBy({ product_id: saved!.id });
    expect(images).toHaveLength(1);
    expect(images[0]!.image_path).toMatch(/^products\/.+\.png$/);
    expect(stored(t, images[0]!.image_path)).toBe(true);

    const noZip = await preview(admin, 'products', file);
    expect(noZip.preview.rows[0]!.errors).toEqual([
      'Ligne 2 : ajoutez le fichier ZIP contenant les images nommées dans la colonne « Images ».',
    ]);
  });

  it('imports clients matched by e-mail and stock entries that move stock through the ledger', async () => {
    await fx.customer(t, { company_email: 'deja@client.tg', company_name: 'Ancien nom' });
    const clients = csv([
      'Société;E-mail;Téléphone;Adresse;Représentant;Téléphone du représentant;E-mail du représentant',
      'Nouveau nom;DEJA@client.tg;+228 1;Lomé;Afi;+228 2;afi@client.tg',
      'Société neuve;neuve@client.tg;+228 3;Kara;Kodjo;+228 4;pas-un-email',
    ]);
    const { preview: checked } = await preview(admin, 'customers', clients);
    expect(checked).toMatchObject({ creates: 0, updates: 1, invalid: 1 });
    expect(checked.rows[0]!.errors).toEqual(["Ligne 3 : l'email du représentant n'est pas valide."]);
    await apply(admin, 'customers', checked.token);
    expect(await t.dataSource.getRepository(Customer).findOneBy({ company_email: 'deja@client.tg' })).toMatchObject({
      company_name: 'Nouveau nom',
    });

    const target = await product('IMP-2');
    const entries = csv([
      'Désignation;Référence produit;Quantité;Prix;Date de fabrication;Date d’expiration',
      'Arrivage 12;IMP-2;10;900000;15/01/2026;Non expirable',
    ]);
    const { preview: first } = await preview(admin, 'stock', entries);
    expect(first).toMatchObject({ creates: 1, invalid: 0 });
    await apply(admin, 'stock', first.token);
    expect((await product('IMP-2'))!.stock).toBe(target!.stock + 10);
    const { preview: second } = await preview(
      admin,
      'stock',
      csv(['Désignation;Référence produit;Quantité;Prix;Date de fabrication', 'Arrivage 12;IMP-2;4;900000;2026-01-15']),
    );
    expect(second).toMatchObject({ creates: 0, updates: 1 });
    await apply(admin, 'stock', second.token);
    expect(await t.dataSource.getRepository(StockEntry).countBy({ name: 'Arrivage 12' })).toBe(1);
    expect((await product('IMP-2'))!.stock).toBe(target!.stock + 4);
    const receipts = await t.dataSource.getRepository(StockMovement).findBy({ product_id: target!.id, kind: 'receipt' });
    expect(receipts.map((m) => m.available_delta)).toEqual([10, -6]);
  });

  it('refuses without the create right (403), and updates without the edit right per row', async () => {
    const viewer = await signInAs(t, await createStaffUser(t, { grid: toGrid({ shop: { view: true } }) }));
    await viewer
      .post('/api/import/products/preview')
      .attach('file', csv([HEADER]), 'x.csv')
      .expect(403);
    const creator = await signInAs(t, await createStaffUser(t, { grid: toGrid({ shop: { view: true, create: true } }) }));
    const { preview: checked } = await preview(creator, 'products', csv(['Référence;Prix', 'IMP-1;5']));
    expect(checked.rows[0]!.errors).toEqual([
      'Ligne 2 : vous n’avez pas le droit de modifier le produit « IMP-1 » déjà enregistré.',
    ]);
    // Another person's token is not theirs to apply.
    const { preview: adminPreview } = await preview(admin, 'products', csv(['Référence;Prix', 'IMP-1;5']));
    await creator.post('/api/import/products/apply').send({ token: adminPreview.token }).expect(422);
  });

  it('answers a template per kind, which imports back', async () => {
    const template = await admin.get('/api/import/customers/template').query({ format: 'csv' }).expect(200);
    expect(template.headers['content-disposition']).toBe('attachment; filename="modele-clients.csv"');
    expect(template.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      'Société;E-mail;Téléphone;Adresse;Représentant;Téléphone du représentant;E-mail du représentant',
    );
    const { preview: back } = await preview(admin, 'customers', Buffer.from(template.text));
    expect(back).toMatchObject({ total: 1, invalid: 0 });
  });
});
