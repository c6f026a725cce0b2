// Offline (docs/visitor-on-a-slow-network.md): the service worker keeps the pages a visitor saw and
// the release's shell; a page never visited shows the offline page; an order request sent offline
// waits in the outbox (IndexedDB, with its Idempotency-Key) and is sent exactly once when the
// connection returns, with the usual confirmation and the cart emptied.
import { expect, test, type Page } from '@playwright/test';
import { allProducts, fillOrderForm, islandsReady, orderClient, query } from './public-helpers.js';

test.use({ serviceWorkers: 'allow' });

const cartOf = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number }[]);

/** The home page installs the worker, which then controls the page (and the next ones). */
async function installWorker(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Offline, on the product's page: adds it to the cart and sends the order; it waits in the outbox. */
async function orderOffline(page: Page, productId: number, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartOf(page)).toEqual([expect.objectContaining({ id: productId })]);
  await page.locator('[data-cart-button]').click();
  const dialog = page.locator('[data-order-dialog]');
  await expect(dialog).toBeVisible();
  await fillOrderForm(dialog, {
    terms: { payment: 'Virement bancaire', conditions: 'Comptant', delivery: 'Route', credit: 'Aucun' },
    client: orderClient('Comptoir du Plateau', email, 'Ama Koffi', '44 55 66'),
  });
  await dialog.getByRole('button', { name: 'Passer ma commande' }).click();
  const queued = page.getByRole('dialog', { name: 'En attente d’envoi' });
  await expect(queued).toContainText('votre demande partira dès le retour de la connexion');
  await queued.getByRole('button', { name: 'OK' }).click();
}

test('visited pages open offline, an order waits in the outbox and is sent once back online', async ({ page, context }) => {
  const product = (await allProducts(page)).find((p) => p.stock > 2 && p.currency.name)!;
  expect(product, 'a product with stock').toBeTruthy();
  const email = `achats-${Date.now()}@hors-ligne.example`;

  // Online: the home page installs the worker, which then controls the pages visited.
  await installWorker(page);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(product.name);
  await page.goto('/catalogue');
  await islandsReady(page);

  await context.setOffline(true);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(product.name);
  await page.goto('/catalogue');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Vous êtes hors ligne');
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();

  // The cart and the order dialog work offline; the request waits in the outbox.
  await page.goto(`/product/${product.id}`);
  await islandsReady(page);
  await orderOffline(page, product.id, email);
  const indicator = page.locator('[data-outbox-indicator]');
  await expect(indicator).toHaveText(/En attente d’envoi/);
  expect(query('SELECT id FROM orders WHERE company_email = ?', email)).toHaveLength(0);
  expect(await cartOf(page)).toHaveLength(1);

  // Back online: sent once, the usual confirmation, the cart emptied.
  await context.setOffline(false);
  const success = page.getByRole('dialog', { name: 'Commande passée avec succès !' });
  await expect(success).toBeVisible();
  await expect.poll(() => query('SELECT order_num FROM orders WHERE company_email = ?', email)).toHaveLength(1);
  const [order] = query<{ order_num: string }>('SELECT order_num FROM orders WHERE company_email = ?', email);
  await expect(success).toContainText(order!.order_num);
  await expect(indicator).toBeHidden();
  expect(await cartOf(page)).toEqual([]);

  // Another load (which sends whatever waits) makes no second order.
  await page.reload();
  await islandsReady(page);
  await expect(indicator).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('comptoir:outbox'))).toBeNull();
  expect(query('SELECT id FROM orders WHERE company_email = ?', email)).toHaveLength(1);
});

test('a request left in the outbox goes on the next page load once online, and the page says so', async ({ page, context }) => {
  const product = (await allProducts(page)).find((p) => p.stock > 2 && p.currency.name)!;
  const email = `achats-${Date.now()}@outbox.example`;
  await installWorker(page);
  await page.goto(`/product/${product.id}`);
  await islandsReady(page);

  await context.setOffline(true);
  await orderOffline(page, product.id, email);
  // Reloaded offline: the page from the cache, the request still waiting.
  await page.reload();
  await expect(page.locator('[data-outbox-indicator]')).toHaveText(/En attente d’envoi/);
  await page.close();

  // Back online, the next page opened (here the home page) sends it: one order, the cart emptied.
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto('/');
  await expect.poll(() => query('SELECT order_num FROM orders WHERE company_email = ?', email)).toHaveLength(1);
  const [order] = query<{ order_num: string }>('SELECT order_num FROM orders WHERE company_email = ?', email);
  await expect(next.locator('[data-outbox-indicator]')).toHaveText(`Votre demande ${order!.order_num} a été envoyée.`);
  expect(await cartOf(next)).toEqual([]);
  await next.reload();
  await expect(next.locator('[data-outbox-indicator]')).toBeHidden();
  expect(query('SELECT id FROM orders WHERE company_email = ?', email)).toHaveLength(1);
});
