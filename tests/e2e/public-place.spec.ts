// The visitor's place lives in the address: catalogue category, sort, search and the
// number of products shown, blog page and search; Back from a product or an article, and a reload,
// come back to the same list.
import { expect, test } from '@playwright/test';
import { allProducts, apiJson, islandsReady } from './public-helpers.js';

test.describe('the visitor keeps their place', () => {
  test('catalogue: category, sort, search and "Afficher plus" survive Back and reload', async ({ page }) => {
    const products = await allProducts(page);
    const categories = await apiJson<{ categories: { id: number; designation: string }[] }>(page, '/api/categories');
    // A category with more than 12 products if there is one, so that "Afficher plus" shows.
    const counts = categories.categories
      .map((c) => ({ c, n: products.filter((p) => p.category_id === c.id).length }))
      .sort((a, b) => b.n - a.n);
    const { c: category, n } = counts[0]!;
    await page.goto('/catalogue');
    await islandsReady(page);
    const cards = page.locator('[data-product-card]');
    await page.getByLabel('Catégorie').selectOption({ label: category.designation });
    await page.getByLabel('Trier par').selectOption('Populaire');
    await expect(cards).toHaveCount(Math.min(12, n));
    if (n > 12) {
      await page.getByRole('link', { name: 'Afficher plus' }).click();
      await expect(cards).toHaveCount(Math.min(16, n));
    }
    await expect(page).toHaveURL(new RegExp(`categorie=${category.id}`));
    await expect(page).toHaveURL(/tri=Populaire/);
    const shown = await cards.count();
    const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-product-card')));

    // To a product and Back.
    // The product's own link: an exhausted card also links to a quote request.
    await cards.last().locator('a[href*="/product/"]').last().click();
    await expect(page).toHaveURL(/\/product\/\d+/);
    await page.goBack();
    await islandsReady(page);
    await expect(page.getByLabel('Catégorie')).toHaveValue(String(category.id));
    await expect(page.getByLabel('Trier par')).toHaveValue('Populaire');
    await expect(cards).toHaveCount(shown);
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-product-card')))).toEqual(ids);

    // A search is kept too, across a reload.
    const word = products.find((p) => p.category_id === category.id)!.name.split(' ')[0]!;
    await page.getByLabel('Rechercher').fill(word);
    await expect(page).toHaveURL(new RegExp(`recherche=${encodeURIComponent(word).replace(/%20/g, '\\+')}`));
    await page.reload();
    await islandsReady(page);
    await expect(page.getByLabel('Rechercher')).toHaveValue(word);
    await expect(page.getByLabel('Catégorie')).toHaveValue(String(category.id));
  });

  test('blog: the page survives Back from an article', async ({ page }) => {
    const list = await apiJson<{ blogs: { total: number } }>(page, '/api/article?per_page=9');
    expect(list.blogs.total, 'the demo data fills more than one page of articles').toBeGreaterThan(9);
    // The pager moves at once and the articles follow when the server answers: wait for page 2's first
    // article (from the server) rather than read whatever the list shows right after the click.
    const page2 = await apiJson<{ blogs: { data: { title: string }[] } }>(page, '/api/article?per_page=9&page=2');
    const title = page2.blogs.data[0]!.title;
    await page.goto('/blog');
    await islandsReady(page);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    const first = page.locator('[data-blog-list] article').first();
    await expect(first.getByRole('link').first()).toHaveText(title);
    await first.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/article\//);
    await page.goBack();
    await islandsReady(page);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[data-blog-list] article').first().getByRole('link').first()).toHaveText(title);
  });
});
