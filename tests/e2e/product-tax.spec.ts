// TVA in the product form: a product made exempt (0 %) needs its reason, which the server then holds and
// the product page shows; set back to 18 %, the reason goes away on the server too.
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './server.js';
import { createProduct, signIn, staffApi, toast, type StaffApi } from './dashboard-helpers.js';

test.describe('TVA of a product', () => {
  let admin: StaffApi;
  const run = Date.now().toString(36);
  const name = `Engrais NPK ${run}`;
  let productId: number;

  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
    const product = await createProduct(admin, {
      name,
      reference: `NPK-${run}`,
      stock: 20,
      price: 15000,
      description: 'Engrais agricole de test.',
    });
    productId = product.id;
    // Created without a rate: the deployment's default.
    expect(product).toMatchObject({ tax_rate_bp: 1800, tax_exemption: null });
  });
  test.afterAll(async () => {
    if (productId) await admin?.send('DELETE', `/api/product/${productId}/delete`);
    await admin?.dispose();
  });

  const onServer = async () =>
    (await admin.get(`/api/product/${productId}`)).product as { tax_rate_bp: number; tax_exemption: string | null };

  test('exempt with a reason, then back to 18 %', async ({ page }) => {
    await signIn(page);
    await page.goto(`/dashboard/produit/${productId}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier un produit' });
    const rate = dialog.getByRole('combobox', { name: 'TVA' });
    await expect(rate).toContainText('18 %');
    await expect(dialog.getByLabel("Motif d'exonération")).toHaveCount(0);

    await rate.click();
    await page.getByRole('option', { name: /Exonéré/ }).click();
    // Exempt without a reason: refused in the form, nothing saved.
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(dialog.getByText('Indiquez le motif d’exonération')).toBeVisible();
    expect(await onServer()).toMatchObject({ tax_rate_bp: 1800, tax_exemption: null });

    const reason = 'Exonéré de TVA, intrants agricoles (article 4 du CGI)';
    await dialog.getByLabel("Motif d'exonération").fill(reason);
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(toast(page, 'Produit mis à jour avec succès !')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(onServer).toEqual(expect.objectContaining({ tax_rate_bp: 0, tax_exemption: reason }));
    // The product page says so.
    await expect(page.getByTestId('product-tax')).toHaveText(`Exonéré : ${reason}`);

    // Opened again, the form shows what the server holds; back to 18 %, the reason is dropped.
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(rate).toContainText('Exonéré');
    await expect(dialog.getByLabel("Motif d'exonération")).toHaveValue(reason);
    await rate.click();
    await page.getByRole('option', { name: /^18/ }).click();
    await expect(dialog.getByLabel("Motif d'exonération")).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(onServer).toEqual(expect.objectContaining({ tax_rate_bp: 1800, tax_exemption: null }));
    await expect(page.getByTestId('product-tax')).toHaveText('18\u00a0%');
  });
});
