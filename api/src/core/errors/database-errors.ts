/** Recognises the errors a driver raises when the database itself is out of reach. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_SERVER_GONE_ERROR',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; driverError?: unknown; cause?: unknown; message?: string; fatal?: boolean };
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (e.fatal === true) return true;
    if (
      typeof e.message === 'string' &&
      /Pool is closed|connection is in closed state|Can't add new command when connection is in closed state/i.test(e.message)
    ) {
      return true;
    }
    current = e.driverError ?? e.cause;
  }
  return false;
}

/** Codes of a full disk or quota: the OS (ENOSPC, EDQUOT), SQLite (SQLITE_FULL), MariaDB (1114 table full, 1021 disk full). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', 'ER_RECORD_FILE_FULL', 'ER_DISK_FULL']);
const FULL_ERRNOS = new Set([1114, 1021]);

/** True when the error, or one it wraps, says the disk (or the database's table space) is full. */
export function isStorageFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; errno?: number; driverError?: unknown; cause?: unknown };
    if ((e.code && FULL_CODES.has(e.code)) || (typeof e.errno === 'number' && FULL_ERRNOS.has(e.errno))) return true;
    current = e.driverError ?? e.cause;
  }
  return false;
}
