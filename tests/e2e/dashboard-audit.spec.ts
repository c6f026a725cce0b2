// Activity history and home charts: a price change shows in the product's "Historique" and
// in the "Journal d'activité"; the home charts' text equivalents match known data (a server of its
// own, with an empty database filled by this test).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatPrice } from '../../api/src/shared/money.js';
import { signIn, staffApi, type StaffApi, toast } from './dashboard-helpers.js';
import { E2E_ADMIN, startServer, type RunningServer } from './server.js';

const root = path.resolve(import.meta.dirname, '../..');
async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('activity history', () => {
  let admin: StaffApi;
  test.beforeAll(async () => {
    admin = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
  });
  test.afterAll(async () => {
    await admin?.dispose();
  });

  test("a product's new price shows in its history and in the journal", async ({ page }) => {
    const product = (await admin.get('/api/product?per_page=1')).products.data[0];
    const before: string = product.price;
    const cents = Math.round(Number(before) * 100) + 12_345;
    const after = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    // The one money format of the dashboard (and the site and the e-mails).
    const shown = (value: string) => formatPrice(value);

    await signIn(page);
    await page.goto(`/dashboard/produit/${product.id}`);
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier un produit' });
    await dialog.getByLabel('Prix').fill(after.replace('.', ','));
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await expect(toast(page, 'Produit mis à jour avec succès !')).toBeVisible();
    expect((await admin.get(`/api/product/${product.id}`)).product.price).toBe(after);

    // The product page's "Historique", newest first.
    const history = page.getByTestId('history-panel');
    const newest = history.getByTestId('history-entry').first();
    await expect(newest).toHaveAttribute('data-action', 'update');
    await expect(newest).toContainText('Modification');
    await expect(newest).toContainText('Administrateur');
    const priceChange = newest.locator('[data-field="price"]');
    await expect(priceChange.locator('del')).toHaveText(shown(before));
    await expect(priceChange.locator('ins')).toHaveText(shown(after));
    // The server holds the same entry.
    const entries = (await admin.get(`/api/audit/history?entity=product&entity_id=${product.id}`)).entries.data;
    expect(entries[0]).toMatchObject({ action: 'update', changes: { price: { before, after } } });

    // The journal, filtered by the URL, then from its own filters.
    await page.goto('/dashboard/administration/journal');
    await expect(page.getByRole('heading', { name: "Journal d'activité" })).toBeVisible();
    await page.getByRole('combobox', { name: "Type d'élément" }).click();
    await page.getByRole('option', { name: 'Produit', exact: true }).click();
    await expect(page).toHaveURL(/entity=product/);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Modification', exact: true }).click();
    await expect(page).toHaveURL(/action=update/);
    await page.getByRole('searchbox').fill(product.name);
    await expect(page).toHaveURL(/search=/);
    const table = page.getByRole('table', { name: "Journal d'activité" });
    const row = table.getByRole('row').filter({ hasText: product.name }).first();
    await expect(row).toContainText('Modification');
    await expect(row.locator('[data-field="price"] ins')).toHaveText(shown(after));
    await expectNoAxeViolations(page);

    // Reloading the address gives the same filtered page.
    await page.reload();
    await expect(page.getByRole('combobox', { name: "Type d'élément" })).toHaveText('Produit');
    await expect(table.getByRole('row').filter({ hasText: product.name }).first()).toBeVisible();
    // Each entry leads to its record.
    await table.getByRole('row').filter({ hasText: product.name }).first().getByRole('link', { name: product.name }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/produit/${product.id}$`));
  });
});

test.describe('home charts', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    // A server of its own on an empty database, filled with known figures straight in SQLite.
    server = await startServer({ SEED_ON_EMPTY: 'false', BUILD_SITE_ON_BOOT: 'false' }, false);
    const Database = createRequire(path.join(root, 'api/package.json'))('better-sqlite3');
    const db = new Database(path.join(server.dataDir, 'comptoir.sqlite'));
    db.pragma('busy_timeout = 5000');
    const DAY = 86_400_000;
    const sql = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
    const now = new Date();
    const monday = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY,
    );
    const thisWeek = sql(new Date(monday.getTime() + 3_600_000));
    const threeWeeksAgo = sql(new Date(monday.getTime() - 21 * DAY + 3_600_000));
    const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
    db.transaction(() => {
      const at = sql(now);
      const brand = db
        .prepare(
          "INSERT INTO brands (name, representative, description, created_at, updated_at) VALUES ('Voltaria', 'K', '-', ?, ?)",
        )
        .run(at, at).lastInsertRowid;
      const category = db
        .prepare("INSERT INTO categories (designation, description, created_at, updated_at) VALUES ('Énergie', '-', ?, ?)")
        .run(at, at).lastInsertRowid;
      const currency = db
        .prepare("INSERT INTO currencies (name, symbol, code) VALUES ('Fcfa', 'FCFA', 'XOF')")
        .run().lastInsertRowid;
      const product = db.prepare(
        `INSERT INTO products (name, reference, stock, price, description, brand_id, category_id, currency_id, in_spotlight, low_stock_threshold, created_at, updated_at)
         VALUES (?, ?, ?, ?, '-', ?, ?, ?, 0, ?, ?, ?)`,
      );
      const pump = product.run('Pompe immergée', 'PO-1', 50, '1000.00', brand, category, currency, null, at, at).lastInsertRowid;
      const generator = product.run(
        'Groupe électrogène',
        'GE-1',
        40,
        '2500.50',
        brand,
        category,
        currency,
        null,
        at,
        at,
      ).lastInsertRowid;
      product.run('Casque de chantier', 'CA-1', 0, '10.00', brand, category, currency, null, at, at);
      product.run('Câble 10 mm', 'CB-1', 12, '5.00', brand, category, currency, 20, at, at);
      const order = db.prepare(
        `INSERT INTO orders (order_num, status, company_name, company_phone, company_email, representative_name, representative_phone,
           representative_email, payment_by, currency, payment_term, delivery_method, credit_level, total, stock_reserved, created_at, updated_at)
         VALUES (?, ?, 'Société', '+228 90 00 00 00', 'a@b.tg', 'Ama', '+228 91 00 00 00', 'a@b.tg', 'Visa', ?, '30 jours', 'Route', 'Standard', ?, 1, ?, ?)`,
      );
      const item = db.prepare(
        'INSERT INTO order_items (order_id, product_id, product_name, quantity, price, total_price, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      let o = order.run('CMD-T-1', 'pending', 'Fcfa', '3000.00', thisWeek, thisWeek).lastInsertRowid;
      item.run(o, pump, 'Pompe immergée', 3, '1000.00', '3000.00', thisWeek);
      o = order.run('CMD-T-2', 'inprogress', 'Fcfa', '5001.00', thisWeek, thisWeek).lastInsertRowid;
      item.run(o, generator, 'Groupe électrogène', 2, '2500.50', '5001.00', thisWeek);
      o = order.run('CMD-T-3', 'canceled', 'Fcfa', '9000.00', thisWeek, thisWeek).lastInsertRowid;
      item.run(o, pump, 'Pompe immergée', 9, '1000.00', '9000.00', thisWeek);
      o = order.run('CMD-T-4', 'shipped', 'Euro', '1000.00', threeWeeksAgo, threeWeeksAgo).lastInsertRowid;
      item.run(o, pump, 'Pompe immergée', 1, '1000.00', '1000.00', threeWeeksAgo);
      // Entries received for a product keep a lot each: the home counts the lots that still have units.
      const entry = db.prepare(
        `INSERT INTO stock_entries (name, price, quantity, manufacture_date, expiry_date, expirable, product_id, created_at, updated_at)
         VALUES (?, '10.00', ?, '2024-01-01', ?, 1, ?, ?, ?)`,
      );
      const lot = db.prepare(
        `INSERT INTO stock_lots (product_id, stock_entry_id, quantity_received, quantity_left, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      );
      const received = (name: string, quantity: number, left: number, expires: string) =>
        lot.run(pump, entry.run(name, quantity, expires, pump, at, at).lastInsertRowid, quantity, left, expires, at);
      received('Lubrifiant', 6, 6, day(10));
      received('Colle', 2, 2, day(90));
      received('Solvant', 1, 1, day(-3));
      received('Graisse', 4, 0, day(5)); // delivered since: no longer counted
    })();
    db.close();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the charts of the home say in words and tables what the data holds, and link to the lists', async ({ page }) => {
    await signIn(page, { baseUrl: server.baseUrl });

    const orders = page.getByTestId('chart-orders-weeks');
    await expect(page.getByTestId('chart-orders-weeks-summary')).toHaveText(
      '4 demandes sur les 12 dernières semaines ; cette semaine : 3 (1 en attente, 1 en cours, 0 expédiées, 1 annulées).',
    );
    await orders.getByText('Afficher les données en tableau').click();
    const ordersTable = orders.getByRole('table', { name: 'Demandes de commande par semaine et par statut' });
    await expect(ordersTable.getByRole('row')).toHaveCount(13);
    await expect(ordersTable.getByRole('row').last().getByRole('cell')).toHaveText(['1', '1', '0', '1', '3']);
    await expect(ordersTable.getByRole('row').nth(9).getByRole('cell')).toHaveText(['0', '0', '1', '0', '1']);
    await expect(orders.getByRole('link', { name: 'En attente' })).toHaveAttribute('href', '/dashboard/commandes?status=pending');
    // The drawing shows one bar segment per week and status with requests: the 4 requests above.
    const segments = orders.locator('svg[data-chart="stacked-bars"] rect');
    await expect(segments).toHaveCount(4);
    await expect(segments.locator('title')).toContainText([/– En attente : 1$/, /– En cours : 1$/, /– Annulé : 1$/]);

    await expect(page.getByTestId('chart-value-weeks-summary')).toHaveText(
      `Sur les 12 dernières semaines (hors commandes annulées) : ${formatPrice('1000.00', 'Euro')} ; ${formatPrice('8001.00', 'FCFA')}.`,
    );

    await expect(page.getByTestId('chart-top-products-summary')).toHaveText(
      'Le plus demandé : Pompe immergée (4 unités, 2 commandes).',
    );
    const top = page.getByTestId('chart-top-products');
    await top.getByText('Afficher les données en tableau').click();
    await expect(top.getByRole('table').getByRole('row')).toHaveCount(3);
    await expect(top.getByRole('row').nth(2).getByRole('cell')).toHaveText(['2', '1']);

    await expect(page.getByTestId('chart-low-stock-summary')).toHaveText(
      '2 produits à ou sous leur seuil de stock bas (seuil par défaut : 5), dont 1 en rupture.',
    );
    const stock = page.getByTestId('chart-low-stock');
    await stock.getByText('Afficher les données en tableau').click();
    await expect(stock.getByRole('rowheader')).toHaveText(['Casque de chantier', 'Câble 10 mm']);
    // The chart's link opens the products it counts: the low-stock list.
    await expect(stock.getByRole('link', { name: 'Voir les produits' })).toHaveAttribute('href', '/dashboard/produits?stock=low');

    await expect(page.getByTestId('chart-expiring-summary')).toHaveText(
      '1 lot expire dans les 30 jours ; 1 lot déjà périmé encore en stock.',
    );
    const expiring = page.getByTestId('chart-expiring');
    await expiring.getByText('Afficher les données en tableau').click();
    await expect(expiring.getByRole('rowheader')).toHaveText(['Lubrifiant']);
    await expectNoAxeViolations(page);

    // The same figures come from the server's one summary call.
    const res = await page.request.get(`${server.baseUrl}/api/dashboard/summary`);
    const charts = (await res.json()).charts;
    expect(charts.orders_per_week.at(-1)).toMatchObject({ pending: 1, inprogress: 1, canceled: 1, total: 3 });
    expect(charts.value_per_week.at(-1).totals).toEqual({ Euro: '0.00', Fcfa: '8001.00' });

    await orders.getByRole('link', { name: 'En attente' }).click();
    await expect(page).toHaveURL(/\/dashboard\/commandes\?status=pending/);
  });
});
