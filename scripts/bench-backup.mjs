#!/usr/bin/env node
// `npm run bench:backup [-- demo 10000]`: backup and restore times and archive size, for the demo data
// and for catalogues grown to N products (each with its own image and resized copies, as uploads
// make them), on SQLite and the local disk. Runs the real commands (`node api/dist/cli.js backup`,
// `restore`) as an operator would. Prints a table; see docs/performance.md.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './lib/builds.mjs';
import { growDemoData } from './lib/demo-data.mjs';

const sizes = process.argv.slice(2).filter((a) => a === 'demo' || /^\d+$/.test(a));
if (!sizes.length) sizes.push('demo', '10000');
const require = createRequire(path.join(root, 'api/package.json'));
const Database = require('better-sqlite3');
const cli = path.join(root, 'api/dist/cli.js');
const ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };

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
    // Each product with an image file of its own and its two resized copies, as uploads make them.
    if (size !== 'demo') await growDemoData(env, { products: Number(size), ownImages: true });
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
