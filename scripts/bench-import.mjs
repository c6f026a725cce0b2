#!/usr/bin/env node
// `npm run bench:import [-- --rows 10000 --db sqlite|mariadb]`
//
// The product import (POST /api/import/products/preview then …/apply) of N new products, then the
// same file with new prices (N updates: matched by reference), from a CSV and from an Excel workbook, and the
// CSV a third time unchanged (N rows left alone). The demo
// data set (scripts/lib/bench-seed.mjs), Comptoir started from the built api/dist/main.js in
// production mode, a signed-in administrator. Prints each step's time and the server's RSS before
// the upload and at its peak (sampled every 20 ms from /proc), and the rows created and updated.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { benchEnvironment, benchOptions, buildApi, mb, seedBenchData, startBenchServer, withPeakRss } from './lib/bench-seed.mjs';
import { startMariaDb } from './lib/mariadb.mjs';

const args = process.argv.slice(2);
const option = benchOptions(args);
const ROWS = Number(option('rows', 10_000));
const databases = option('db') ? [option('db')] : ['sqlite', 'mariadb'];
const HEADER = ['Référence', 'Désignation', 'Catégorie', 'Marque', 'Devise', 'Prix', 'Stock', 'Description', 'TVA (%)'];

/** N product rows in the demo's first category, brand and currency; `prefix` keeps the two formats apart. */
function sheetRows(prefix, refs, priceShift) {
  const rows = [];
  for (let i = 0; i < ROWS; i++)
    rows.push([
      `${prefix}-${String(i).padStart(6, '0')}`,
      `Article importé ${prefix} n°${i}`,
      refs.category,
      refs.brand,
      refs.currency,
      String(1000 + ((i * 37) % 5000) + priceShift),
      String(i % 50),
      `Produit de démonstration importé (${prefix}, ligne ${i + 2}).`,
      '18',
    ]);
  return rows;
}

const csvOf = (rows) =>
  Buffer.from(
    `\uFEFF${[HEADER, ...rows].map((row) => row.map((c) => (/[;"\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(';')).join('\r\n')}\r\n`,
  );

async function xlsxOf(rows) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Produits');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importOnce(kind, server, staff, label, file, name) {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  const previewed = performance.now();
  const preview = await withPeakRss(server.pid, () => staff.request('POST', '/api/import/products/preview', form));
  const previewSeconds = (performance.now() - previewed) / 1000;
  const { token, creates, updates, invalid } = preview.result.preview;
  const applied = performance.now();
  const apply = await withPeakRss(server.pid, () => staff.request('POST', '/api/import/products/apply', { token }));
  const applySeconds = (performance.now() - applied) / 1000;
  const { created, updated, unchanged, failed } = apply.result.summary;
  console.log(
    `[${kind}] ${label}: ${mb(file.length)} MB; preview ${previewSeconds.toFixed(1)} s (${creates} to create, ${updates} to update, ${invalid} invalid; ` +
      `RSS ${mb(preview.before)} → peak ${mb(preview.peak)} MB); apply ${applySeconds.toFixed(1)} s (${created} created, ${updated} updated, ${unchanged} unchanged, ` +
      `${failed.length} refused; RSS peak ${mb(apply.peak)} MB); total ${(previewSeconds + applySeconds).toFixed(1)} s`,
  );
}

async function measure(kind, mariadb) {
  const { env, dataDir, remove } = benchEnvironment('benchimport', kind, mariadb);
  let running;
  try {
    await seedBenchData(env);
    running = await startBenchServer(env, dataDir);
    const { server, staff } = running;
    const [model] = (await staff.request('GET', '/api/product?per_page=1')).products.data;
    const refs = { category: model.category.designation, brand: model.brand.name, currency: model.currency.code };
    console.log(
      `[${kind}] ${ROWS} rows; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const csvRows = sheetRows('CSV', refs, 0);
    await importOnce(kind, server, staff, 'CSV, new products', csvOf(csvRows), 'produits.csv');
    await importOnce(kind, server, staff, 'CSV again, updates', csvOf(sheetRows('CSV', refs, 7)), 'produits.csv');
    await importOnce(kind, server, staff, 'CSV a third time, unchanged', csvOf(sheetRows('CSV', refs, 7)), 'produits.csv');
    const xlsxRows = sheetRows('XLS', refs, 0);
    await importOnce(kind, server, staff, 'XLSX, new products', await xlsxOf(xlsxRows), 'produits.xlsx');
    await importOnce(kind, server, staff, 'XLSX again, updates', await xlsxOf(sheetRows('XLS', refs, 7)), 'produits.xlsx');
  } finally {
    await running?.stop();
    remove();
  }
}

// `--no-build`: use api/dist as it is.
buildApi(args);
for (const kind of databases) {
  const mariadb = kind === 'mariadb' ? await startMariaDb({ port: Number(option('mariadb-port', 0)) || undefined }) : null;
  try {
    await measure(kind, mariadb);
  } finally {
    await mariadb?.stop();
  }
}
process.exit(0);
