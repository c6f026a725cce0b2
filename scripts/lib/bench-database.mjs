// A bench's own connection to the database under measurement (SQLite's file or the MariaDB URL), for
// what the bench reads or changes behind the server's back: query plans, a product changed meanwhile.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './builds.mjs';

/** `{ all(sql, params), close() }` on the bench's database (`env` as benchEnvironment gives it). */
export async function openBenchDatabase(kind, env, { readonly = true } = {}) {
  if (kind === 'sqlite') {
    const { default: Database } = await import(
      pathToFileURL(path.join(root, 'api/node_modules/better-sqlite3/lib/index.js')).href
    );
    const db = new Database(path.join(env.DATA_DIR, 'comptoir.sqlite'), { readonly, fileMustExist: true });
    return {
      all: async (sql, params = []) => {
        const statement = db.prepare(sql);
        return statement.reader ? statement.all(...params) : (statement.run(...params), []);
      },
      close: async () => db.close(),
    };
  }
  const { default: mysql } = await import(pathToFileURL(path.join(root, 'node_modules/mysql2/promise.js')).href);
  const connection = await mysql.createConnection(env.DATABASE_URL);
  return {
    all: async (sql, params = []) => (await connection.query(sql, params))[0],
    close: () => connection.end(),
  };
}

/**
 * Flips the first product's « en avant » flag every `everyMs` (and its updated_at): each server's
 * one-second check then reloads its catalogue index, as after a staff change. Back to its value at the
 * end. `stop()` answers how many changes were made.
 */
export async function changeCatalogueKeys(kind, env, everyMs) {
  const db = await openBenchDatabase(kind, env, { readonly: false });
  const [{ id }] = await db.all('SELECT MIN(id) AS id FROM products');
  const flip = () =>
    db.all('UPDATE products SET in_spotlight = 1 - in_spotlight, updated_at = CURRENT_TIMESTAMP WHERE id = ?', [id]);
  let changes = 0;
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    pending = pending.then(flip).then(() => changes++);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      if (changes % 2) await flip();
      await db.close();
      return changes;
    },
  };
}
