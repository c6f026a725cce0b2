// No lost taps: on a slow connection the islands hydrate long after the page shows.
// Taps on "Ajouter au panier" and "Commander maintenant" made before are recorded at once, exactly
// once; the pagers are links to pre-rendered pages that work without JavaScript; the product page's
// stock badge is in the HTML without a spinner that never stops.
import { expect, test, type Page } from '@playwright/test';
import { allProducts, apiJson, holdScripts, islandsReady } from './public-helpers.js';

const cartOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; quantity: number }[]);

async function productInStock(page: Page) {
  const product = (await allProducts(page)).find((p) => p.stock >= 3);
  expect(product, 'a product with stock').toBeTruthy();
  return product!;
}

test.describe('taps before the islands hydrate', () => {
  test('"Ajouter au panier" on a product page puts the product in the cart exactly once', async ({ page }) => {
    const product = await productInStock(page);
    const scripts = await holdScripts(page);
    await page.goto(`/product/${product.id}`, { waitUntil: 'commit' });
    const actions = page.locator('[data-product-actions]');
    const add = actions.getByRole('button', { name: 'Ajouter au panier' });
    await expect(add).toBeVisible();
    // The islands are still waiting for their code.
    await expect.poll(() => scripts.held()).toBeGreaterThan(0);
    await expect(page.locator('astro-island[ssr]').first()).toBeAttached();
    // Without a spinner: the stock of the last build shows.
    await expect(actions.locator('[data-stock]')).toBeVisible();
    await expect(actions.getByRole('status')).toHaveCount(0);

    await add.click();
    await expect(page.getByRole('status').filter({ hasText: 'Produit bien ajouté au panier' })).toBeVisible();
    expect(await cartOf(page)).toEqual([expect.objectContaining({ id: product.id, quantity: 1 })]);
    await expect(page.locator('[data-header-cart-count]')).toHaveText('1');

    scripts.release();
    await islandsReady(page);
    // Hydrated: still one product, once, and the cart island shows it.
    expect(await cartOf(page)).toEqual([expect.objectContaining({ id: product.id, quantity: 1 })]);
    await expect(page.locator('[data-cart-count]')).toHaveText('1');
    await page.locator('[data-cart-button]').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // One line (its quantity field is named after the product), not two.
    await expect(dialog.getByRole('spinbutton', { name: `Quantité de ${product.name}` })).toHaveCount(1);
  });

  test('"Commander maintenant" before hydration opens the order dialog once the page is ready', async ({ page }) => {
    const product = await productInStock(page);
    const scripts = await holdScripts(page);
    await page.goto(`/product/${product.id}`, { waitUntil: 'commit' });
    const order = page.locator('[data-product-actions]').getByRole('button', { name: 'Commander maintenant' });
    await expect(order).toBeVisible();
    await expect(page.locator('astro-island[ssr]').first()).toBeAttached();
    await order.click();
    expect(await cartOf(page)).toEqual([expect.objectContaining({ id: product.id, quantity: 1 })]);
    scripts.release();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await cartOf(page)).toHaveLength(1);
  });

  test('a catalogue card tapped before hydration, then again after: one product in the cart', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/catalogue', { waitUntil: 'commit' });
    const card = page
      .locator('[data-product-card]')
      .filter({ has: page.locator('[data-stock]:not([data-stock="0"])') })
      .first();
    await expect(card).toBeVisible();
    const id = Number(await card.getAttribute('data-product-card'));
    await card.getByRole('button', { name: /Ajouter au panier/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Produit bien ajouté au panier' })).toBeVisible();
    scripts.release();
    await islandsReady(page);
    await card.getByRole('button', { name: /Ajouter au panier/ }).click();
    await expect(page.getByText('Le produit existe déjà dans le panier')).toBeVisible();
    expect(await cartOf(page)).toEqual([expect.objectContaining({ id, quantity: 1 })]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // The pages are the published site while other tests keep adding products and articles, so each
  // page 2 is compared with the page 1 of the same publication (read just before following the link),
  // never with the live API; a publish landing between the two reads is retried.
  test('the blog pager and "Afficher plus" are links to pre-rendered pages', async ({ page }) => {
    const articles = await apiJson<{ blogs: { total: number } }>(page, '/api/article?per_page=9&page=1');
    const products = await apiJson<{ products: { total: number } }>(page, '/api/product?per_page=12&page=1');
    const articleLinks = () =>
      page
        .locator('[data-blog-list] article a[href^="/article/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const cardIds = () =>
      page.locator('[data-product-card]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-product-card')));
    if (articles.blogs.total > 9) {
      await expect(async () => {
        await page.goto('/blog');
        const first = await articleLinks();
        await page.getByRole('navigation', { name: 'Pagination des articles' }).getByRole('link', { name: 'Page 2' }).click();
        await expect(page).toHaveURL(/\/blog\/page\/2$/);
        await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
        const second = await articleLinks();
        expect(first).toHaveLength(9);
        expect(second.length).toBeGreaterThan(0);
        expect(second.filter((title) => first.includes(title))).toEqual([]);
      }).toPass();
    }
    if (products.products.total > 12) {
      await expect(async () => {
        await page.goto('/catalogue');
        const first = await cardIds();
        await page.getByRole('link', { name: 'Afficher plus' }).click();
        await expect(page).toHaveURL(/\/catalogue\/page\/2$/);
        const second = await cardIds();
        expect(first).toHaveLength(12);
        expect(second.length).toBeGreaterThan(0);
        expect(second.filter((id) => first.includes(id))).toEqual([]);
      }).toPass();
    }
  });
});
