import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn, staffApi } from './dashboard-helpers.js';
import { allProducts, holdRequests, query, waitForMail } from './public-helpers.js';
import { E2E_ADMIN } from './server.js';

// Staff revise a request's quote and send it; the client opens the e-mailed link
// (read from the captured mail), asks a question, reads the staff's answer and accepts; the order is
// then accepted on the dashboard and in progress on the server.

const CLIENT = {
  company_name: 'Chantiers du Golfe SARL',
  company_phone: '+228 22 23 24 25',
  company_email: 'achats@chantiers-golfe.example',
  representative_name: 'Komi Agbodjan',
  representative_phone: '+228 90 12 12 12',
  representative_email: 'k.agbodjan@chantiers-golfe.example',
};

test('staff revise and send a quote; the client asks, reads the answer and accepts from the e-mailed link', async ({
  page,
  browser,
}) => {
  const [product, extra] = (await allProducts(page))
    .filter((p) => p.currency.name === 'Fcfa' && p.stock >= 5)
    .sort((a, b) => b.stock - a.stock);
  expect(product, 'a FCFA product in stock').toBeTruthy();
  const created = await page.request.post('/api/order/create', {
    data: {
      ...CLIENT,
      payment_by: 'Chèque',
      currency: 'Fcfa',
      payment_term: '30 jours',
      delivery_method: 'Route',
      delivery_address: 'Zone industrielle, Lomé',
      credit_level: 'Client référencé',
      order_items: [{ product_id: product!.id, quantity: 2 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).order as { id: number; order_num: string };

  // Staff: the order detail, « Réviser le devis », 3 units at 10 % off, « Envoyer au client ».
  await signIn(page);
  await page.goto(`/dashboard/commandes?search=${order.order_num}`);
  await page
    .getByRole('table', { name: 'Liste des commandes' })
    .getByRole('button', { name: `Actions pour la commande ${order.order_num}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Afficher' }).click();
  const detail = page.getByRole('dialog', { name: 'Détail de la commande' });
  const quote = detail.getByTestId('order-quote');
  await expect(quote).toContainText('-v1');
  await quote.getByRole('button', { name: 'Réviser le devis' }).click();
  const editor = quote.getByTestId('quote-draft-editor');
  await expect(editor.getByLabel('Quantité de la ligne 1')).toHaveValue('2');
  // Another staff member saves the same draft meanwhile: this save is stopped, the saved version reloads.
  const other = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
  const draft = (await other.get(`/api/order/${order.id}/quote`)).quote.versions[0];
  const theirs = await other.send('POST', `/api/order/${order.id}/quote/versions/${draft.id}/update`, {
    data: {
      version: draft.version,
      lines: draft.lines.map((l: { product_id: number; quantity: number; unit_price: string }) => ({
        product_id: l.product_id,
        unit_price: l.unit_price,
        quantity: 5,
      })),
    },
  });
  expect(theirs.status).toBe(200);
  await other.dispose();
  await editor.getByLabel('Quantité de la ligne 1').fill('4');
  await editor.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(editor.getByRole('alert')).toContainText('a enregistré une autre version');
  await editor.getByRole('button', { name: 'Recharger la version enregistrée' }).click();
  await expect(editor.getByLabel('Quantité de la ligne 1')).toHaveValue('5');
  await editor.getByLabel('Quantité de la ligne 1').fill('3');
  await editor.getByLabel('Remise de la ligne 1 (%)').fill('10');
  await editor.getByLabel('Message au client').fill('Remise de 10 % accordée pour 3 unités.');
  // A product added from the catalogue: its name, reference and price are copied into the line.
  await editor.getByLabel('Ajouter un produit du catalogue').fill(extra!.reference);
  await editor
    .getByTestId('quote-product-results')
    .getByRole('button', { name: new RegExp(extra!.reference) })
    .first()
    .click();
  await expect(editor.getByLabel('Désignation de la ligne 2')).toHaveValue(extra!.name);
  const since = Date.now();
  await editor.getByRole('button', { name: 'Envoyer au client' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    `envoyé par e-mail à ${CLIENT.company_email} et ${CLIENT.representative_email}`,
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Envoyer' }).click();
  await expect(quote.getByTestId('quote-state')).toHaveText('Envoyé');
  await expect(quote).toContainText('-v2');

  // The client's e-mail carries the link; the page opens in another browser, without any session.
  const mail = await waitForMail(since, (text) => text.includes(order.order_num) && text.includes('/suivi-commande#'));
  const link = /https?:\/\/\S+\/suivi-commande#[\w-]{43}/.exec(mail)![0];
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: /^Devis DEV-.*-v2$/ })).toBeVisible();
  await expect(client).toHaveURL(/\/suivi-commande$/); // the token left the address bar
  await expect(client.locator('[data-client-order]')).toContainText('Remise de 10 % accordée pour 3 unités.');
  await expect(client.locator('[data-in-words]')).toContainText('Arrêté le présent devis à la somme de');
  await expect(client.locator('[data-client-order] table')).toContainText(extra!.name);
  const { violations } = await new AxeBuilder({ page: client }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await client.getByLabel('Votre message').fill('Pouvez-vous livrer à Kpalimé ?');
  await client.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(client.locator('[data-thread]')).toContainText('Pouvez-vous livrer à Kpalimé ?');

  // Staff read it in the order detail and answer.
  await page.reload();
  await page
    .getByRole('table', { name: 'Liste des commandes' })
    .getByRole('button', { name: `Actions pour la commande ${order.order_num}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Afficher' }).click();
  await expect(detail.getByTestId('order-thread')).toContainText('Pouvez-vous livrer à Kpalimé ?');
  await detail.getByLabel('Répondre au client').fill('Oui, livraison à Kpalimé sous 4 jours.');
  await detail.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(detail.getByTestId('order-thread')).toContainText('Oui, livraison à Kpalimé sous 4 jours.');

  // The client sees the answer and accepts (name typed, « Bon pour accord » ticked).
  await client.reload();
  await expect(client.locator('[data-thread]')).toContainText('Oui, livraison à Kpalimé sous 4 jours.');
  await client.getByLabel('Votre nom (signature)').fill('Komi Agbodjan');
  await client.getByLabel('Bon pour accord').check();
  await client.getByRole('button', { name: 'Accepter', exact: true }).click();
  await expect(client.getByRole('status').filter({ hasText: 'Votre commande est confirmée' })).toBeVisible();
  await expect(client.locator('[data-order-state]')).toContainText('Accepté');
  await clientContext.close();

  // The dashboard shows it accepted; the server says in progress.
  await page.reload();
  await page
    .getByRole('table', { name: 'Liste des commandes' })
    .getByRole('button', { name: `Actions pour la commande ${order.order_num}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Afficher' }).click();
  await expect(detail.getByTestId('quote-state')).toHaveText('Accepté');
  expect(query<{ status: string; quote_state: string }>('SELECT status, quote_state FROM orders WHERE id = ?', order.id)).toEqual(
    [{ status: 'inprogress', quote_state: 'accepted' }],
  );
});

test('« Mes commandes »: the same answer for any address, then the e-mailed link lists the orders and opens one', async ({
  page,
}) => {
  const email = 'direction@chantiers-golfe.example';
  const product = (await allProducts(page)).find((p) => p.currency.name === 'Fcfa' && p.stock >= 1);
  const request = {
    ...CLIENT,
    company_email: email,
    payment_by: 'Chèque',
    currency: 'Fcfa',
    payment_term: '30 jours',
    delivery_method: 'Route',
    delivery_address: 'Zone industrielle, Lomé',
    credit_level: 'Client référencé',
    order_items: [{ product_id: product!.id, quantity: 1 }],
  };
  const created = await page.request.post('/api/order/create', { data: request });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).order as { order_num: string };
  // A second order of the address, confirmed and invoiced by staff: the list shows its invoice (state, balance) and PDF.
  const second = await page.request.post('/api/order/create', { data: request });
  expect(second.status(), await second.text()).toBe(201);
  const invoiced = (await second.json()).order as { id: number; order_num: string };
  const staff = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
  expect((await staff.send('PUT', `/api/order/${invoiced.id}/status`, { data: { status: 'inprogress' } })).status).toBe(200);
  const issued = await staff.send('POST', `/api/order/${invoiced.id}/invoices`, { data: {} });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const invoice = issued.body.invoice as { number: string };
  await staff.dispose();

  await page.goto('/mes-commandes');
  const since = Date.now();
  await page.getByLabel('Votre adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Si des commandes sont associées à cette adresse' });
  await expect(answer).toBeVisible();

  const mail = await waitForMail(since, (text) => text.includes('/mes-commandes#'));
  const link = /https?:\/\/\S+\/mes-commandes#[\w-]{43}/.exec(mail)![0];
  await page.goto(link);
  const list = page.locator('[data-my-orders]');
  await expect(list).toContainText(order.order_num);
  const row = list.locator('li').filter({ hasText: invoiced.order_num });
  await expect(row.locator(`[data-invoice="${invoice.number}"]`)).toContainText(`Facture ${invoice.number}`);
  await expect(row.locator(`[data-invoice="${invoice.number}"]`)).toContainText('(Émise) : reste à payer');
  await expect(list.locator('li').filter({ hasText: order.order_num }).locator('[data-invoice]')).toHaveCount(0);
  const pdf = page.context().waitForEvent('response', (r) => r.url().endsWith('/api/client/order/invoice-pdf'));
  await row.getByRole('button', { name: `PDF de la facture ${invoice.number}` }).click();
  const opened = await pdf;
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  await list.getByRole('listitem').filter({ hasText: order.order_num }).getByRole('button', { name: 'Ouvrir' }).click();
  await expect(page.locator('[data-client-order]')).toContainText(`Commande ${order.order_num}`);
  await expect(page.getByRole('heading', { name: /^Devis DEV-.*-v1$/ })).toBeVisible();
});

for (const [address, island, shown] of [
  ['/mes-commandes', 'MyOrders', 'Votre adresse e-mail'],
  ['/suivi-commande', 'ClientOrder', 'Ouvrez cette page depuis le lien reçu par e-mail'],
] as const) {
  test(`${address} does not move while it loads: on a phone, the footer painted first stays put when the island appears`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The island's module held until the page has painted without it, as on a slow phone.
    const release = await holdRequests(page, `**/_astro/${island}.*.js`);
    await page.goto(address);
    await expect(page.locator('footer')).toBeVisible();
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    release();
    await expect(page.getByText(shown).first()).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await context.close();
  });
}
