import type { AppConfig } from '../config/config.js';
import { isDatabaseUnavailable } from '../errors/database-errors.js';

/** MySQL/MariaDB refusals of a statement for want of a privilege (not of the connection itself). */
const PRIVILEGE_CODES = /ER_(TABLE|COLUMN|DB|SPECIFIC|PROC)ACCESS_DENIED|ER_DBACCESS_DENIED_ERROR|ER_TABLEACCESS_DENIED_ERROR/;

/** One line for an operator, never a stack: what failed at boot and which variable to look at. */
export function bootFailureLine(error: unknown, config: AppConfig): string {
  const e = error as {
    code?: string;
    message?: string;
    sqlMessage?: string;
    driverError?: { code?: string; sqlMessage?: string };
  };
  const code = e.code ?? e.driverError?.code ?? '';
  if (config.database.type === 'mysql') {
    const where = `${config.database.host}:${config.database.port}/${config.database.database}`;
    if (PRIVILEGE_CODES.test(code)) {
      const detail = e.sqlMessage ?? e.driverError?.sqlMessage ?? e.message;
      return (
        `The user of DATABASE_URL (${where}) lacks a database privilege: ${detail}; ` +
        `grant it ALL PRIVILEGES ON \`${config.database.database}\`.* (migrations need CREATE, ALTER, INDEX, DROP, REFERENCES, TRIGGER)`
      );
    }
    // Creating the triggers that keep the order counts, with binary logging on (a replicated server).
    if (code === 'ER_BINLOG_CREATE_ROUTINE_NEED_SUPER') {
      return (
        `The database of DATABASE_URL (${where}) refuses to create triggers: binary logging is on and the user ` +
        `lacks SUPER; set log_bin_trust_function_creators=1 on the server (or run the first start as a user with SUPER)`
      );
    }
    if (isDatabaseUnavailable(error) || /ER_ACCESS_DENIED|ER_BAD_DB_ERROR/.test(code)) {
      return `Cannot use the database of DATABASE_URL (${where}): ${code || e.message}`;
    }
  }
  if (code === 'EADDRINUSE') return `PORT ${config.port} is already in use; set PORT to a free port`;
  if (code === 'EACCES') return `Permission denied for PORT ${config.port} or DATA_DIR ${config.dataDir}`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${config.host} is not an address of this machine`;
  return `Comptoir failed to start: ${e.message ?? String(error)}`;
}
