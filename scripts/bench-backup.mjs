#!/usr/bin/env node
// `npm run bench:backup [-- demo 10000]`: backup and restore times and archive size, for the demo data
// and for catalogues grown to N products (each with its own image and resized copies, as uploads
// make them), on SQLite and the local disk. Runs the real commands (`node api/dist/cli.js backup`,
// `restore`) as an operator would. Prints a table; see docs/performance.md.
//
// `npm run bench:backup -- --loop 50`: 50 backups in a row (`cli.js backup`, one process each) while
// another process writes to the SQLite database every few milliseconds, as a busy server does; counts the
// runs that did not exit 0 (a crash shows as a signal) and checks every archive (mode 0600, a
// consistent snapshot). Exits 1 on any failure. `--key` encrypts them with a BACKUP_KEY.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchEnvironment, mb, seedBenchData } from './lib/bench-seed.mjs';
import { buildIfStale, root } from './lib/builds.mjs';

const argv = process.argv.slice(2);
const loopAt = argv.indexOf('--loop');
const loops = loopAt >= 0 ? Number(argv[loopAt + 1] ?? 50) : 0;
const sizes = argv.filter((a, i) => (a === 'demo' || /^\d+$/.test(a)) && !(loopAt >= 0 && i === loopAt + 1));
if (!sizes.length) sizes.push('demo', '10000');
const require = createRequire(path.join(root, 'api/package.json'));
const Database = require('better-sqlite3');
const cli = path.join(root, 'api/dist/cli.js');

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

/** Pairs of rows in one transaction, one every ~2 ms, from another process: a busy server's pace (no pause at all would grow the database by 100 MB a minute). */
const WRITER = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 5000');
const subscriber = db.prepare('INSERT INTO newsletter_subscribers (email) VALUES (?)');
const message = db.prepare("INSERT INTO contact_messages (name, email, object, message) VALUES (?, ?, 'Devis', 'Bonjour')");
const pair = db.transaction((n) => { subscriber.run('loop-' + n + '@exemple.tg'); message.run('Client ' + n, 'loop-' + n + '@exemple.tg'); });
let n = 0;
(function write() { pair(n++); if (n % 100 === 0) process.stdout.write(n + '\\n'); setTimeout(write, 2); })();
`;

buildIfStale();
if (loops) {
  await backupLoop(loops, argv.includes('--key'));
  process.exit(0);
}
const rows = [];
for (const size of sizes) {
  const { env, dataDir, remove } = benchEnvironment(`bench-backup-${size}`);
  const target = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-bench-restore-${size}-`));
  const archive = path.join(os.tmpdir(), `comptoir-bench-${size}-${process.pid}.tar.gz`);
  try {
    // Each product with an image file of its own and its two resized copies, as uploads make them.
    await seedBenchData(env, size === 'demo' ? {} : { products: Number(size), ownImages: true });
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
    remove();
    for (const p of [target, archive]) fs.rmSync(p, { recursive: true, force: true });
  }
}
console.log(`\nnode ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
console.table(rows);

async function backupLoop(count, encrypt) {
  const { env, dataDir, remove } = benchEnvironment('bench-backup-loop');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-backup-archives-'));
  if (encrypt) env.BACKUP_KEY = 'bench backup key, 16+ characters';
  const database = path.join(dataDir, 'comptoir.sqlite');
  let writer;
  const results = { ok: 0, failed: [], inconsistent: [], wideMode: [] };
  const started = Date.now();
  try {
    await seedBenchData(env);
    writer = spawn(process.execPath, ['-e', WRITER, require.resolve('better-sqlite3'), database], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => writer.stdout.once('data', resolve));
    const base = new Database(database, { readonly: true });
    const before = base
      .prepare('SELECT (SELECT COUNT(*) FROM newsletter_subscribers) AS s, (SELECT COUNT(*) FROM contact_messages) AS m')
      .get();
    base.close();
    for (let i = 1; i <= count; i++) {
      // The default path (DATA_DIR/backups) on odd runs, an explicit one on even runs.
      const args = i % 2 ? ['backup'] : ['backup', path.join(out, `loop-${i}.tar.gz${encrypt ? '.enc' : ''}`)];
      const result = spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
      if (result.status !== 0) {
        results.failed.push(
          `run ${i}: ${result.signal ? `signal ${result.signal}` : `exit ${result.status}`} ${(result.stderr || '').trim().split('\n').pop()}`,
        );
        continue;
      }
      const file = /Backup written to (.+?) \(/.exec(result.stdout)?.[1];
      if ((fs.statSync(file).mode & 0o777) !== 0o600) results.wideMode.push(file);
      if (!encrypt) {
        const manifest = JSON.parse(
          spawnSync('tar', ['-xzOf', file, 'manifest.json'], { encoding: 'utf8', maxBuffer: 1 << 30 }).stdout,
        );
        const t = manifest.database.tables;
        if (t.newsletter_subscribers - before.s !== t.contact_messages - before.m) results.inconsistent.push(file);
      }
      fs.rmSync(file);
      results.ok++;
    }
    const end = new Database(database, { readonly: true });
    const written = end.prepare('SELECT COUNT(*) AS m FROM contact_messages').get().m - before.m;
    end.close();
    console.log(
      `${count} backups (${encrypt ? 'encrypted' : 'plain'}) while a writer ran (${written} transactions) in ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s: ${results.ok} exited 0, ${results.failed.length} failed ` +
        `(crashes included), ${results.inconsistent.length} inconsistent snapshots, ${results.wideMode.length} archives not 0600.`,
    );
    for (const line of results.failed) console.log(`  ${line}`);
    console.log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
  } finally {
    writer?.kill();
    remove();
    fs.rmSync(out, { recursive: true, force: true });
  }
  if (results.failed.length || results.inconsistent.length || results.wideMode.length) process.exit(1);
}
