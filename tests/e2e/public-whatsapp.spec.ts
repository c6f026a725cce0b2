// WhatsApp: « Discuter sur WhatsApp » on the product page, in the cart and on the
// contact page, a plain wa.me link (no third-party script) with the product or the cart prefilled.
// The test server runs with COMPANY_WHATSAPP=+228 90 00 00 09 (global-setup.ts); unset, the links are
// not rendered (WhatsAppLink.astro, CartBar's prop).
import { expect, test } from '@playwright/test';
import { allProducts, islandsReady } from './public-helpers.js';

const textOf = (href: string | null) => new URL(href!).searchParams.get('text') ?? '';

test('product page, cart and contact page offer WhatsApp with the right text', async ({ page }) => {
  const product = (await allProducts(page)).find((p) => p.stock > 0)!;
  const scripts: string[] = [];
  // By origin: a blob: address (React run from the page's own text) has the page's origin.
  page.on('request', (req) => {
    if (req.resourceType() === 'script' && new URL(req.url()).origin !== new URL(page.url() || 'http://x').origin)
      scripts.push(req.url());
  });
  await page.goto(`/product/${product.id}`);
  const onProduct = page.locator('main [data-whatsapp]');
  await expect(onProduct).toHaveText('Discuter sur WhatsApp');
  const href = await onProduct.getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/22890000009\?text=/);
  expect(textOf(href)).toContain(product.name);
  expect(textOf(href)).toContain(`/product/${product.id}`);

  await islandsReady(page);
  await page.locator('[data-product-actions]').getByRole('button', { name: 'Ajouter au panier' }).click();
  await page.locator('[data-cart-button]').click();
  const inCart = page.getByRole('dialog').locator('[data-whatsapp]');
  await expect(inCart).toBeVisible();
  expect(textOf(await inCart.getAttribute('href'))).toContain(`1 × ${product.name}`);

  await page.goto('/contact');
  await expect(page.locator('main [data-whatsapp]')).toHaveAttribute('href', /^https:\/\/wa\.me\/22890000009/);
  expect(scripts).toEqual([]);
});
