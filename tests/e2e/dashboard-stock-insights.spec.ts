// Stock filters and valuation, walked by the stock keeper: a product's low-stock threshold set in its form
// puts it in the "Stock bas" list (in the URL, as the home page's link opens it); the valuation report
// shows the stock's worth and its CSV export downloads.
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { E2E_ADMIN } from './server.js';
import { createProduct, signIn, staffApi, type StaffApi } from './dashboard-helpers.js';

test.describe('stock filters and valuation', () => {
  let admin: StaffApi;
  const run = Date.now().toString(36);
  const name = `Pompe doseuse ${run}`;
  let productId: number;

  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
    productId = (
      await createProduct(admin, { name, reference: `PD-${run}`, stock: 8, price: 1000, description: 'Pompe de test.' })
    ).id;
  });
  test.afterAll(async () => {
    await admin?.dispose();
  });

  test('a threshold set in the product form puts the product in the « Stock bas » list', async ({ page }) => {
    const lowOnServer = async () =>
      (
        (await admin.get(`/api/stock/products?stock=low&search=${encodeURIComponent(name)}`)).products.data as {
          id: number;
          threshold: number;
        }[]
      ).find((p) => p.id === productId);
    // 8 in stock, above the default threshold (LOW_STOCK_THRESHOLD, 5): not low until its own threshold says so.
    expect(await lowOnServer()).toBeUndefined();
    await signIn(page);
    await page.goto(`/dashboard/produits?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Actions pour ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Modifier' }).click();
    await page.getByLabel('Seuil de stock bas').fill('12');
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect.poll(async () => (await lowOnServer())?.threshold).toBe(12);

    await page.getByRole('button', { name: 'Stock bas' }).click();
    await expect(page).toHaveURL(/[?&]stock=low/);
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'En rupture' }).click();
    await expect(page).toHaveURL(/[?&]stock=out/);
    await expect(page.getByText('Aucun produit trouvé')).toBeVisible();
  });

  test('the home page counts the stock alerts as the filtered list does, and opens it', async ({ page }) => {
    const { alerts } = await admin.get('/api/stock/alerts');
    await signIn(page);
    const card = page.getByRole('region', { name: 'Alertes de stock' });
    const low = card.getByRole('link', { name: /en stock bas$/ });
    await expect(low).toContainText(String(alerts.low));
    await low.click();
    await expect(page).toHaveURL(/\/dashboard\/produits\?stock=low$/);
    await expect(page.getByRole('button', { name: 'Stock bas' })).toHaveAttribute('aria-pressed', 'true');
    const listed = (await admin.get('/api/stock/products?stock=low')).products.total;
    expect(listed).toBe(alerts.low);
  });

  test('the valuation report shows the value and exports it as CSV', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/stock/valorisation');
    await expect(page.getByRole('heading', { name: 'Valorisation du stock' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Total' }).first()).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exporter en CSV' }).click();
    const file = await (await download).path();
    const text = fs.readFileSync(file!, 'utf8').replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/)[0]).toBe(
      'Devise;Catégorie;Quantité en stock;Quantité sans coût connu;Valeur au coût;Valeur à la vente',
    );
    expect(text).toContain(';Total;');
  });
});
