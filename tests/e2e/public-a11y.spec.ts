import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { allProducts, animationsSettled, apiJson, islandsReady, scrollThrough } from './public-helpers.js';

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

test.describe('accessibility', () => {
  test('axe finds no serious or critical violation on any kind of page, desktop and mobile', async ({ page }) => {
    const articles = await apiJson<{ blogs: { data: { slug: string }[] } }>(page, '/api/article?per_page=1');
    const [product] = await allProducts(page);
    const paths = [
      '/',
      '/about',
      '/contact',
      '/blog',
      '/catalogue',
      `/product/${product!.id}`,
      `/article/${articles.blogs.data[0]!.slug}`,
      '/page-inconnue',
    ];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(path);
        await scrollThrough(page);
        await animationsSettled(page);
        expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([]);
      }
    }
  });

  test('the order dialog and the error popup pass axe too', async ({ page }) => {
    const [product] = (await allProducts(page)).filter((p) => p.stock > 0);
    await page.goto(`/product/${product!.id}`);
    await islandsReady(page);
    await page.evaluate(() => localStorage.removeItem('cart'));
    await page.getByRole('button', { name: 'Commander maintenant' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await animationsSettled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Suivant' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Passer ma commande' }).click();
    await expect(page.getByText('Ce champ est requis').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('cart', '[]'));
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 200, json: { success: 'Votre message a bien été envoyé.', message: '' } }),
    );
    await page.goto('/contact');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByRole('dialog', { name: 'Message envoyé' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the shop can be used with the keyboard alone', async ({ page }) => {
    const [product] = (await allProducts(page)).filter((p) => p.stock > 0);
    await page.goto(`/product/${product!.id}`);
    await islandsReady(page);
    await page.evaluate(() => localStorage.removeItem('cart'));
    // Skip link first.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeFocused();
    const add = page.getByRole('button', { name: 'Ajouter au panier' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-cart-count]')).toHaveText('1');
    await page.locator('[data-cart-button]').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Focus is inside the dialog; Tab stays there; Escape closes it and gives focus back.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-cart-button]')).toBeFocused();
  });
});
