// True prices: the cart keeps the price it had when the product was added; when it
// opens it reads the catalogue again, shows each changed price and asks the visitor to accept it
// before the request can go on (the server refuses a request whose prices changed: jest
// order-request-guarantees.e2e-spec.ts).
import { expect, test } from '@playwright/test';
import { allProducts, islandsReady } from './public-helpers.js';

test('a price changed since the product was added is shown and must be accepted', async ({ page }) => {
  const product = (await allProducts(page)).find((p) => p.stock > 0 && p.currency.symbol === 'FCFA' && Number(p.price) > 1000)!;
  expect(product, 'a product in FCFA with stock').toBeTruthy();
  const seen = String(Number(product.price) - 1000);
  await page.goto('/catalogue');
  // The cart as a visitor left it when the price was lower.
  await page.evaluate(
    ([id, name, price, stock]) =>
      localStorage.setItem(
        'cart',
        JSON.stringify([{ id, name, price, stock, image: null, currency: { symbol: 'FCFA', name: 'Fcfa' }, quantity: 1 }]),
      ),
    [product.id, product.name, seen, product.stock] as const,
  );
  await page.reload();
  await islandsReady(page);
  await page.locator('[data-cart-button]').click();
  const dialog = page.getByRole('dialog');
  const notice = dialog.locator('[data-cart-issue="price"]');
  await expect(notice).toContainText(`Le prix de ${product.name} est passé de`);
  await expect(notice).toContainText(/FCFA à .*FCFA/);
  // Going on is refused until the new price is accepted.
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Certains articles');
  await notice.getByRole('button', { name: 'J’accepte le nouveau prix' }).click();
  await expect(notice).toHaveCount(0);
  const cart = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cart') ?? '[]') as { price: string; previousPrice?: string }[],
  );
  expect(Number(cart[0]!.price)).toBe(Number(product.price));
  expect(cart[0]!.previousPrice).toBeUndefined();
});
