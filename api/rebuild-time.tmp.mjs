// Ad-hoc: time of the search index rebuild at N rows, and its size, on SQLite and MariaDB.
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDemo, growDemoData } from '../scripts/lib/demo-data.mjs';
import { startMariaDb } from '../scripts/lib/mariadb.mjs';
const dist = (p) => new URL(`./dist/${p}`, import.meta.url).href;
const { loadConfig } = await import(dist('core/config/config.js'));
const { buildDataSourceOptions } = await import(dist('core/database/data-source-options.js'));
const { initializeDataSource } = await import(dist('core/database/initialize-data-source.js'));
const { ensureSearchTrigrams, SEARCH_TRIGRAM_TRIGGERS, SEARCH_TRIGRAM_TABLES } = await import(dist('common/search-trigrams.js'));
const n = Number(process.argv[2] ?? 100000);
const maria = await startMariaDb();
try {
  for (const kind of ['sqlite', 'mariadb']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rebuild-'));
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@comptoir.example', ADMIN_PASSWORD: 'Motdepasse-Admin-2024', LOG_LEVEL: 'warn', DATABASE_URL: '' };
    if (kind === 'mariadb') { maria.sql('CREATE DATABASE rb CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci'); env.DATABASE_URL = `${maria.url}/rb`; }
    seedDemo(env);
    const seedMs = await growDemoData(env, { products: n, articles: Math.ceil(n / 10), orders: n });
    const ds = await initializeDataSource(buildDataSourceOptions(loadConfig({ ...process.env, ...env })));
    const q = kind === 'sqlite' ? (x) => `"${x}"` : (x) => `\`${x}\``;
    const pairs = {};
    for (const t of SEARCH_TRIGRAM_TABLES) pairs[t] = Number((await ds.query(`SELECT COUNT(*) AS n FROM ${q(t)}`))[0].n);
    let size = '';
    if (kind === 'mariadb') {
      const rows = await ds.query(`SELECT table_name AS t, data_length + index_length AS b FROM information_schema.tables WHERE table_schema = DATABASE()`);
      const all = rows.reduce((s, r) => s + Number(r.b), 0); const tri = rows.filter((r) => r.t.endsWith('_search_trigrams')).reduce((s, r) => s + Number(r.b), 0);
      size = `database ${(all / 1e6).toFixed(0)} MB, of which search index ${(tri / 1e6).toFixed(0)} MB`;
    } else {
      const rows = await ds.query(`SELECT name, SUM(pgsize) AS b FROM dbstat GROUP BY name`);
      const all = rows.reduce((s, r) => s + Number(r.b), 0); const tri = rows.filter((r) => r.name.endsWith('_search_trigrams')).reduce((s, r) => s + Number(r.b), 0);
      size = `database ${(all / 1e6).toFixed(0)} MB, of which search index ${(tri / 1e6).toFixed(0)} MB`;
    }
    for (const name of SEARCH_TRIGRAM_TRIGGERS) await ds.query(`DROP TRIGGER ${q(name)}`);
    const started = Date.now();
    const rebuilt = await ensureSearchTrigrams(ds);
    const ms = Date.now() - started;
    const after = {};
    for (const t of SEARCH_TRIGRAM_TABLES) after[t] = Number((await ds.query(`SELECT COUNT(*) AS n FROM ${q(t)}`))[0].n);
    console.log(`${kind} N=${n}: seeded in ${(seedMs / 1000).toFixed(0)} s; ${size}; pairs ${JSON.stringify(pairs)}; rebuild of ${rebuilt.length} tables ${(ms / 1000).toFixed(1)} s; same pairs after: ${JSON.stringify(after) === JSON.stringify(pairs)}`);
    await ds.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
} finally { await maria.stop(); }
