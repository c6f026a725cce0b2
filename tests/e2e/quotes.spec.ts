import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Response } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { allProducts, fillOrderForm, holdRequests, islandsReady, liveStock, query, type ApiProduct } from './public-helpers.js';
import { formatPrice } from '../../api/src/shared/money.js';
import { E2E_ADMIN } from './server.js';

// A mixed cart (FCFA and euro products) ordered in Fcfa on the public site, then its devis
// downloaded from the dashboard's order detail and read back with pdftotext.

const CLIENT = {
  company_name: 'Quincaillerie du Port SARL',
  company_phone: '+228 22 21 20 19',
  company_email: 'achats@quincaillerie-port.example',
  representative_name: 'Afi Lawson',
  representative_phone: '+228 90 98 76 54',
  representative_email: 'afi.lawson@quincaillerie-port.example',
};

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function pick(page: Page, currency: string): Promise<ApiProduct> {
  const found = (await allProducts(page))
    .filter((p) => p.currency.name === currency && p.stock >= 2)
    .sort((a, b) => b.stock - a.stock)[0];
  expect(found, `a ${currency} product in stock`).toBeTruthy();
  return found!;
}

test('a mixed cart ordered in Fcfa, then its devis downloaded from the dashboard', async ({ page }) => {
  const fcfa = await pick(page, 'Fcfa');
  const euro = await pick(page, 'Euro');
  const before = { fcfa: await liveStock(page, fcfa.id), euro: await liveStock(page, euro.id) };

  await page.goto('/catalogue');
  await islandsReady(page);
  await page.evaluate(() => localStorage.removeItem('cart'));
  await page.goto(`/product/${fcfa.id}`);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await page.goto(`/product/${euro.id}`);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Commander maintenant' }).click();

  // Step 1: each line in its own currency, nothing refused.
  const dialog = page.locator('[data-order-dialog]');
  await expect(dialog.locator('[data-cart-item]')).toHaveCount(2);
  await expect(dialog.locator(`[data-cart-item="${fcfa.id}"]`)).toContainText('FCFA');
  await expect(dialog.locator(`[data-cart-item="${euro.id}"]`)).toContainText('€');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  let estimated: Promise<Response> | undefined;
  await fillOrderForm(dialog, {
    onTerms: async () => {
      // « FCFA » is how the choice reads; its value stays the API's « Fcfa ».
      await expect(dialog.getByLabel(/Devise/).locator('option[value="Fcfa"]')).toHaveText('FCFA');
      estimated = page.waitForResponse(
        (r) => r.url().endsWith('/api/order/estimate') && r.request().postDataJSON()?.currency === 'Fcfa',
      );
    },
    terms: { payment: 'Visa', currency: 'Fcfa', conditions: 'À réception de facture', delivery: 'Route', credit: 'Sans acompte' },
    afterTerms: async () => {
      // The converted total, from the server, with the fixed euro parity.
      const converted = dialog.getByTestId('order-converted-total');
      await expect(converted).toContainText(/≈ [\d ]+ FCFA au taux du jour, indicatif/);
      // It is the TTC (each product's TVA added), not the lines' HT sum.
      const { estimate } = await (await estimated!).json();
      expect(Number(estimate.converted_ttc)).toBeGreaterThan(Number(estimate.money.converted_total));
      await expect(converted).toContainText(
        `Total TTC ≈ ${formatPrice(estimate.converted_ttc, 'FCFA')} au taux du jour, indicatif`,
      );
    },
    client: CLIENT,
  });

  const release = await holdRequests(page, '**/api/order/create');
  const answer = page.waitForResponse('**/api/order/create');
  await dialog.getByRole('button', { name: 'Passer ma commande' }).click();
  release();
  const response = await answer;
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(201);
  const order = body.order;
  const popup = page.getByRole('dialog', { name: 'Commande passée avec succès !' });
  await expect(popup).toContainText(order.order_num);
  // A first request from this address: its stock is held until the address is confirmed by the link.
  await expect(popup).toContainText(`Confirmez-la depuis le lien envoyé à ${CLIENT.company_email}`);

  // On the server: both lines in their currency, the total converted into FCFA with the parity stored.
  expect(order.money.totals.map((t: { currency_code: string }) => t.currency_code).sort()).toEqual(['EUR', 'XOF']);
  expect(order.money.rates).toEqual([expect.objectContaining({ currency_code: 'EUR', rate: '655.957', fixed: true })]);
  const [row] = query<{ currency: string; total: string | number; rates_json: string }>(
    'SELECT currency, total, rates_json FROM orders WHERE order_num = ?',
    order.order_num,
  );
  expect(row!.currency).toBe('Fcfa');
  expect(Number(row!.total)).toBe(Number(order.money.converted_total));
  expect(JSON.parse(row!.rates_json)[0].rate).toBe('655.957');
  expect(await liveStock(page, fcfa.id)).toBe(before.fcfa - 1);
  expect(await liveStock(page, euro.id)).toBe(before.euro - 1);

  // The dashboard: the order detail shows the totals per currency and the devis downloads.
  await page.goto('/dashboard/login');
  await page.getByLabel('Email pro').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Bonjour,/ })).toBeVisible();
  await page.goto(`/dashboard/commandes?search=${order.order_num}`);
  const table = page.getByRole('table', { name: 'Liste des commandes' });
  await table
    .getByRole('button', { name: `Actions pour la commande ${order.order_num}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Afficher' }).click();
  const detail = page.getByRole('dialog', { name: 'Détail de la commande' });
  await expect(detail.getByTestId('order-converted-total')).toContainText('Total TTC en FCFA ≈');
  await expect(detail.getByTestId('order-converted-total')).toContainText('1 EUR = 655,957 FCFA (parité fixe)');
  await expect(detail.getByTestId('order-hold')).toContainText('Réservation provisoire');
  await expect(detail.getByTestId('order-hold')).toContainText('stock réservé jusqu’au');
  await expect(detail.getByTestId('order-mails')).toContainText('Lien de confirmation et devis (devis joint)');
  await expect(detail.getByTestId('order-mails')).toContainText(CLIENT.company_email);
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await detail.getByTestId('devis-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`devis-${order.order_num}.pdf`);
  const file = await download.path();
  const pdf = fs.readFileSync(file);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).stdout.toString('utf8');
  for (const expected of [
    order.order_num,
    CLIENT.company_name,
    CLIENT.representative_name,
    'Total en FCFA',
    '1 EUR = 655,957 FCFA',
  ]) {
    expect(text).toContain(expected);
  }
  // Product names may wrap in the table: compare their first word.
  expect(text).toContain(fcfa.name.split(' ')[0]!);
  expect(text).toContain(euro.name.split(' ')[0]!);
});

test('an administrator sets the dollar rate in "Taux de change"; the public rates follow', async ({ page }) => {
  await page.goto('/dashboard/login');
  await page.getByLabel('Email pro').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Bonjour,/ })).toBeVisible();
  await page.goto('/dashboard/administration/roles');
  await page.getByRole('link', { name: 'Taux de change' }).click();
  await expect(page.getByRole('heading', { name: 'Taux de change', level: 2 })).toBeVisible();
  await expect(page.getByTestId('rates-in-force')).toContainText('1 EUR = 655,957 FCFA');
  await expectNoAxeViolations(page);
  await page.getByLabel(/Devise \(code ISO\)/).fill('USD');
  await page.getByLabel(/FCFA pour 1 unité/).fill('0');
  await page.getByRole('button', { name: 'Enregistrer le taux' }).click();
  await expect(page.getByText('Le taux doit être un nombre positif avec au plus six décimales.')).toBeVisible();
  await page.getByLabel(/FCFA pour 1 unité/).fill('605,5');
  await page.getByRole('button', { name: 'Enregistrer le taux' }).click();
  await expect(page.getByTestId('rates-in-force')).toContainText('1 USD = 605,5 FCFA');
  await expect(page.getByRole('table', { name: 'Historique des taux de change' })).toContainText('605,5');
  await expectNoAxeViolations(page);
  const rates = await (await page.request.get('/api/exchange-rates')).json();
  expect(rates.rates).toContainEqual(expect.objectContaining({ currency_code: 'USD', rate: '605.5', fixed: false }));
});
