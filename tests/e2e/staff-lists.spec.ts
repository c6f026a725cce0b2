// The staff lists at work: a column header sorts on the server (the URL keeps it), the orders screen
// lists one row per order by default, filters by status in the URL, and a saved view comes back after
// a reload and re-applies its filter.
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './server.js';
import { signIn, staffApi, type StaffApi } from './dashboard-helpers.js';

test.describe('staff lists: sorting, order-level list, saved views', () => {
  let admin: StaffApi;
  const run = Date.now().toString(36);
  const viewName = `En attente ${run}`;

  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
  });
  test.afterAll(async () => {
    const views = (await admin.get('/api/saved-views?list=orders')).views as { id: number; name: string }[];
    for (const view of views.filter((v) => v.name === viewName)) await admin.send('DELETE', `/api/saved-views/${view.id}`);
    await admin?.dispose();
  });

  const rowsOf = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr');

  test('sorting products by price, most expensive first, from the header', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/produits');
    const table = page.getByRole('table', { name: 'Liste des produits' });
    const price = table.getByRole('columnheader', { name: 'Prix' });
    await expect(price).toHaveAttribute('aria-sort', 'none');
    await price.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=price/);
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    // The keyboard sorts the other way: focus the header's button and press Enter.
    await price.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]sort=price&dir=desc|[?&]dir=desc.*sort=price/);
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    const top = (await admin.get('/api/product?sort=price&direction=desc&per_page=1')).products.data[0] as { name: string };
    await expect(rowsOf(page, 'Liste des produits').first()).toContainText(top.name);
    // Reloaded, the page keeps the order (it lives in the URL).
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Liste des produits' }).getByRole('columnheader', { name: 'Prix' }),
    ).toHaveAttribute('aria-sort', 'descending');
    await expect(rowsOf(page, 'Liste des produits').first()).toContainText(top.name);
  });

  test('the orders screen lists one row per order, filters by status, and saves the view', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard/commandes');
    // One row per order: the rows are the API's orders, each order number once.
    const first = (await admin.get('/api/order/list?per_page=7')).orders.data as { order_num: string; lines_count: number }[];
    expect(first.length).toBeGreaterThan(0);
    const rows = rowsOf(page, 'Liste des commandes');
    await expect(rows).toHaveCount(first.length);
    await expect(rows.first()).toContainText(first[0]!.order_num);
    // Columns found by their header (a selection column may come first).
    const headers = await page.getByRole('table', { name: 'Liste des commandes' }).getByRole('columnheader').allTextContents();
    const column = (name: string) => headers.findIndex((text) => text.trim().toLowerCase().startsWith(name.toLowerCase()));
    expect(column('Lignes')).toBeGreaterThan(0);
    await expect(rows.first().getByRole('cell').nth(column('Lignes'))).toHaveText(String(first[0]!.lines_count));
    const nums = await rows.locator(`td:nth-child(${column('N° de commande') + 1})`).allInnerTexts();
    expect(nums.every((num) => num.trim().length > 0)).toBe(true);
    expect(new Set(nums).size).toBe(nums.length);
    // The line view is still there.
    await page.getByRole('button', { name: 'Par ligne de produit' }).click();
    await expect(page).toHaveURL(/[?&]vue=lignes/);
    await expect(page.getByRole('table', { name: 'Liste des lignes de commande' })).toBeVisible();
    await page.getByRole('button', { name: 'Par commande' }).click();

    // Filter by status: every row is pending, as the server's pending orders are.
    await page
      .getByTestId('order-status-chips')
      .getByRole('button', { name: /^En attente/ })
      .click();
    await expect(page).toHaveURL(/[?&]status=pending/);
    const pending = (await admin.get('/api/order/list?status=pending&per_page=7')).orders.data as { order_num: string }[];
    // Row by row, retried: the list before the filter can have as many rows and the same first order.
    await expect(rows).toHaveText(pending.map((order) => new RegExp(`${order.order_num}[\\s\\S]*En attente`)));

    // Save the view under a name: the server keeps it for this person.
    await page.getByRole('button', { name: 'Vues enregistrées' }).click();
    await page.getByRole('menuitem', { name: 'Enregistrer la vue actuelle…' }).click();
    await page.getByLabel('Nom de la vue').fill(viewName);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect
      .poll(
        async () =>
          ((await admin.get('/api/saved-views?list=orders')).views as { name: string; query: object }[]).find(
            (v) => v.name === viewName,
          )?.query,
      )
      .toEqual({ status: 'pending' });

    // Back to every order, reload, apply the saved view: the filter comes back.
    await page.goto('/dashboard/commandes');
    await page.reload();
    await expect(page).not.toHaveURL(/status=/);
    await page.getByRole('button', { name: 'Vues enregistrées' }).click();
    await page.getByRole('menuitem', { name: viewName, exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=pending/);
    await expect(page.getByTestId('order-status-chips').getByRole('button', { name: /^En attente/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(rows).toHaveCount(pending.length);
  });
});
