import { expect, test } from '@playwright/test';
import { signIn, toast } from './dashboard-helpers.js';
import { confirmedOrder, fcfaProductInStock, invoiceWithPayments, openOrderDetail } from './order-helpers.js';
import { query } from './public-helpers.js';

// An invoiced order with two payments: staff credit one unit of it from the order detail (partial
// credit note, reason required, a confirmation saying what it does) and delete one payment; once the
// invoice is cancelled by a full credit note, deleting the other is refused with the server's
// message. The client page then shows the client's invoices, payments and balance due.

test('a partial credit note and a payment deleted from the order detail, checked on the server; the client page shows the money', async ({
  page,
}) => {
  const product = await fcfaProductInStock(page, 3);
  const { order, staff } = await confirmedOrder(page, {
    product,
    quantity: 3,
    company: 'Bâtiments du Littoral SA',
    email: 'compta@batiments-littoral.example',
    representative: 'Kossi Adjo',
    phoneEnd: '51 61 71',
    payment_by: 'Virement bancaire',
    delivery_address: 'Boulevard du 13 Janvier 4, Lomé',
  });
  const invoice = await invoiceWithPayments(staff, order.id, [
    { amount: 1000, method: 'tmoney', reference: 'TM-1', paid_at: '2026-11-20' },
    { amount: 2000, method: 'tmoney', reference: 'TM-2', paid_at: '2026-11-20' },
  ]);

  await signIn(page);
  const openDetail = async () => (await openOrderDetail(page, order.order_num)).getByTestId('order-invoices');
  let invoices = await openDetail();
  const table = invoices.getByTestId('invoices-table');

  // A partial credit note: one unit of the three, with a reason.
  await table.getByRole('button', { name: 'Établir un avoir' }).click();
  const form = page.getByRole('dialog', { name: `Avoir sur la facture ${invoice.number}` });
  await form.getByLabel('Avoir partiel (lignes et quantités choisies)').check();
  await expect(form.getByRole('button', { name: 'Établir l’avoir' })).toBeDisabled();
  await form.getByLabel(`Quantité à créditer : ${product.name}`).fill('4');
  await expect(form.getByText(`Au plus 3 pour ${product.name}.`)).toBeVisible();
  await form.getByLabel(`Quantité à créditer : ${product.name}`).fill('1');
  await form.getByLabel(/Motif/).fill('Une pièce retournée endommagée');
  await form.getByRole('button', { name: 'Établir l’avoir' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Établir cet avoir ?' });
  await expect(confirm).toContainText(`Un avoir partiel sera émis sur la facture ${invoice.number} pour : ${product.name} × 1`);
  await confirm.getByRole('button', { name: 'Émettre l’avoir' }).click();
  await expect(toast(page, /Avoir AV-\d{4}-\d{5} émis\./)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(table).toContainText(/Avoir AV-\d{4}-\d{5}/);

  // Delete the first payment (1 000 FCFA).
  const payments = table.getByTestId('invoice-payment');
  await expect(payments).toHaveCount(2);
  await payments
    .filter({ hasText: /1\s000\sFCFA/ })
    .getByRole('button', { name: /Supprimer le paiement/ })
    .click();
  const remove = page.getByRole('alertdialog', { name: 'Supprimer ce paiement ?' });
  await expect(remove).toContainText('le solde dû de la facture augmentera d’autant');
  await remove.getByRole('button', { name: 'Supprimer le paiement' }).click();
  await expect(toast(page, 'Paiement supprimé.')).toBeVisible();
  await expect(payments).toHaveCount(1);

  // On the server: one credit note of one unit with its reason, one payment left (2 000).
  const read = (await staff.get(`/api/invoices/${invoice.id}`)).invoice as {
    credit_notes: { full: boolean; reason: string; lines: { quantity: number }[] }[];
    payments: { reference: string; amount_minor: number }[];
  };
  expect(read.credit_notes).toMatchObject([{ full: false, reason: 'Une pièce retournée endommagée', lines: [{ quantity: 1 }] }]);
  expect(read.payments).toMatchObject([{ reference: 'TM-2', amount_minor: 2000 }]);
  expect(query('SELECT reference FROM payments WHERE invoice_id = ?', invoice.id)).toEqual([{ reference: 'TM-2' }]);

  // Cancelled by a full credit note, the invoice keeps its payments: deleting one is refused, the server says why.
  const full = await staff.send('POST', `/api/invoices/${invoice.id}/credit-notes`, {
    data: { full: true, reason: 'Annulation' },
  });
  expect(full.status, JSON.stringify(full.body)).toBe(201);
  invoices = await openDetail();
  await expect(invoices.getByTestId('invoices-table')).toContainText('Annulée par avoir');
  await invoices
    .getByTestId('invoice-payment')
    .getByRole('button', { name: /Supprimer le paiement/ })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Supprimer ce paiement ?' })
    .getByRole('button', { name: 'Supprimer le paiement' })
    .click();
  await expect(toast(page, 'La facture est annulée par un avoir : ses paiements ne peuvent plus être supprimés.')).toBeVisible();
  expect(query('SELECT COUNT(*) AS n FROM payments WHERE invoice_id = ?', invoice.id)).toEqual([{ n: 1 }]);

  // The client page: the invoice, its payment, and the balance due.
  const [{ customer_id: customerId }] = query<{ customer_id: number }>('SELECT customer_id FROM orders WHERE id = ?', order.id);
  await page.keyboard.press('Escape');
  await page.goto(`/dashboard/client/${customerId}`);
  const account = page.getByTestId('customer-account');
  await expect(account.getByTestId('customer-invoices')).toContainText(invoice.number);
  await expect(account.getByTestId('customer-invoices')).toContainText('Annulée par avoir');
  await expect(account.getByTestId('customer-payments')).toContainText('TM-2');
  await expect(account.getByTestId('customer-balances')).toContainText('Solde dû (XOF)');
  await staff.dispose();
});
