// Helpers of the browser tests around a confirmed order (deliveries, invoices, credit notes): the
// order placed through the public API and confirmed by staff, and its detail opened in the dashboard.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { OrderRequestPayload } from '@comptoir/api/contract';
import { staffApi, type StaffApi } from './dashboard-helpers.js';
import { allProducts, orderClient, type ApiProduct, type OrderClient } from './public-helpers.js';
import { E2E_ADMIN } from './server.js';

/** The FCFA product with the most stock, at least `atLeast` units. */
export async function fcfaProductInStock(page: Page, atLeast: number): Promise<ApiProduct> {
  const product = (await allProducts(page))
    .filter((p) => p.currency.name === 'Fcfa' && p.stock >= atLeast)
    .sort((a, b) => b.stock - a.stock)[0];
  expect(product, 'a FCFA product in stock').toBeTruthy();
  return product!;
}

/**
 * An order request placed through the public API as a visitor's browser sends it: in FCFA, by Visa, 30
 * days, by road to the port zone unless `terms` says otherwise. Returns its id and number.
 */
export async function placeOrder(
  api: APIRequestContext,
  client: OrderClient,
  items: OrderRequestPayload['order_items'],
  terms: Partial<OrderRequestPayload> = {},
): Promise<{ id: number; order_num: string }> {
  const placed = await api.post('/api/order/create', {
    data: {
      payment_by: 'Visa',
      currency: 'Fcfa',
      payment_term: '30 jours',
      delivery_method: 'Route',
      delivery_address: 'Zone portuaire, Lomé',
      credit_level: 'Bon',
      ...client,
      ...terms,
      order_items: items,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).order as { id: number; order_num: string };
}

export interface OrderFor {
  product: ApiProduct;
  quantity: number;
  company: string;
  /** The company's e-mail; the representative's is on the same domain. */
  email: string;
  representative: string;
  /** The end of the company's and the representative's phone numbers ("20 30 40"). */
  phoneEnd: string;
  payment_by: OrderRequestPayload['payment_by'];
  delivery_address: string;
}

/**
 * An order in FCFA placed through the public API (30 days, by road), then confirmed by staff
 * (« En cours »): its units are held firmly. Returns the order and the staff API session.
 */
export async function confirmedOrder(
  page: Page,
  o: OrderFor,
): Promise<{ order: { id: number; order_num: string }; staff: StaffApi }> {
  const order = await placeOrder(
    page.request,
    orderClient(o.company, o.email, o.representative, o.phoneEnd),
    [{ product_id: o.product.id, quantity: o.quantity }],
    { payment_by: o.payment_by, delivery_address: o.delivery_address, credit_level: 'Client référencé' },
  );
  const staff = await staffApi(E2E_ADMIN.email, E2E_ADMIN.password);
  const confirmed = await staff.send('PUT', `/api/order/${order.id}/status`, { data: { status: 'inprogress' } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { order, staff };
}

/** « Commandes » searched by the order's number, « Afficher » in its actions: the detail dialog (signed in already). */
export async function openOrderDetail(page: Page, orderNum: string): Promise<Locator> {
  await page.goto(`/dashboard/commandes?search=${orderNum}`);
  await page
    .getByRole('table', { name: 'Liste des commandes' })
    .getByRole('button', { name: `Actions pour la commande ${orderNum}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Afficher' }).click();
  return page.getByRole('dialog', { name: 'Détail de la commande' });
}

export interface IssuedInvoice {
  id: number;
  number: string;
  lines: { id: number }[];
  currencies: { balance_minor: number }[];
}

/** Staff invoice all that remains of the order, then record each payment given: the invoice as issued. */
export async function invoiceWithPayments(
  staff: StaffApi,
  orderId: number,
  payments: { amount: number; method: string; reference?: string; paid_at?: string }[] = [],
): Promise<IssuedInvoice> {
  const issued = await staff.send('POST', `/api/order/${orderId}/invoices`, { data: {} });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const invoice = issued.body.invoice as IssuedInvoice;
  for (const payment of payments) {
    const paid = await staff.send('POST', `/api/invoices/${invoice.id}/payments`, { data: payment });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  }
  return invoice;
}
