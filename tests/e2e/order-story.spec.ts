import { expect, test } from '@playwright/test';
import { signIn, toast, type StaffApi } from './dashboard-helpers.js';
import { confirmedOrder, fcfaProductInStock, openOrderDetail } from './order-helpers.js';
import { query } from './public-helpers.js';

// The order's story in the dashboard: an invoice « from its deliveries », the order's history, and
// the order list's « Facturé » and « Solde ». Each test checks what staff see and what the server holds.

const spaces = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ').trim();
const fr = new Intl.NumberFormat('fr-FR');

/** Delivers `quantity` units of the order's only line through the API (the deliveries screen has its own test). */
async function deliver(staff: StaffApi, orderId: number, quantity: number) {
  const { deliveries } = await staff.get(`/api/order/${orderId}/deliveries`);
  const line = deliveries.lines[0] as { order_item_id: number };
  const recorded = await staff.send('POST', `/api/order/${orderId}/deliveries`, {
    data: { version: deliveries.version, lines: [{ order_item_id: line.order_item_id, quantity }] },
  });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
}

async function invoiceAndPay(staff: StaffApi, orderId: number, paid: number) {
  const issued = await staff.send('POST', `/api/order/${orderId}/invoices`, { data: {} });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const invoice = issued.body.invoice as { id: number; number: string; currencies: { balance_minor: number }[] };
  const payment = await staff.send('POST', `/api/invoices/${invoice.id}/payments`, {
    data: { amount: paid, method: 'flooz', reference: 'FL-7781' },
  });
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  return invoice;
}

test('« Livraisons non facturées »: the invoice carries the delivered quantities only, and the server holds it', async ({
  page,
}) => {
  const product = await fcfaProductInStock(page, 6);
  const { order, staff } = await confirmedOrder(page, {
    product,
    quantity: 4,
    company: 'Comptoir des Savanes SARL',
    email: 'achats@savanes.example',
    representative: 'Yawa Dogbé',
    phoneEnd: '22 32 42',
    payment_by: 'Virement bancaire',
    delivery_address: 'Route de Kpalimé, km 8, Lomé',
  });
  await deliver(staff, order.id, 3);

  await signIn(page);
  const detail = await openOrderDetail(page, order.order_num);
  const invoices = detail.getByTestId('order-invoices');
  await expect(invoices.getByTestId('invoices-remaining')).toContainText(`${product.name} × 4`);
  const source = invoices.getByTestId('invoice-source');
  await expect(source).toContainText(`Livraisons non facturées (${product.name} × 3)`);
  await source.getByLabel(/Livraisons non facturées/).check();
  await invoices.getByRole('button', { name: 'Émettre une facture' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Émettre une facture ?' });
  await expect(confirm).toContainText(`quantités livrées et pas encore facturées : ${product.name} × 3`);
  await confirm.getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(toast(page, /Facture FAC-\d{4}-\d{5} émise\./)).toBeVisible();
  await expect(invoices.getByTestId('invoices-table').getByRole('row')).toHaveCount(2);
  // One unit is left to invoice; nothing delivered is left uninvoiced.
  await expect(invoices.getByTestId('invoices-remaining')).toContainText(`${product.name} × 1`);
  await expect(source).toContainText('Livraisons non facturées (aucune)');
  await expect(source.getByLabel(/Livraisons non facturées/)).toBeDisabled();

  const rows = query<{ quantity: number }>(
    'SELECT l.quantity AS quantity FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.order_id = ?',
    order.id,
  );
  expect(rows).toEqual([{ quantity: 3 }]);
  await staff.dispose();
});

test('« Historique de la commande »: request, status, delivery, invoice and payment in order, as the server tells it', async ({
  page,
}) => {
  const product = await fcfaProductInStock(page, 4);
  const { order, staff } = await confirmedOrder(page, {
    product,
    quantity: 2,
    company: 'Ateliers du Mono SARL',
    email: 'direction@ateliers-mono.example',
    representative: 'Komla Adjo',
    phoneEnd: '23 33 43',
    payment_by: 'Mobile Money',
    delivery_address: 'Quartier Bè, rue 14, Lomé',
  });
  await deliver(staff, order.id, 2);
  const invoice = await invoiceAndPay(staff, order.id, 1000);

  await signIn(page);
  const detail = await openOrderDetail(page, order.order_num);
  const history = detail.getByTestId('order-history');
  await expect(history.getByRole('heading', { name: 'Historique de la commande' })).toBeVisible();
  const events = history.getByTestId('order-history-event');
  await expect(events.first()).toContainText(`Demande reçue (${order.order_num})`);
  await expect(history).toContainText('Statut : En attente → En cours');
  await expect(history).toContainText('Statut : En cours → Expédié');
  await expect(history).toContainText(`Facture ${invoice.number} émise`);
  await expect(history).toContainText('Paiement de 1 000 FCFA reçu');
  await expect(history).toContainText(`Facture ${invoice.number} · Flooz · réf. FL-7781`);

  // The screen shows the server's story, event for event, in its order.
  const served = (await staff.get(`/api/order/${order.id}/history`)).history as { kind: string; label: string }[];
  await expect(events).toHaveCount(served.length);
  expect(await events.evaluateAll((items) => items.map((li) => li.getAttribute('data-kind')))).toEqual(served.map((e) => e.kind));
  const kinds = served.map((e) => e.kind);
  for (const kind of ['request', 'quote', 'status', 'delivery', 'invoice', 'payment'])
    expect(kinds, `history has a ${kind}`).toContain(kind);
  expect(kinds.indexOf('delivery')).toBeLessThan(kinds.indexOf('invoice'));
  expect(kinds.indexOf('invoice')).toBeLessThan(kinds.indexOf('payment'));
  await staff.dispose();
});

test('the order list shows « Facturé » and « Solde » per currency, filters kept in the URL', async ({ page }) => {
  const product = await fcfaProductInStock(page, 3);
  const { order, staff } = await confirmedOrder(page, {
    product,
    quantity: 1,
    company: 'Maison Kara Négoce SARL',
    email: 'compta@kara-negoce.example',
    representative: 'Essi Tchalla',
    phoneEnd: '24 34 44',
    payment_by: 'Chèque',
    delivery_address: 'Avenue de la Kozah, Kara',
  });
  const invoice = await invoiceAndPay(staff, order.id, 500);
  const ttc = invoice.currencies[0]!.balance_minor;

  await signIn(page);
  await page.goto(`/dashboard/commandes?search=${order.order_num}&status=inprogress`);
  const table = page.getByRole('table', { name: 'Liste des commandes' });
  await expect(table.getByRole('columnheader', { name: 'Facturé' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Solde' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: order.order_num });
  await expect(row).toHaveCount(1);
  await expect.poll(async () => spaces(await row.innerText())).toContain(spaces(`${fr.format(ttc)} FCFA`));
  await expect.poll(async () => spaces(await row.innerText())).toContain(spaces(`${fr.format(ttc - 500)} FCFA`));
  expect(page.url()).toContain('status=inprogress');

  const listed = (await staff.get(`/api/order/list?search=${order.order_num}`)).orders.data as {
    id: number;
    balances: { currency_code: string; invoiced: string; balance: string }[];
  }[];
  expect(listed.find((o) => o.id === order.id)!.balances).toMatchObject([
    { currency_code: 'XOF', invoiced: String(ttc), balance: String(ttc - 500) },
  ]);
  await staff.dispose();
});
