// Helpers of the dashboard browser tests (dashboard-*.spec.ts): a signed-in staff API session, to
// set up data and read the server's state back, with the anti-forgery header on every change.
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './server.js';

export interface StaffApi {
  ctx: APIRequestContext;
  get<T = any>(path: string): Promise<T>;
  status(path: string): Promise<number>;
  send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: { data?: unknown; multipart?: Record<string, any> },
  ): Promise<{ status: number; body: any }>;
  dispose(): Promise<void>;
}

async function xsrfOf(ctx: APIRequestContext): Promise<string> {
  const cookie = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return cookie ? decodeURIComponent(cookie.value) : '';
}

/** Signs in through the API; `getHeaders` are sent with each `get` (e.g. `Cache-Control: no-cache`). */
export async function staffApi(
  email: string,
  password: string,
  { getHeaders }: { getHeaders?: Record<string, string> } = {},
): Promise<StaffApi> {
  const ctx = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  await ctx.get('/api/sanctum/csrf-cookie');
  const login = await ctx.post('/api/login', { data: { email, password }, headers: { 'X-XSRF-TOKEN': await xsrfOf(ctx) } });
  expect(login.status(), await login.text()).toBe(200);
  return {
    ctx,
    async get(p) {
      const res = await (getHeaders ? ctx.get(p, { headers: getHeaders }) : ctx.get(p));
      expect(res.status(), `${p}: ${await res.text()}`).toBe(200);
      return res.json();
    },
    async status(p) {
      return (await ctx.get(p)).status();
    },
    async send(method, p, body = {}) {
      const res = await ctx.fetch(p, {
        method,
        ...body,
        headers: { 'X-XSRF-TOKEN': await xsrfOf(ctx), Accept: 'application/json' },
      });
      const text = await res.text();
      return { status: res.status(), body: text ? JSON.parse(text) : undefined };
    },
    dispose: () => ctx.dispose(),
  };
}

/** A small PNG (8x8, opaque) that decodes (uploads are re-encoded: an undecodable file is refused). */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQ9buBFTEMLQkAXtlQwStwFmIAAAAASUVORK5CYII=',
  'base64',
);

/**
 * A product created through the API under the first brand, category and currency, with one small
 * image: the answer's product (its id, its rates…).
 */
export async function createProduct(
  admin: StaffApi,
  fields: { name: string; reference: string; stock: number; price: number; description: string },
): Promise<{ id: number } & Record<string, unknown>> {
  const brand = (await admin.get('/api/brands?per_page=1')).brands.data[0];
  const category = (await admin.get('/api/categories')).categories[0];
  const currency = (await admin.get('/api/currencies')).currencies[0];
  const saved = await admin.send('POST', '/api/product/create', {
    multipart: {
      ...fields,
      stock: String(fields.stock),
      price: String(fields.price),
      brand_id: String(brand.id),
      category_id: String(category.id),
      currency_id: String(currency.id),
      'images[0]': { name: 'image.png', mimeType: 'image/png', buffer: SMALL_PNG },
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return saved.body.product;
}

/**
 * Signs in through the dashboard's own form (the administrator by default) and waits for the home
 * screen's greeting. `baseUrl` for a server the test started itself.
 */
export async function signIn(
  page: Page,
  {
    email = E2E_ADMIN.email,
    password = E2E_ADMIN.password,
    baseUrl = '',
  }: { email?: string; password?: string; baseUrl?: string } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/dashboard/login`);
  await page.getByLabel('Email pro').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Bonjour,/ })).toBeVisible();
}

/** A sonner toast showing `text` (the dashboard's and the site's notices use the same library). */
export { toast } from './public-helpers.js';
