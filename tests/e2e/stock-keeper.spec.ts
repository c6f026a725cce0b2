// The stock keeper's day: a delivery of 40 units recorded as a stock entry raises the product's stock,
// a broken unit is taken out with « Ajuster le stock » (reason « Casse ») and shows in the movement
// history, and an inventory count's difference is reviewed, then applied. Each step is checked on the
// screen and on the server.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './server.js';
import { SMALL_PNG, signIn, staffApi, type StaffApi } from './dashboard-helpers.js';

test.describe.configure({ mode: 'serial' });

async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page does not scroll sideways (tables scroll inside their own frame). */
async function fitsTheScreen(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe('the stock keeper', () => {
  let admin: StaffApi;
  const run = Date.now().toString(36);
  const name = `Pompe immergée ${run}`;
  let productId: number;

  const stockOnServer = async () => (await admin.get(`/api/product/${productId}`)).product.stock as number;
  const latestMovement = async () =>
    (await admin.get(`/api/stock/products/${productId}/movements?page=1&per_page=1`)).movements.data[0] as {
      kind: string;
      available_delta: number;
      reason: string | null;
      comment: string | null;
    };

  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
    const brand = (await admin.get('/api/brands?per_page=1')).brands.data[0];
    const category = (await admin.get('/api/categories')).categories[0];
    const currency = (await admin.get('/api/currencies')).currencies[0];
    const saved = await admin.send('POST', '/api/product/create', {
      multipart: {
        name,
        reference: `PI-${run}`,
        stock: '5',
        price: '250000',
        brand_id: String(brand.id),
        category_id: String(category.id),
        currency_id: String(currency.id),
        description: 'Pompe de test.',
        'images[0]': { name: 'image.png', mimeType: 'image/png', buffer: SMALL_PNG },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    productId = saved.body.product.id;
  });
  test.afterAll(async () => {
    await admin?.dispose();
  });

  test('a stock entry naming the product adds its 40 units to the product’s stock', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/stock/entrees');
    await page.getByRole('button', { name: 'Ajouter une entrée' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox', { name: 'Produit du catalogue' }).fill(name);
    await dialog.getByRole('button', { name: new RegExp(name) }).click();
    await expect(dialog.getByTestId('picked-product')).toContainText(name);
    await expect(dialog.getByText('La quantité sera ajoutée au stock du produit.')).toBeVisible();
    await expect(dialog.getByLabel('Nom du produit')).toHaveValue(name);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'pompe.png', mimeType: 'image/png', buffer: SMALL_PNG });
    await dialog.getByLabel("Prix d'achat").fill('180');
    await dialog.getByLabel('Quantité').fill('40');
    await dialog.getByLabel('Date de fabrication').fill('2026-01-10');
    await dialog.getByLabel("Date d'expiration").fill('2030-01-10');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect.poll(stockOnServer).toBe(45);
    await page.goto(`/dashboard/stock/entrees?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('table', { name: 'Liste des entrées de stock' }).getByRole('link', { name })).toBeVisible();

    await page.goto(`/dashboard/produit/${productId}`);
    await expect(page.getByTestId('stock-available')).toHaveText('45');
    await expect(page.getByTestId('stock-on-hand')).toHaveText('45');
    const lots = page.getByRole('table', { name: 'Lots du produit' });
    await expect(lots.getByRole('row', { name: new RegExp(`${name}.*40`) })).toBeVisible();
    const history = page.getByRole('table', { name: 'Historique des mouvements' });
    await expect(history.getByRole('row').nth(1)).toContainText('Réception');
    await expect(history.getByRole('row').nth(1)).toContainText('+40');
    expect(await seriousFindings(page)).toEqual([]);
  });

  test('« Ajuster le stock » takes out 2 broken units, with the reason in the history', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto(`/dashboard/produit/${productId}`);
    const open = page.getByRole('button', { name: 'Ajuster le stock' });
    await expect(page.getByTestId('stock-available')).toHaveText('45');
    await fitsTheScreen(page);
    await open.click();
    const dialog = page.getByRole('dialog', { name: /Ajuster le stock/ });
    await dialog.getByText('Retirer', { exact: true }).click();
    await dialog.getByLabel('Quantité').fill('2');
    await expect(dialog.getByTestId('stock-after')).toContainText('43');
    await dialog.getByRole('button', { name: 'Ajuster', exact: true }).click();
    await expect(dialog.getByText('Le motif est requis.')).toBeVisible();
    await expect(dialog.getByText('Le commentaire est requis.')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Motif' }).click();
    await page.getByRole('option', { name: 'Casse' }).click();
    await dialog.getByLabel('Commentaire').fill('Carton tombé du chariot');
    expect(await seriousFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Ajuster', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await expect(page.getByTestId('stock-available')).toHaveText('43');
    const first = page.getByRole('table', { name: 'Historique des mouvements' }).getByRole('row').nth(1);
    await expect(first).toContainText('Ajustement');
    await expect(first).toContainText('−2');
    await expect(first).toContainText('Casse');
    await expect(first).toContainText('Carton tombé du chariot');
    expect(await stockOnServer()).toBe(43);
    expect(await latestMovement()).toMatchObject({ kind: 'adjustment', available_delta: -2, reason: 'casse' });
  });

  test('an inventory count shows the difference before it is applied, then sets the stock to the count', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto(`/dashboard/stock/inventaire?search=${encodeURIComponent(name)}`);
    const counted = page.getByLabel(`Quantité comptée — ${name}`);
    await counted.fill('40');
    await expect(page.getByTestId('counted-total')).toHaveText('1 produit compté');
    // A reload keeps what was typed.
    await page.reload();
    await expect(counted).toHaveValue('40');
    await page.getByRole('button', { name: 'Vérifier les écarts' }).click();
    await expect(page).toHaveURL(/[?&]etape=ecarts/);
    const review = page.getByRole('table', { name: 'Écarts d’inventaire' });
    const line = review.getByRole('row', { name: new RegExp(name) });
    await expect(line.getByRole('cell').nth(1)).toHaveText('43');
    await expect(line.getByRole('cell').nth(2)).toHaveText('40');
    await expect(line.getByRole('cell').nth(3)).toHaveText('−3');
    await fitsTheScreen(page);
    expect(await stockOnServer()).toBe(43);
    expect(await seriousFindings(page)).toEqual([]);

    await page.getByLabel('Commentaire (facultatif)').fill('Inventaire de fin de mois');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByText('Inventaire appliqué.')).toBeVisible();
    await expect(page).not.toHaveURL(/etape=ecarts/);
    await expect(counted).toHaveValue('');
    await expect.poll(stockOnServer).toBe(40);
    expect(await latestMovement()).toMatchObject({ kind: 'count', available_delta: -3 });
  });
});
