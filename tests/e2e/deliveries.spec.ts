import { expect, test } from '@playwright/test';
import { signIn, toast } from './dashboard-helpers.js';
import { confirmedOrder, fcfaProductInStock, openOrderDetail } from './order-helpers.js';
import { liveStock, query } from './public-helpers.js';

// A confirmed order of 3 units: staff record a partial delivery of 2 from the order detail, see the
// note listed with what remains, and the server holds the note, the delivered quantity and the stock.

test('a partial delivery recorded from the order detail is listed, and the server moved the stock', async ({ page }) => {
  const product = await fcfaProductInStock(page, 5);
  // Staff confirm the order (« En cours »): its 3 units are held firmly.
  const { order, staff } = await confirmedOrder(page, {
    product,
    quantity: 3,
    company: 'Entrepôts du Golfe SARL',
    email: 'logistique@entrepots-golfe.example',
    representative: 'Kossi Agbeko',
    phoneEnd: '20 30 40',
    payment_by: 'Chèque',
    delivery_address: 'Port autonome, magasin 4, Lomé',
  });
  const available = await liveStock(page, product.id);

  await signIn(page);
  const detail = await openOrderDetail(page, order.order_num);
  const deliveries = detail.getByTestId('order-deliveries');
  await expect(deliveries).toContainText('Aucun bon de livraison pour le moment.');
  await expect(deliveries.getByTestId('deliveries-remaining')).toContainText(`${product.name} × 3`);

  await deliveries.getByRole('button', { name: 'Enregistrer une livraison' }).click();
  const form = page.getByRole('dialog', { name: 'Enregistrer une livraison' });
  const quantity = form.getByLabel(`Quantité livrée : ${product.name}`);
  // The remaining quantity is prefilled; more than remains cannot be sent.
  await expect(quantity).toHaveValue('3');
  await quantity.fill('4');
  await expect(form.getByText('Au plus 3')).toBeVisible();
  await expect(form.getByTestId('delivery-submit')).toBeDisabled();
  await quantity.fill('2');
  await form.getByLabel('Transporteur ou livreur (facultatif)').fill('Transports Agbéko');
  await form.getByTestId('delivery-submit').click();
  const confirm = page.getByRole('alertdialog', { name: 'Enregistrer cette livraison ?' });
  await expect(confirm).toContainText('2 unités');
  await confirm.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(toast(page, /Livraison BL-\d{4}-\d{5} enregistrée\./)).toBeVisible();
  await expect(form).toBeHidden();

  const table = deliveries.getByTestId('deliveries-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`${product.name} × 2`);
  await expect(table).toContainText('Transports Agbéko');
  await expect(deliveries.getByTestId('deliveries-remaining')).toContainText(`${product.name} × 1`);
  const number = (await table.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
  expect(number).toMatch(/^BL-\d{4}-\d{5}$/);
  await expect(deliveries.getByRole('link', { name: `PDF du bon ${number}` })).toHaveAttribute(
    'href',
    /\/api\/delivery\/\d+\/pdf$/,
  );

  // On the server: the note and its line, the order line's delivered quantity, the held stock moved out.
  const answer = await staff.get(`/api/order/${order.id}/deliveries`);
  expect(answer.deliveries.lines[0]).toMatchObject({ quantity: 3, delivered_quantity: 2, remaining: 1 });
  expect(answer.deliveries.status).toBe('inprogress');
  const [row] = query<{ number: string; quantity: number; carrier: string }>(
    'SELECT d.number, l.quantity, d.carrier FROM deliveries d JOIN delivery_lines l ON l.delivery_id = d.id WHERE d.order_id = ?',
    order.id,
  );
  expect(row).toMatchObject({ number, quantity: 2, carrier: 'Transports Agbéko' });
  const [held] = query<{ held: number }>('SELECT held FROM products WHERE id = ?', product.id);
  const movements = query<{ held_delta: number }>(
    "SELECT held_delta FROM stock_movements WHERE document_type = 'delivery' AND product_id = ? AND document_id = (SELECT id FROM deliveries WHERE number = ?)",
    product.id,
    number,
  );
  expect(movements.reduce((sum, m) => sum + Number(m.held_delta), 0)).toBe(-2);
  expect(Number(held!.held)).toBeGreaterThanOrEqual(1);
  // Delivering takes from the held units, never from what the shop still sells.
  expect(await liveStock(page, product.id)).toBe(available);
  await staff.dispose();
});
