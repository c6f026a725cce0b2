#!/usr/bin/env node
// `npm run bench:summary [-- --orders 100000 --products 10000 --runs 300]`: fills a fresh SQLite
// database with N order requests (spread over three years, 1 to 3 lines each) and M products, then
// times GET /api/dashboard/summary (the home page's cards and charts) as the administrator: p50, p95
// and max over the runs, over HTTP and for the chart queries alone. Target: p95 < 50 ms at 100,000
// orders and 10,000 products. Prints a table; see docs/performance.md.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { root } from './lib/builds.mjs';
import { StaffClient } from './lib/staff-client.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const ORDERS = option('orders', 100_000);
const PRODUCTS = option('products', 10_000);
const RUNS = option('runs', 300);
const ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };
const require = createRequire(path.join(root, 'api/package.json'));
const Database = require('better-sqlite3');
const DAY = 24 * 60 * 60 * 1000;

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const sqlDate = (d) => d.toISOString().replace('T', ' ').replace('Z', '');
const isoDay = (d) => d.toISOString().slice(0, 10);

/** A small deterministic generator, so that every run measures the same data. */
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (weighted) => {
  let r = random();
  for (const [value, weight] of weighted) if ((r -= weight) < 0) return value;
  return weighted[weighted.length - 1][0];
};

function fill(dbFile) {
  const db = new Database(dbFile);
  db.pragma('journal_mode = WAL');
  const now = Date.now();
  const at = sqlDate(new Date(now));
  db.transaction(() => {
    const brand = db
      .prepare(
        `INSERT INTO brands (name, representative, description, created_at, updated_at) VALUES ('Voltaria', 'K. Mensah', '-', ?, ?)`,
      )
      .run(at, at).lastInsertRowid;
    const category = db
      .prepare(`INSERT INTO categories (designation, description, created_at, updated_at) VALUES ('Énergie', '-', ?, ?)`)
      .run(at, at).lastInsertRowid;
    const currencyId = (name, symbol, code) =>
      db.prepare('SELECT id FROM currencies WHERE name = ?').get(name)?.id ??
      db.prepare('INSERT INTO currencies (name, symbol, code) VALUES (?, ?, ?)').run(name, symbol, code).lastInsertRowid;
    const fcfa = currencyId('Fcfa', 'FCFA', 'XOF');
    const insertProduct = db.prepare(
      `INSERT INTO products (name, reference, stock, price, description, brand_id, category_id, currency_id, in_spotlight, low_stock_threshold, created_at, updated_at)
       VALUES (?, ?, ?, ?, '-', ?, ?, ?, 0, ?, ?, ?)`,
    );
    const prices = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const stock = pick([
        [0, 0.03],
        [Math.floor(random() * 6), 0.05],
        [6 + Math.floor(random() * 200), 0.92],
      ]);
      const price = (1000 + Math.floor(random() * 5_000_000)) / 100;
      prices.push(price);
      insertProduct.run(
        `Équipement ${i}`,
        `REF-${i}`,
        stock,
        price.toFixed(2),
        brand,
        category,
        fcfa,
        random() < 0.05 ? 20 : null,
        at,
        at,
      );
    }
    const insertOrder = db.prepare(
      `INSERT INTO orders (order_num, status, company_name, company_phone, company_email, representative_name, representative_phone,
         representative_email, payment_by, currency, payment_term, delivery_method, credit_level, total, stock_reserved, created_at, updated_at)
       VALUES (?, ?, ?, '+228 90 00 00 00', 'achats@client.tg', 'Ama Koffi', '+228 91 00 00 00', 'ama@client.tg', 'Visa', ?, '30 jours',
         'Route', 'Standard', ?, ?, ?, ?)`,
    );
    const insertItem = db.prepare(
      `INSERT INTO order_items (order_id, product_id, product_name, quantity, price, total_price, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const span = 3 * 365 * DAY;
    for (let i = 0; i < ORDERS; i++) {
      const created = sqlDate(new Date(now - Math.floor(random() * span)));
      const status = pick([
        ['shipped', 0.6],
        ['pending', 0.15],
        ['inprogress', 0.1],
        ['canceled', 0.15],
      ]);
      const currency = pick([
        ['Fcfa', 0.7],
        ['Euro', 0.2],
        ['Dollar', 0.1],
      ]);
      const lines = 1 + Math.floor(random() * 3);
      const items = [];
      let cents = 0;
      for (let l = 0; l < lines; l++) {
        const product = 1 + Math.floor(random() * PRODUCTS);
        const quantity = 1 + Math.floor(random() * 5);
        const unit = Math.round(prices[product - 1] * 100);
        cents += unit * quantity;
        items.push([product, quantity, unit]);
      }
      const id = insertOrder.run(
        `CMD-B-${String(i).padStart(6, '0')}`,
        status,
        `Société ${i % 2000}`,
        currency,
        (cents / 100).toFixed(2),
        status === 'canceled' ? 0 : 1,
        created,
        created,
      ).lastInsertRowid;
      for (const [product, quantity, unit] of items) {
        insertItem.run(
          id,
          product,
          `Équipement ${product - 1}`,
          quantity,
          (unit / 100).toFixed(2),
          ((unit * quantity) / 100).toFixed(2),
          created,
        );
      }
    }
    const insertEntry = db.prepare(
      `INSERT INTO stock_entries (name, price, quantity, manufacture_date, expiry_date, expirable, created_at, updated_at)
       VALUES (?, '1000.00', ?, '2024-01-01', ?, ?, ?, ?)`,
    );
    for (let i = 0; i < 5000; i++) {
      const expirable = random() < 0.6;
      const expiry = expirable ? isoDay(new Date(now + Math.floor((random() * 400 - 30) * DAY))) : null;
      insertEntry.run(`Lot ${i}`, 1 + Math.floor(random() * 100), expiry, expirable ? 1 : 0, at, at);
    }
  })();
  db.close();
}

async function main() {
  const built = spawnSync('npm', ['run', 'build', '--silent', '-w', 'api'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const dist = (p) => pathToFileURL(path.join(root, 'api/dist', p)).href;
  const { loadConfig } = await import(dist('core/config/config.js'));
  const { createApp } = await import(dist('bootstrap.js'));
  const { SeedService } = await import(dist('seed/seed.service.js'));
  const { DashboardSummaryService } = await import(dist('dashboard-summary/dashboard-summary.service.js'));
  const { DataSource } = require('typeorm');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-summary-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      COMPANY_EMAIL_DOMAIN: 'comptoir.example',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BUILD_SITE_ON_BOOT: 'false',
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'silent',
    });
    const app = await createApp(config);
    await app.init();
    await app.get(DataSource).runMigrations({ transaction: 'each' });
    await app.get(SeedService).ensureFirstAdministrator();

    let started = performance.now();
    fill(config.database.path);
    console.log(`filled ${ORDERS} orders and ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address();
    const admin = new StaffClient(`http://127.0.0.1:${port}`);
    await admin.signIn(ADMIN.email, ADMIN.password);

    const http = [];
    for (let i = 0; i < 20 + RUNS; i++) {
      started = performance.now();
      const answer = await admin.request('GET', '/api/dashboard/summary');
      if (i >= 20) http.push(performance.now() - started);
      if (i === 0 && !answer.charts?.orders_per_week) throw new Error('the summary has no charts');
    }
    const service = app.get(DashboardSummaryService);
    const every = Object.fromEntries(
      ['blog', 'shop', 'stock', 'orders', 'admin'].map((c) => [c, { view: true, create: true, edit: true, delete: true }]),
    );
    const principal = { userId: 1, sessionId: 'bench', permissions: every };
    const charts = [];
    const cpu = [];
    for (let i = 0; i < 20 + RUNS; i++) {
      started = performance.now();
      const before = process.cpuUsage();
      await Promise.all([service.summary(principal), service.charts(principal)]);
      const used = process.cpuUsage(before);
      if (i >= 20) {
        charts.push(performance.now() - started);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    const row = (name, xs) =>
      `| ${name} | ${percentile(xs, 50).toFixed(1)} | ${percentile(xs, 95).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`;
    console.log(`\n${ORDERS} orders, ${PRODUCTS} products, SQLite, ${RUNS} runs after 20 warm-up calls\n`);
    console.log('| measure | p50 (ms) | p95 (ms) | max (ms) |');
    console.log('| --- | ---: | ---: | ---: |');
    console.log(row('GET /api/dashboard/summary (HTTP, cards + charts)', http));
    console.log(row('cards + charts queries (service, wall)', charts));
    // better-sqlite3 runs in the calling thread: the CPU time of a call is what it costs on an idle
    // machine, whatever else shares the cores (the wall times above include waiting for a core).
    console.log(row('cards + charts queries (service, CPU time)', cpu));
    console.log(
      `\nload average during the run: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} cores)`,
    );
    await app.close();
  } finally {
    if (args.includes('--keep')) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
