#!/usr/bin/env node
// `npm run bench:slow-network [-- --runs 5] [--pages /,/catalogue,/product] [--served http://127.0.0.1:3000] [--walk]`
//
// The public pages on a Slow 3G connection, in Debian's Chromium (Playwright, /usr/bin/chromium or
// CHROME_PATH): DevTools' « Slow 3G » profile set through CDP's Network.emulateNetworkConditions, i.e.
// 2,000 ms of latency added to every request (the preset's 400 ms RTT × 5, as DevTools applies it),
// 50,000 bytes/s down and 50,000 bytes/s up. Each run is a fresh browser context (empty cache, no
// service worker, empty storage), phone-sized (390 × 844, touch). For each page it prints the median
// over the runs of:
//   - FCP: first-contentful-paint;
//   - tap recorded: a tap on the first « Ajouter au panier » is tried as soon as the button is on screen,
//     again every 250 ms until the product is in the cart (localStorage `cart`): when the first tap
//     that counted was made (pages without such a button: –);
//   - buttons working: when every island loaded on load or idle, and every island hydrated on sight that
//     is on screen once the tap scrolled to the buttons, has hydrated (Astro removes its `ssr`
//     attribute), i.e. every button the visitor reaches has its handler;
// with the load average at each round. Budgets (issue « slow network »): FCP ≤ 2.5 s, buttons ≤ 5 s.
// A bench, not a test: figures depend on the machine. Without --served it starts Comptoir (built
// api/dist) on a throw-away DATA_DIR with the demo data, as bench:lighthouse does.
import os from 'node:os';
import { chromium } from 'playwright';
import { benchEnvironment, benchOptions, loadAverages, median, seedBenchData, spawnComptoir } from './lib/bench-seed.mjs';
import { buildIfStale } from './lib/builds.mjs';
import { islandsSettled } from './lib/islands-settled.mjs';
import { waitFor } from './lib/stage-steps.mjs';

const args = process.argv.slice(2);
const option = benchOptions(args);
const runs = Number(option('runs', 3));
const wanted = option('pages', '/,/catalogue,/product').split(',');
// --waterfall: also prints each request of the last run of each page (asked, answer starts, ends,
// priority, bytes, type); a one-line summary of each page (HTML, scripts, what shared the link) always.
const waterfall = args.includes('--waterfall');
// --walk: instead, the bytes a visitor downloads over a walk of 1 + 9 product pages (no throttling, the
// service worker allowed, one browser context): as the site serves it (React inside the first page,
// then kept as a file: integrations/inline-framework.mjs), and with the framework cookie removed
// before each view (React inside every page, as before the cookie existed).
const walk = args.includes('--walk');
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const BUDGET = { fcp: 2500, buttons: 5000 };
const ms = (x) => (x === null ? '–' : `${(x / 1000).toFixed(2)} s`);
const load = () => os.loadavg()[0].toFixed(1);

/** Runs in the page before anything else: when each island hydrated (its `ssr` attribute removed). */
function recordHydration() {
  window.__hydrated = [];
  new MutationObserver((records) => {
    for (const record of records) {
      const island = record.target;
      if (island.localName === 'astro-island' && !island.hasAttribute('ssr')) window.__hydrated.push(performance.now());
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
}

async function measure(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    locale: 'fr-FR',
  });
  const page = await context.newPage();
  await page.addInitScript(recordHydration);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  let bytes = 0;
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (event) =>
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? '',
      priority: event.request.initialPriority,
      start: event.timestamp,
    }),
  );
  cdp.on('Network.resourceChangedPriority', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.priority = event.newPriority;
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.response = event.timestamp;
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
  });
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    // Tap « Ajouter au panier » as soon as it shows, until the cart holds a product.
    let tapAt = null;
    const button = page.getByRole('button', { name: /Ajouter au panier/ }).first();
    const deadline = Date.now() + 60_000;
    let hasButton = true;
    while (Date.now() < deadline) {
      if (!(await button.isVisible().catch(() => false))) {
        const loaded = await page.evaluate(() => document.readyState === 'complete').catch(() => false);
        if (loaded && !(await button.count())) {
          hasButton = false;
          break;
        }
        await page.waitForTimeout(50);
        continue;
      }
      const at = await page.evaluate(() => performance.now());
      await button.tap({ timeout: 2000, noWaitAfter: true }).catch(() => undefined);
      await page.waitForTimeout(250);
      const inCart = await page.evaluate(() => {
        try {
          const cart = JSON.parse(localStorage.getItem('cart') ?? '[]');
          return Array.isArray(cart) && cart.length > 0;
        } catch {
          return false;
        }
      });
      if (inCart) {
        tapAt = at;
        break;
      }
    }
    await page.waitForLoadState('load', { timeout: 120_000 });
    // Every island loaded on load or idle hydrated, and every island hydrated on sight that is on
    // screen (the tap above scrolled to the product's buttons; those further down are not counted).
    await page.waitForFunction(islandsSettled, undefined, { timeout: 120_000, polling: 100 });
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      hydrated: window.__hydrated.length ? Math.max(...window.__hydrated) : null,
      islands: document.querySelectorAll('astro-island').length,
    }));
    const first = Math.min(...[...requests.values()].map((r) => r.start));
    const at = (timestamp) => (timestamp === undefined ? null : (timestamp - first) * 1000);
    const list = [...requests.values()].map((r) => ({
      url: r.url.replace(/^https?:\/\/[^/]+/, ''),
      type: r.type,
      priority: r.priority,
      start: at(r.start),
      response: at(r.response),
      end: at(r.end),
      bytes: r.bytes ?? 0,
    }));
    return { fcp: timings.fcp, tap: hasButton ? tapAt : null, buttons: timings.hydrated ?? timings.fcp, bytes, requests: list };
  } finally {
    await context.close();
  }
}

/** One line: when the HTML came, when the scripts came, what else shared the link before the islands hydrated. */
function waterfallSummary(run) {
  const kb = (list) => `${(list.reduce((sum, r) => sum + r.bytes, 0) / 1024).toFixed(1)} KB`;
  const html = run.requests.find((r) => r.type === 'Document');
  const scripts = run.requests.filter((r) => r.type === 'Script');
  const until = run.buttons ?? Infinity;
  const sharing = run.requests.filter(
    (r) => r !== html && r.type !== 'Script' && r.end !== null && r.response !== null && r.response < until,
  );
  const lastEnd = (list) => ms(list.reduce((max, r) => (r.end !== null && r.end > max ? r.end : max), 0));
  const parts = [];
  if (html) parts.push(`HTML ${ms(html.response)} → ${ms(html.end)} (${kb([html])})`);
  if (scripts.length)
    parts.push(
      `${scripts.length} script file(s) asked from ${ms(Math.min(...scripts.map((r) => r.start)))}, answers from ${ms(Math.min(...scripts.map((r) => r.response ?? Infinity)))}, last ends ${lastEnd(scripts)} (${kb(scripts)})`,
    );
  if (sharing.length) parts.push(`${sharing.length} other answer(s) started before the islands hydrated (${kb(sharing)})`);
  parts.push(`FCP ${ms(run.fcp)}, islands hydrated ${ms(run.buttons)}`);
  return parts.join('; ');
}

/**
 * Bytes downloaded for each view of the walk (bodies as encoded on the wire, and headers), by the page
 * and by the service worker (its precache on install, pages and files it fetches); answers the worker
 * gave from its caches count 0.
 */
async function walkBytes(browser, urls, keepCookie) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
  });
  try {
    const page = await context.newPage();
    let bytes = 0;
    const pending = new Set();
    context.on('requestfinished', (request) => {
      const counted = Promise.all([request.response(), request.sizes()]).then(([response, sizes]) => {
        if (!response?.fromServiceWorker()) bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      });
      pending.add(counted);
      void counted.finally(() => pending.delete(counted));
    });
    const views = [];
    for (const url of urls) {
      if (!keepCookie) await context.clearCookies();
      bytes = 0;
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(islandsSettled);
      // The page keeps React as a file once idle; the worker must be in charge before the next view.
      await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));
      if (keepCookie)
        await page
          .waitForFunction(() => document.cookie.includes('comptoir-framework='), null, { timeout: 10_000 })
          .catch(() => undefined);
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
      views.push(bytes);
    }
    return views;
  } finally {
    await context.close();
  }
}

let started;
let base = option('served');
if (!base) {
  buildIfStale();
  const { env, remove } = benchEnvironment('slow-network');
  await seedBenchData(env);
  const running = await spawnComptoir(env, (url) => ({ SITE_URL: url }));
  base = running.base;
  started = { stop: running.stop, remove };
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
try {
  console.log(`Load average before: ${loadAverages(2)} on ${os.cpus().length} cores`);
  await waitFor('the site', 15 * 60_000, async () => (await fetch(`${base}/`)).status === 200, { intervalMs: 300 });
  const product = (await (await fetch(`${base}/api/product?per_page=1`)).json()).products.data[0];
  if (walk) {
    const ids = (await (await fetch(`${base}/api/product?per_page=10`)).json()).products.data.map((p) => p.id);
    const urls = ids.map((id) => `${base}/product/${id}`);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `\nWalk of ${urls.length} product pages, bytes downloaded per view, by the page and its service worker (median of ${runs} walks)\n`,
    );
    console.log('| Mode | First view | Each next view (median) | Whole walk |');
    console.log('| --- | --- | --- | --- |');
    for (const [label, keep] of [
      ['React inside every page (no cookie)', false],
      ['React kept as a file (cookie)', true],
    ]) {
      const walks = [];
      for (let round = 0; round < runs; round++) walks.push(await walkBytes(browser, urls, keep));
      const first = median(walks.map((w) => w[0]));
      const next = median(walks.flatMap((w) => w.slice(1)));
      const total = median(walks.map((w) => w.reduce((a, b) => a + b, 0)));
      console.log(`| ${label} | ${kb(first)} | ${kb(next)} | ${kb(total)} |`);
    }
  }
  if (!walk) {
    const pages = [
      ['/', `${base}/`],
      ['/catalogue', `${base}/catalogue`],
      ['/product', `${base}/product/${product.id}`],
    ].filter(([name]) => wanted.includes(name));
    const results = new Map(pages.map(([name]) => [name, []]));
    for (let round = 1; round <= runs; round++) {
      for (const [name, url] of pages) results.get(name).push(await measure(browser, url));
      console.log(`  round ${round}: load average ${load()}`);
    }
    console.log(
      `\nSlow 3G (2,000 ms latency per request, 50 KB/s down and up), Chromium, 390 × 844, fresh context, median of ${runs}\n`,
    );
    console.log('| Page | FCP | Tap on « Ajouter au panier » recorded | Buttons working (islands hydrated) | Transferred |');
    console.log('| --- | --- | --- | --- | --- |');
    let missed = false;
    for (const [name] of pages) {
      const r = results.get(name);
      const fcp = median(r.map((x) => x.fcp));
      const tap = median(r.map((x) => x.tap));
      const buttons = median(r.map((x) => x.buttons));
      const over = (value, budget) => (value !== null && value > budget ? ' ⚠' : '');
      if (over(fcp, BUDGET.fcp) || over(buttons, BUDGET.buttons)) missed = true;
      console.log(
        `| ${name === '/product' ? `/product/${product.id}` : name} | ${ms(fcp)}${over(fcp, BUDGET.fcp)} | ${ms(tap)} | ${ms(buttons)}${over(buttons, BUDGET.buttons)} | ${(median(r.map((x) => x.bytes)) / 1024).toFixed(1)} KB |`,
      );
    }
    // Where the time goes, for the last run of each page: the HTML, then the scripts and images that
    // share the 50 KB/s with it until the islands hydrated; every request with --waterfall.
    console.log('\nWhere the time goes (last run of each page; times from the page request):');
    for (const [name] of pages) {
      const last = results.get(name).at(-1);
      console.log(`  ${name}: ${waterfallSummary(last)}`);
    }
    if (waterfall) {
      for (const [name] of pages) {
        const last = results.get(name).at(-1);
        console.log(`\nRequests of ${name} (last run): asked → answer starts → ends, priority, size`);
        for (const r of last.requests.sort((a, b) => a.start - b.start)) {
          console.log(
            `  ${ms(r.start).padStart(8)} → ${ms(r.response).padStart(8)} → ${ms(r.end).padStart(8)}  ${(r.priority ?? '').padEnd(8)} ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${r.type.padEnd(8)} ${r.url.slice(0, 90)}`,
          );
        }
      }
    }
    console.log(
      `\nBudgets: FCP ≤ ${BUDGET.fcp / 1000} s, buttons working ≤ ${BUDGET.buttons / 1000} s${missed ? ' — missed where marked ⚠' : ' — all met'}.`,
    );
    console.log(`Load average after: ${loadAverages(2)}`);
  }
} finally {
  await browser.close();
  if (started) {
    await started.stop();
    started.remove();
  }
}
