// The data set of bench:summary (the dashboard home's cards and charts): orders, products and stock
// entries written straight into a migrated SQLite database, deterministic, in one transaction.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './builds.mjs';

const require = createRequire(path.join(root, 'api/package.json'));
const Database = require('better-sqlite3');
const DAY = 24 * 60 * 60 * 1000;
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

/**
 * Fills the migrated SQLite database `dbFile` with one brand, one category, `products` products in
 * FCFA, `orders` order requests of 1 to 3 lines spread over three years, and stock entries: the same
 * rows at every run (a fixed-seed generator).
 */
export function fillSummaryData(dbFile, { orders: ORDERS, products: PRODUCTS }) {
  seed = 42;
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
