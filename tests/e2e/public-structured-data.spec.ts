// SEO: /blog and its pages carry schema.org Blog and ItemList, /catalogue an ItemList
// of Products with Offers (price, currency, availability); the JSON-LD blocks are data, not scripts,
// and the pages' CSP still blocks nothing. Back with the order dialog open closes it (item 9).
import { expect, test, type Page } from '@playwright/test';
import { allProducts, islandsReady } from './public-helpers.js';

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

test('JSON-LD on /blog and /catalogue, without a CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto('/blog');
  const blog = await jsonLd(page);
  const posting = blog.find((d) => d['@type'] === 'Blog') as { blogPost: { headline: string; url: string }[] };
  expect(posting.blogPost.length).toBeGreaterThan(0);
  const firstTitle = await page.locator('[data-blog-list] article h3').first().textContent();
  // The page sets French typography (thin spaces before « : »); the data keeps the title as typed.
  const plain = (text: string) => text.replace(/\s+/gu, ' ').trim();
  expect(plain(posting.blogPost[0]!.headline)).toBe(plain(firstTitle!));
  expect(blog.some((d) => d['@type'] === 'ItemList')).toBe(true);

  await page.goto('/catalogue');
  await islandsReady(page);
  const list = (await jsonLd(page)).find((d) => d['@type'] === 'ItemList') as {
    itemListElement: { position: number; item: { '@type': string; name: string; offers: Record<string, string> } }[];
  };
  const products = await allProducts(page);
  const first = list.itemListElement[0]!;
  expect(first.position).toBe(1);
  expect(first.item['@type']).toBe('Product');
  const product = products.find((p) => p.name === first.item.name)!;
  expect(first.item.offers.price).toBe(product.price);
  expect(first.item.offers.priceCurrency).toMatch(/^[A-Z]{3}$/);
  expect(first.item.offers.availability).toBe(product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
  expect(list.itemListElement).toHaveLength(Math.min(12, products.length));
  expect(violations).toEqual([]);
});

test('Back with the order dialog open closes the dialog and stays on the page', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/catalogue');
  await islandsReady(page);
  await page.locator('[data-cart-button]').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/catalogue$/);
  // Closed by its own button, it leaves no extra step behind: Back leads to the previous page.
  await page.locator('[data-cart-button]').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Fermer/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});
