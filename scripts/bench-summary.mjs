#!/usr/bin/env node
// `npm run bench:summary [-- --orders 100000 --products 10000 --runs 300]`: fills a fresh SQLite
// database with N order requests (spread over three years, 1 to 3 lines each) and M products, then
// times GET /api/dashboard/summary (the home page's cards and charts) as the administrator: p50, p95
// and max over the runs, over HTTP and for the chart queries alone. Target: p95 < 50 ms at 100,000
// orders and 10,000 products. Prints a table; see docs/performance.md.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { root } from './lib/builds.mjs';
import { BENCH_ADMIN as ADMIN, buildApi } from './lib/bench-seed.mjs';
import { StaffClient } from './lib/staff-client.mjs';
import { fillSummaryData } from './lib/summary-data.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const ORDERS = option('orders', 100_000);
const PRODUCTS = option('products', 10_000);
const RUNS = option('runs', 300);
const require = createRequire(path.join(root, 'api/package.json'));

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function main() {
  buildApi();
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
    fillSummaryData(config.database.path, { orders: ORDERS, products: PRODUCTS });
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
