#!/usr/bin/env node
// `npm run bench:export [-- --products 100000 --db sqlite|mariadb]`
//
// The list exports (docs/performance.md, "List exports"): the demo data grown to N products
// (scripts/lib/demo-data.mjs), Comptoir started from the built api/dist/main.js (production mode), then
// GET /api/product/export?format=csv and ?format=xlsx read to the end by a signed-in administrator.
// Prints each file's time, rows and size, and the server's peak RSS growth during the download: its
// resident set read from /proc/<pid>/status every 20 ms, minus the figure just before the request
// (after a warm-up export of the first page, so that the code and its caches are already loaded).
import { performance } from 'node:perf_hooks';
import {
  benchEnvironment,
  benchOptions,
  buildApi,
  mb,
  seedBenchData,
  sleep,
  startBenchServer,
  withPeakRss,
} from './lib/bench-seed.mjs';
import { startMariaDb } from './lib/mariadb.mjs';

const args = process.argv.slice(2);
const option = benchOptions(args);
const PRODUCTS = Number(option('products', 100_000));
const databases = option('db') ? [option('db')] : ['sqlite', 'mariadb'];

/** Reads the whole answer as it comes, counting bytes and lines, keeping none of it. */
async function download(staff, url) {
  const res = await fetch(staff.baseUrl + url, {
    headers: { Cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) newlines++;
  }
  return { bytes, newlines, disposition: res.headers.get('content-disposition') };
}

async function measure(kind, mariadb) {
  const { env, dataDir, remove } = benchEnvironment('benchexport', kind, mariadb);
  let running;
  try {
    const seconds = await seedBenchData(env, { products: PRODUCTS });
    console.log(`[${kind}] ${PRODUCTS} products seeded in ${seconds.toFixed(0)} s`);
    running = await startBenchServer(env, dataDir);
    const { server, staff } = running;
    const total = (await staff.request('GET', '/api/product?per_page=1')).products.total;

    for (const format of ['csv', 'xlsx']) {
      await download(staff, `/api/product/export?format=${format}&search=zzzz-aucun`); // warm-up
      global.gc?.();
      await sleep(500);
      const started = performance.now();
      const {
        result: file,
        before,
        peak,
      } = await withPeakRss(server.pid, () => download(staff, `/api/product/export?format=${format}&sort=name`));
      const seconds = (performance.now() - started) / 1000;
      const rows = format === 'csv' ? file.newlines - 1 : total;
      console.log(
        `[${kind}] ${format}: ${format === 'csv' ? `${rows} rows read back` : `${rows} rows (the list's total)`}, ${mb(file.bytes)} MB in ${seconds.toFixed(1)} s ` +
          `(${Math.round(rows / seconds)} rows/s); server RSS ${mb(before)} MB before, peak ${mb(peak)} MB, growth ${mb(peak - before)} MB`,
      );
    }
  } finally {
    await running?.stop();
    remove();
  }
}

// `--no-build`: use api/dist as it is.
buildApi(args);
for (const kind of databases) {
  const mariadb = kind === 'mariadb' ? await startMariaDb() : null;
  try {
    await measure(kind, mariadb);
  } finally {
    await mariadb?.stop();
  }
}
process.exit(0);
