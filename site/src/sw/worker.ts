/**
 * The public site's service worker, bundled by integrations/service-worker.mjs into `/sw.js` with the
 * release's shell list (PRECACHE) and its revision (RELEASE): a new release changes the file, the
 * browser installs it, and the caches of the previous one are deleted on activate.
 *
 * - the shell (the release's CSS, fonts and island scripts, the offline page): precached;
 * - pages: network first (a few seconds at most), the cached copy offline, else the offline page;
 * - catalogue answers of the API: stale-while-revalidate (a product's own answer, read to check the
 *   cart's prices and stock, is never cached);
 * - images (product photos from /storage, the site's own): cache first, at most IMAGE_ENTRIES for IMAGE_DAYS days;
 * - Background Sync: the order outbox (outbox-store.ts) is sent when the connection returns.
 */
import { OUTBOX_SYNC_TAG } from './outbox-flag';
import { sendOutbox } from './outbox-store';

declare const PRECACHE: string[];
declare const RELEASE: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(): Promise<{ postMessage(message: unknown): void }[]> };
  location: Location;
}
const worker = self as unknown as WorkerScope;

export const OFFLINE_PAGE = '/hors-ligne';
const PAGE_TIMEOUT_MS = 4000;
const PAGE_ENTRIES = 60;
const API_ENTRIES = 60;
const IMAGE_ENTRIES = 120;
const IMAGE_DAYS = 30;

const SHELL = `comptoir-shell-${RELEASE}`;
const PAGES = `comptoir-pages-${RELEASE}`;
const API = `comptoir-api-${RELEASE}`;
// Images keep their address across releases (uploads): kept, within their bounds.
const IMAGES = 'comptoir-images';
// React's file, put there by the pages themselves from their inline copy (integrations/inline-framework.mjs):
// kept across releases of this worker (one entry, the page replaces it when the framework changes).
const FRAMEWORK = 'comptoir-framework';
const CURRENT = new Set([SHELL, PAGES, API, IMAGES, FRAMEWORK]);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll([OFFLINE_PAGE, ...PRECACHE]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('comptoir-') && !CURRENT.has(n)).map((n) => caches.delete(n))),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    sendOutbox().then(async (waiting) => {
      for (const client of await worker.clients.matchAll()) client.postMessage({ type: 'comptoir:outbox' });
      // Still offline: rejecting asks the browser to try again later.
      if (waiting) throw new Error('offline');
    }),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || url.pathname.startsWith('/dashboard')) return;
  // Pages only: a document the API answers (a devis PDF, an export) is never kept on the device.
  if (request.mode === 'navigate') {
    if (!/^\/(api|storage)\//.test(url.pathname)) event.respondWith(page(request));
    return;
  }
  // The release's files never change under one name: the precached ones, and any other once used.
  if (PRECACHE.includes(url.pathname) || url.pathname.startsWith('/_astro/')) event.respondWith(cacheFirst(SHELL, request));
  else if (/^\/api\/(products\/filter|product\/?$|categor)/.test(url.pathname))
    event.respondWith(staleWhileRevalidate(request, event));
  else if (request.destination === 'image') event.respondWith(image(request));
});

async function page(request: Request): Promise<Response> {
  const cache = await caches.open(PAGES);
  const network = fetch(request).then(async (response) => {
    if (response.ok) {
      await cache.put(request, response.clone());
      await trim(cache, PAGE_ENTRIES);
    }
    return response;
  });
  const fromCache = async () => (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
  try {
    return await withTimeout(network, PAGE_TIMEOUT_MS);
  } catch {
    // Slow: the copy kept from an earlier visit if there is one, else still the network.
    const cached = await fromCache();
    if (cached) return cached;
    try {
      return await network;
    } catch {
      return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
    }
  }
}

async function cacheFirst(name: string, request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(name)).put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(request: Request, event: FetchEvent): Promise<Response> {
  const cache = await caches.open(API);
  const cached = await cache.match(request);
  const fresh = fetch(request).then(async (response) => {
    if (response.ok) {
      await cache.put(request, response.clone());
      await trim(cache, API_ENTRIES);
    }
    return response;
  });
  if (!cached) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return cached;
}

async function image(request: Request): Promise<Response> {
  const cache = await caches.open(IMAGES);
  const cached = await cache.match(request);
  const stamp = Number(cached?.headers.get('x-comptoir-cached') ?? 0);
  if (cached && Date.now() - stamp < IMAGE_DAYS * 86_400_000) return cached;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const headers = new Headers(response.headers);
      headers.set('x-comptoir-cached', String(Date.now()));
      await cache.put(request, new Response(await response.clone().blob(), { status: response.status, headers }));
      await trim(cache, IMAGE_ENTRIES);
    }
    return response;
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
}

/** Keeps the newest `max` entries of a cache (keys come oldest first; a page visited again moves last). */
async function trim(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}
