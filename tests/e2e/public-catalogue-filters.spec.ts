import { expect, test, type Page } from '@playwright/test';
import type { BrandCountsAnswer, ProductFilterAnswer, PublicProduct } from '@comptoir/api/contract';
import { createProduct, staffApi } from './dashboard-helpers.js';
import { apiJson, islandsReady, query } from './public-helpers.js';
import { E2E_ADMIN } from './server.js';

/** The amount of a card's main price ("≈ 45 720 FCFA", "68 000 FCFA") as a number. */
const amountOf = (text: string) =>
  Number(
    text
      .replace(/\(.*$/s, '')
      .replace(/[^\d,]/g, '')
      .replace(',', '.'),
  );

/** A brand with several products, and a price bound (FCFA) that keeps some of them but not all. */
async function brandAndBound(page: Page): Promise<{ brand: { id: number; name: string }; max: number; expected: number[] }> {
  const all = await apiJson<ProductFilterAnswer>(page, '/api/products/filter?tri=prix_asc&devise=XOF&limit=100');
  const byBrand = new Map<number, PublicProduct[]>();
  for (const p of all.products) byBrand.set(p.brand.id, [...(byBrand.get(p.brand.id) ?? []), p]);
  const products = [...byBrand.values()].sort((a, b) => b.length - a.length)[0]!;
  expect(products.length, 'the demo data has a brand with several products').toBeGreaterThan(2);
  const amounts = products.map((p) => Number(p.display_price!.amount));
  const max = amounts[Math.floor(amounts.length / 2)]!;
  const expected = products.filter((p) => Number(p.display_price!.amount) <= max).map((p) => p.id);
  expect(expected.length).toBeLessThan(products.length);
  return { brand: products[0]!.brand, max, expected };
}

const shownIds = (page: Page) =>
  page.locator('[data-product-card]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-product-card'))));
const shownAmounts = async (page: Page) => (await page.locator('[data-card-price]').allTextContents()).map(amountOf);

test.describe('catalogue filters with JavaScript', () => {
  test('brand, price and sort from the form: the list, its count and the address follow', async ({ page }) => {
    const { brand, max, expected } = await brandAndBound(page);
    await page.goto('/catalogue');
    await islandsReady(page);
    const form = page.getByRole('search', { name: 'Filtrer les produits' });
    await form.getByLabel(brand.name, { exact: false }).check();
    await form.getByLabel('Maximum').fill(String(max));
    await form.getByLabel('Trier par').selectOption('prix_asc');
    await expect(page.locator('[data-catalogue] [role="status"]')).toHaveText(
      `${expected.length} produit${expected.length > 1 ? 's' : ''}`,
    );
    await expect.poll(() => shownIds(page)).toEqual(expected);
    const amounts = await shownAmounts(page);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts.every((a) => a <= max)).toBe(true);
    const url = new URL(page.url());
    expect(url.searchParams.getAll('marque')).toEqual([String(brand.id)]);
    expect(url.searchParams.get('prix_max')).toBe(String(max));
    expect(url.searchParams.get('tri')).toBe('prix_asc');

    // The address alone gives the same list (a reload, a shared link), without a flash of the default one.
    await page.reload();
    await islandsReady(page);
    await expect.poll(() => shownIds(page)).toEqual(expected);
    await expect(page.getByRole('search').getByLabel('Maximum')).toHaveValue(String(max));
  });

  test('the display currency is kept from page to page, converted prices marked « ≈ » with the original', async ({ page }) => {
    await page.goto('/catalogue');
    await islandsReady(page);
    await page.getByLabel('Afficher les prix en').selectOption('EUR');
    const converted = page.locator('[data-card-price]').filter({ hasText: '≈' }).first();
    await expect(converted).toContainText('€');
    await expect(converted.locator('[data-original-price]')).toHaveText(/^\(.*(FCFA|\$)\)$/);
    await expect(page).toHaveURL(/devise=EUR/);

    const answer = await apiJson<ProductFilterAnswer>(page, '/api/products/filter?limit=100');
    const inFcfa = answer.products.find((p) => p.currency.code === 'XOF')!;
    await page.goto(`/product/${inFcfa.id}`);
    await islandsReady(page);
    await expect(page.locator('[data-display-price]')).toContainText(/^≈ [^€]+ €/);

    await page.goto('/catalogue');
    await islandsReady(page);
    await expect(page.getByLabel('Afficher les prix en')).toHaveValue('EUR');
    await expect(page).toHaveURL(/devise=EUR/);
    await expect(page.locator('[data-card-price]').filter({ hasText: '≈' }).first()).toContainText('€');
  });

  test('an exhausted product’s card offers the quote request, which reaches the server', async ({ page }) => {
    const started = Date.now();
    await page.goto('/catalogue?disponibilite=sur_commande');
    await islandsReady(page);
    const card = page.locator('[data-product-card]').first();
    await expect(card.getByText('Épuisé')).toBeVisible();
    await expect(card.getByRole('button', { name: /Ajouter au panier/ })).toHaveCount(0);
    const name = (await card.locator('h3').getAttribute('title'))!;
    await card.getByRole('link', { name: /Demander un devis/ }).click();
    await expect(page).toHaveURL(/\/contact\?/);
    await islandsReady(page);
    const form = page.locator('form').filter({ has: page.getByLabel('Objet') });
    await expect(form.getByLabel('Objet')).toHaveValue(`Demande de devis : ${name}`);
    await form.getByLabel('Nom et Prénom').fill('Afi Lawson');
    await form.getByLabel('Votre email').fill(`afi.lawson.${started}@entreprise.example`);
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByRole('dialog', { name: 'Message envoyé' })).toBeVisible();
    expect(query('SELECT object FROM contact_messages WHERE email = ?', `afi.lawson.${started}@entreprise.example`)).toEqual([
      { object: `Demande de devis : ${name}` },
    ]);
  });
});

test.describe('brand counts', () => {
  test('the brand filter counts a product the staff add and then remove, as the server does', async ({ page }) => {
    const admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
    // The brand createProduct files new products under.
    const brand = (await admin.get('/api/brands?per_page=1')).brands.data[0] as { id: number; name: string };
    const shown = (p: Page) => p.locator(`[data-brand-count="${brand.id}"]`);
    // The counts of the last publication until the visitor reaches for the filters (the island then
    // hydrates, client:touch), the server's own from then on.
    const reachFilters = (p: Page) => p.getByRole('search', { name: 'Filtrer les produits' }).getByLabel('Rechercher').focus();
    const live = async () =>
      (await apiJson<BrandCountsAnswer>(page, '/api/products/brand-counts')).brands.find((b) => b.id === brand.id)?.count ?? 0;
    const inFilter = async () =>
      (await apiJson<ProductFilterAnswer>(page, `/api/products/filter?marque=${brand.id}&limit=1`)).totalProducts;
    try {
      await page.goto('/catalogue');
      await reachFilters(page);
      await islandsReady(page);
      const before = await live();
      await expect(shown(page)).toHaveText(`(${before})`);

      const product = await createProduct(admin, {
        name: `Pompe comptée ${Date.now()}`,
        reference: `PC-${Date.now()}`,
        stock: 2,
        price: 1000,
        description: 'Pompe de test des comptes par marque.',
      });
      expect(query('SELECT brand_id FROM products WHERE id = ?', product.id)).toEqual([{ brand_id: brand.id }]);
      await expect.poll(live).toBe(before + 1);
      expect(await inFilter()).toBe(before + 1);
      await page.reload();
      await reachFilters(page);
      await islandsReady(page);
      await expect(shown(page)).toHaveText(`(${before + 1})`);

      expect((await admin.send('DELETE', `/api/product/${product.id}/delete`)).status).toBe(200);
      await expect.poll(live).toBe(before);
      await page.reload();
      await reachFilters(page);
      await islandsReady(page);
      await expect(shown(page)).toHaveText(`(${before})`);
    } finally {
      await admin.dispose();
    }
  });
});

test.describe('catalogue filters without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the GET form filters by brand and price and sorts, the page rendered by the server', async ({ page }) => {
    const { brand, max, expected } = await brandAndBound(page);
    await page.goto('/catalogue');
    const form = page.getByRole('search', { name: 'Filtrer les produits' });
    await form.getByLabel(brand.name, { exact: false }).check();
    await form.getByLabel('Maximum').fill(String(max));
    await form.getByLabel('Trier par').selectOption('prix_asc');
    await form.getByRole('button', { name: 'Appliquer les filtres' }).click();
    await expect(page).toHaveURL(/\/api\/catalogue\?/);
    await expect(page.locator('[data-catalogue] [role="status"]')).toHaveText(
      `${expected.length} produit${expected.length > 1 ? 's' : ''}`,
    );
    expect(await shownIds(page)).toEqual(expected);
    const amounts = await shownAmounts(page);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    // The form shows what was asked, ready for the next change.
    await expect(form.getByLabel(brand.name, { exact: false })).toBeChecked();
    await expect(form.getByLabel('Maximum')).toHaveValue(String(max));
    await expect(form.getByLabel('Trier par')).toHaveValue('prix_asc');
    await expect(page.getByRole('heading', { name: 'Boutique', level: 1 })).toBeVisible();

    // A nonsense bound is refused in French, never an error page.
    await form.getByLabel('Maximum').fill('beaucoup');
    await form.getByRole('button', { name: 'Appliquer les filtres' }).click();
    await expect(page.getByRole('alert')).toContainText('Le prix maximum doit être un montant positif');
  });
});
