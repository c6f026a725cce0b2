import { expect, test } from '@playwright/test';
import { signIn } from './dashboard-helpers.js';
import { confirmedOrder, fcfaProductInStock, invoiceWithPayments } from './order-helpers.js';

// « Factures » is a list like the others: its headers sort on the server, its facets and order live
// in the URL (a reload or a shared link shows the same rows), and what it shows is what the API holds.

test('the invoices list sorts by balance and filters by state on the server, both kept in the URL', async ({ page }) => {
  const run = Date.now().toString(36);
  const product = await fcfaProductInStock(page, 4);
  const issued: { company: string; number: string; balance: number }[] = [];
  for (const [company, quantity, paid] of [
    [`Alizés ${run}`, 2, 0],
    [`Baobab ${run}`, 1, 0],
    [`Cocotiers ${run}`, 1, 1000],
  ] as const) {
    const { order, staff } = await confirmedOrder(page, {
      product,
      quantity,
      company,
      email: `compta@${company.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`,
      representative: 'Yawa Dzifa',
      phoneEnd: '70 80 90',
      payment_by: 'Virement bancaire',
      delivery_address: 'Avenue de la Libération 8, Lomé',
    });
    const invoice = await invoiceWithPayments(staff, order.id, paid ? [{ amount: paid, method: 'especes' }] : []);
    issued.push({ company, number: invoice.number, balance: invoice.currencies[0]!.balance_minor - paid });
    await staff.dispose();
  }

  await signIn(page);
  await page.goto(`/dashboard/factures?search=${run}`);
  const table = page.getByRole('table', { name: 'Liste des factures' });
  const numbers = () => table.locator('tbody tr td:first-child');
  // Newest first by default.
  await expect(numbers()).toHaveText(issued.map((i) => i.number).reverse());

  // « Solde dû » sorts on the server: ascending, then descending; the URL says so.
  const byBalance = [...issued].sort((a, b) => a.balance - b.balance || a.number.localeCompare(b.number));
  await table.getByRole('button', { name: 'Solde dû' }).click();
  await expect(page).toHaveURL(/[?&]sort=balance&dir=asc|[?&]dir=asc.*sort=balance/);
  await expect(numbers()).toHaveText(byBalance.map((i) => i.number));
  await expect(table.getByRole('columnheader', { name: 'Solde dû' })).toHaveAttribute('aria-sort', 'ascending');
  await table.getByRole('button', { name: 'Solde dû' }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(numbers()).toHaveText(byBalance.map((i) => i.number).reverse());

  // The state facet: only the partly paid one, in the URL; a reload shows the same.
  await page.getByRole('group', { name: 'Filtrer les factures' }).getByLabel('État').selectOption('partly_paid');
  await expect(page).toHaveURL(/[?&]state=partly_paid/);
  await expect(numbers()).toHaveText([issued[2]!.number]);
  await expect(table).toContainText('Partiellement payée');
  await page.reload();
  await expect(numbers()).toHaveText([issued[2]!.number]);

  // The same rows on the server, in the same order.
  const api = await page.request.get(`/api/invoices?search=${run}&sort=balance&direction=desc`);
  const rows = (await api.json()).invoices as { number: string }[];
  expect(rows.map((r) => r.number)).toEqual(byBalance.map((i) => i.number).reverse());
});
