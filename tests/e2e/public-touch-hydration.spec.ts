// The catalogue's, the product's and the blog's islands hydrate when the visitor reaches for them
// (`client:touch`, site/src/directives/touch.ts), and React itself runs only when an island first needs
// it (site/integrations/inline-framework.mjs): a visitor who only reads pays neither on a busy phone, one
// who uses the filters, the gallery, the search or the cart bar gets them working, with what they did
// before React answered (held scripts stand for a slow link).
import { expect, test, type Page } from '@playwright/test';
import type { ArticleListAnswer, ProductFilterAnswer } from '@comptoir/api/contract';
import { allProducts, apiJson, holdScripts, islandsReady } from './public-helpers.js';

const island = (page: Page, name: string) => page.locator(`astro-island[component-export="${name}"]`);
/** Whether React has been run on this page: its copy started from its text or its file, or its names there. */
const reactRun = (page: Page) =>
  page.evaluate(() => document.querySelector('script[data-framework][src]') !== null || '__comptoirFramework' in globalThis);
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

test.describe('on a phone, the product page and the blog read without React', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('nothing hydrates and React is not run while the visitor reads; a thumbnail pressed first shows its image', async ({
    page,
  }) => {
    const product = (await allProducts(page)).find((p) => p.images.length > 1);
    expect(product, 'the demo data has a product with several images').toBeTruthy();
    await page.goto(`/product/${product!.id}`);
    await page.waitForLoadState('networkidle');
    await islandsReady(page);
    await expect(island(page, 'ProductGallery')).toHaveAttribute('ssr', '');
    await expect(island(page, 'CartBar')).toHaveAttribute('ssr', '');
    // The product's buttons are below the gallery on a phone: hydrated when scrolled to.
    await expect(island(page, 'ProductActions')).toHaveAttribute('ssr', '');
    expect(await reactRun(page), 'React run for a visitor who only reads').toBe(false);

    const main = page.locator('[data-main-image]');
    const first = await main.getAttribute('src');
    await page.getByRole('button', { name: `Afficher l’image 2 sur ${product!.images.length}` }).click();
    await expect(main).not.toHaveAttribute('src', first!);
    await expect(page.getByRole('button', { name: /Afficher l’image 2/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(island(page, 'ProductGallery')).not.toHaveAttribute('ssr');
    expect(await reactRun(page)).toBe(true);
  });

  test('the blog: a search typed before React answered is the list asked for once it does', async ({ page }) => {
    const all = await apiJson<ArticleListAnswer>(page, '/api/article?per_page=100');
    const word = all.blogs.data.flatMap((a) => a.title.split(/[\s’',:;!?.]+/)).find((w) => /^[a-z]{6,}$/i.test(w))!;
    const expected = await apiJson<ArticleListAnswer>(page, `/api/article?per_page=9&search=${encodeURIComponent(word)}`);
    expect(expected.blogs.total, 'the search narrows the list').toBeLessThan(all.blogs.total);

    // The blog's page imports its island as its module's default export.
    const blogList = page.locator('astro-island[component-url*="/BlogList."]');
    await page.goto('/blog');
    await page.waitForLoadState('networkidle');
    await islandsReady(page);
    await expect(blogList).toHaveAttribute('ssr', '');
    expect(await reactRun(page), 'React run for a visitor who only reads').toBe(false);

    const scripts = await holdScripts(page);
    await page.goto('/blog', { waitUntil: 'commit' });
    await page.getByLabel('Rechercher un article').fill(word);
    await expect.poll(() => scripts.held()).toBeGreaterThan(0);
    await expect(blogList).toHaveAttribute('data-touched', '');
    scripts.release();
    await expect(blogList).not.toHaveAttribute('ssr');
    // The cards' titles get French typography (a narrow no-break space before « : »).
    const words = (text: string) => text.split(/[\s\u00a0\u202f]+/).join(' ');
    const titles = page.locator('[data-blog-list] article h3');
    await expect
      .poll(async () => (await titles.allTextContents()).map(words))
      .toEqual(expected.blogs.data.map((a) => words(a.title)));
    await expect(page.getByLabel('Rechercher un article')).toHaveValue(word);
  });
});
