// The shop's filter with everything varying per request, and the reference its CPU is compared with:
// a lean node:http server answering one prepared SQL query on the same database (bench-api.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './builds.mjs';
import { freePort } from './mariadb.mjs';

const SORTS = ['recent', 'Populaire', 'prix_asc', 'prix_desc', 'nom_asc', 'nom_desc'];
const WORDS = ['electrogene', 'compresseur', 'electrodes', 'oeillet', 'facade', 'ref-b1', 'grue'];

/**
 * GET /api/products/filter varied on every call: a category or all, one of the six sorts, a page size
 * (12 to 100, the "Afficher plus" steps), a search on one call in three (rare or frequent), a brand
 * on every other call, a price range in FCFA, EUR or USD on three calls in four, in stock or exhausted
 * on one call in five. Almost no URL comes back while the in-process answer cache remembers it.
 */
export function catalogueVarying(i) {
  const q = new URLSearchParams({
    category: i % 3 === 0 ? 'all' : String(1 + (i % 7)),
    tri: SORTS[i % 6],
    limit: String([12, 24, 36, 48, 100][i % 5]),
  });
  if (i % 3 === 1) q.set('search', i % 2 ? `${WORDS[i % 7]} ${(i * 7919) % 997}` : WORDS[(i >> 1) % 7]);
  addBuyerFilters(q, i);
  return `/api/products/filter?${q}`;
}

/**
 * Call i's buyer filters added to q: a brand on every other call, a price range (from, to, both or
 * none) in FCFA, EUR or USD, in stock or exhausted on one call in five, the display currency.
 */
export function addBuyerFilters(q, i) {
  if (i % 2) q.set('marque', String(1 + (i % 5)));
  const devise = ['XOF', 'EUR', 'USD'][Math.floor(i / 2) % 3];
  const scale = devise === 'XOF' ? 1000 : 2;
  if (i % 4 === 1) q.set('prix_min', String(scale * (i % 211)));
  else if (i % 4 === 2) q.set('prix_max', String(scale * (100 + (i % 997))));
  else if (i % 4 === 3) {
    q.set('prix_min', String(scale * (i % 101)));
    q.set('prix_max', String(scale * (300 + (i % 1009))));
  }
  if (i % 5 === 3) q.set('disponibilite', i % 10 === 3 ? 'sur_commande' : 'en_stock');
  q.set('devise', devise);
}

/** The lean reference's request: a category's newest page (the cheapest useful catalogue query). */
export const leanPath = (i) => `/?category=${1 + (i % 7)}&limit=${[12, 24, 36, 48, 100][i % 5]}`;

/**
 * A node:http server answering GET /?category=N&limit=L with ONE prepared statement (the newest
 * products of the category with their currency, category and brand, through IDX_products_category_created)
 * serialised as JSON: what the shop's filter would cost with no framework, no ORM and no count.
 */
export async function startLeanCatalogue(env) {
  const code = `
    const http = require('node:http');
    const [url, port] = process.argv.slice(1);
    const SQL = 'SELECT p.id, p.name, p.reference, p.price, p.stock, p.description, p.category_id, p.brand_id, p.currency_id,' +
      ' p.in_spotlight, p.tax_rate_bp, p.tax_exemption, p.created_at, p.updated_at, p.version, c.name AS currency_name,' +
      ' c.symbol, c.code, k.designation, b.name AS brand_name FROM products p JOIN currencies c ON c.id = p.currency_id' +
      ' JOIN categories k ON k.id = p.category_id JOIN brands b ON b.id = p.brand_id WHERE p.category_id = ?' +
      ' ORDER BY p.created_at DESC, p.id DESC LIMIT ?';
    let run;
    if (url.startsWith('mysql:')) {
      // Products first, through the category's index in order: MariaDB would otherwise start from the
      // category, or read it by another index, and sort its 16,000 rows in a temporary table (200 ms).
      const pool = require('mysql2').createPool({ uri: url, connectionLimit: 4 });
      const straight = SQL.replace('SELECT ', 'SELECT STRAIGHT_JOIN ').replace(
        'FROM products p',
        'FROM products p FORCE INDEX (IDX_products_category_created)',
      );
      run = (args, done) => pool.execute(straight, args.map(String), (error, rows) => done(error, rows));
    } else {
      const statement = new (require('better-sqlite3'))(url, { readonly: true }).prepare(SQL);
      run = (args, done) => done(null, statement.all(...args));
    }
    http.createServer((req, res) => {
      const q = new URL(req.url, 'http://x').searchParams;
      run([Number(q.get('category')), Number(q.get('limit'))], (error, rows) => {
        res.writeHead(error ? 500 : 200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(error ? { error: error.message } : { success: true, products: rows }));
      });
    }).listen(Number(port), '127.0.0.1', () => console.log('ready'));`;
  const target = env.DATABASE_URL || path.join(env.DATA_DIR, 'comptoir.sqlite');
  const port = await freePort();
  // From api/, where better-sqlite3 is installed.
  const child = spawn(process.execPath, ['-e', code, target, String(port)], {
    cwd: path.join(root, 'api'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (status) => reject(new Error(`lean catalogue server exited (${status})`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** CPU time (user + system) of a process so far, in ms. */
export function cpuMsOf(pid) {
  if (!pid) return 0;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
