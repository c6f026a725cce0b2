#!/usr/bin/env node
// `npm run bench:ledger [-- --products 100000 --movements 1000000 --db sqlite|mariadb --ops 2000]`
//
// The stock ledger's two costs (docs/performance.md, "Stock ledger"), on SQLite and on a throw-away
// MariaDB (scripts/lib/mariadb.mjs):
// 1. The housekeeping check `ledgerDifferences()` over N products and M movements: the demo data grown
//    to N products (scripts/lib/demo-data.mjs), then M movements in multi-row INSERTs (one `opening` per
//    product for its stock, the rest hold/release pairs that sum to zero, so the check finds nothing to
//    report and still reads every row); median of 3 runs.
// 2. A movement on the order hot path: `holdStock()` (the conditional UPDATE of the product and its
//    movement row, in a transaction), against the same transaction with the conditional UPDATE alone
//    through the same TypeORM query builder (what an order's hold cost before the ledger), one after
//    the other and 16 at a time.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { root } from './lib/builds.mjs';
import { benchEnvironment, benchOptions, buildApi, seedBenchData } from './lib/bench-seed.mjs';
import { startMariaDb } from './lib/mariadb.mjs';

const args = process.argv.slice(2);
const option = benchOptions(args);
const PRODUCTS = Number(option('products', 100_000));
const MOVEMENTS = Number(option('movements', 1_000_000));
const OPS = Number(option('ops', 2000));
const databases = option('db') ? [option('db')] : ['sqlite', 'mariadb'];
const ROWS_PER_INSERT = 5000;
const dist = (p) => pathToFileURL(path.join(root, 'api/dist', p)).href;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** M movements over the products: each one's opening, then hold/release pairs (net zero) round-robin. */
async function insertMovements(ds, total) {
  const products = (await ds.query('SELECT id, stock, held FROM products ORDER BY id')).map((r) => ({
    id: Number(r.id),
    stock: Number(r.stock),
    held: Number(r.held),
  }));
  await ds.query('DELETE FROM stock_movements');
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const rows = [];
  for (const p of products) rows.push([p.id, 'opening', p.stock + p.held, 0]);
  for (const p of products) if (p.held) rows.push([p.id, 'hold', -p.held, p.held]);
  for (let i = 0; rows.length < total; i++) {
    const p = products[i % products.length];
    rows.push([p.id, 'hold', -1, 1], [p.id, 'release', 1, -1]);
  }
  await ds.transaction(async (m) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT);
      await m.query(
        `INSERT INTO stock_movements (product_id, kind, available_delta, held_delta, created_at) VALUES ${chunk
          .map(([id, kind, a, h]) => `(${id}, '${kind}', ${a}, ${h}, '${now}')`)
          .join(', ')}`,
      );
    }
  });
  return rows.length;
}

async function timeOps(ops, concurrency, work) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ops) {
        next++;
        await work();
      }
    }),
  );
  return ((performance.now() - started) * 1000) / ops; // µs per operation
}

async function measure(kind, mariadb) {
  const { env, remove } = benchEnvironment('benchledger', kind, mariadb);
  Object.assign(process.env, env);
  try {
    const seeded = await seedBenchData(env, { products: PRODUCTS });
    console.log(`[${kind}] ${PRODUCTS} products seeded in ${seeded.toFixed(0)} s`);
    let started;

    await import('reflect-metadata');
    const { loadConfig } = await import(dist('core/config/config.js'));
    const { buildDataSourceOptions } = await import(dist('core/database/data-source-options.js'));
    const { initializeDataSource } = await import(dist('core/database/initialize-data-source.js'));
    const { ledgerDifferences } = await import(dist('stock/ledger/ledger-check.js'));
    const { holdStock } = await import(dist('stock/ledger/stock-ledger.js'));
    const { Product } = await import(dist('catalogue/entities/product.entity.js'));
    const ds = await initializeDataSource(buildDataSourceOptions(loadConfig({ ...process.env, ...env })));
    try {
      started = performance.now();
      const inserted = await insertMovements(ds, MOVEMENTS);
      console.log(`[${kind}] ${inserted} movements inserted in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      if (kind === 'mariadb') await ds.query('ANALYZE TABLE stock_movements, products');
      const times = [];
      let differences = [];
      for (let run = 0; run < 3; run++) {
        started = performance.now();
        differences = await ledgerDifferences(ds);
        times.push(performance.now() - started);
      }
      console.log(
        `[${kind}] ledger check, ${PRODUCTS} products / ${inserted} movements: ${median(times).toFixed(0)} ms (runs ${times
          .map((t) => t.toFixed(0))
          .join(', ')}), ${differences.length} difference(s)`,
      );

      // The hot path: one product per worker, stocked well beyond the run.
      const ids = (await ds.query('SELECT id FROM products ORDER BY id LIMIT 16')).map((r) => Number(r.id));
      await ds.query(`UPDATE products SET stock = stock + 1000000 WHERE id IN (${ids.join(', ')})`);
      let turn = 0;
      const hold = () =>
        ds.transaction((m) => holdStock(m, [{ productId: ids[turn++ % ids.length], quantity: 1 }], { userId: null }));
      const plain = () =>
        ds.transaction((m) =>
          m
            .createQueryBuilder()
            .update(Product)
            .set({ stock: () => 'stock - 1' })
            .where('id = :id AND stock >= 1', { id: ids[turn++ % ids.length] })
            .execute(),
        );
      await timeOps(200, 1, hold); // warm-up
      for (const concurrency of [1, 16]) {
        const before = await timeOps(OPS, concurrency, plain);
        const after = await timeOps(OPS, concurrency, hold);
        console.log(
          `[${kind}] order hold, ${concurrency} at a time: conditional UPDATE alone ${before.toFixed(0)} µs/op, with its movement (holdStock) ${after.toFixed(0)} µs/op (+${(after - before).toFixed(0)} µs)`,
        );
      }
    } finally {
      await ds.destroy();
    }
  } finally {
    remove();
  }
}

buildApi();
for (const kind of databases) {
  const mariadb = kind === 'mariadb' ? await startMariaDb() : null;
  try {
    await measure(kind, mariadb);
  } finally {
    await mariadb?.stop();
  }
}
process.exit(0);
