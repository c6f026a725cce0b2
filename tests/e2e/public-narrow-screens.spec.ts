// A buyer on a small phone: no public page scrolls sideways at 320 or 390 px, the order dialog
// included. The widest element is named when one overflows, so the failure says what to fix.
import { expect, test, type Page } from '@playwright/test';
import { allProducts, apiJson, islandsReady } from './public-helpers.js';

async function overflow(page: Page): Promise<{ scroll: number; viewport: number; widest: string | null }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    let widest: string | null = null;
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > viewport + 1) {
        widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(box.right)} px)`;
        break;
      }
    }
    return { scroll: document.documentElement.scrollWidth, viewport, widest };
  });
}

test('no public page scrolls sideways at 320 and 390 px', async ({ page }) => {
  const product = (await allProducts(page)).find((p) => p.stock >= 1)!;
  const articles = await apiJson<{ blogs: { data: { slug: string }[] } }>(page, '/api/article?per_page=1');
  const paths = [
    '/',
    '/about',
    '/catalogue',
    `/product/${product.id}`,
    '/blog',
    ...articles.blogs.data.map((a) => `/article/${a.slug}`),
    '/contact',
    '/mes-commandes',
    '/suivi-commande',
    '/hors-ligne',
    '/une-page-qui-n-existe-pas',
  ];
  const found: string[] = [];
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 740 });
    for (const path of paths) {
      await page.goto(path);
      await islandsReady(page);
      const seen = await overflow(page);
      if (seen.scroll > seen.viewport) found.push(`${path} at ${width} px: ${seen.scroll} px wide, ${seen.widest ?? '?'}`);
    }
    // The order dialog with its delivery fields, on the product page.
    await page.goto(`/product/${product.id}`);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Commander maintenant' }).click();
    const dialog = page.locator('[data-order-dialog]');
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByLabel(/Adresse de livraison/)).toBeVisible();
    const box = await dialog.boundingBox();
    const fields = await dialog
      .locator('textarea, input, select')
      .evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().right));
    if (!box || box.x < 0 || box.x + box.width > width || fields.some((right) => right > width))
      found.push(`order dialog at ${width} px wider than the screen`);
    await page.keyboard.press('Escape');
  }
  expect(found).toEqual([]);
});
