// A confirmed order that could not hold its stock at acceptance (short then) is reserved from its
// detail with « Réserver le stock »; its line columns say the prices are HT (PRICES_INCLUDE_TAX off).
import { expect, test } from '@playwright/test';
import { createProduct, signIn, staffApi, toast } from './dashboard-helpers.js';
import { openOrderDetail, placeOrder } from './order-helpers.js';
import { orderClient, waitForMail } from './public-helpers.js';
import { E2E_ADMIN } from './server.js';

const run = Date.now().toString(36);

test('« Réserver le stock » says what is short, then holds the order once the stock has it', async ({ page }) => {
  const staff = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password, { getHeaders: { 'Cache-Control': 'no-cache' } });
  const product = await createProduct(staff, {
    name: `Onduleur réserve ${run}`,
    reference: `RES-${run}`,
    stock: 25,
    price: 118000,
    description: 'Onduleur pour le test de réservation.',
  });
  const since = Date.now();
  // 21 units: above the hold limit, the request holds nothing.
  const email = `achats.${run}@reserve.example`;
  const order = await placeOrder(
    page.request,
    orderClient(`Essais Réserve ${run}`, email, 'Afi Essai', '31 07 07'),
    [{ product_id: product.id, quantity: 21 }],
    { credit_level: 'Client référencé' },
  );
  // Revised to 30 (more than the 25 in stock) and sent; the client accepts: confirmed without stock.
  const draft = (await staff.send('POST', `/api/order/${order.id}/quote/revise`, { data: {} })).body.quote.versions[0];
  const updated = await staff.send('POST', `/api/order/${order.id}/quote/versions/${draft.id}/update`, {
    data: { version: draft.version, lines: [{ product_id: product.id, quantity: 30, unit_price: '118000' }] },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  const v2 = updated.body.quote.versions[0];
  expect(
    (await staff.send('POST', `/api/order/${order.id}/quote/versions/${v2.id}/send`, { data: { version: v2.version } })).status,
  ).toBe(200);
  const mail = await waitForMail(since, (text) => text.includes(`${v2.reference}`) && text.includes('/suivi-commande#'));
  const token = /\/suivi-commande#([\w-]{43})/.exec(mail)![1]!;
  const accepted = await page.request.post('/api/client/order/accept', {
    data: { token, version_id: v2.id, name: 'Afi Essai', agreed: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const onServer = async () => (await staff.get(`/api/order/${order.id}`)).order;
  expect(await onServer()).toMatchObject({ status: 'inprogress', stock_reserved: false });

  await signIn(page);
  const detail = await openOrderDetail(page, order.order_num);
  await expect(detail.getByRole('columnheader', { name: 'Prix unitaire HT' })).toBeVisible();
  await expect(detail.getByRole('columnheader', { name: 'Total HT' })).toBeVisible();
  const panel = detail.getByTestId('order-reserve-stock');
  await panel.getByRole('button', { name: 'Réserver le stock' }).click();
  await expect(page.getByText(`« Onduleur réserve ${run} » (25 disponibles, 30 demandés)`)).toBeVisible();
  expect((await onServer()).stock_reserved).toBe(false);

  // Five more received: the order holds its 30 units.
  const adjusted = await staff.send('POST', `/api/stock/products/${product.id}/adjustments`, {
    data: {
      delta: 5,
      reason: 'inventaire',
      comment: 'Réception complémentaire',
      version: (await staff.get(`/api/product/${product.id}`)).product.version,
    },
  });
  expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
  await panel.getByRole('button', { name: 'Réserver le stock' }).click();
  await expect(toast(page, 'Stock réservé : la commande peut être livrée.')).toBeVisible();
  await expect(detail.getByTestId('order-reserve-stock')).toHaveCount(0);
  expect(await onServer()).toMatchObject({ status: 'inprogress', stock_reserved: true });
  await staff.dispose();
});
