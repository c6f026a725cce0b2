// « Importer » on the products list: a small CSV, its preview (the row in error with its French
// reason), « Appliquer », the summary; then the list shows the new product and the server holds it,
// and the same file again updates it instead of adding a second one.
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './server.js';
import { signIn, staffApi, type StaffApi } from './dashboard-helpers.js';

test.describe('imports', () => {
  let admin: StaffApi;

  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
  });
  test.afterAll(async () => {
    await admin?.dispose();
  });

  test('imports a CSV of products: preview with errors, apply, the list and the server show the product', async ({ page }) => {
    const category = (await admin.get('/api/categories')).categories[0] as { designation: string };
    const brand = (await admin.get('/api/brands?per_page=1')).brands.data[0] as { name: string };
    const currency = (await admin.get('/api/currencies')).currencies[0] as { code: string };
    const reference = `IMPE2E-${Date.now()}`;
    const csv = (price: string) =>
      Buffer.from(
        [
          'Référence;Désignation;Catégorie;Marque;Devise;Prix;Stock;Description',
          `${reference};Compresseur importé;${category.designation};${brand.name};${currency.code};${price};6;Compresseur 200 L`,
          `${reference}-X;Ligne fausse;${category.designation};${brand.name};${currency.code};douze;1;Erreur`,
        ].join('\n'),
      );

    await signIn(page);
    await page.goto('/dashboard/produits');
    const importOnce = async (price: string) => {
      await page.getByRole('button', { name: 'Importer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Importer des produits' });
      await dialog
        .getByLabel('Fichier à importer')
        .setInputFiles({ name: 'produits.csv', mimeType: 'text/csv', buffer: csv(price) });
      await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
      const preview = dialog.getByTestId('import-preview');
      await expect(preview.getByText('Ligne 3 : le prix doit être un nombre positif avec au plus deux décimales.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Appliquer' }).click();
      await expect(dialog.getByTestId('import-summary')).toBeVisible();
      await dialog.getByRole('button', { name: 'Fermer' }).first().click();
      await expect(dialog).toBeHidden();
    };

    await importOnce('150000');
    await page.getByRole('searchbox').first().fill(reference);
    await expect(page.getByRole('table', { name: 'Liste des produits' }).getByText('Compresseur importé')).toBeVisible();
    const created = (await admin.get(`/api/product?search=${reference}`)).products as {
      data: { reference: string; price: string; stock: number }[];
    };
    expect(created.data.map((p) => [p.reference, Number(p.price), p.stock])).toEqual([[reference, 150000, 6]]);

    // The same reference again: an update, never a second product.
    await importOnce('175000');
    const updated = (await admin.get(`/api/product?search=${reference}`)).products as { data: { price: string }[] };
    expect(updated.data.map((p) => Number(p.price))).toEqual([175000]);
  });
});
