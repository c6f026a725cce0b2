// The catalogue's islands hydrate when the visitor reaches for them (`client:touch`,
// site/src/directives/touch.ts): a visitor who only reads the list pays no hydration on a busy phone,
// one who uses the filters or the cart bar gets them working, with what they did before React answered
// (held scripts stand for a slow link).
import { expect, test, type Page } from '@playwright/test';
import type { ProductFilterAnswer } from '@comptoir/api/contract';
import { apiJson, holdScripts, islandsReady } from './public-helpers.js';

const island = (page: Page, name: string) => page.locator(`astro-island[component-export="${name}"]`);
const shownIds = (page: Page) =>
  page.locator('[data-product-card]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-product-card'))));

test.describe('catalogue islands hydrated when reached for', () => {
  test('nothing hydrates while the visitor reads; the first press on the bar hydrates it and opens the order', async ({
    page,
  }) => {
    await page.goto('/catalogue');
    await page.waitForLoadState('networkidle');
    await islandsReady(page);
    await expect(island(page, 'Catalogue')).toHaveAttribute('ssr', '');
    await expect(island(page, 'CartBar')).toHaveAttribute('ssr', '');

    await page.getByRole('button', { name: /Passer commande/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(island(page, 'CartBar')).not.toHaveAttribute('ssr');
    await expect(island(page, 'Catalogue')).toHaveAttribute('ssr', '');
  });

  test('what the visitor typed and chose before React answered is the list asked for once it does', async ({ page }) => {
    const all = await apiJson<ProductFilterAnswer>(page, '/api/products/filter?limit=100');
    const name = all.products[0]!.name;
    const term = name.split(/\s+/).find((word) => word.length >= 4) ?? name.slice(0, 4);
    const expected = await apiJson<ProductFilterAnswer>(
      page,
      `/api/products/filter?search=${encodeURIComponent(term)}&tri=prix_asc&limit=12`,
    );
    const scripts = await holdScripts(page);
    await page.goto('/catalogue', { waitUntil: 'commit' });
    const form = page.getByRole('search', { name: 'Filtrer les produits' });
    await form.getByLabel('Rechercher').fill(term);
    await form.getByLabel('Trier par').selectOption('prix_asc');
    await expect.poll(() => scripts.held()).toBeGreaterThan(0);
    await expect(island(page, 'Catalogue')).toHaveAttribute('data-touched', '');
    await expect(island(page, 'Catalogue')).toHaveAttribute('ssr', '');

    scripts.release();
    await expect(island(page, 'Catalogue')).not.toHaveAttribute('ssr');
    expect(expected.totalProducts, 'the search narrows the list').toBeLessThan(all.totalProducts);
    await expect.poll(() => shownIds(page)).toEqual(expected.products.map((p) => p.id));
    await expect.poll(() => new URL(page.url()).searchParams.get('recherche')).toBe(term);
    expect(new URL(page.url()).searchParams.get('tri')).toBe('prix_asc');
    await expect(form.getByLabel('Rechercher')).toHaveValue(term);
  });

  test('at once when the page must show what its HTML cannot: filters in the address, a cart kept here', async ({ page }) => {
    const all = await apiJson<ProductFilterAnswer>(page, '/api/products/filter?limit=100');
    const product = all.products.find((p) => p.stock > 0)!;
    await page.goto('/catalogue');
    await page.evaluate(
      (p) =>
        localStorage.setItem(
          'cart',
          JSON.stringify([
            { id: p.id, name: p.name, price: '1000', stock: p.stock, image: null, currency: { symbol: 'FCFA' }, quantity: 1 },
          ]),
        ),
      product,
    );
    await page.reload();
    await expect(island(page, 'CartBar')).not.toHaveAttribute('ssr');
    await expect(page.locator('[data-cart-count]')).toHaveText('1');
    await expect(island(page, 'Catalogue')).toHaveAttribute('ssr', '');

    await page.goto('/catalogue?tri=prix_asc');
    await expect(island(page, 'Catalogue')).not.toHaveAttribute('ssr');
    await expect(page.getByRole('search').getByLabel('Trier par')).toHaveValue('prix_asc');
  });
});
