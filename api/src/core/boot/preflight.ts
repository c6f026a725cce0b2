import net from 'node:net';
import type { AppConfig } from '../config/config.js';

/**
 * Checks that cost milliseconds and are run before the application is imported, the migrations and
 * the seed: so that a busy port or a refused database user is reported in a second, not after 30.
 */

/** Listens on the configured port for a moment: a busy or forbidden port fails here. */
export function checkPortFree(config: AppConfig): Promise<void> {
  if (config.port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** What the application does at run time; migrations need more and report it themselves (boot-failure.ts). */
const RUNTIME_PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];

export class DatabasePrivilegeError extends Error {}

/**
 * MySQL/MariaDB: connects once with the DATABASE_URL credentials and checks the user's privileges on
 * its database, so that a wrong password, a missing database or a read-only user is named at once.
 */
export async function checkDatabase(config: AppConfig): Promise<void> {
  if (config.database.type !== 'mysql') return;
  const { createConnection } = await import('mysql2/promise');
  const connection = await createConnection({ uri: config.database.url, connectTimeout: 10_000 });
  try {
    await connection.query('SELECT 1');
    let granted: Set<string>;
    try {
      const [rows] = await connection.query(
        `SELECT PRIVILEGE_TYPE AS p FROM information_schema.USER_PRIVILEGES
         UNION SELECT PRIVILEGE_TYPE AS p FROM information_schema.SCHEMA_PRIVILEGES WHERE ? LIKE TABLE_SCHEMA`,
        [config.database.database],
      );
      granted = new Set((rows as { p: string }[]).map((r) => r.p.toUpperCase()));
    } catch {
      return; // information_schema unreadable: let the first real statement speak
    }
    // Privileges that come through roles do not show in these views: only judge users without roles.
    const [roles] = await connection
      .query('SELECT COUNT(*) AS n FROM information_schema.APPLICABLE_ROLES')
      .catch(() => [[{ n: 1 }]]);
    if (Number((roles as { n: number }[])[0]?.n ?? 0) > 0) return;
    const missing = RUNTIME_PRIVILEGES.filter((p) => !granted.has(p));
    if (missing.length) {
      const where = `${config.database.host}:${config.database.port}/${config.database.database}`;
      throw new DatabasePrivilegeError(
        `The user of DATABASE_URL (${where}) lacks the database privileges ${missing.join(', ')}; ` +
          `grant it ALL PRIVILEGES ON \`${config.database.database}\`.*`,
      );
    }
  } finally {
    await connection.end().catch(() => undefined);
  }
}
