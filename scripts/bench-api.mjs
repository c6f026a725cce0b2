#!/usr/bin/env node
// `npm run bench:api [-- 10000 100000] [--db sqlite|mariadb] [--duration 10] [--soak 300]`
//
// For each catalogue size N: seeds the demo data set grown to N products (N/10 published articles,
// N orders), starts Comptoir (the built api/dist/main.js, production mode, no site build) on SQLite and
// on a throw-away MariaDB, and measures the hot endpoints at saturation with autocannon, beside a bare
// node:http server answering the very same JSON from memory in the same run, and at fixed rates evenly
// paced (lib/paced-load.mjs: autocannon's own rate sends each second's requests in one burst).
// Prints one table per database with the ratio Comptoir / bare server. `--soak S` adds a mixed soak at
// 200 req/s for S seconds on MariaDB (errors, latency, server memory before/after).
// `--behind-nginx`: every request through Debian's nginx running docker/nginx.conf (as compose deploys it:
// nginx compresses the API's answers, the app runs with COMPRESS_ANSWERS=false).
// One paced entry changes a product behind the server's back every 2 s (lib/bench-database.mjs): what a
// staff page waits while the catalogue index catches up (a patch; a reload before 2026-11-28). Figures and
// the machine's load go in docs/performance.md.
//
// `--latency [--calls 200]`: no autocannon; per endpoint (staff lists and searches, each call a new term
// or page, so no cache helps), `--calls` sequential requests after a warm-up, printing the median and p95
// and then the SQL one such request issues (a second start with LOG_SQL=true) with its query plan
// (EXPLAIN QUERY PLAN / EXPLAIN). Sequential figures are a request's own cost: on a shared machine
// they stay readable where saturation figures measure the neighbours. `--sqlite-dir DIR` and
// `--mariadb-database NAME` (with BENCH_MARIADB_URL) reuse data kept by `--prepare-only`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale, root } from './lib/builds.mjs';
import { startNginx } from './lib/nginx.mjs';
import { benchEnvironment, benchOptions, seedBenchData, sleep, startBenchServer, waitFor } from './lib/bench-seed.mjs';
import { freePort, startMariaDb } from './lib/mariadb.mjs';
import { describePauses, gcPauses } from './lib/gc-pauses.mjs';
import { pacedLoad } from './lib/paced-load.mjs';
import { changeCatalogueKeys, openBenchDatabase } from './lib/bench-database.mjs';
import { addBuyerFilters, catalogueVarying, leanPath, startLeanCatalogue } from './lib/lean-catalogue.mjs';

const args = process.argv.slice(2);
const option = benchOptions(args);
// --prepare-only: seed and keep the data folder (to EXPLAIN queries by hand), measure nothing.
const optionValues = new Set(
  ['--db', '--duration', '--soak', '--calls', '--sqlite-dir', '--mariadb-database', '--only']
    .filter((o) => args.includes(o))
    .map((o) => args[args.indexOf(o) + 1]),
);
const sizes = args.filter((a) => /^\d+$/.test(a) && !optionValues.has(a)).map(Number);
if (!sizes.length) sizes.push(10000);
const databases = option('db') ? [option('db')] : ['sqlite', 'mariadb'];
const duration = Number(option('duration', 10));
const soakSeconds = Number(option('soak', 0));
const latencyMode = args.includes('--latency');
const calls = Number(option('calls', 200));
/** The demo data (seeded with the CLI, migrations included) grown to n products, n/10 articles, n orders. */
const grownTo = (n) => ({ products: n, articles: Math.ceil(n / 10), orders: n });

/**
 * Waits until MariaDB has written out the pages the seeding dirtied, as a server in service long has:
 * measured right after a bulk load of millions of rows (search index included), its page cleaner
 * flushes for minutes and takes one of the two cores from the server being measured.
 */
async function settleMariaDb(mariadb) {
  const value = (statement) => /(\S+)\s*$/.exec(mariadb.sql(statement).stdout ?? '')?.[1];
  const limit = value('SELECT @@GLOBAL.innodb_max_dirty_pages_pct');
  const started = Date.now();
  mariadb.sql('SET GLOBAL innodb_max_dirty_pages_pct = 0');
  try {
    await waitFor(
      async () => Number(value("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'")) === 0,
      600_000,
      'MariaDB flush',
    );
  } finally {
    if (limit) mariadb.sql(`SET GLOBAL innodb_max_dirty_pages_pct = ${limit}`);
  }
  return Date.now() - started;
}

/** The bare reference: node:http answering each path with the body Comptoir gave, from memory. */
function startBare(bodies) {
  const code = `
    const http = require('node:http');
    const bodies = new Map(JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8')));
    // Compressed once, as Comptoir's cache does: the reference is the best a server can do.
    const gzipped = new Map([...bodies].map(([url, body]) => [url, require('node:zlib').gzipSync(body)]));
    http.createServer((req, res) => {
      const key = req.url.replace(/([?&]search=)[^&]*/, '$1*');
      const body = bodies.get(key);
      const gzip = body && body.length > 1024 && (req.headers['accept-encoding'] ?? '').includes('gzip');
      res.writeHead(body ? 200 : 404, {
        'content-type': 'application/json; charset=utf-8',
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
      });
      res.end(gzip ? gzipped.get(key) : (body ?? '{}'));
    }).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'));`;
  const file = path.join(os.tmpdir(), `comptoir-bare-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify([...bodies]));
  return freePort().then(
    (port) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, ['-e', code, file, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
        child.stdout.once('data', () => resolve({ child, base: `http://127.0.0.1:${port}` }));
      }),
  );
}

const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** One autocannon run: as fast as 50 connections go, or `rate` req/s overall (a warm-up: in bursts, see paced). */
function cannon(base, target, { rate, seconds = duration, cookie } = {}) {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: rate ? Math.min(50, Math.max(10, Math.ceil(rate / 20))) : 50,
        duration: seconds,
        ...(rate ? { overallRate: rate } : {}),
        // What every browser sends: the answers travel compressed, as they do to visitors.
        headers: { 'accept-encoding': BROWSER_ENCODINGS, ...(cookie ? { cookie } : {}) },
        requests: [{ setupRequest: (req) => ({ ...req, path: target(n++) }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Debian's nginx with docker/nginx.conf, both of its upstreams the one server measured. */
async function startNginxInFront(appBase, dataDir) {
  const address = new URL(appBase).host;
  const nginx = await startNginx({
    upstreams: [address, address],
    siteDir: path.join(dataDir, 'site'),
    dashboardDir: path.join(root, 'dashboard/dist'),
  });
  console.log(`  through nginx at ${nginx.url} (docker/nginx.conf; the app with COMPRESS_ANSWERS=false)`);
  return nginx;
}

/** The GC pauses of the server under measurement (lib/gc-pauses.mjs), once it is started. */
let serverGc = null;

/**
 * `rate` requests per second evenly paced (see lib/paced-load.mjs), each path a new one; with the
 * server's garbage collection pauses during the run (`gc`), which its tail latency often is.
 */
async function paced(base, target, { rate, seconds = duration, cookie } = {}) {
  const from = Date.now();
  const result = await pacedLoad({
    base,
    path: target,
    rate,
    seconds,
    headers: { 'accept-encoding': BROWSER_ENCODINGS, ...(cookie ? { cookie } : {}) },
  });
  return serverGc ? { ...result, gc: await serverGc.between(from, Date.now()) } : result;
}

const pausesOf = (f) => (f.gc ? ` [${describePauses(f.gc)}]` : '');

const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p97: r.latency.p97_5,
  p99: r.latency.p99,
  total: r.requests.total,
  errors: r.errors + r.timeouts + (r.non2xx ?? 0),
});

async function measureDatabase(kind, n, mariadb) {
  const reuse = kind === 'sqlite' ? option('sqlite-dir') : option('mariadb-database');
  // A reused SQLite folder is kept; any folder made here is removed at the end.
  const { env, dataDir, remove } = benchEnvironment(`benchapi-${n}`, kind, mariadb, {
    dataDir: kind === 'sqlite' ? reuse : undefined,
    database: kind === 'mariadb' ? reuse : undefined,
  });
  if (reuse) {
    // Kept data: the server applies the migrations added since it was seeded when it starts.
    console.log(`[${kind} N=${n}] reusing ${env.DATABASE_URL || dataDir}`);
  } else {
    process.stdout.write(`[${kind} N=${n}] seeding... `);
    console.log(`${(await seedBenchData(env, grownTo(n))).toFixed(0)} s`);
    if (kind === 'mariadb') console.log(`  dirty pages written out in ${((await settleMariaDb(mariadb)) / 1000).toFixed(0)} s`);
  }
  if (args.includes('--prepare-only')) {
    console.log(`Data kept in ${dataDir}${env.DATABASE_URL ? ` (${env.DATABASE_URL})` : ''}`);
    return { kind, n, rows: [] };
  }
  if (latencyMode) {
    try {
      return await measureLatency(kind, n, env);
    } finally {
      remove();
    }
  }
  const gc = gcPauses(path.join(dataDir, 'gc-pauses.log'));
  // `--behind-nginx`: as compose deploys it, docker/nginx.conf in front, compressing the API's answers.
  const behindNginx = args.includes('--behind-nginx');
  const extraEnv = behindNginx ? { ...gc.env, COMPRESS_ANSWERS: 'false' } : gc.env;
  const {
    server,
    base: appBase,
    staff,
    stop,
  } = await startBenchServer(env, dataDir, extraEnv).catch((error) => {
    remove();
    throw error;
  });
  serverGc = gc;
  const nginx = behindNginx ? await startNginxInFront(appBase, dataDir) : null;
  const base = nginx?.url ?? appBase;
  const rows = [];
  const dbPid = kind === 'mariadb' ? mariadbPid(env.DATABASE_URL) : 0;
  let bare;
  try {
    const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // A different term per request: every search misses the cache (what a real search costs).
    const term = (i) =>
      encodeURIComponent(
        ['electrogene', 'COMPRESSEUR', 'Électrodes', 'oeillet', 'facade', 'ref-b1', 'grue'][i % 7] +
          (i % 50 === 0 ? '' : ` ${i % 997}`),
      );
    const endpoints = [
      {
        name: 'public filter (cached)',
        path: () => '/api/products/filter?category=all&sort=recent&limit=12',
        rates: [100, 1000],
      },
      {
        name: 'public filter "Populaire" (cached)',
        path: () => '/api/products/filter?category=all&sort=Populaire&limit=12',
        rates: [1000],
      },
      {
        // The buyer's filters (brand, price range, availability, display currency, the six sorts) across
        // categories: a different query almost every request, as visitors and crawlers send them.
        name: 'public filter, buyer filters (varying)',
        path: buyerFilter,
        bare: '/api/products/filter?buyer=*',
        rates: [100, 1000],
      },
      {
        // Category, sort, page size, search and the buyer's filters all varying; its CPU per request is
        // compared with a lean single query's (lib/lean-catalogue.mjs).
        name: 'public filter, everything varying',
        path: catalogueVarying,
        bare: '/api/products/filter?varying=*',
        rates: [100, 1000],
        lean: true,
      },
      {
        name: 'public filter, search (uncached)',
        path: (i) => `/api/products/filter?category=all&sort=recent&limit=12&search=${term(i)}`,
        bare: '/api/products/filter?category=all&sort=recent&limit=12&search=*',
        rates: [100],
      },
      // What the blog's island asks (9 a page); then the whole list of the spec (up to 100, with their content).
      { name: 'article list, blog page (cached)', path: () => '/api/article?page=1&per_page=9', rates: [100, 1000] },
      { name: 'article list, 100 articles (cached)', path: () => '/api/article', rates: [100, 1000] },
      { name: 'product list page (cached)', path: () => '/api/product?page=1&per_page=8', rates: [100] },
      {
        name: 'staff orders list (uncached)',
        path: (i) => `/api/order?page=${1 + (i % 50)}`,
        bare: '/api/order?page=1',
        rates: [100],
        cookie,
      },
      {
        name: 'staff articles search (uncached)',
        path: (i) => `/api/blog?search=${term(i)}`,
        bare: '/api/blog?search=*',
        rates: [100],
        cookie,
      },
      {
        name: 'global search (uncached)',
        path: (i) => `/api/search?query=${term(i)}`,
        bare: '/api/search?query=*',
        rates: [100],
        cookie,
      },
      ...orderListEndpoints(cookie),
      ...staffListDeepPages(cookie),
      {
        // A product changed every 2 s: the catalogue index of every replica catches up (patched in
        // place; a reload was about a second of CPU at 100,000 products). What a staff page waits meanwhile.
        name: 'staff orders (per order) first page, while the catalogue index catches up with a product changed every 2 s (paced)',
        path: () => '/api/order/list?per_page=25&page=1',
        rates: [100],
        cookie,
        pacedOnly: true,
        during: () => changeCatalogueKeys(kind, env, 2000),
      },
    ];
    // `--only REGEX` measures the endpoints whose name matches, only.
    if (onlyPattern) endpoints.splice(0, endpoints.length, ...endpoints.filter((e) => onlyPattern.test(e.name)));
    const bodies = new Map();
    for (const e of endpoints) {
      if (e.pacedOnly) continue;
      const res = await fetch(base + e.path(1), { headers: e.cookie ? { cookie: e.cookie } : {} });
      if (!res.ok) throw new Error(`${e.path(1)} answered ${res.status}`);
      bodies.set(e.bare ?? e.path(0), await res.text());
    }
    bare = await startBare(bodies);
    for (const e of endpoints) {
      const bareTarget = () => e.bare ?? e.path(0);
      await cannon(base, e.path, { rate: 50, seconds: 2, cookie: e.cookie }); // warm-up
      if (e.pacedOnly) {
        // The previous entry's backlog (queries still running for requests its client gave up on) and the
        // warm-up's burst are served before this entry starts, so that each figure is its own list's.
        const waited = await untilIdle([server.pid, dbPid]);
        const load = os.loadavg()[0];
        const fixed = [];
        const meanwhile = await e.during?.();
        try {
          for (const rate of e.rates) fixed.push({ rate, ...(await paced(base, e.path, { rate, cookie: e.cookie })) });
        } finally {
          const changes = await meanwhile?.stop();
          if (changes !== undefined) console.log(`  (${changes} changes made during the run)`);
        }
        rows.push({ endpoint: e.name, fixed, load });
        console.log(
          `  ${e.name}: ` +
            fixed
              .map((f) => `@${f.rate}/s p50 ${f.p50} p95 ${f.p95} p99 ${f.p99} ms, ${f.errors} errors${pausesOf(f)}`)
              .join('; ') +
            ` (load ${load.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after` +
            `${waited > 1000 ? `; ${(waited / 1000).toFixed(1)} s waited for the server to go idle first` : ''})`,
        );
        continue;
      }
      const cpuBefore = cpuMs(server.pid) + cpuMs(dbPid);
      const sat = summary(await cannon(base, e.path, { cookie: e.cookie }));
      // CPU per request at saturation (Node, plus MariaDB's), and the lean single query's beside it.
      sat.cpu = (cpuMs(server.pid) + cpuMs(dbPid) - cpuBefore) / Math.max(1, sat.total);
      if (e.lean) {
        const lean = await startLeanCatalogue(env);
        try {
          await cannon(lean.base, leanPath, { rate: 50, seconds: 2 });
          const leanBefore = cpuMs(lean.child.pid) + cpuMs(dbPid);
          const leanSat = summary(await cannon(lean.base, leanPath));
          const leanCpu = (cpuMs(lean.child.pid) + cpuMs(dbPid) - leanBefore) / Math.max(1, leanSat.total);
          console.log(
            `  lean single query: ${leanSat.rps} req/s (p99 ${leanSat.p99} ms), CPU ${leanCpu.toFixed(2)} ms/request; ` +
              `${e.name}: CPU ${sat.cpu.toFixed(2)} ms/request, ${(sat.cpu / leanCpu).toFixed(2)} times the lean query ` +
              `(load ${os.loadavg()[0].toFixed(1)})`,
          );
        } finally {
          lean.stop();
        }
      }
      const bareSat = summary(await cannon(bare.base, bareTarget));
      const fixed = [];
      for (const rate of e.rates) fixed.push({ rate, ...(await paced(base, e.path, { rate, cookie: e.cookie })) });
      rows.push({ endpoint: e.name, sat, bareSat, fixed });
      console.log(
        `  ${e.name}: ${sat.rps} req/s (p50 ${sat.p50} ms, p99 ${sat.p99} ms) vs bare ${bareSat.rps} req/s; ` +
          fixed
            .map((f) => `@${f.rate}/s p50 ${f.p50} p97.5 ${f.p97} p99 ${f.p99} ms, ${f.errors} errors${pausesOf(f)}`)
            .join('; '),
      );
    }
    let soak;
    if (soakSeconds && kind === 'mariadb') {
      // Visitors far outnumber staff: per 20 requests, 17 public (2 of them uncached searches), 3 staff.
      const byName = new Map(endpoints.map((e) => [e.name, e]));
      const weights = [
        ['public filter (cached)', 5],
        ['public filter "Populaire" (cached)', 2],
        ['public filter, search (uncached)', 2],
        ['article list, blog page (cached)', 3],
        ['article list, 100 articles (cached)', 1],
        ['product list page (cached)', 4],
        ['staff orders list (uncached)', 1],
        ['staff articles search (uncached)', 1],
        ['global search (uncached)', 1],
      ];
      const mix = weights.flatMap(([name, weight]) => Array(weight).fill(byName.get(name).path));
      const rss = () => Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
      const before = rss();
      const samples = [];
      const sampler = setInterval(() => samples.push(rss()), 30_000);
      const r = await paced(base, (i) => mix[i % mix.length](i), { rate: 200, seconds: soakSeconds, cookie }).finally(() =>
        clearInterval(sampler),
      );
      soak = { ...r, requests: r.total, rssBefore: before, rssSamples: samples, rssAfter: rss() };
    }
    return { kind, n, rows, soak };
  } finally {
    bare?.child.kill();
    await nginx?.stop();
    await stop();
    remove();
  }
}

const BUYER_SORTS = ['recent', 'Populaire', 'prix_asc', 'prix_desc', 'nom_asc', 'nom_desc'];
/**
 * GET /api/products/filter with the buyer's filters, varied per call: a category or all, one of the six
 * sorts, a brand on every other call, a price range (from, to, or none) in FCFA, EUR or USD, in stock or
 * exhausted on one call in five. The price bounds vary enough that a URL comes back only after the
 * in-process cache has forgotten it.
 */
function buyerFilter(i) {
  const q = new URLSearchParams({ category: i % 3 === 0 ? 'all' : String(1 + (i % 7)), tri: BUYER_SORTS[i % 6], limit: '12' });
  addBuyerFilters(q, i);
  return `/api/products/filter?${q}`;
}

/** A different search term per call (so that no cache answers), rare ("electrogene 123") or frequent (one product in 7). */
const LATENCY_WORDS = ['electrogene', 'COMPRESSEUR', 'Électrodes', 'oeillet', 'facade', 'ref-b1', 'grue'];
const rareTerm = (i) => encodeURIComponent(`${LATENCY_WORDS[i % 7]} ${(i * 7919) % 997}`);
/** The word alone with a different case pattern per call: same matches, a new URL each time. */
const frequentTerm = (i) =>
  encodeURIComponent(
    [...LATENCY_WORDS[i % 7]].map((c, k) => ((Math.floor(i / 7) >> k) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''),
  );

/** GET /api/order/list's sort keys (ORDER_SUMMARY_LIST in api/src/orders/order-list.ts). */
const ORDER_LIST_SORTS = [
  'created_at',
  'order_num',
  'company_name',
  'status',
  'currency',
  'total',
  'hold_until',
  'invoiced',
  'balance',
  'lines_count',
  'totals',
  'quote',
];
const ORDER_STATUSES = ['pending', 'inprogress', 'shipped', 'canceled'];
/** Sort `k` of the list and a direction, both varying per call (every direction of every sort in turn). */
const orderListSort = (i) =>
  `sort=${ORDER_LIST_SORTS[i % ORDER_LIST_SORTS.length]}&direction=${Math.floor(i / ORDER_LIST_SORTS.length) % 2 ? 'asc' : 'desc'}`;
/** A 30-day window among the last 600 days (the grown orders are 10 minutes apart), a new one per call. */
const orderDates = (i) => {
  const day = (k) => new Date(Date.now() - k * 86_400_000).toISOString().slice(0, 10);
  const start = 30 + ((i * 37) % 570);
  return `from=${day(start)}&to=${day(start - 30)}`;
};

/**
 * The staff order list (per order) at 100 req/s evenly paced, without saturation runs (`pacedOnly`):
 * sorted by each of its keys, then filtered by status, currency and dates under every sort in turn, and
 * deep pages of the sorts the stored columns serve. Each call a new page or sort, so no cache helps.
 */
function orderListEndpoints(cookie) {
  const entry = (name, path) => ({ name: `staff orders (per order) ${name}`, path, rates: [100], cookie, pacedOnly: true });
  return [
    ...ORDER_LIST_SORTS.map((sort) =>
      entry(
        `sorted by ${sort}`,
        (i) =>
          `/api/order/list?sort=${sort}&direction=${i % 2 ? 'asc' : 'desc'}&per_page=25&page=${1 + (Math.floor(i / 2) % 50)}`,
      ),
    ),
    entry(
      'by status, each sort',
      (i) =>
        `/api/order/list?status=${ORDER_STATUSES[i % 4]}&${orderListSort(Math.floor(i / 4))}&per_page=25&page=${1 + (i % 20)}`,
    ),
    entry(
      'by currency, each sort',
      (i) =>
        `/api/order/list?currency=${['Fcfa', 'Euro', 'Dollar'][i % 3]}&${orderListSort(Math.floor(i / 3))}&per_page=25&page=${1 + (i % 20)}`,
    ),
    entry('by dates, each sort', (i) => `/api/order/list?${orderDates(i)}&${orderListSort(i)}&per_page=25&page=${1 + (i % 5)}`),
    entry(
      'by status, currency and dates, each sort',
      (i) =>
        `/api/order/list?status=${ORDER_STATUSES[i % 4]}&currency=${['Fcfa', 'Euro', 'Dollar'][i % 3]}&${orderDates(i)}&${orderListSort(i)}&per_page=25`,
    ),
    entry(
      'deep pages by lines, totals, quote',
      (i) =>
        `/api/order/list?sort=${['lines_count', 'totals', 'quote'][i % 3]}&direction=${Math.floor(i / 3) % 2 ? 'asc' : 'desc'}&per_page=25&page=${deepPage(i, 1)}`,
    ),
    // The sorts on a currency then an amount (keyset over both columns and the id).
    entry(
      'deep pages by totals, invoiced, balance',
      (i) =>
        `/api/order/list?sort=${['totals', 'invoiced', 'balance'][i % 3]}&direction=${Math.floor(i / 3) % 2 ? 'asc' : 'desc'}&per_page=25&page=${deepPage(i, 1)}`,
    ),
  ];
}

/**
 * Every staff list: its route, one sort other than its default order, and its length as a share of N.
 * A deep page is one of the last three quarters of the list (25 rows a page), a different one per call:
 * what OFFSET paging skips is what it costs. The grown data holds N products, orders and lines, N/10
 * articles; the other tables hold what the bench seeding gives them (pages past their end still run the
 * query).
 */
const STAFF_LISTS = [
  ['products', '/api/product', 'sort=name', 1],
  ['articles', '/api/blog', 'sort=title', 0.1],
  ['brands', '/api/brands', 'sort=name', 1],
  ['categories', '/api/category', 'sort=designation', 1],
  ['clients', '/api/customer', 'sort=company_name', 1],
  ['orders (per order)', '/api/order/list', 'sort=total&direction=desc', 1],
  ['order lines', '/api/order', 'sort=company_name', 1],
  ['stock entries', '/api/stock', 'sort=quantity&direction=desc', 1],
  ['stock per product', '/api/stock/products', null, 1],
  ['invoices', '/api/invoices', 'sort=company_name', 1],
  ['administrators', '/api/admin', 'sort=name', 1],
  ['journal', '/api/audit', 'sort=user_name', 1],
  ['media', '/api/media', 'sort=size&direction=desc', 1],
];

/**
 * Every staff list's deep pages at 100 req/s evenly paced (`pacedOnly`), its default order and its other
 * sort taking turns: the issue's « p95 ≤ 50 ms at 100 req/s at any page ».
 */
function staffListDeepPages(cookie) {
  return STAFF_LISTS.map(([list, route, otherSort, share]) => ({
    name: `staff ${list}, deep pages (paced)`,
    path: (i) => `${route}?${otherSort && i % 2 ? `${otherSort}&` : ''}per_page=25&page=${deepPage(i, share)}`,
    rates: [100],
    cookie,
    pacedOnly: true,
  }));
}

const LATENCY_ENDPOINTS = [
  { name: 'staff orders list, page N (1-50)', path: (i) => `/api/order?page=${1 + (i % 50)}` },
  { name: 'staff orders list, deep page (1000+)', path: (i) => `/api/order?page=${1000 + ((i * 37) % 10000)}` },
  { name: 'staff orders search, rare term', path: (i) => `/api/order?search=${rareTerm(i)}` },
  { name: 'staff orders search, frequent term', path: (i) => `/api/order?search=${frequentTerm(i)}` },
  { name: 'staff products list search, rare', path: (i) => `/api/product?page=1&per_page=8&search=${rareTerm(i)}` },
  { name: 'staff products list search, frequent', path: (i) => `/api/product?page=1&per_page=8&search=${frequentTerm(i)}` },
  { name: 'staff articles search, rare', path: (i) => `/api/blog?search=${rareTerm(i)}` },
  { name: 'staff articles search, frequent', path: (i) => `/api/blog?search=${frequentTerm(i)}` },
  { name: 'staff customers search', path: (i) => `/api/customer?search=${rareTerm(i)}` },
  { name: 'global search, rare', path: (i) => `/api/search?query=${rareTerm(i)}` },
  { name: 'global search, frequent', path: (i) => `/api/search?query=${frequentTerm(i)}` },
  {
    name: 'public filter search, rare',
    path: (i) => `/api/products/filter?category=all&sort=recent&limit=12&search=${rareTerm(i)}`,
  },
  { name: 'public filter, buyer filters (varying)', path: buyerFilter },
  { name: 'public filter, everything varying', path: catalogueVarying, lean: true },
  {
    name: 'public filter search, frequent',
    path: (i) => `/api/products/filter?category=all&sort=recent&limit=12&search=${frequentTerm(i)}`,
  },
  // The staff lists' sorts and filters (headers, facets), page N of 25 rows. The grown data copies one
  // product and one order: one brand, one status and one currency hold every row (the worst case), the
  // others none, and the calls go through all of them.
  {
    name: 'staff products sorted by price desc',
    path: (i) => `/api/product?sort=price&direction=desc&per_page=25&page=${1 + (i % 50)}`,
  },
  {
    name: 'staff products by brand (newest first)',
    path: (i) => `/api/product?brand_id=${1 + (i % 4)}&per_page=25&page=${1 + (i % 20)}`,
  },
  {
    name: 'staff products by brand, sorted by stock',
    path: (i) => `/api/product?brand_id=${1 + (i % 4)}&sort=stock&per_page=25&page=${1 + (i % 20)}`,
  },
  {
    name: 'staff orders (per order) sorted by total desc',
    path: (i) => `/api/order/list?sort=total&direction=desc&per_page=25&page=${1 + (i % 50)}`,
  },
  // « Facturé » and « Solde » (the order's stored first-currency amounts), alone and with a status.
  {
    name: 'staff orders (per order) sorted by invoiced desc',
    path: (i) => `/api/order/list?sort=invoiced&direction=desc&per_page=25&page=${1 + (i % 50)}`,
  },
  {
    name: 'staff orders (per order) by status, sorted by balance',
    path: (i) =>
      `/api/order/list?status=${['pending', 'inprogress', 'shipped', 'canceled'][i % 4]}&sort=balance&direction=${i % 2 ? 'asc' : 'desc'}&per_page=25&page=${1 + (i % 20)}`,
  },
  {
    name: 'staff orders (per order) by status and currency',
    path: (i) =>
      `/api/order/list?status=${['pending', 'inprogress', 'shipped', 'canceled'][i % 4]}&currency=${['Fcfa', 'Euro', 'Dollar'][i % 3]}&per_page=25&page=${1 + (i % 20)}`,
  },
  // « Lignes », « Totaux par devise », « Devis » (columns kept on the order), alone, in a facet and deep.
  {
    name: 'staff orders (per order) sorted by lines, totals, quote',
    path: (i) =>
      `/api/order/list?sort=${['lines_count', 'totals', 'quote'][i % 3]}&direction=${Math.floor(i / 3) % 2 ? 'asc' : 'desc'}&per_page=25&page=${1 + (i % 50)}`,
  },
  {
    name: 'staff orders (per order) deep page by totals, invoiced, balance',
    path: (i) =>
      `/api/order/list?sort=${['totals', 'invoiced', 'balance'][i % 3]}&direction=${Math.floor(i / 3) % 2 ? 'asc' : 'desc'}&per_page=25&page=${deepPage(i, 1)}`,
  },
  {
    name: 'staff orders (per order) by currency or status, each sort',
    path: (i) =>
      `/api/order/list?${i % 2 ? `currency=${['Fcfa', 'Euro', 'Dollar'][i % 3]}` : `status=${ORDER_STATUSES[i % 4]}`}&${orderListSort(Math.floor(i / 2))}&per_page=25&page=${1 + (i % 20)}`,
  },
  {
    name: 'staff orders (per order) by dates, each sort',
    path: (i) => `/api/order/list?${orderDates(i)}&${orderListSort(i)}&per_page=25&page=${1 + (i % 5)}`,
  },
  {
    name: 'staff order lines by currency, by client name',
    path: (i) => `/api/order?currency=${['Fcfa', 'Euro', 'Dollar'][i % 3]}&sort=company_name&per_page=25&page=${1 + (i % 20)}`,
  },
  // Every staff list at a deep page, in its default order and in one other (STAFF_LISTS).
  ...STAFF_LISTS.flatMap(([list, route, otherSort, share]) =>
    [null, otherSort]
      .filter((sort, k) => k === 0 || sort)
      .map((sort) => ({
        name: `staff ${list}, deep page${sort ? ` (${sort.replace(/&direction=/, ' ')})` : ''}`,
        path: (i) => `${route}?${sort ? `${sort}&` : ''}per_page=25&page=${deepPage(i, share)}`,
      })),
  ),
];

/** A page among the last three quarters of a list of `share` × N rows (25 a page), a new one per call. */
function deepPage(i, share) {
  const pages = Math.max(1, Math.ceil((share * (sizes[0] ?? 10000)) / 25));
  return Math.ceil(pages / 4) + ((i * 7919) % Math.max(1, pages - Math.ceil(pages / 4)));
}

/** `--only REGEX`: measure the endpoints whose name matches, only (saturation and latency modes). */
const onlyPattern = option('only') ? new RegExp(option('only'), 'i') : null;
const latencyEndpoints = () => LATENCY_ENDPOINTS.filter((e) => !onlyPattern || onlyPattern.test(e.name));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The plan of one logged statement (`query: SQL -- PARAMETERS: [...]`), on the running server's database. */
async function explain(kind, env, statement) {
  const match = statement.match(/^query: (SELECT[\s\S]*?)(?: -- PARAMETERS: (\[[\s\S]*\]))?$/);
  if (!match) return [];
  const params = match[2] ? JSON.parse(match[2]) : [];
  const db = await openBenchDatabase(kind, env);
  try {
    const rows = await db.all(`${kind === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${match[1]}`, params);
    return kind === 'sqlite'
      ? rows.map((r) => r.detail)
      : rows.map((r) => `${r.table} ${r.type} key=${r.key ?? '-'} rows=${r.rows} ${r.Extra ?? ''}`.trim());
  } finally {
    await db.close();
  }
}

/** CPU time (ms) a process has used so far, from /proc (user + system, 10 ms ticks). */
function cpuMs(pid) {
  if (!pid) return 0;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until the processes (the API, MariaDB) use under a tenth of a core over half a second, at most a
 * minute; returns the time waited (ms).
 */
async function untilIdle(pids, { windowMs = 500, share = 0.1, limitMs = 60_000 } = {}) {
  const from = Date.now();
  while (Date.now() - from < limitMs) {
    const before = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    if (pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - before < windowMs * share) break;
  }
  return Date.now() - from;
}

/** The pid of the MariaDB server listening on the URL's port (to count its CPU time), if visible. */
function mariadbPid(url) {
  const port = new URL(url).port;
  const out = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' }).stdout ?? '';
  const match = out.match(/pid=(\d+)/);
  return match ? Number(match[1]) : 0;
}

/** Sequential per-request latency of the uncached staff calls, then the SQL (and plan) of one call each. */
async function measureLatency(kind, n, env) {
  const run = async (extraEnv, body) => {
    const { server, base, staff, stop } = await startBenchServer(env, env.DATA_DIR, extraEnv);
    try {
      const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      // `anonymous`: as a visitor sends it, without the staff session cookie.
      const get = async (p, anonymous = false) => {
        const res = await fetch(base + p, { headers: anonymous ? {} : { cookie } });
        if (!res.ok) throw new Error(`${p} answered ${res.status}`);
        return res.text();
      };
      return await body(get, server.pid);
    } finally {
      await stop();
    }
  };
  const dbPid = kind === 'mariadb' ? mariadbPid(env.DATABASE_URL) : 0;
  const rows = await run({}, async (get, serverPid) => {
    const out = [];
    for (const e of latencyEndpoints()) {
      for (let i = 0; i < 20; i++) await get(e.path(100_000 + i), e.lean); // warm-up
      const times = [];
      let bytes = 0;
      const cpuBefore = cpuMs(serverPid);
      const dbCpuBefore = cpuMs(dbPid);
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        bytes += (await get(e.path(i), e.lean)).length;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const row = {
        endpoint: e.name,
        cpu: (cpuMs(serverPid) - cpuBefore) / calls,
        dbCpu: dbPid ? (cpuMs(dbPid) - dbCpuBefore) / calls : null,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times[times.length - 1],
        kb: bytes / calls / 1024,
      };
      out.push(row);
      console.log(
        `  ${e.name}: median ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, max ${row.max.toFixed(0)} ms, ` +
          `Node CPU ${row.cpu.toFixed(1)} ms${row.dbCpu === null ? '' : `, MariaDB CPU ${row.dbCpu.toFixed(1)} ms`}, ` +
          `${row.kb.toFixed(1)} KB (load ${os.loadavg()[0].toFixed(1)})`,
      );
      if (e.lean) {
        // The same number of sequential calls to the lean single query, on the same data.
        const lean = await startLeanCatalogue(env);
        try {
          for (let i = 0; i < 20; i++) await fetch(lean.base + leanPath(100_000 + i)).then((r) => r.text());
          const nodeBefore = cpuMs(lean.child.pid);
          const before = nodeBefore + cpuMs(dbPid);
          for (let i = 0; i < calls; i++) await fetch(lean.base + leanPath(i)).then((r) => r.text());
          const leanCpu = (cpuMs(lean.child.pid) + cpuMs(dbPid) - before) / calls;
          const leanNode = (cpuMs(lean.child.pid) - nodeBefore) / calls;
          const own = row.cpu + (row.dbCpu ?? 0);
          // The MariaDB server may be shared (other work counts in its CPU): Node's own ratio beside it.
          console.log(
            `  lean single query: CPU ${leanCpu.toFixed(2)} ms/request (Node ${leanNode.toFixed(2)}); ${e.name}: ` +
              `${own.toFixed(2)} ms, ${(own / leanCpu).toFixed(2)} times the lean query (Node alone: ` +
              `${(row.cpu / leanNode).toFixed(2)})`,
          );
        } finally {
          lean.stop();
        }
      }
    }
    return out;
  });
  const logFile = path.join(env.DATA_DIR, 'server.log');
  const sql = await run({ LOG_SQL: 'true' }, async (get) => {
    const out = new Map();
    for (const e of latencyEndpoints()) {
      await get(e.path(7));
      await sleep(200);
      const from = fs.statSync(logFile).size;
      await get(e.path(8));
      await sleep(200);
      const text = fs.readFileSync(logFile, 'utf8').slice(from); // ASCII-safe enough: offsets only move forward
      const statements = text
        .split('\n')
        .filter((l) => l.startsWith('query: ') && !/^query: (BEGIN|COMMIT|START|ROLLBACK)/.test(l));
      const withPlans = [];
      for (const statement of statements.filter((s) => !/FROM .?sessions/.test(s)))
        withPlans.push({
          statement,
          plan: await explain(kind, env, statement).catch((error) => [`(no plan: ${error.message})`]),
        });
      out.set(e.name, withPlans);
    }
    return out;
  });
  return { kind, n, latency: rows, sql };
}

function printLatency(result) {
  console.log(`\n### ${result.kind}, N = ${result.n}: SQL of one request per endpoint\n`);
  for (const [endpoint, statements] of result.sql) {
    console.log(`${endpoint}:`);
    for (const { statement, plan } of statements) {
      console.log(`  ${statement.length > 400 ? `${statement.slice(0, 400)}…` : statement}`);
      for (const line of plan) console.log(`      plan: ${line}`);
    }
  }
  console.log(
    `\n### ${result.kind}, N = ${result.n}: ${calls} sequential calls per endpoint (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${os.cpus().length} cores)\n`,
  );
  console.log('| endpoint | median ms | p95 ms | max ms | Node CPU ms/request | MariaDB CPU ms/request | answer KB |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of result.latency)
    console.log(
      `| ${r.endpoint} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(0)} | ${r.cpu.toFixed(1)} | ` +
        `${r.dbCpu === null ? '-' : r.dbCpu.toFixed(1)} | ${r.kb.toFixed(1)} |`,
    );
}

function printTable(result) {
  if (result.latency) return printLatency(result);
  console.log(
    `\n### ${result.kind}, N = ${result.n} products (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${os.cpus().length} cores)\n`,
  );
  console.log(
    '| endpoint | Comptoir saturation req/s (p50 / p99 ms) | bare node:http req/s | ratio | fixed rates: p50 / p97.5 / p99 ms, errors |',
  );
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const r of result.rows.filter((row) => !row.sat)) {
    console.log(
      `| ${r.endpoint} | - | - | - | ` +
        r.fixed.map((f) => `${f.rate}/s: p50 ${f.p50} / p95 ${f.p95} / p99 ${f.p99}, ${f.errors} err`).join('; ') +
        ` (load ${r.load.toFixed(2)}) |`,
    );
  }
  for (const r of result.rows.filter((row) => row.sat)) {
    console.log(
      `| ${r.endpoint} | ${r.sat.rps} (${r.sat.p50} / ${r.sat.p99}) | ${r.bareSat.rps} | ${(r.sat.rps / r.bareSat.rps).toFixed(2)} | ` +
        r.fixed.map((f) => `${f.rate}/s: ${f.p50} / ${f.p97} / ${f.p99}, ${f.errors} err`).join('; ') +
        ' |',
    );
  }
  if (result.soak)
    console.log(
      `\nMixed soak at 200 req/s: p50 ${result.soak.p50} ms, p99 ${result.soak.p99} ms, ${result.soak.errors} errors, ` +
        `${result.soak.requests} requests, server RSS ${result.soak.rssBefore.toFixed(0)} MB -> ` +
        `${[...result.soak.rssSamples, result.soak.rssAfter].map((m) => m.toFixed(0)).join(' -> ')} MB (every 30 s)`,
    );
}

buildIfStale();
console.log(
  `Load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`,
);
// BENCH_MARIADB_URL=mysql://root@host:port: use that server (its databases are kept) instead of a throw-away one.
const given = process.env.BENCH_MARIADB_URL;
const mariadb = !databases.includes('mariadb')
  ? null
  : given
    ? {
        url: given.replace(/\/$/, ''),
        sql: (statement) =>
          spawnSync('mariadb', [`-h${new URL(given).hostname}`, `-P${new URL(given).port}`, '-uroot', '-e', statement], {
            encoding: 'utf8',
          }),
        stop: async () => {},
      }
    : await startMariaDb();
const results = [];
try {
  for (const n of sizes) for (const kind of databases) results.push(await measureDatabase(kind, n, mariadb));
} finally {
  await mariadb?.stop();
}
for (const result of results) printTable(result);
