// The orders screen sorts by « Facturé » and « Solde » from their headers, on the server (the URL keeps
// the order): the first row is the order the API puts first, with the figures the API gives it.
import { expect, test } from '@playwright/test';
import { signIn, staffApi, type StaffApi } from './dashboard-helpers.js';
import { E2E_ADMIN } from './server.js';

let admin: StaffApi;

test.beforeAll(async () => {
  admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
  // At least one invoiced order (else an order confirmed by staff, invoiced whole).
  const invoiced = (await admin.get('/api/order/list?sort=balance&direction=desc&per_page=1')).orders.data[0];
  if (invoiced?.balances.length) return;
  const orders = (await admin.get('/api/order/list?status=pending&per_page=1')).orders.data as { id: number }[];
  expect(orders.length, 'a pending demo order').toBe(1);
  const id = orders[0]!.id;
  const confirmed = await admin.send('PUT', `/api/order/${id}/status`, { data: { status: 'inprogress' } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const issued = await admin.send('POST', `/api/order/${id}/invoices`, { data: {} });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
});
test.afterAll(async () => {
  await admin?.dispose();
});

test('« Solde » and « Facturé » headers sort the orders on the server, most owed first', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/commandes');
  const table = page.getByRole('table', { name: 'Liste des commandes' });
  const rows = table.locator('tbody tr');
  for (const [header, key] of [
    ['Solde', 'balance'],
    ['Facturé', 'invoiced'],
  ] as const) {
    const column = table.getByRole('columnheader', { name: header, exact: true });
    await expect(column).toHaveAttribute('aria-sort', 'none');
    await column.getByRole('button').click();
    await expect(column).toHaveAttribute('aria-sort', 'ascending');
    await column.getByRole('button').click();
    await expect(column).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(new RegExp(`[?&]sort=${key}\\b`));
    const top = (await admin.get(`/api/order/list?sort=${key}&direction=desc&per_page=1`)).orders.data[0] as {
      order_num: string;
      balances: { invoiced: string; balance: string }[];
    };
    // Descending puts the invoiced orders before those without invoice.
    expect(top.balances.length).toBeGreaterThan(0);
    await expect(rows.first()).toContainText(top.order_num);
  }
});

interface ListedOrder {
  order_num: string;
  customer_id: number | null;
}

test('« Lignes », « Totaux par devise » and « Devis » sort on the server, on the orders page and on a client’s page', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/dashboard/commandes');
  const table = page.getByRole('table', { name: 'Liste des commandes' });
  const rows = table.locator('tbody tr');
  for (const [header, key] of [
    ['Lignes', 'lines_count'],
    ['Totaux par devise', 'totals'],
    ['Devis', 'quote'],
  ] as const) {
    const column = table.getByRole('columnheader', { name: header, exact: true });
    await expect(column).toHaveAttribute('aria-sort', 'none');
    await column.getByRole('button').click();
    await expect(column).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(new RegExp(`[?&]sort=${key}\\b`));
    const first = (await admin.get(`/api/order/list?sort=${key}&direction=asc&per_page=1`)).orders.data[0] as ListedOrder;
    await expect(rows.first()).toContainText(first.order_num);
    await column.getByRole('button').click();
    await expect(column).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/[?&]dir=desc\b/);
    const top = (await admin.get(`/api/order/list?sort=${key}&direction=desc&per_page=1`)).orders.data[0] as ListedOrder;
    await expect(rows.first()).toContainText(top.order_num);
  }

  // A client's page sorts its orders by « Lignes » the same way.
  const withClient = (await admin.get('/api/order/list?per_page=100')).orders.data as ListedOrder[];
  const client = withClient.find((o) => o.customer_id)!;
  await page.goto(`/dashboard/client/${client.customer_id}`);
  const own = page.getByRole('table', { name: /^Commandes de / });
  const lines = own.getByRole('columnheader', { name: 'Lignes', exact: true });
  await lines.getByRole('button').click();
  await lines.getByRole('button').click();
  await expect(lines).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]sort=lines_count\b/);
  const mine = (await admin.get(`/api/order/list?customer_id=${client.customer_id}&sort=lines_count&direction=desc&per_page=1`))
    .orders.data[0] as ListedOrder;
  await expect(own.locator('tbody tr').first()).toContainText(mine.order_num);
});
