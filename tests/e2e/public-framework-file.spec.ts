import { expect, test } from '@playwright/test';
import { addFirstToCart, allProducts, baseURL, islandsReady, rewritePage } from './public-helpers.js';

/** React's production build names its errors by this address: wherever React's code is, it is. */
const REACT = 'react.dev/errors/';
const COOKIE = 'comptoir-framework';
const FILE = /\/_astro\/framework\.([\w-]{8})\.js$/;

test.use({ serviceWorkers: 'allow' });

test('React is downloaded once: inside the first island page, then kept and named as a file by the next ones', async ({
  page,
  context,
}) => {
  const requested: string[] = [];
  // Requests that reached the server: the page's not answered by the service worker, and the worker's own.
  context.on('requestfinished', (request) => {
    void request.response().then((response) => {
      if (FILE.test(new URL(request.url()).pathname) && !response?.fromServiceWorker())
        requested.push(new URL(request.url()).pathname);
    });
  });
  const first = await page.goto('/catalogue');
  const firstHtml = await first!.text();
  expect(firstHtml, 'React inside the first page').toContain(REACT);
  const hash = /<script type="text\/plain" data-framework="([\w-]{8})">/.exec(firstHtml)?.[1];
  expect(hash).toBeTruthy();
  const fromNetwork = () => requested.filter((url) => url === `/_astro/framework.${hash}.js`);
  expect(first!.headers()['vary']).toMatch(/cookie/i);
  const runFrom = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>('script[data-framework][src]')].map((s) => s.src.split(':')[0]),
    );
  await islandsReady(page);
  expect(await runFrom(), 'React not run for a visitor who only reads').toEqual([]);
  // Run when an island first needs it (the cart bar, once a product is added), from a blob: address made of
  // the page's copy (compiled off the main thread), not asked of the server.
  await addFirstToCart(page);
  expect(await runFrom()).toEqual(['blob']);
  await page.evaluate(() => localStorage.removeItem('cart'));

  // Once the page is idle: the file in Cache Storage, its text the inline copy's, and the cookie naming it.
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === COOKIE)?.value).toBe(hash);
  const kept = await page.evaluate(async () => {
    const cache = await caches.open('comptoir-framework');
    const [key] = await cache.keys();
    const inline = document.querySelector('script[type="text/plain"][data-framework]')?.textContent;
    return { url: key && new URL(key.url).pathname, same: key ? (await (await cache.match(key))!.text()) === inline : false };
  });
  expect(kept).toEqual({ url: `/_astro/framework.${hash}.js`, same: true });
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(fromNetwork(), 'the service worker did not download React again').toEqual([]);

  // Another product page: React named in its head, answered by the service worker from the kept copy.
  const [product] = (await allProducts(page)).filter((p) => p.stock > 0);
  const frameworkAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === `/_astro/framework.${hash}.js`);
  const second = await page.goto(`/product/${product!.id}`);
  const secondHtml = await second!.text();
  expect(secondHtml, 'no React inside the page').not.toContain(REACT);
  expect(secondHtml).toContain(`<script src="/_astro/framework.${hash}.js" defer data-framework="${hash}"></script>`);
  expect(secondHtml.length).toBeLessThan(firstHtml.length - 50_000);
  expect((await frameworkAnswer).fromServiceWorker()).toBe(true);
  expect(fromNetwork(), 'React never asked of the server').toEqual([]);

  await islandsReady(page);
  const badge = page.locator('[data-cart-count]');
  await expect(badge).toHaveText('0');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(badge).toHaveText('1');
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number }[]);
  expect(cart).toEqual([expect.objectContaining({ id: product!.id })]);
});

test('a cookie naming another build, or none, gets React inside the page; the right one gets the file', async ({
  page,
  context,
}) => {
  const inline = await (await page.request.get('/catalogue')).text();
  const hash = /<script type="text\/plain" data-framework="([\w-]{8})">/.exec(inline)![1]!;
  const url = new URL(baseURL());
  const withCookie = async (value: string) => {
    await context.clearCookies();
    await context.addCookies([{ name: COOKIE, value, domain: url.hostname, path: '/' }]);
    return page.request.get('/catalogue');
  };
  const stale = await withCookie(hash === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA');
  expect(await stale.text()).toContain(REACT);
  const forged = await withCookie('../../x');
  expect(await forged.text()).toContain(REACT);
  const current = await withCookie(hash);
  const file = await current.text();
  expect(file).not.toContain(REACT);
  expect(file).toContain(`/_astro/framework.${hash}.js`);
  expect(current.headers()['vary']).toMatch(/cookie/i);
  expect(current.headers()['etag']).not.toBe(stale.headers()['etag']);
  // The file variant's policy allows neither the launcher of React's copy nor blob: scripts; the inline page's does.
  const scriptSrc = (csp: string | undefined) => /script-src ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ') ?? [];
  const inlineSources = scriptSrc(stale.headers()['content-security-policy']);
  const fileSources = scriptSrc(current.headers()['content-security-policy']);
  expect(inlineSources).toContain('blob:');
  expect(fileSources).not.toContain('blob:');
  expect(fileSources.length).toBe(inlineSources.length - 2);
  // A page without islands is the same whatever the cookie.
  const about = await page.request.get('/about');
  expect(about.headers()['vary'] ?? '').not.toMatch(/cookie/i);
});

test('where a policy on the way refuses blob: scripts, the page asks for React as a file and its buttons work', async ({
  page,
}) => {
  // A proxy that rewrites the page's policy without blob: (the page's own policy allows it).
  await rewritePage(page, '**/catalogue', (headers, html) => {
    expect(headers['content-security-policy']).toContain(' blob:');
    headers['content-security-policy'] = headers['content-security-policy']!.replace(' blob:', '');
    return html;
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const file = page.waitForResponse((response) => FILE.test(new URL(response.url()).pathname) && response.ok());
  await page.goto('/catalogue');
  await islandsReady(page);
  // React runs when an island first needs it: the cart bar, once a product is added.
  await addFirstToCart(page);
  expect((await file).status()).toBe(200);
  expect(refused.join('\n')).toMatch(/blob:/);
});
