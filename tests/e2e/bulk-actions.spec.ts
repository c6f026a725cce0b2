// Bulk actions on the products list: rows chosen across pages (« all the results » of a search),
// a price change with its summary and « Annuler », checked on the server each time; and a row
// refused (deleted meanwhile) reported by name in the summary.
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './server.js';
import { createProduct, signIn, staffApi, toast, type StaffApi } from './dashboard-helpers.js';

test.describe('bulk actions', () => {
  let admin: StaffApi;
  const unique = `Lot${Date.now().toString(36)}`;
  const prices = new Map<number, number>();

  const serverPrices = async () => {
    const answer = await admin.get(`/api/product?search=${unique}&per_page=100`);
    return new Map<number, string>(answer.products.data.map((p: { id: number; price: string }) => [p.id, p.price]));
  };

  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
    // 10 products: more than one page of the list (8).
    for (let i = 0; i < 10; i++) {
      const price = 1000 + i * 111;
      const product = await createProduct(admin, {
        name: `${unique} groupe ${i}`,
        reference: `${unique}-${i}`,
        stock: 5,
        price,
        description: 'Produit du test des actions groupées.',
      });
      prices.set(product.id, price);
    }
  });
  test.afterAll(async () => {
    await admin?.dispose();
  });

  test('all the results of a search get a 10 % price rise, then « Annuler » puts every price back', async ({ page }) => {
    await signIn(page);
    await page.goto(`/dashboard/produits?search=${unique}`);
    const table = page.getByRole('table', { name: 'Liste des produits' });
    await expect(table.locator('tbody tr')).toHaveCount(8);

    await page.getByRole('checkbox', { name: 'Sélectionner les lignes de la page' }).check();
    await expect(page.getByText('Les 8 lignes de la page sont sélectionnées.')).toBeVisible();
    await page.getByRole('button', { name: 'Sélectionner les 10 résultats ?' }).click();
    await expect(page.getByText('Les 10 résultats sont sélectionnés.')).toBeVisible();
    const toolbar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await expect(toolbar).toContainText('10 produits sélectionnés');

    await toolbar.getByRole('button', { name: 'Changer les prix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer les prix de 10 produits' });
    await dialog.getByLabel(/^Pourcentage/).fill('10');
    await dialog.getByRole('button', { name: 'Appliquer' }).click();
    const notice = toast(page, '10 modifiés');
    await expect(notice).toBeVisible();

    const raised = await serverPrices();
    for (const [id, price] of prices) expect(raised.get(id)).toBe(`${Math.round(price * 1.1)}.00`);
    await expect(toolbar).toHaveCount(0);

    await notice.getByRole('button', { name: 'Annuler' }).click();
    await expect(toast(page, 'Action annulée : 10 rétablis')).toBeVisible();
    const restored = await serverPrices();
    for (const [id, price] of prices) expect(restored.get(id)).toBe(`${price}.00`);
  });

  test('a product deleted by someone else meanwhile is named in the summary as refused', async ({ page }) => {
    await signIn(page);
    await page.goto(`/dashboard/produits?search=${unique}&sort=name&dir=asc`);
    const table = page.getByRole('table', { name: 'Liste des produits' });
    await expect(table.locator('tbody tr')).toHaveCount(8);
    await page.getByRole('checkbox', { name: `Sélectionner ${unique} groupe 0` }).check();
    await page.getByRole('checkbox', { name: `Sélectionner ${unique} groupe 1` }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await expect(toolbar).toContainText('2 produits sélectionnés');

    const [gone] = [...prices.keys()];
    expect((await admin.send('DELETE', `/api/product/${gone}/delete`)).status).toBe(200);

    await toolbar.getByRole('button', { name: 'Populaires', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ajouter' }).click();
    const notice = toast(page, '1 modifié, 1 refusé');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`n° ${gone} : Introuvable : supprimé entre-temps.`);
    const answer = await admin.get(`/api/product?search=${unique} groupe 1&per_page=100`);
    expect(answer.products.data[0].in_spotlight).toBe(true);
  });
});
