import { expect, test } from '@playwright/test';
import { signIn, staffApi, toast } from './dashboard-helpers.js';
import { allProducts, query } from './public-helpers.js';
import { E2E_ADMIN } from './server.js';

// A confirmed order: staff issue its invoice from the order detail, record a partial payment by
// T-Money, and see the invoice « Partiellement payée » with its balance; the server holds the
// invoice (FAC- number), the payment and the balance.

const spaces = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ').trim();

test('an invoice issued from the order detail, a partial payment recorded, the balance shown and kept on the server', async ({
  page,
}) => {
  const product = (await allProducts(page))
    .filter((p) => p.currency.name === 'Fcfa' && p.stock >= 3)
    .sort((a, b) => b.stock - a.stock)[0];
  expect(product, 'a FCFA product in stock').toBeTruthy();
  const created = await page.request.post('/api/order/create', {
    data: {
      company_name: 'Quincaillerie du Plateau SARL',
      company_phone: '+228 22 21 31 41',
      company_email: 'compta@quincaillerie-plateau.example',
      representative_name: 'Afi Mensah',
      representative_phone: '+228 90 31 41 51',
      representative_email: 'a.mensah@quincaillerie-plateau.example',
      payment_by: 'Virement bancaire',
      currency: 'Fcfa',
      payment_term: '30 jours',
      delivery_method: 'Route',
      delivery_address: 'Rue du Commerce 12, Lomé',
      credit_level: 'Client référencé',
      order_items: [{ product_id: product!.id, quantity: 2 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).order as { id: number; order_num: string };
  const staff = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
  const confirmed = await staff.send('PUT', `/api/order/${order.id}/status`, { data: { status: 'inprogress' } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

  await signIn(page);
  await page.goto(`/dashboard/commandes?search=${order.order_num}`);
  await page
    .getByRole('table', { name: 'Liste des commandes' })
    .getByRole('button', { name: `Actions pour la commande ${order.order_num}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Afficher' }).click();
  const detail = page.getByRole('dialog', { name: 'Détail de la commande' });
  const invoices = detail.getByTestId('order-invoices');
  await expect(invoices).toContainText('Aucune facture pour le moment.');
  await expect(invoices.getByTestId('invoices-remaining')).toContainText(`${product!.name} × 2`);

  await invoices.getByRole('button', { name: 'Émettre une facture' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Émettre une facture ?' });
  await expect(confirm).toContainText(`${product!.name} × 2`);
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
  await page.goto('/dashboard/factures?state=partly_paid&client=Quincaillerie%20du%20Plateau');
  const list = page.getByTestId('invoices-list');
  await expect(list).toContainText(invoice.number);
  await expect(list).toContainText('Partiellement payée');
  await staff.dispose();
});
