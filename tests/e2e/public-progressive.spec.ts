// Progressive enhancement: every public page shows all its content with JavaScript
// off, or with its scripts failing; animations only add motion; the product page shows the stock of
// the last build when its island has not loaded.
import { expect, test, type Page } from '@playwright/test';
import { allProducts } from './public-helpers.js';

/** Every `.reveal` section is painted (not transparent) once scrolled to. */
async function expectAllSectionsShown(page: Page) {
  const sections = page.locator('.reveal');
  const count = await sections.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const section = sections.nth(i);
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => section.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  }
}

test.describe('content without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ['/', '/about']) {
    test(`${path}: every section is visible with JavaScript off`, async ({ page }) => {
      await page.goto(path);
      await expectAllSectionsShown(page);
    });
  }

  test('the product page shows the stock of the last build and its actions', async ({ page, request }) => {
    const body = (await (await request.get('/api/product?per_page=100')).json()) as { products: { data: { id: number }[] } };
    await page.goto(`/product/${body.products.data[0]!.id}`);
    await expect(page.locator('[data-product-actions] [data-stock]')).toBeVisible();
  });
});

test.describe('content with failing scripts', () => {
  test('home and about stay whole when every script fails to load', async ({ page }) => {
    await page.route(/\.(m?js)(\?.*)?$/, (route) => route.abort());
    for (const path of ['/', '/about']) {
      await page.goto(path);
      await expectAllSectionsShown(page);
    }
  });

  test('with scripts working, sections below the screen are revealed as they come into view', async ({ page }) => {
    await page.goto('/about');
    await expectAllSectionsShown(page);
    // Product list still works normally with scripts.
    expect((await allProducts(page)).length).toBeGreaterThan(0);
  });
});
