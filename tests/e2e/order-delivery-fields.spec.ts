import { expect, test } from '@playwright/test';
import { allProducts, fillOrderForm, holdScripts, islandsReady, orderClient, query } from './public-helpers.js';

const MISSING_ADDRESS = 'Indiquez l’adresse de livraison : ce mode de livraison l’exige.';

test('a delivery request without an address is refused under the field, then sent with address and reference', async ({
  page,
}) => {
  const product = (await allProducts(page)).filter((p) => p.stock >= 2).sort((a, b) => b.stock - a.stock)[0]!;
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/order/create')) posted += 1;
  });
  await page.goto(`/product/${product.id}`);
  await islandsReady(page);
  await page.evaluate(() => localStorage.removeItem('cart'));
  await page.reload();
  await islandsReady(page);
  await page.getByRole('button', { name: 'Commander maintenant' }).click();
  const dialog = page.locator('[data-order-dialog]');
  await expect(dialog.locator('[data-cart-item]')).toHaveCount(1);
  const address = dialog.getByLabel(/Adresse de livraison/);
  const email = `achats.${Date.now()}@livraison-lome.example`;
  await fillOrderForm(dialog, {
    terms: { payment: 'Virement bancaire', conditions: 'Comptant', delivery: 'Mer', credit: 'Aucun', address: '' },
    // The reference and the note are optional, and said so.
    afterTerms: async () => {
      await expect(dialog.locator('label', { hasText: 'Votre référence (bon de commande)' })).toContainText('(facultatif)');
      await expect(dialog.locator('label', { hasText: /^Note/ })).toContainText('(facultatif)');
    },
    client: orderClient('Transit du Golfe', email, 'Edem Agbeko', '61 00 00'),
  });
  await dialog.getByRole('button', { name: 'Passer ma commande' }).click();

  // Back on « Paiement et livraison », the message under the address, which has the focus; nothing sent.
  await expect(dialog.getByRole('heading', { name: 'Paiement et livraison' })).toBeVisible();
  await expect(address).toHaveAccessibleDescription(MISSING_ADDRESS);
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toBeFocused();
  expect(posted).toBe(0);

  await address.fill('Zone portuaire, magasin 12\nLomé');
  await expect(dialog.getByText(MISSING_ADDRESS)).toBeHidden();
  await dialog.getByLabel(/Votre référence/).fill('BC-2026-0457');
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  const answer = page.waitForResponse('**/api/order/create');
  await dialog.getByRole('button', { name: 'Passer ma commande' }).click();
  const body = (await (await answer).json()) as { order: { order_num: string } };
  await expect(page.getByRole('dialog', { name: 'Commande passée avec succès !' })).toContainText(body.order.order_num);
  expect(posted).toBe(1);

  const [order] = query<{ delivery_method: string; delivery_address: string; client_reference: string; note: string | null }>(
    'SELECT delivery_method, delivery_address, client_reference, note FROM orders WHERE order_num = ?',
    body.order.order_num,
  );
  expect(order).toEqual({
    delivery_method: 'Mer',
    delivery_address: 'Zone portuaire, magasin 12\nLomé',
    client_reference: 'BC-2026-0457',
    note: null,
  });
});

test('before the islands hydrate, the cart button shows no wrong "0" for a visitor with a cart; the header has the count', async ({
  page,
}) => {
  const product = (await allProducts(page)).filter((p) => p.stock >= 1)[0]!;
  await page.goto(`/product/${product.id}`);
  await islandsReady(page);
  await page.evaluate(() => localStorage.removeItem('cart'));
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  // The page's scripts held back as on a slow network: only the inline ones run.
  const scripts = await holdScripts(page);
  await page.goto('/catalogue', { waitUntil: 'commit' });
  await expect(page.locator('[data-header-cart-count]')).toHaveText('1');
  await expect.poll(() => scripts.held()).toBeGreaterThan(0);
  await expect(page.locator('[data-cart-button]')).toBeVisible();
  await expect(page.locator('[data-cart-count]')).toBeHidden();
  scripts.release();
  await islandsReady(page);
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  await expect(page.locator('[data-cart-count]')).toBeVisible();
});
