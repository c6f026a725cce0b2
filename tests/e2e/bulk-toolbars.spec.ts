// The articles' and orders' bulk toolbars as a person uses them: rows chosen in the list, an action
// confirmed, the summary in the notice, the change read back from the server, then « Annuler » and the
// server back as before (for orders, while the client's e-mails still wait in the outbox).
// Everything is found by role and visible label, not by component.
import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { signIn, SMALL_PNG, staffApi, toast, type StaffApi } from './dashboard-helpers.js';
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

/** The dialog that asks before an action (a confirmation or the toolbar's own form). */
const asking = (page: Page) => page.getByRole('alertdialog').or(page.getByRole('dialog')).last();

const toolbarOf = (page: Page) => page.getByRole('toolbar', { name: 'Actions sur la sélection' });

async function check(boxes: Locator[]) {
  for (const box of boxes) await box.check();
}

test.describe('articles: bulk toolbar', () => {
  const prefix = `Lot articles ${run}`;
  const titles = [1, 2, 3].map((n) => `${prefix} ${n}`);
  const ids: number[] = [];

  test.beforeAll(async () => {
    for (const title of titles) {
      const content = JSON.stringify({
        time: Date.now(),
        blocks: [{ type: 'paragraph', data: { text: 'Texte.' } }],
        version: '2.31.0',
      });
      const res = await admin.send('POST', '/api/blog/create', {
        multipart: { title, content, status: 'Publié', image: { name: 'cover.png', mimeType: 'image/png', buffer: SMALL_PNG } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.blog.id as number);
    }
  });

  const statuses = async () => {
    const answer = await admin.get(`/api/blog?search=${encodeURIComponent(prefix)}&per_page=100`);
    return new Map<number, string>(answer.blogs.data.map((a: { id: number; status: string }) => [a.id, a.status]));
  };

  test('« Dépublier » then « Corbeille » on chosen articles, each with its summary, then « Annuler »', async ({ page }) => {
    await signIn(page);
    await page.goto(`/dashboard/articles?search=${encodeURIComponent(prefix)}`);
    const table = page.getByRole('table', { name: 'Liste des articles' });
    await expect(table.locator('tbody tr')).toHaveCount(3);
    for (const title of titles) await expect(table).toContainText(title);

    // Unpublish all three.
    await check(titles.map((title) => page.getByRole('checkbox', { name: `Sélectionner ${title}` })));
    const toolbar = toolbarOf(page);
    await expect(toolbar).toContainText('3 articles sélectionnés');
    await toolbar.getByRole('button', { name: 'Dépublier' }).click();
    const unpublish = asking(page);
    await expect(unpublish).toContainText('Repasser 3 articles en brouillon ?');
    await expect(unpublish).toContainText('Ils quitteront le site public.');
    await unpublish.getByRole('button', { name: 'Dépublier' }).click();
    const unpublished = toast(page, '3 modifiés');
    await expect(unpublished).toBeVisible();
    await expect(toolbar).toHaveCount(0);
    expect([...(await statuses()).values()]).toEqual(['Brouillon', 'Brouillon', 'Brouillon']);
    await expect(table.getByText('Publié')).toHaveCount(0);

    await unpublished.getByRole('button', { name: 'Annuler' }).click();
    await expect(toast(page, 'Action annulée : 3 rétablis')).toBeVisible();
    expect([...(await statuses()).values()]).toEqual(['Publié', 'Publié', 'Publié']);
    await expect(table.getByText('Publié')).toHaveCount(3);

    // Two of them to the bin: the third stays published.
    await check(titles.slice(0, 2).map((title) => page.getByRole('checkbox', { name: `Sélectionner ${title}` })));
    await expect(toolbar).toContainText('2 articles sélectionnés');
    await toolbar.getByRole('button', { name: /Corbeille|Mettre à la corbeille/ }).click();
    const trash = asking(page);
    await expect(trash).toContainText('Mettre 2 articles à la corbeille ?');
    await trash.getByRole('button', { name: /Corbeille|Mettre à la corbeille/ }).click();
    const trashed = toast(page, '2 modifiés');
    await expect(trashed).toBeVisible();
    const after = await statuses();
    expect([after.get(ids[0]!), after.get(ids[1]!), after.get(ids[2]!)]).toEqual(['Corbeille', 'Corbeille', 'Publié']);
    await expect(table.locator('tbody tr').filter({ hasText: titles[0]! })).toContainText('Corbeille');

    await trashed.getByRole('button', { name: 'Annuler' }).click();
    await expect(toast(page, 'Action annulée : 2 rétablis')).toBeVisible();
    expect([...(await statuses()).values()]).toEqual(['Publié', 'Publié', 'Publié']);
    await expect(table.locator('tbody tr').filter({ hasText: titles[0]! })).toContainText('Publié');
  });
});

test.describe('orders: bulk status change', () => {
  const company = `Essais Groupés ${run}`;
  const orders: { id: number; order_num: string; client: string; representative: string }[] = [];
  let product: { id: number };

  test.beforeAll(async () => {
    const catalogue = (await admin.get('/api/product?per_page=100')).products.data;
    product = catalogue.find((p: any) => p.stock > 10 && p.currency?.name === 'Fcfa');
    expect(product, 'a product in stock, priced in Fcfa').toBeTruthy();
    const visitor = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
    for (const n of [1, 2]) {
      const client = `achats${n}.${run}@groupes.example`;
      const representative = `rep${n}.${run}@groupes.example`;
      const { id, order_num } = await placeOrder(
        visitor,
        {
          company_name: `${company} ${n}`,
          company_phone: '+228 22 00 00 01',
          company_email: client,
          representative_name: 'Afi Essai',
          representative_phone: '+228 90 00 00 01',
          representative_email: representative,
        },
        [{ product_id: product.id, quantity: 2 }],
      );
      orders.push({ id, order_num, client, representative });
    }
    await visitor.dispose();
  });

  const stockOf = async () => (await admin.get(`/api/product/${product.id}`)).product.stock as number;
  const onServer = async (id: number) => (await admin.get(`/api/order/${id}`)).order;
  const cancelMails = (order: any) =>
    (order.mails as { kind: string; to: string; status: string }[])
      .filter((m) => m.kind === 'order-canceled')
      .map((m) => [m.to, m.status]);

  test('two orders canceled after a confirmation that says what happens, then « Annuler » before the e-mails leave', async ({
    page,
  }) => {
    const held = await stockOf();
    await signIn(page);
    await page.goto(`/dashboard/commandes?search=${encodeURIComponent(company)}`);
    const table = page.getByRole('table', { name: 'Liste des commandes' });
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await check(orders.map((o) => page.getByRole('checkbox', { name: `Sélectionner la commande ${o.order_num}` })));
    const toolbar = toolbarOf(page);
    await expect(toolbar).toContainText('2 commandes sélectionnées');

    await toolbar.getByRole('button', { name: 'Changer le statut' }).click();
    const dialog = asking(page);
    await expect(dialog).toContainText('Changer le statut de 2 commandes');
    await dialog.getByRole('combobox', { name: 'Nouveau statut' }).click();
    await page.getByRole('option', { name: 'Annulé', exact: true }).click();
    // What will happen, before anything does: the stock given back, the e-mails and to whom.
    await expect(dialog).toContainText('Le stock réservé par chaque commande est rendu');
    await expect(dialog).toContainText('Un e-mail est envoyé au client et à son représentant de chaque commande');
    expect((await onServer(orders[0]!.id)).status).toBe('pending');
    await dialog.getByRole('button', { name: 'Passer en « Annulé »' }).click();

    const notice = toast(page, '2 modifiés');
    await expect(notice).toBeVisible();
    await expect(toolbar).toHaveCount(0);
    for (const order of orders) {
      const canceled = await onServer(order.id);
      expect(canceled.status).toBe('canceled');
      expect(canceled.stock_reserved).toBe(false);
      // The client's and the representative's e-mails wait in the outbox.
      expect(cancelMails(canceled)).toEqual([
        [order.client, 'queued'],
        [order.representative, 'queued'],
      ]);
    }
    expect(await stockOf()).toBe(held + 4);
    await expect(table.locator('tbody tr').filter({ hasText: orders[0]!.order_num })).toContainText('Annulé');

    await notice.getByRole('button', { name: 'Annuler' }).click();
    await expect(toast(page, 'Action annulée : 2 rétablis')).toBeVisible();
    for (const order of orders) {
      const undone = await onServer(order.id);
      expect(undone.status).toBe('pending');
      expect(undone.stock_reserved).toBe(true);
      expect(cancelMails(undone)).toEqual([]);
    }
    expect(await stockOf()).toBe(held);
    await expect(table.locator('tbody tr').filter({ hasText: orders[0]!.order_num })).toContainText('En attente');
  });
});
