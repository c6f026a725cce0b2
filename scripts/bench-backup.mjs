#!/usr/bin/env node
// `npm run bench:backup [-- demo 10000]`: backup and restore times and archive size, for the demo data
// and for catalogues grown to N products (each with its own image and resized copies, as uploads
// make them), on SQLite and the local disk. Runs the real commands (`node api/dist/cli.js backup`,
// `restore`) as an operator would. Prints a table; see docs/performance.md.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './lib/builds.mjs';

const sizes = process.argv.slice(2).filter((a) => a === 'demo' || /^\d+$/.test(a));
if (!sizes.length) sizes.push('demo', '10000');
const require = createRequire(path.join(root, 'api/package.json'));
const Database = require('better-sqlite3');
const cli = path.join(root, 'api/dist/cli.js');
const ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };

const sqlDate = (d) => d.toISOString().replace('T', ' ').replace('Z', '');

/** Grows the demo catalogue to n products, each with an image file of its own and its two resized copies. */
function grow(dataDir, n) {
  const db = new Database(path.join(dataDir, 'comptoir.sqlite'));
  const one = (sql) => db.prepare(sql).get();
  const count = one('SELECT COUNT(*) AS c FROM products').c;
  const product = one('SELECT * FROM products LIMIT 1');
  const image = one('SELECT image_path FROM product_images LIMIT 1').image_path;
  const storage = path.join(dataDir, 'storage');
  const variant = (p, w) => p.replace(/\.[a-z]+$/, `-${w}.webp`);
  const bytes = [image, variant(image, 400), variant(image, 800)].map((p) => fs.readFileSync(path.join(storage, p)));
  fs.mkdirSync(path.join(storage, 'products'), { recursive: true });
  const insertProduct = db.prepare(
    `INSERT INTO products (name, reference, stock, price, description, brand_id, category_id, currency_id, in_spotlight, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  );
  const insertImage = db.prepare('INSERT INTO product_images (product_id, image_path, position) VALUES (?, ?, 0)');
  const now = Date.now();
  db.transaction(() => {
    for (let i = count; i < n; i++) {
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
      const file = `products/bench-${i}.webp`;
      // Random bytes of the demo images' sizes: distinct photos do not compress against each other
      // (copies of one image would, and make the archive look far smaller than it would be).
      fs.writeFileSync(path.join(storage, file), randomBytes(bytes[0].length));
      fs.writeFileSync(path.join(storage, variant(file, 400)), randomBytes(bytes[1].length));
      fs.writeFileSync(path.join(storage, variant(file, 800)), randomBytes(bytes[2].length));
      insertImage.run(id, file);
    }
  })();
  db.close();
}

function run(args, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${args[0]} failed: ${result.stderr || result.stdout}`);
  return { seconds, output: result.stdout.trim() };
}

const du = (dir) => {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
};
const mb = (b) => (b / 1024 / 1024).toFixed(1);

buildIfStale();
const rows = [];
for (const size of sizes) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-bench-backup-${size}-`));
  const target = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-bench-restore-${size}-`));
  const archive = path.join(os.tmpdir(), `comptoir-bench-${size}-${process.pid}.tar.gz`);
  try {
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' };
    run(['seed'], env);
    if (size !== 'demo') grow(dataDir, Number(size));
    const db = new Database(path.join(dataDir, 'comptoir.sqlite'), { readonly: true });
    const products = db.prepare('SELECT COUNT(*) AS c FROM products').get().c;
    db.close();
    const backup = run(['backup', archive], env);
    const restore = run(['restore', archive], { ...env, DATA_DIR: target });
    const manifest = JSON.parse(
      spawnSync('tar', ['-xzOf', archive, 'manifest.json'], { encoding: 'utf8', maxBuffer: 1 << 30 }).stdout,
    );
    rows.push({
      data: size === 'demo' ? 'demo data' : `${size} products`,
      products,
      rows: Object.values(manifest.database.tables).reduce((a, b) => a + b, 0),
      files: manifest.storage.files,
      'data MB': mb(fs.statSync(path.join(dataDir, 'comptoir.sqlite')).size + du(path.join(dataDir, 'storage'))),
      'archive MB': mb(fs.statSync(archive).size),
      'backup s': backup.seconds.toFixed(1),
      'restore s': restore.seconds.toFixed(1),
    });
    console.log(backup.output);
    console.log(restore.output);
  } finally {
    for (const p of [dataDir, target, archive]) fs.rmSync(p, { recursive: true, force: true });
  }
}
console.log(`\nnode ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
console.table(rows);
