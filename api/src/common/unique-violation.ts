/** True for a unique-constraint failure of either driver (MySQL/MariaDB ER_DUP_ENTRY, SQLite UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; errno?: number; message?: string; driverError?: unknown; cause?: unknown };
    if (e.code === 'ER_DUP_ENTRY' || e.errno === 1062) return true;
    if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
    if (typeof e.message === 'string' && /UNIQUE constraint failed|Duplicate entry/i.test(e.message)) return true;
    current = e.driverError ?? e.cause;
  }
  return false;
}
