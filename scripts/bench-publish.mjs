#!/usr/bin/env node
// `npm run bench:publish [-- 100 1000 5000] [--runs 5]`: for sites of N articles and N products, the
// time of a full cold build and, from an editor's "Publier" request, the time until the new article
// answers 200 at /article/{slug} (median of several runs). Prints a table; see docs/performance.md.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './lib/builds.mjs';
import { StaffClient, TINY_PNG } from './lib/staff-client.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && i !== runsAt + 1).map(Number);
if (!sizes.length) sizes.push(100, 1000, 5000);
const ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };
const require = createRequire(path.join(root, 'api/package.json'));
const Database = require('better-sqlite3');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function sqlDate(d) {
  return d.toISOString().replace('T', ' ').replace('Z', '');
}

/** Fills the demo database up to n published articles and n products, in one transaction. */
function grow(dbFile, n) {
  const db = new Database(dbFile);
  const now = Date.now();
  const one = (sql) => db.prepare(sql).get();
  const articles = one("SELECT COUNT(*) AS c FROM blog_articles WHERE status = 'Publié'").c;
  const products = one('SELECT COUNT(*) AS c FROM products').c;
  const model = one("SELECT content, content_json, image, user_id FROM blog_articles WHERE status = 'Publié' LIMIT 1");
  const product = one('SELECT * FROM products LIMIT 1');
  const image = one('SELECT image_path FROM product_images LIMIT 1').image_path;
  const insertArticle = db.prepare(
    `INSERT INTO blog_articles (title, slug, content, content_json, image, image_alt, status, user_id, published_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'Publié', ?, ?, ?, ?)`,
  );
  const insertProduct = db.prepare(
    `INSERT INTO products (name, reference, stock, price, description, brand_id, category_id, currency_id, in_spotlight, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  );
  const insertImage = db.prepare('INSERT INTO product_images (product_id, image_path, position) VALUES (?, ?, 0)');
  db.transaction(() => {
    for (let i = articles; i < n; i++) {
      const at = sqlDate(new Date(now - (i + 1) * 3_600_000));
      insertArticle.run(
        `Dossier technique numéro ${i}`,
        `dossier-technique-numero-${i}`,
        model.content,
        model.content_json,
        model.image,
        'Illustration',
        model.user_id,
        at,
        at,
        at,
      );
    }
    for (let i = products; i < n; i++) {
      const at = sqlDate(new Date(now - (i + 1) * 60_000));
      const id = insertProduct.run(
        `Équipement industriel ${i}`,
        `REF-B${i}`,
        10 + (i % 40),
        '125000.00',
        product.description,
        product.brand_id,
        product.category_id,
        product.currency_id,
        at,
        at,
      ).lastInsertRowid;
      insertImage.run(id, image);
    }
  })();
  db.close();
}

function startServer(dataDir, port) {
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  return spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'false',
    },
  });
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const { spawn } = await import('node:child_process');
const { freePort } = await import('./lib/mariadb.mjs');

buildIfStale();
const results = [];
for (const n of sizes) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-bench-${n}-`));
  const env = { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' };
  const seeded = spawnSync(process.execPath, [path.join(root, 'api/dist/cli.js'), 'seed'], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  grow(path.join(dataDir, 'comptoir.sqlite'), n);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const server = startServer(dataDir, port);
  try {
    await waitFor(async () => (await fetch(`${base}/`)).status === 200, 60 * 60_000, `the cold build at N=${n}`);
    const coldMs = Date.now() - started;
    const staff = new StaffClient(base);
    await staff.signIn(ADMIN.email, ADMIN.password);
    const publishMs = [];
    for (let run = 0; run < runs; run++) {
      const title = `Mesure de publication ${n}-${run}-${Date.now()}`;
      const form = new FormData();
      form.set('title', title);
      form.set('status', 'Publié');
      form.set(
        'content',
        JSON.stringify({
          time: Date.now(),
          blocks: [{ type: 'paragraph', data: { text: 'Article de mesure.' } }],
          version: '2.31.0',
        }),
      );
      form.set('image', new Blob([TINY_PNG], { type: 'image/png' }), 'cover.png');
      const t0 = Date.now();
      const created = await staff.request('POST', '/api/blog/create', form);
      const slug = created?.blog?.slug;
      if (!slug) throw new Error(`no slug in ${JSON.stringify(created).slice(0, 200)}`);
      await waitFor(async () => (await fetch(`${base}/article/${slug}`)).status === 200, 20 * 60_000, `article ${slug}`);
      publishMs.push(Date.now() - t0);
    }
    results.push({ n, coldMs, publishMs });
    console.log(
      `N=${n}: cold build ${(coldMs / 1000).toFixed(1)} s, publish→live ${publishMs.map((m) => (m / 1000).toFixed(1)).join(' / ')} s`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log('\n| N articles + N products | cold full build (s) | publish → live, median (s) | runs |');
console.log('| ---: | ---: | ---: | ---: |');
for (const r of results) {
  console.log(
    `| ${r.n} | ${(r.coldMs / 1000).toFixed(1)} | ${(median(r.publishMs) / 1000).toFixed(1)} | ${r.publishMs.length} |`,
  );
}
console.log(`\nmachine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
