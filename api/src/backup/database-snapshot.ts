import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import mysql from 'mysql2/promise';
import { SEARCH_TRIGRAM_TABLES } from '../common/search-trigrams.js';
import type { DatabaseConfig } from '../core/config/config.js';

/**
 * Consistent snapshots of the database while the server runs, and their restore.
 *
 * - SQLite: `VACUUM INTO` writes the database as one read transaction sees it, WAL included (a
 *   plain copy of the file would miss what sits in the WAL). Archives made before used the online
 *   backup API ('sqlite-online-backup'); both restore the same way.
 * - MySQL/MariaDB: `mariadb-dump` (or `mysqldump`) with --single-transaction when the client is on
 *   PATH; otherwise a logical export through mysql2 inside one REPEATABLE READ transaction opened
 *   WITH CONSISTENT SNAPSHOT. Both write plain SQL, restored statement by statement through mysql2.
 *
 * Row counts for the manifest come from the snapshot itself (the SQLite copy, the SQL written), so
 * they always describe what the archive holds even when writes went on meanwhile.
 *
 * A MySQL/MariaDB dump keeps the structure of the search trigram indexes but not their rows: they are
 * derived from the rows (common/search-trigrams.ts), the restored tables come back without their
 * triggers, and the first start after a restore builds them again. Millions of pairs at 100,000
 * products would double the archive and the restore for nothing. (The SQLite copy keeps them with
 * their triggers, consistent as they are.)
 */
export type SnapshotMethod = 'sqlite-vacuum-into' | 'sqlite-online-backup' | 'mariadb-dump' | 'mysqldump' | 'mysql2-export';

export interface DatabaseSnapshot {
  driver: 'sqlite' | 'mysql';
  method: SnapshotMethod;
  /** File name inside the archive. */
  file: string;
  /** Rows per table, migrations table included. */
  tables: Record<string, number>;
  /** Names of the migrations applied, oldest first. */
  migrations: string[];
}

const MIGRATIONS_TABLE = 'migrations';

// ---------------------------------------------------------------------------------------------
// SQLite

function sqliteFacts(file: string): Pick<DatabaseSnapshot, 'tables' | 'migrations'> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const names = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    const tables: Record<string, number> = {};
    for (const name of names) {
      tables[name] = (db.prepare(`SELECT COUNT(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n;
    }
    const migrations = names.includes(MIGRATIONS_TABLE)
      ? (db.prepare(`SELECT name FROM "${MIGRATIONS_TABLE}" ORDER BY id`).all() as { name: string }[]).map((r) => r.name)
      : [];
    return { tables, migrations };
  } finally {
    db.close();
  }
}

async function snapshotSqlite(source: string, dir: string): Promise<DatabaseSnapshot> {
  if (!fs.existsSync(source)) throw new Error(`No SQLite database at ${source}`);
  const file = 'database.sqlite';
  const target = path.join(dir, file);
  // VACUUM INTO, one synchronous statement on a read-only connection, rather than better-sqlite3's
  // backup(): that one keeps a native sqlite3_backup handle, tied to a second read-write connection
  // on the live WAL file, alive across event-loop turns (it steps in setImmediate callbacks and
  // restarts whenever the server writes): the one native object of a backup that outlived a call,
  // and the suspect of the segmentation fault seen once in 27 backups beside a running server.
  // One read transaction: the copy is the database as of one commit, WAL included.
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
  // One self-contained file is what an archive wants, whatever journal mode the copy says.
  const copy = new Database(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return { driver: 'sqlite', method: 'sqlite-vacuum-into', file, ...sqliteFacts(target) };
}

// ---------------------------------------------------------------------------------------------
// MySQL / MariaDB

function connectionOptions(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
  };
}

async function connect(url: string): Promise<mysql.Connection> {
  return mysql.createConnection({
    ...connectionOptions(url),
    charset: 'utf8mb4',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    // JSON columns exported as the text stored, not re-serialised.
    typeCast: (field, next) => (field.type === 'JSON' ? field.string('utf8') : next()),
  });
}

/** The dump client to use, if any (COMPTOIR_BACKUP_MYSQL_DUMP=none forces the mysql2 export). */
export function findDumpClient(): { method: 'mariadb-dump' | 'mysqldump'; path: string; mariadb: boolean } | null {
  if (process.env.COMPTOIR_BACKUP_MYSQL_DUMP === 'none') return null;
  for (const name of ['mariadb-dump', 'mysqldump'] as const) {
    for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat(['/usr/bin', '/usr/local/bin'])) {
      const full = path.join(dir, name);
      if (dir && fs.existsSync(full)) {
        const version = spawnSync(full, ['--version'], { encoding: 'utf8' });
        if (version.status !== 0) continue;
        return { method: name, path: full, mariadb: /mariadb/i.test(version.stdout) };
      }
    }
  }
  return null;
}

/**
 * The statements of a dump, one at a time: statements end with ";" at the end of a line (dumps write
 * every string value on one line, newlines escaped; MariaDB's client puts each row of an INSERT on a
 * line of its own), comments and blank lines between them skipped.
 */
async function* dumpStatements(file: string): AsyncGenerator<string> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let statement = '';
  for await (const line of lines) {
    if (!statement && (line === '' || line.startsWith('-- ') || line === '--' || /^\/\*M?!999999\\- /.test(line))) continue;
    statement += statement ? `\n${line}` : line;
    if (line.endsWith(';')) {
      yield statement;
      statement = '';
    }
  }
  if (statement.trim()) yield statement;
}

/** The top-level parenthesised tuples of VALUES, outside quoted strings (backslash escapes). */
function* tuples(values: string): Generator<string> {
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < values.length; i++) {
    const c = values[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === ')' && --depth === 0) yield values.slice(start + 1, i);
  }
}

const INSERT = /^INSERT INTO `((?:[^`]|``)+)`(?: \([^)]*\))? VALUES\s*/;

/** Rows per table and the migrations a dump holds. */
async function readDump(file: string): Promise<Pick<DatabaseSnapshot, 'tables' | 'migrations'>> {
  const tables: Record<string, number> = {};
  const migrations: string[] = [];
  for await (const statement of dumpStatements(file)) {
    const create = /^CREATE TABLE `((?:[^`]|``)+)`/.exec(statement);
    if (create) tables[create[1]!.replace(/``/g, '`')] ??= 0;
    const insert = INSERT.exec(statement);
    if (!insert) continue;
    const table = insert[1]!.replace(/``/g, '`');
    for (const tuple of tuples(statement.slice(insert[0].length))) {
      tables[table] = (tables[table] ?? 0) + 1;
      if (table === MIGRATIONS_TABLE) {
        // (id, timestamp, name)
        const name = /'((?:[^'\\]|\\.)*)'\s*$/.exec(tuple)?.[1];
        if (name) migrations.push(name.replace(/\\(.)/g, '$1'));
      }
    }
  }
  return { tables, migrations };
}

async function migrationsOf(connection: mysql.Connection): Promise<string[]> {
  const [exists] = await connection.query<mysql.RowDataPacket[]>(
    "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'migrations'",
  );
  if (!Number(exists[0]!.n)) return [];
  const [rows] = await connection.query<mysql.RowDataPacket[]>(`SELECT name FROM \`${MIGRATIONS_TABLE}\` ORDER BY id`);
  return rows.map((r) => String(r.name));
}

async function tableNames(connection: mysql.Connection): Promise<string[]> {
  const [rows] = await connection.query<mysql.RowDataPacket[]>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((r) => String(r.name));
}

const quoteName = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** A table derived from the others, whose rows a dump leaves out. */
const isDerived = (table: string) => SEARCH_TRIGRAM_TABLES.includes(table);

/** The whole database but the derived tables' rows, then their structure alone (`--no-data`). */
async function dumpWithClient(
  database: Extract<DatabaseConfig, { type: 'mysql' }>,
  client: NonNullable<ReturnType<typeof findDumpClient>>,
  target: string,
  derived: string[],
): Promise<void> {
  const c = connectionOptions(database.url);
  await runDumpClient(client, c, target, 'w', [...derived.map((table) => `--ignore-table=${c.database}.${table}`), c.database]);
  if (derived.length) await runDumpClient(client, c, target, 'a', ['--no-data', c.database, ...derived]);
}

async function runDumpClient(
  client: NonNullable<ReturnType<typeof findDumpClient>>,
  c: ReturnType<typeof connectionOptions>,
  target: string,
  mode: 'w' | 'a',
  what: string[],
): Promise<void> {
  const args = [
    '--no-defaults',
    `--host=${c.host}`,
    `--port=${c.port}`,
    `--user=${c.user}`,
    '--protocol=TCP',
    '--single-transaction',
    '--quick',
    '--skip-lock-tables',
    '--skip-add-locks',
    '--no-tablespaces',
    '--skip-triggers',
    '--hex-blob',
    '--default-character-set=utf8mb4',
    ...(client.mariadb ? [] : ['--set-gtid-purged=OFF', '--column-statistics=0']),
    ...what,
  ];
  const out = fs.openSync(target, mode);
  try {
    await new Promise<void>((resolve, reject) => {
      let stderr = '';
      const child = spawn(client.path, args, {
        // The password through the environment, never on a command line others can read.
        env: { ...process.env, MYSQL_PWD: c.password },
        stdio: ['ignore', out, 'pipe'],
      });
      child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${client.method} exited with ${code}: ${stderr.trim()}`)),
      );
    });
  } finally {
    fs.closeSync(out);
  }
}

/** The same kind of SQL a dump client writes, from one consistent-snapshot transaction. */
async function exportWithMysql2(connection: mysql.Connection, target: string): Promise<Record<string, number>> {
  const out = fs.createWriteStream(target, 'utf8');
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => (out.write(text) ? resolve() : out.once('drain', resolve).once('error', reject)));
  const counts: Record<string, number> = {};
  await connection.query('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
  await connection.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
  try {
    await write('-- Comptoir logical export (mysql2, one REPEATABLE READ transaction)\n');
    await write('SET NAMES utf8mb4;\nSET FOREIGN_KEY_CHECKS=0;\nSET UNIQUE_CHECKS=0;\n');
    for (const table of await tableNames(connection)) {
      const [created] = await connection.query<mysql.RowDataPacket[]>(`SHOW CREATE TABLE ${quoteName(table)}`);
      await write(`DROP TABLE IF EXISTS ${quoteName(table)};\n${String(created[0]!['Create Table'])};\n`);
      counts[table] = 0;
      if (isDerived(table)) continue;
      // Rows in primary-key order, 500 a statement; one line per statement (escape() writes \n).
      const [rows] = await connection.query<mysql.RowDataPacket[]>(`SELECT * FROM ${quoteName(table)}`);
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows.slice(i, i + 500).map(
          (row) =>
            `(${Object.values(row)
              .map((v) => connection.escape(v))
              .join(',')})`,
        );
        await write(`INSERT INTO ${quoteName(table)} VALUES ${batch.join(',')};\n`);
      }
      counts[table] = rows.length;
    }
    await write('SET FOREIGN_KEY_CHECKS=1;\nSET UNIQUE_CHECKS=1;\n');
  } finally {
    await connection.query('COMMIT');
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  return counts;
}

async function snapshotMysql(database: Extract<DatabaseConfig, { type: 'mysql' }>, dir: string): Promise<DatabaseSnapshot> {
  const file = 'database.sql';
  const target = path.join(dir, file);
  const client = findDumpClient();
  const connection = await connect(database.url);
  try {
    if (client) {
      await dumpWithClient(database, client, target, (await tableNames(connection)).filter(isDerived));
      return { driver: 'mysql', method: client.method, file, ...(await readDump(target)) };
    }
    await exportWithMysql2(connection, target);
    return { driver: 'mysql', method: 'mysql2-export', file, ...(await readDump(target)) };
  } finally {
    await connection.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Entry points

export function snapshotDatabase(database: DatabaseConfig, dir: string): Promise<DatabaseSnapshot> {
  return database.type === 'sqlite' ? snapshotSqlite(database.path, dir) : snapshotMysql(database, dir);
}

/** Tables holding rows, or any table at all, in the configured database (for "is it empty?"). */
export async function databaseTables(database: DatabaseConfig): Promise<string[]> {
  if (database.type === 'sqlite') {
    if (!fs.existsSync(database.path) || fs.statSync(database.path).size === 0) return [];
    return Object.keys(sqliteFacts(database.path).tables);
  }
  const connection = await connect(database.url);
  try {
    return await tableNames(connection);
  } finally {
    await connection.end();
  }
}

/** Rows per table and migrations of the configured database, to check a restore. */
export async function databaseFacts(database: DatabaseConfig): Promise<Pick<DatabaseSnapshot, 'tables' | 'migrations'>> {
  if (database.type === 'sqlite') return sqliteFacts(database.path);
  const connection = await connect(database.url);
  try {
    const tables: Record<string, number> = {};
    for (const table of await tableNames(connection)) {
      const [rows] = await connection.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${quoteName(table)}`);
      tables[table] = Number(rows[0]!.n);
    }
    return { tables, migrations: await migrationsOf(connection) };
  } finally {
    await connection.end();
  }
}

/** Puts a snapshot back into the configured database, which must be empty (or emptied: `replace`). */
export async function restoreDatabase(database: DatabaseConfig, snapshotFile: string, replace: boolean): Promise<void> {
  if (database.type === 'sqlite') {
    fs.mkdirSync(path.dirname(database.path), { recursive: true });
    // Empty or replaced: a WAL left beside the file would be replayed over the restored pages.
    for (const suffix of [...(replace ? [''] : []), '-wal', '-shm', '-journal'])
      fs.rmSync(database.path + suffix, { force: true });
    const temporary = `${database.path}.restoring`;
    fs.copyFileSync(snapshotFile, temporary);
    fs.renameSync(temporary, database.path);
    return;
  }
  const connection = await connect(database.url);
  try {
    await connection.query('SET FOREIGN_KEY_CHECKS=0');
    if (replace) for (const table of await tableNames(connection)) await connection.query(`DROP TABLE ${quoteName(table)}`);
    await runSqlFile(connection, snapshotFile);
    await connection.query('SET FOREIGN_KEY_CHECKS=1');
  } finally {
    await connection.end();
  }
}

/** Runs a dump one statement at a time. */
async function runSqlFile(connection: mysql.Connection, file: string): Promise<void> {
  for await (const statement of dumpStatements(file)) await connection.query(statement);
}
