import { expect, test } from '@playwright/test';
import { signIn, toast } from './dashboard-helpers.js';
import { confirmedOrder, fcfaProductInStock, openOrderDetail } from './order-helpers.js';
import { query } from './public-helpers.js';

// A confirmed order: staff issue its invoice from the order detail, record a partial payment by
// T-Money, and see the invoice « Partiellement payée » with its balance; the server holds the
// invoice (FAC- number), the payment and the balance.

const spaces = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ').trim();

test('an invoice issued from the order detail, a partial payment recorded, the balance shown and kept on the server', async ({
  page,
}) => {
  const product = await fcfaProductInStock(page, 3);
  const { order, staff } = await confirmedOrder(page, {
    product,
    quantity: 2,
    company: 'Quincaillerie du Plateau SARL',
    email: 'compta@quincaillerie-plateau.example',
    representative: 'Afi Mensah',
    phoneEnd: '21 31 41',
    payment_by: 'Virement bancaire',
    delivery_address: 'Rue du Commerce 12, Lomé',
  });

  await signIn(page);
  const detail = await openOrderDetail(page, order.order_num);
  const invoices = detail.getByTestId('order-invoices');
  await expect(invoices).toContainText('Aucune facture pour le moment.');
  await expect(invoices.getByTestId('invoices-remaining')).toContainText(`${product.name} × 2`);

  await invoices.getByRole('button', { name: 'Émettre une facture' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Émettre une facture ?' });
  await expect(confirm).toContainText(`${product.name} × 2`);
  await confirm.getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(toast(page, /Facture FAC-\d{4}-\d{5} émise\./)).toBeVisible();
  const table = invoices.getByTestId('invoices-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Émise');
  await expect(invoices.getByTestId('invoices-remaining')).toContainText('Tout a été facturé.');

  const listed = await staff.get(`/api/order/${order.id}/invoices`);
  const invoice = listed.invoices.invoices[0] as {
    id: number;
    number: string;
    currencies: { ttc: string; balance_minor: number }[];
  };
  expect(invoice.number).toMatch(/^FAC-\d{4}-\d{5}$/);
  const total = invoice.currencies[0]!.balance_minor;
  const paid = Math.floor(total / 2);
  const fr = new Intl.NumberFormat('fr-FR');

  await table.getByRole('button', { name: 'Paiement' }).click();
  const form = page.getByRole('dialog', { name: `Paiement de la facture ${invoice.number}` });
  await form.getByLabel('Montant (XOF)').fill(String(total + 1));
  await expect(form.getByText('Au plus le solde dû')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Enregistrer le paiement' })).toBeDisabled();
  await form.getByLabel('Montant (XOF)').fill(String(paid));
  await form.getByLabel('Moyen de paiement').selectOption('tmoney');
  await form.getByLabel(/Référence/).fill('TM-552211');
  await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(toast(page, 'Paiement enregistré.')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(table).toContainText('Partiellement payée');
  await expect(table).toContainText('T-Money');
  const balance = spaces(await table.getByTestId('invoice-balance').innerText());
  expect(balance).toBe(spaces(`${fr.format(total - paid)} FCFA`));

  // On the server: the invoice partly paid, its payment, its balance.
  const read = (await staff.get(`/api/invoices/${invoice.id}`)).invoice as {
    state: string;
    currencies: { balance_minor: number }[];
    payments: { method: string; reference: string; amount_minor: number }[];
  };
  expect(read.state).toBe('partly_paid');
  expect(read.currencies[0]!.balance_minor).toBe(total - paid);
  expect(read.payments).toMatchObject([{ method: 'tmoney', reference: 'TM-552211', amount_minor: paid }]);
  const rows = query<{ number: string; state: string }>('SELECT number, state FROM invoices WHERE order_id = ?', order.id);
  expect(rows).toEqual([{ number: invoice.number, state: 'partly_paid' }]);

  // The « Factures » screen lists it under its state, from the URL.
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/factures?state=partly_paid&search=Quincaillerie%20du%20Plateau');
  const list = page.getByRole('table', { name: 'Liste des factures' });
  await expect(list).toContainText(invoice.number);
  await expect(list).toContainText('Partiellement payée');
  await staff.dispose();
});
