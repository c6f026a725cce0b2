// Status changes are deliberate: the confirmation says what the stock and the e-mails will do, and
// « Annuler » in the notice takes the change back (status, stock) before any e-mail leaves.
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { signIn, staffApi, type StaffApi, toast } from './dashboard-helpers.js';
import { placeOrder } from './order-helpers.js';
import { E2E_ADMIN } from './server.js';

const run = Date.now().toString(36);
let admin: StaffApi;

test.beforeAll(async () => {
  admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
});
test.afterAll(async () => {
  await admin?.dispose();
});

test('a status change is confirmed with its consequences, then undone before the e-mails leave', async ({ page }) => {
  const catalogue = (await admin.get('/api/product?per_page=100')).products.data;
  const product = catalogue.find((p: any) => p.stock > 5 && p.currency?.name === 'Fcfa');
  expect(product, 'a product in stock, priced in Fcfa').toBeTruthy();
  const client = `achats.${run}@annulation.example`;
  const representative = `afi.${run}@annulation.example`;
  const visitor = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { id, order_num: orderNum } = await placeOrder(
    visitor,
    {
      company_name: `Essais Annulation ${run}`,
      company_phone: '+228 22 00 00 01',
      company_email: client,
      representative_name: 'Afi Essai',
      representative_phone: '+228 90 00 00 01',
      representative_email: representative,
    },
    [{ product_id: product.id, quantity: 2 }],
  );
  await visitor.dispose();
  const stockOf = async () => (await admin.get(`/api/product/${product.id}`)).product.stock as number;
  const heldStock = await stockOf();
  const orderOnServer = async () => (await admin.get(`/api/order/${id}`)).order;
  const staffMails = (order: any) =>
    (order.mails as { kind: string; to: string; status: string }[]).filter((m) => m.kind === 'order-shipped');

  await signIn(page);
  await page.goto('/dashboard/commandes');
  await page.getByRole('searchbox', { name: 'Rechercher par société ou n° de commande' }).fill(orderNum);
  const table = page.getByRole('table', { name: 'Liste des commandes' });
  await table
    .getByRole('button', { name: `Actions pour la commande ${orderNum}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Afficher' }).click();
  const detail = page.getByRole('dialog', { name: 'Détail de la commande' });

  // The confirmation says what happens; « Ne rien changer » changes nothing.
  await detail.getByRole('button', { name: 'Expédié' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Passer la commande ${orderNum} en « Expédié » ?`);
  await expect(confirm).toContainText('Le stock réservé (2 articles) est compté comme livré.');
  await expect(confirm).toContainText(`au client (${client}) et à son représentant (${representative})`);
  await confirm.getByRole('button', { name: 'Ne rien changer' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await orderOnServer()).status).toBe('pending');

  // Confirmed: shipped, the two e-mails wait in the outbox.
  await detail.getByRole('button', { name: 'Expédié' }).click();
  await confirm.getByRole('button', { name: 'Passer en « Expédié »' }).click();
  const notice = toast(page, 'Statut de la commande mis à jour avec succès !');
  await expect(notice).toContainText('Les e-mails partent dans');
  await expect(detail.getByRole('button', { name: 'Expédié' })).toHaveAttribute('aria-pressed', 'true');
  const shipped = await orderOnServer();
  expect(shipped.status).toBe('shipped');
  expect(staffMails(shipped).map((m) => [m.to, m.status])).toEqual([
    [client, 'queued'],
    [representative, 'queued'],
  ]);

  // « Annuler »: back to pending with its stock held, and the e-mails dropped.
  // (The notice's own « Annuler » is behind the dialog's overlay: the dialog offers it in place.)
  await expect(notice.getByRole('button', { name: 'Annuler' })).toBeVisible();
  await detail.getByTestId('status-undo').getByRole('button', { name: 'Annuler ce changement' }).click();
  await expect(toast(page, 'Changement de statut annulé')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'En attente' })).toHaveAttribute('aria-pressed', 'true');
  const undone = await orderOnServer();
  expect(undone.status).toBe('pending');
  expect(undone.stock_reserved).toBe(true);
  expect(staffMails(undone)).toEqual([]);
  expect(await stockOf()).toBe(heldStock);
  const journal = (await admin.get(`/api/audit?entity=order&entity_id=${id}`)) as any;
  expect(JSON.stringify(journal)).toContain('status_undo');
});
