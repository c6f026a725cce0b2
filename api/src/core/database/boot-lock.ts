import type { DataSource } from 'typeorm';

const LOCK_NAME = 'comptoir_boot';
const WAIT_SECONDS = 600;

/**
 * Runs the start-up work that must happen once per database (migrations, the first seed, the first
 * administrator) while holding a database-wide lock, so that replicas started together on an empty
 * MariaDB/MySQL wait for the first one instead of creating the same tables at the same time.
 * GET_LOCK belongs to one connection: the lock is held on a dedicated one, and a process that dies
 * while holding it frees it with its connection. On SQLite a single process owns the file (see
 * lockSqliteFile), so there is nothing to wait for.
 */
export async function withBootLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'mysql' && dataSource.options.type !== 'mariadb') return work();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const rows: { got: number | string | null }[] = await runner.query('SELECT GET_LOCK(?, ?) AS got', [LOCK_NAME, WAIT_SECONDS]);
    if (Number(rows[0]?.got) !== 1) {
      throw new Error(`another Comptoir process kept the start-up lock for ${WAIT_SECONDS} s (migrations still running?)`);
    }
    try {
      return await work();
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
