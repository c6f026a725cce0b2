import { expect, test, type Page } from '@playwright/test';
import {
  allProducts,
  apiJson,
  fillOrderForm,
  holdRequests,
  islandsReady,
  liveStock,
  orderClient,
  query,
  toast,
  waitForMail,
  type ApiProduct,
} from './public-helpers.js';

const ORDER_FIELDS = {
  company_name: 'Ateliers du Golfe SARL',
  company_phone: '+228 22 33 44 55',
  company_email: 'achats@ateliers-golfe.example',
  representative_name: 'Kafui Mensah',
  representative_phone: '+228 90 12 34 56',
  representative_email: 'kafui.mensah@ateliers-golfe.example',
};

const cartOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; quantity: number; name: string }[]);

/** Products in stock of one currency (the order takes one currency), most stock first. */
async function inStock(page: Page, minStock: number): Promise<ApiProduct[]> {
  const products = (await allProducts(page)).filter((p) => p.stock >= minStock);
  const byCurrency = new Map<string, ApiProduct[]>();
  for (const p of products) byCurrency.set(p.currency.name, [...(byCurrency.get(p.currency.name) ?? []), p]);
  return [...byCurrency.values()].sort((a, b) => b.length - a.length)[0]!.sort((a, b) => b.stock - a.stock);
}

async function openCart(page: Page) {
  await page.locator('[data-cart-button]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('catalogue', () => {
  test('12 products first, "Afficher plus" adds 4 and disappears when all are shown', async ({ page }) => {
    const total = (await allProducts(page)).length;
    await page.goto('/catalogue');
    const cards = page.locator('[data-product-card]');
    await expect(cards).toHaveCount(Math.min(12, total));
    await islandsReady(page);
    await expect(page.getByText(`${total} produits`)).toBeVisible();
    let shown = Math.min(12, total);
    const more = page.getByRole('link', { name: 'Afficher plus' });
    while (shown < total) {
      await more.click();
      shown = Math.min(shown + 4, total);
      await expect(cards).toHaveCount(shown);
    }
    await expect(more).toBeHidden();
    // Names are cut at 22 characters on the cards.
    for (const name of await cards.locator('h3').allTextContents())
      expect(name.replace(/ \(.*\)$/, '').length).toBeLessThanOrEqual(25);
  });

  test('"Afficher plus" pressed while a new sort is on its way is kept: 4 more of the new list, once', async ({ page }) => {
    const total = (await allProducts(page)).length;
    test.skip(total <= 16, 'the demo data has more than 16 products');
    await page.goto('/catalogue');
    await islandsReady(page);
    // The sorted list's answer held back, as on a slow network, while the visitor presses twice.
    const release = await holdRequests(page, /\/api\/products\/filter\?/);
    await page.getByLabel('Trier par').selectOption('Prix croissant');
    const more = page.getByRole('link', { name: 'Afficher plus' });
    await more.click();
    await more.click();
    await expect(page).toHaveURL(/affiches=16/);
    release();
    const cards = page.locator('[data-product-card]');
    await expect(cards).toHaveCount(16);
    await expect(page).toHaveURL(/tri=prix_asc/);
  });

  test('filters by category, sorts the spotlight first, searches from 2 characters', async ({ page }) => {
    const products = await allProducts(page);
    await page.goto('/catalogue');
    await islandsReady(page);
    const cards = page.locator('[data-product-card]');
    const categories = await apiJson<{ categories: { id: number; designation: string }[] }>(page, '/api/categories');
    const category = categories.categories.find((c) => products.some((p) => p.category_id === c.id))!;
    const inCategory = products.filter((p) => p.category_id === category.id);
    await page.getByLabel('Catégorie').selectOption({ label: category.designation });
    await expect(cards).toHaveCount(Math.min(12, inCategory.length));
    const ids = await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-product-card'))));
    expect(ids.every((id) => inCategory.some((p) => p.id === id))).toBe(true);

    await page.getByLabel('Catégorie').selectOption('all');
    await page.getByLabel('Trier par').selectOption('Populaire');
    const spotlight = products.filter((p) => p.in_spotlight).map((p) => p.id);
    await expect.poll(async () => spotlight.includes(Number(await cards.first().getAttribute('data-product-card')))).toBe(true);

    const target = products.find((p) => p.name.length > 8)!;
    const word = target.name.split(' ')[0]!;
    const search = page.getByLabel('Rechercher');
    await search.fill(word[0]!);
    await page.waitForTimeout(600);
    await expect(page.getByText(`${products.length} produits`)).toBeVisible();
    await search.fill(word);
    const matching = products.filter((p) => p.name.toLowerCase().includes(word.toLowerCase()));
    await expect(page.getByText(new RegExp(`^${matching.length} produits?$`))).toBeVisible();
    await search.fill('zz-introuvable');
    await expect(page.getByText('Aucun produit trouvé', { exact: true })).toBeVisible();
  });

  test('a slow load keeps the grid busy with a spinner, then shows the live products', async ({ page }) => {
    const release = await holdRequests(page, '**/api/products/filter?*');
    await page.goto('/catalogue');
    await islandsReady(page);
    // The first screen is in the HTML (no request for it): a change of sort loads.
    await page.getByLabel('Trier par').selectOption('Populaire');
    await expect(page.getByText('Chargement des produits…')).toBeVisible();
    await expect(page.locator('[data-catalogue] [aria-busy="true"]')).toHaveCount(1);
    release();
    await expect(page.locator('[data-catalogue] [aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByText(/^\d+ produits?$/)).toBeVisible();
  });

  test('a failed load shows the French error and a retry button', async ({ page }) => {
    await page.route('**/api/products/filter?*', (route) => route.abort());
    await page.goto('/catalogue');
    await islandsReady(page);
    await page.getByLabel('Trier par').selectOption('Populaire');
    await expect(page.getByRole('alert').filter({ hasText: 'Erreur lors du chargement des produits.' })).toBeVisible();
    await expect(toast(page, 'Erreur lors du chargement des produits.')).toBeVisible();
    await page.unroute('**/api/products/filter?*');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.locator('[data-product-card]').first()).toBeVisible();
  });
});

test.describe('cart', () => {
  test('adds a product once, refuses a duplicate, counts it, keeps it after a reload and in other tabs', async ({
    page,
    context,
  }) => {
    const [product] = await inStock(page, 1);
    await page.goto('/catalogue');
    await islandsReady(page);
    await page.getByLabel('Trier par').selectOption('recent');
    const badge = page.locator('[data-cart-count]');
    await expect(badge).toHaveText('0');
    const other = await context.newPage();
    await other.goto('/catalogue');
    await islandsReady(other);

    await page.goto(`/product/${product!.id}`);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(toast(page, 'Produit bien ajouté au panier')).toBeVisible();
    await expect(page.locator('[data-cart-count]')).toHaveText('1');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(toast(page, 'Le produit existe déjà dans le panier')).toBeVisible();
    expect(await cartOf(page)).toEqual([expect.objectContaining({ id: product!.id, quantity: 1 })]);

    // The other tab follows through the storage event, and a reload keeps the cart.
    await expect(other.locator('[data-cart-count]')).toHaveText('1');
    await page.reload();
    await expect(page.locator('[data-cart-count]')).toHaveText('1');
    await other.close();
  });

  test('quantity within 1..stock on the product page, "Stock épuisé" beyond', async ({ page }) => {
    const products = await allProducts(page);
    const product = products.find((p) => p.stock >= 2 && p.stock <= 6) ?? (await inStock(page, 2))[0]!;
    await page.goto(`/product/${product.id}`);
    await islandsReady(page);
    await expect(page.getByText(`En stock (${product.stock})`)).toBeVisible();
    const quantity = page.getByRole('spinbutton', { name: 'Quantité' });
    const plus = page.getByRole('button', { name: 'Augmenter la quantité' });
    for (let i = 1; i < product.stock; i++) await plus.click();
    await expect(quantity).toHaveValue(String(product.stock));
    await plus.click();
    await expect(toast(page, 'Stock épuisé')).toBeVisible();
    await expect(quantity).toHaveValue(String(product.stock));
    const minus = page.getByRole('button', { name: 'Diminuer la quantité' });
    for (let i = product.stock; i > 1; i--) await minus.click();
    await expect(quantity).toHaveValue('1');
    await expect(minus).toBeDisabled();
    // Typed numbers are clamped where the visitor sees them.
    await quantity.fill(String(product.stock + 6));
    await expect(quantity).toHaveValue(String(product.stock));
    await expect(toast(page, 'Stock épuisé').last()).toBeVisible();
    await quantity.fill('-3');
    await expect(quantity).toHaveValue('1');
    // "Commander maintenant" uses the quantity chosen here, also when the product is already in the cart.
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await plus.click();
    await page.getByRole('button', { name: 'Commander maintenant' }).click();
    await expect(page.getByRole('dialog').locator(`[data-cart-item="${product.id}"]`).getByRole('spinbutton')).toHaveValue('2');
  });

  test('an exhausted product shows "Épuisé" and cannot be added or ordered', async ({ page }) => {
    const products = await allProducts(page);
    const empty = products.find((p) => p.stock === 0);
    expect(empty, 'the demo data has an exhausted product').toBeTruthy();
    await page.goto(`/product/${empty!.id}`);
    await islandsReady(page);
    await expect(page.locator('[data-product-actions]').getByText('Épuisé')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Commander maintenant' })).toBeDisabled();
  });

  test('the live stock is read when the page is viewed, with a spinner meanwhile', async ({ page }) => {
    const [product] = await inStock(page, 1);
    const release = await holdRequests(page, `**/api/product/${product!.id}?*`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.product.stock = 0;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/product/${product!.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Vérification du stock' })).toBeAttached();
    // Meanwhile the stock of the last build is on the page, not a spinner alone.
    await expect(page.locator('[data-product-actions] [data-stock]')).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeDisabled();
    await expect(page.locator('[data-product-actions]').getByText('Épuisé')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Commander maintenant' })).toBeDisabled();
    // An exhausted product is not a dead end: a quote request, prefilled with the product.
    await page.getByRole('link', { name: 'Demander un devis' }).click();
    await expect(page).toHaveURL(/\/contact\?/);
    await islandsReady(page);
    await expect(page.getByLabel(/Objet/)).toHaveValue(`Demande de devis : ${product!.name}`);
  });

  test('the gallery changes its main image when a thumbnail is clicked', async ({ page }) => {
    const product = (await allProducts(page)).find((p) => p.images.length > 1);
    expect(product, 'the demo data has a product with several images').toBeTruthy();
    await page.goto(`/product/${product!.id}`);
    const main = page.locator('[data-main-image]');
    const first = await main.getAttribute('src');
    await page.getByRole('button', { name: 'Afficher l’image 2 sur' + ` ${product!.images.length}` }).click();
    await expect(main).not.toHaveAttribute('src', first!);
    await expect(page.getByRole('button', { name: /Afficher l’image 2/ })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('order dialog', () => {
  test('three steps, progress, bounds, empty cart, reset to step 1 on close', async ({ page }) => {
    await page.goto('/catalogue');
    await islandsReady(page);
    await page.evaluate(() => localStorage.removeItem('cart'));
    await page.reload();
    await islandsReady(page);
    const dialog = await openCart(page);
    await expect(dialog.getByRole('heading', { name: 'Articles ajoutés au panier' })).toBeVisible();
    await expect(dialog.getByText('Votre panier est vide')).toBeVisible();
    await expect(dialog.getByText('Étapes 1/3')).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    await expect(dialog.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    // An empty cart does not lead to the payment and contact steps.
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Votre panier est vide' })).toBeVisible();
    await expect(dialog.getByText('Étapes 1/3')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(`/product/${(await inStock(page, 1))[0]!.id}`);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await openCart(page);
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByRole('heading', { name: 'Paiement et livraison' })).toBeVisible();
    await expect(dialog.getByText('Étapes 2/3')).toBeVisible();
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByRole('heading', { name: 'Informations de contact' })).toBeVisible();
    await expect(dialog.getByText('Étapes 3/3')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Suivant' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Passer ma commande' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Précédent' }).click();
    await expect(dialog.getByText('Étapes 2/3')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await openCart(page);
    await expect(page.getByRole('dialog').getByText('Étapes 1/3')).toBeVisible();
    // Submitting with an empty cart sends nothing.
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/order/create')) posted = true;
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();
    expect(posted).toBe(false);
  });

  test('every field is required, "Sélectionner" counts as empty, nothing is sent until all are filled', async ({ page }) => {
    const [product] = await inStock(page, 1);
    await page.goto(`/product/${product!.id}`);
    await islandsReady(page);
    await page.evaluate(() => localStorage.removeItem('cart'));
    await page.reload();
    await islandsReady(page);
    await page.getByRole('button', { name: 'Commander maintenant' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('[data-cart-item]')).toHaveCount(1);
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/order/create')) posted++;
    });
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByLabel(/Moyen de paiement/)).toHaveValue('');
    await expect(
      dialog
        .getByLabel(/Moyen de paiement/)
        .locator('option')
        .first(),
    ).toHaveText('Sélectionner');
    await expect(dialog.getByLabel(/Moyen de paiement/).locator('option')).toHaveText([
      'Sélectionner',
      'Carte bancaire',
      'Visa',
      'Chèque',
      'Virement bancaire',
      'Mobile Money',
    ]);
    await expect(dialog.getByLabel(/Devise/).locator('option')).toHaveText(['Sélectionner', 'Dollar', 'Euro', 'FCFA']);
    await expect(dialog.getByLabel(/Mode de livraison/).locator('option')).toHaveText(['Sélectionner', 'Air', 'Route', 'Mer']);
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByLabel(/Email de l’entreprise/)).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel(/Email du représentant/)).toHaveAttribute('type', 'email');
    await dialog.getByRole('button', { name: 'Passer ma commande' }).click();
    // Back to the first step with an empty field, its message under it.
    await expect(dialog.getByRole('heading', { name: 'Paiement et livraison' })).toBeVisible();
    await expect(dialog.getByText('Ce champ est requis')).toHaveCount(4);
    await expect(dialog.getByLabel(/Moyen de paiement/)).toBeFocused();
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByText('Ce champ est requis')).toHaveCount(6);
    expect(posted).toBe(0);
  });

  test('cart to order: busy state, success popup, cart emptied, stock taken, order and e-mails on the server', async ({
    page,
  }) => {
    const [first, second] = await inStock(page, 3);
    const before = { first: await liveStock(page, first!.id), second: await liveStock(page, second!.id) };
    const started = Date.now();
    await page.goto('/catalogue');
    await islandsReady(page);
    await page.evaluate(() => localStorage.removeItem('cart'));

    await page.goto(`/product/${first!.id}`);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.goto(`/product/${second!.id}`);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Commander maintenant' }).click();

    const dialog = page.getByRole('dialog');
    const items = dialog.locator('[data-cart-item]');
    await expect(items).toHaveCount(2);
    // The second product's quantity goes up then back down; removal at 1 drops it, and it comes back.
    const secondRow = dialog.locator(`[data-cart-item="${second!.id}"]`);
    await secondRow.getByRole('button', { name: /Ajouter une unité/ }).click();
    await expect(secondRow.getByRole('spinbutton')).toHaveValue('2');
    await secondRow.getByRole('button', { name: /Retirer une unité/ }).click();
    await expect(secondRow.getByRole('spinbutton')).toHaveValue('1');
    await secondRow.getByRole('button', { name: /Retirer .* du panier/ }).click();
    await expect(toast(page, 'Le produit a bien été supprimé du panier')).toBeVisible();
    await expect(items).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await openCart(page);
    await expect(items).toHaveCount(2);
    expect(await cartOf(page)).toEqual([
      expect.objectContaining({ id: first!.id, quantity: 2 }),
      expect.objectContaining({ id: second!.id, quantity: 1 }),
    ]);

    await fillOrderForm(dialog, {
      // The currency is the cart's own until the client picks another.
      onTerms: () => expect(dialog.getByLabel(/Devise/)).toHaveValue(first!.currency.name),
      terms: { payment: 'Carte bancaire', conditions: 'Paiement à 30 jours', delivery: 'Mer', credit: 'Acompte de 30 %' },
      client: ORDER_FIELDS,
    });

    const release = await holdRequests(page, '**/api/order/create');
    const answer = page.waitForResponse('**/api/order/create');
    await dialog.getByRole('button', { name: 'Passer ma commande' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Envoi de la commande en cours' })).toBeAttached();
    release();
    const body = await (await answer).json();
    expect(body.order.order_num).toMatch(/^CMD-\d{4}-\d{5}$/);

    const popup = page.getByRole('dialog', { name: 'Commande passée avec succès !' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(body.order.order_num);
    // The number stays on screen until the visitor has read it and closes the popup.
    await expect(page.locator('[data-order-dialog]')).toBeHidden();
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
    expect(await cartOf(page)).toEqual([]);
    await expect(page.locator('[data-cart-count]')).toHaveText('0');

    expect(await liveStock(page, first!.id)).toBe(before.first - 2);
    expect(await liveStock(page, second!.id)).toBe(before.second - 1);
    const [order] = query<Record<string, unknown>>('SELECT * FROM orders WHERE order_num = ?', body.order.order_num);
    expect(order).toMatchObject({
      ...ORDER_FIELDS,
      status: 'pending',
      payment_by: 'Carte bancaire',
      delivery_method: 'Mer',
      currency: first!.currency.name,
    });
    const lines = query<{ product_id: number; quantity: number; price: string }>(
      'SELECT product_id, quantity, price FROM order_items WHERE order_id = ? ORDER BY product_id',
      order!.id,
    );
    expect(lines.map((l) => [l.product_id, l.quantity])).toEqual(
      [
        [first!.id, 2],
        [second!.id, 1],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    await waitForMail(started, (text) => text.includes(`Subject-decoded: Nouvelle commande ${body.order.order_num}`));
    // A first request from this address: one e-mail, to the company address, with the confirmation link.
    const confirmation = await waitForMail(started, (text) =>
      text.includes(`Subject-decoded: Confirmez votre demande de commande ${body.order.order_num}`),
    );
    expect(confirmation).toContain('Bonjour Kafui Mensah');
    const link = /\/api\/order-confirmation\?token=[\w-]{43}/.exec(confirmation)?.[0];
    expect(link, 'the confirmation link').toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/commande\/confirmee/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demande confirmée');
    // Confirmed: the hold is firm, and the representative gets the acknowledgement held back until now.
    expect(query<{ hold_state: string }>('SELECT hold_state FROM orders WHERE id = ?', order!.id)[0]!.hold_state).toBe('firm');
    const ack = await waitForMail(
      started,
      (text) =>
        text.includes(`Subject-decoded: Votre demande de commande ${body.order.order_num}`) &&
        text.includes(ORDER_FIELDS.representative_email),
    );
    expect(ack).toContain('Bonjour Kafui Mensah');
  });

  test('the cart marks an item that can no longer be ordered as it is, with a one-click fix', async ({ page }) => {
    const [product] = await inStock(page, 1);
    const stock = await liveStock(page, product!.id);
    await page.goto('/catalogue');
    await page.evaluate(
      ([p, quantity]) =>
        localStorage.setItem(
          'cart',
          JSON.stringify([
            { id: p.id, name: p.name, price: p.price, stock: quantity, image: null, currency: p.currency, quantity },
            {
              id: 987654,
              name: 'Produit retiré du catalogue',
              price: '10.00',
              stock: 3,
              image: null,
              currency: p.currency,
              quantity: 1,
            },
          ]),
        ),
      [product!, stock + 5] as const,
    );
    await page.reload();
    await islandsReady(page);
    const dialog = await openCart(page);
    const short = dialog.locator(`[data-cart-item="${product!.id}"]`);
    const removed = dialog.locator('[data-cart-item="987654"]');
    await expect(short).toContainText(`Il n’en reste que ${stock} en stock.`);
    await expect(removed).toContainText('Ce produit n’est plus disponible.');
    // Not past step 1 while the cart cannot be ordered as it is.
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'ne peuvent pas être commandés tels quels' })).toBeVisible();
    await expect(dialog.getByText('Étapes 1/3')).toBeVisible();
    await removed.getByRole('button', { name: 'Retirer du panier' }).click();
    await short.getByRole('button', { name: `Commander ${stock}` }).click();
    await expect(short.getByRole('spinbutton')).toHaveValue(String(stock));
    await expect(dialog.locator('[data-cart-issue]')).toHaveCount(0);
    expect(await cartOf(page)).toEqual([expect.objectContaining({ id: product!.id, quantity: stock })]);
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await expect(dialog.getByText('Étapes 2/3')).toBeVisible();

    // The typed fields survive a reload of the tab.
    await dialog.getByLabel(/Conditions de paiement/).fill('Comptant à la livraison');
    await page.reload();
    await islandsReady(page);
    const again = await openCart(page);
    await again.getByRole('button', { name: 'Suivant' }).click();
    await expect(again.getByLabel(/Conditions de paiement/)).toHaveValue('Comptant à la livraison');
  });

  test('a refused order keeps the cart and shows the server’s French message', async ({ page }) => {
    const [product] = await inStock(page, 1);
    const stock = await liveStock(page, product!.id);
    await page.goto('/catalogue');
    // The cart asks for more than exists (another customer took the last units meanwhile).
    await page.evaluate(
      ([p, quantity]) =>
        localStorage.setItem(
          'cart',
          JSON.stringify([
            { id: p.id, name: p.name, price: p.price, stock: quantity, image: null, currency: p.currency, quantity },
          ]),
        ),
      [product!, stock + 5] as const,
    );
    // The stock moves after the cart was checked (another customer orders between the check and the send).
    await page.route(`**/api/product/${product!.id}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.product.stock = stock + 5;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await islandsReady(page);
    const dialog = await openCart(page);
    await fillOrderForm(dialog, {
      terms: { payment: 'Visa', conditions: 'Comptant', delivery: 'Air', credit: 'Aucun' },
      client: orderClient('Refus SA', 'refus@exemple.example', 'Yao Refus', '00 00 00'),
    });
    await dialog.getByRole('button', { name: 'Passer ma commande' }).click();
    const popup = page.getByRole('alertdialog', { name: 'Erreur lors de la création de la commande.' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(`Stock insuffisant pour « ${product!.name} » : ${stock} disponible`);
    await popup.getByRole('button', { name: 'OK' }).click();
    const cart = await cartOf(page);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ id: product!.id, quantity: stock + 5 });
    expect(await liveStock(page, product!.id)).toBe(stock);
  });

  test('a network failure closes the dialog, keeps the cart and the request waits in the outbox', async ({ page }) => {
    const [product] = await inStock(page, 1);
    await page.goto(`/product/${product!.id}`);
    await islandsReady(page);
    await page.evaluate(() => localStorage.removeItem('cart'));
    await page.reload();
    await islandsReady(page);
    await page.getByRole('button', { name: 'Commander maintenant' }).click();
    const dialog = page.getByRole('dialog');
    await fillOrderForm(dialog, {
      terms: { payment: 'Chèque', conditions: 'Comptant', delivery: 'Route', credit: 'Aucun' },
      client: { ...orderClient('Réseau Coupé', 'afi@exemple.example', 'Afi', '00 00 01'), company_email: 'pas-un-email' },
    });
    await dialog.getByRole('button', { name: 'Passer ma commande' }).click();
    await expect(dialog.getByText("L'adresse email n'est pas valide.")).toBeVisible();
    await dialog.getByLabel(/Email de l’entreprise/).fill('reseau@exemple.example');
    await page.route('**/api/order/create', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Passer ma commande' }).click();
    // Sent again, with the same Idempotency-Key, when the connection returns (offline.spec.ts).
    const popup = page.getByRole('dialog', { name: 'En attente d’envoi' });
    await expect(popup).toContainText('votre demande partira dès le retour de la connexion');
    await expect(popup).toContainText('Votre panier est conservé');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(page.locator('[data-order-dialog]')).toBeHidden();
    await expect(page.locator('[data-outbox-indicator]')).toHaveText(/En attente d’envoi/);
    expect(await cartOf(page)).toHaveLength(1);
    expect(query('SELECT id FROM orders WHERE company_email = ?', 'reseau@exemple.example')).toHaveLength(0);
  });
});
