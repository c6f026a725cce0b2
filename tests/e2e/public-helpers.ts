// Helpers of the public-side browser tests (public-*.spec.ts): the server under test, its data
// folder (mails land in E2E_DATA_DIR/outbox), read-only queries on its SQLite database.
import type { OrderRequestPayload } from '@comptoir/api/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { islandsSettled } from '../../scripts/lib/islands-settled.mjs';

const require = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'));

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (the global setup starts the server)');
  return url;
};

export const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (the global setup starts the server)');
  return dir;
};

/** A read-only look at the server's database (SQLite in DATA_DIR, WAL: safe while the server writes). */
export function query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(path.join(dataDir(), 'comptoir.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The .eml files written since `since` (ms), decoded enough to search for French text. */
export function outboxSince(since: number): { name: string; text: string }[] {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && fs.statSync(path.join(dir, f)).mtimeMs >= since - 1000)
    .map((name) => ({ name, text: decodeMail(fs.readFileSync(path.join(dir, name), 'utf8')) }));
}

export async function waitForMail(since: number, predicate: (text: string) => boolean): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = outboxSince(since).find((m) => predicate(m.text))?.text;
        return Boolean(found);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

function decodeMail(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
  const decodedSubject = subject.replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
  return `Subject-decoded: ${decodedSubject}\n${Buffer.from(qp, 'latin1').toString('utf8')}`;
}

export interface ApiProduct {
  id: number;
  name: string;
  reference: string;
  price: string;
  stock: number;
  category_id: number;
  in_spotlight: boolean;
  currency: { name: string; symbol: string };
  images: { image_path: string }[];
}

export async function apiJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok(), `GET ${url}`).toBe(true);
  return (await res.json()) as T;
}

export async function allProducts(page: Page): Promise<ApiProduct[]> {
  const body = await apiJson<{ products: { data: ApiProduct[] } }>(page, '/api/product?per_page=100');
  return body.products.data;
}

export async function liveStock(page: Page, id: number): Promise<number> {
  return (await apiJson<{ product: ApiProduct }>(page, `/api/product/${id}`)).product.stock;
}

/** Pre-rendered sections fade in on scroll: scroll the whole page once, as a visitor would. */
export async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(30);
  }
}

/**
 * Waits until the React islands a visitor can use are hydrated (Astro removes the `ssr` attribute):
 * those loaded on load or idle, those hydrated on sight (`client:visible`) that are on screen, and those
 * hydrated when reached for (`client:touch`) that something started (scripts/lib/islands-settled.mjs).
 */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(islandsSettled);
}

/**
 * Serves the pages matching `pattern` as a proxy on the way would change them: `edit` gets the page's
 * headers and decoded HTML and may change either (the answer then goes without its content encoding).
 */
export async function rewritePage(
  page: Page,
  pattern: string,
  edit: (headers: Record<string, string>, html: string) => string,
): Promise<void> {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    delete headers['content-encoding'];
    delete headers['content-length'];
    const body = edit(headers, await response.text());
    await route.fulfill({ response, headers, body });
  });
}

/** Taps the page's first « Ajouter au panier » and checks that the header's count goes from 0 to 1. */
export async function addFirstToCart(page: Page): Promise<void> {
  const badge = page.locator('[data-cart-count]');
  await expect(badge).toHaveText('0');
  await page
    .getByRole('button', { name: /Ajouter au panier/ })
    .first()
    .click();
  await expect(badge).toHaveText('1');
}

/** Opens /contact and sends the form with a wrong e-mail, a short message and the rest empty: the form. */
export async function sendInvalidContact(page: Page): Promise<Locator> {
  await page.goto('/contact');
  await islandsReady(page);
  const form = page.locator('[data-contact-form]');
  await form.getByLabel('Votre email').fill('pas-un-email');
  await form.getByLabel('Message').fill('court');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  return form;
}

export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Holds every request matching `pattern` until `release()` is called, so that a test can look at the
 * waiting state (spinner, "Envoi en cours") for as long as it needs, whatever the machine's speed.
 */
export async function holdRequests(
  page: Page,
  pattern: string | RegExp,
  answer: (route: import('@playwright/test').Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await answer(route);
  });
  return release;
}

/**
 * Waits until no CSS animation or transition is running (fade-ins done), e.g. before an axe check: a
 * colour read mid fade-in is a lighter one. A spinner's endless animation never ends and is not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Step 2 of the order dialog (the terms); `currency` is left as the cart chose it when absent. */
export interface OrderTerms {
  payment: string;
  currency?: string;
  conditions: string;
  delivery: string;
  credit: string;
  /** Where the goods go (every delivery method needs it): a Lomé address when absent, left empty when ''. */
  address?: string;
  reference?: string;
  note?: string;
}

export const DEFAULT_DELIVERY_ADDRESS = 'Port autonome de Lomé, quai 3';

async function fillOrderTerms(dialog: Locator, terms: OrderTerms): Promise<void> {
  await dialog.getByLabel(/Moyen de paiement/).selectOption(terms.payment);
  if (terms.currency) await dialog.getByLabel(/Devise/).selectOption(terms.currency);
  await dialog.getByLabel(/Conditions de paiement/).fill(terms.conditions);
  await dialog.getByLabel(/Mode de livraison/).selectOption(terms.delivery);
  await dialog.getByLabel(/Niveau de crédit/).fill(terms.credit);
  await dialog.getByLabel(/Adresse de livraison/).fill(terms.address ?? DEFAULT_DELIVERY_ADDRESS);
  if (terms.reference !== undefined) await dialog.getByLabel(/Votre référence/).fill(terms.reference);
  if (terms.note !== undefined) await dialog.getByLabel(/^Note/).fill(terms.note);
}

/** Step 3 of the order dialog: the client company and its representative (the request's own fields). */
export type OrderClient = Pick<
  OrderRequestPayload,
  'company_name' | 'company_phone' | 'company_email' | 'representative_name' | 'representative_phone' | 'representative_email'
>;

async function fillOrderClient(dialog: Locator, client: OrderClient): Promise<void> {
  await dialog.getByLabel(/Nom de l’entreprise/).fill(client.company_name);
  await dialog.getByLabel(/Téléphone de l’entreprise/).fill(client.company_phone);
  await dialog.getByLabel(/Email de l’entreprise/).fill(client.company_email);
  await dialog.getByLabel(/Nom du représentant/).fill(client.representative_name);
  await dialog.getByLabel(/Téléphone du représentant/).fill(client.representative_phone);
  await dialog.getByLabel(/Email du représentant/).fill(client.representative_email);
}

/** The six client fields from the company, its e-mail, its representative and the end of their phone numbers. */
export function orderClient(company: string, email: string, representative: string, phoneEnd: string): OrderClient {
  const mailbox = representative
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');
  return {
    company_name: company,
    company_phone: `+228 22 ${phoneEnd}`,
    company_email: email,
    representative_name: representative,
    representative_phone: `+228 90 ${phoneEnd}`,
    representative_email: `${mailbox}@${email.split('@')[1] ?? 'exemple.example'}`,
  };
}

/**
 * The order dialog filled from its cart step: « Suivant », the terms, « Suivant », the client.
 * `onTerms` runs on the terms step before they are filled, `afterTerms` once they are (checks of that step).
 */
export async function fillOrderForm(
  dialog: Locator,
  order: { terms: OrderTerms; client: OrderClient; onTerms?: () => Promise<void>; afterTerms?: () => Promise<void> },
): Promise<void> {
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  await order.onTerms?.();
  await fillOrderTerms(dialog, order.terms);
  await order.afterTerms?.();
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  await fillOrderClient(dialog, order.client);
}

/**
 * Holds back every JavaScript file of the site (the islands, React, the page scripts) until
 * `release()` is called: what the page does meanwhile is what a visitor on Slow 3G gets for the first
 * 12-15 s. The inline scripts (in the HTML) run as they would.
 */
export async function holdScripts(page: Page): Promise<{ release: () => void; held: () => number }> {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let count = 0;
  await page.route(/\/_astro\/.*\.m?js(\?.*)?$/, async (route) => {
    count++;
    await gate;
    await route.continue();
  });
  return { release: () => open(), held: () => count };
}
