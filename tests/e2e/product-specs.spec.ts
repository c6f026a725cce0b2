// A product's « Caractéristiques » and « Fiches techniques »: staff add two rows and a PDF in the product
// form; the server holds them; once the site is published again the product page shows the table and
// the link, and the link downloads a PDF.
import { expect, test } from '@playwright/test';
import { renderDatasheetPdf } from '../../api/src/seed/demo-datasheet.js';
import { E2E_ADMIN } from './server.js';
import { createProduct, signIn, staffApi, toast, type StaffApi } from './dashboard-helpers.js';

test.describe('specifications and datasheets of a product', () => {
  let admin: StaffApi;
  const run = Date.now().toString(36);
  const name = `Groupe de test ${run}`;
  let productId: number;

  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
    productId = (
      await createProduct(admin, { name, reference: `GT-${run}`, stock: 3, price: 900000, description: 'Groupe de test.' })
    ).id;
  });
  test.afterAll(async () => {
    if (productId) await admin?.send('DELETE', `/api/product/${productId}/delete`);
    await admin?.dispose();
  });

  const onServer = async () =>
    (await admin.get(`/api/product/${productId}`)).product as {
      specs: { name: string; value: string }[];
      datasheets: { title: string; url: string }[];
    };

  test('staff fill the table and attach a PDF; the published page shows them and the PDF downloads', async ({ page }, info) => {
    const pdf = await renderDatasheetPdf({ name, reference: `GT-${run}`, specs: [{ name: 'Puissance', value: '20 kVA' }] });
    const file = info.outputPath('fiche.pdf');
    await import('node:fs').then((fs) => fs.writeFileSync(file, pdf));

    await signIn(page);
    await page.goto(`/dashboard/produit/${productId}`);
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier un produit' });

    // Two rows typed in reverse order, then put right with the keyboard-reachable « Monter » button.
    await dialog.getByRole('button', { name: 'Ajouter une caractéristique' }).click();
    await expect(dialog.getByLabel('Caractéristique 1')).toBeFocused();
    await page.keyboard.type('Carburant');
    await dialog.getByLabel('Valeur 1').fill('Diesel');
    await dialog.getByRole('button', { name: 'Ajouter une caractéristique' }).click();
    await dialog.getByLabel('Caractéristique 2').fill('Puissance');
    await dialog.getByLabel('Valeur 2').fill('20 kVA');
    await dialog.getByRole('button', { name: 'Monter la ligne 2' }).click();
    await expect(dialog.getByLabel('Caractéristique 1')).toHaveValue('Puissance');

    // The datasheet is sent at once.
    await dialog.getByLabel('Titre de la fiche').fill('Fiche technique du groupe');
    await dialog.getByLabel('Fichier PDF (10 Mo au plus)').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Joindre la fiche' }).click();
    await expect(toast(page, 'Fiche technique ajoutée avec succès.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Fiche technique du groupe' })).toBeVisible();

    // Saving the form afterwards is not a conflict: the form carries the version the upload answered.
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(toast(page, 'Produit mis à jour avec succès !')).toBeVisible();
    await expect(dialog).toBeHidden();
    const saved = await onServer();
    expect(saved.specs).toEqual([
      { name: 'Puissance', value: '20 kVA' },
      { name: 'Carburant', value: 'Diesel' },
    ]);
    expect(saved.datasheets.map((d) => d.title)).toEqual(['Fiche technique du groupe']);

    // Published after the save: the page's HTML carries the table once the new release is live.
    await expect
      .poll(async () => (await (await page.request.get(`/product/${productId}`)).text()).includes('Carburant'), {
        timeout: 180_000,
        intervals: [500],
      })
      .toBe(true);
    await page.goto(`/product/${productId}`);
    const table = page.getByRole('table', { name: /Caractéristiques/ });
    await expect(table.getByRole('rowheader')).toHaveText(['Puissance', 'Carburant']);
    await expect(table.getByRole('cell')).toHaveText(['20 kVA', 'Diesel']);
    const link = page.getByRole('link', { name: /Fiche technique du groupe/ });
    await expect(link).toContainText('PDF');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Fiche technique du groupe.pdf');
    const body = await (await page.request.get(saved.datasheets[0]!.url)).body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
