#!/usr/bin/env node
// `npm run bench:export [-- --products 100000 --db sqlite|mariadb]`
//
// The list exports (docs/performance.md, "List exports"): the demo data grown to N products
// (scripts/lib/demo-data.mjs), Comptoir started from the built api/dist/main.js (production mode), then
// GET /api/product/export?format=csv and ?format=xlsx read to the end by a signed-in administrator.
// Prints each file's time, rows and size, and the server's peak RSS growth during the download: its
// resident set read from /proc/<pid>/status every 20 ms, minus the figure just before the request
// (after a warm-up export of the first page, so that the code and its caches are already loaded).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './lib/builds.mjs';
import { growDemoData, seedDemo } from './lib/demo-data.mjs';
import { freePort, startMariaDb } from './lib/mariadb.mjs';
import { StaffClient } from './lib/staff-client.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const PRODUCTS = Number(option('products', 100_000));
const databases = option('db') ? [option('db')] : ['sqlite', 'mariadb'];
const ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** The process's resident set, in bytes (Linux). */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-benchexport-${kind}-`));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  };
  if (kind === 'mariadb') {
    const name = `bench_export_${Date.now()}`;
    mariadb.sql(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    env.DATABASE_URL = `${mariadb.url}/${name}`;
  }
  let server;
  try {
    const seeded = performance.now();
    seedDemo(env);
    await growDemoData(env, { products: PRODUCTS });
    console.log(`[${kind}] ${PRODUCTS} products seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

    const port = await freePort();
    const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
    server = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
      stdio: ['ignore', log, log],
      env: { ...env, PORT: String(port), BUILD_SITE_ON_BOOT: 'false', SEED_ON_EMPTY: 'false', RATE_LIMIT_FACTOR: '1000' },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 120_000, 'Comptoir');
    const staff = new StaffClient(base);
    await staff.signIn(ADMIN.email, ADMIN.password);
    const total = (await staff.request('GET', '/api/product?per_page=1')).products.total;

    for (const format of ['csv', 'xlsx']) {
      await download(staff, `/api/product/export?format=${format}&search=zzzz-aucun`); // warm-up
      global.gc?.();
      await sleep(500);
      const before = rssOf(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 20);
      const started = performance.now();
      const file = await download(staff, `/api/product/export?format=${format}&sort=name`);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const rows = format === 'csv' ? file.newlines - 1 : total;
      console.log(
        `[${kind}] ${format}: ${format === 'csv' ? `${rows} rows read back` : `${rows} rows (the list's total)`}, ${mb(file.bytes)} MB in ${seconds.toFixed(1)} s ` +
          `(${Math.round(rows / seconds)} rows/s); server RSS ${mb(before)} MB before, peak ${mb(peak)} MB, growth ${mb(peak - before)} MB`,
      );
    }
  } finally {
    server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const built = spawnSync('npm', ['run', 'build', '--silent', '-w', 'api'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
for (const kind of databases) {
  const mariadb = kind === 'mariadb' ? await startMariaDb() : null;
  try {
    await measure(kind, mariadb);
  } finally {
    await mariadb?.stop();
  }
}
process.exit(0);
