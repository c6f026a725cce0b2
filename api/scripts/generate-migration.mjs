#!/usr/bin/env node
// Generates the migrations that bring each driver's schema in line with the entities.
//
//   npm run db:migration:generate -w api -- <Name> [--only sqlite|mysql]
//
// The npm script compiles the API first (swc, well under a second) and this file imports the compiled
// entities and migrations from api/dist. For each driver it makes a throw-away database (a temporary
// SQLite file; a new database on TEST_MARIADB_URL, or else a throw-away MariaDB server started here),
// runs the existing migrations, asks TypeORM's schema builder for the missing statements, writes them
// as a timestamped migration class in src/core/database/migrations/<driver>/ and rewrites that folder's
// index.ts so the class is registered. A driver whose schema is already up to date gets no file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startMariaDb } from '../../scripts/lib/mariadb.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrationsDir = path.join(apiDir, 'src/core/database/migrations');
const dist = (p) => pathToFileURL(path.join(apiDir, 'dist', p)).href;

function usage(message) {
  if (message) console.error(message);
  console.error('Usage: npm run db:migration:generate -w api -- <Name> [--only sqlite|mysql]');
  process.exit(2);
}

const args = process.argv.slice(2);
let only;
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--only') only = args[++i];
  else if (args[i].startsWith('--only=')) only = args[i].slice('--only='.length);
  else positional.push(args[i]);
}
if (positional.length !== 1) usage();
if (only && only !== 'sqlite' && only !== 'mysql') usage(`--only must be sqlite or mysql (got "${only}")`);
// PascalCase identifier: "add product barcode" / "add-product-barcode" -> AddProductBarcode.
const baseName = positional[0]
  .split(/[^A-Za-z0-9]+/)
  .filter(Boolean)
  .map((w) => w[0].toUpperCase() + w.slice(1))
  .join('');
if (!/^[A-Z][A-Za-z0-9]*$/.test(baseName)) usage(`"${positional[0]}" does not make a class name`);

await import('reflect-metadata');
const { DataSource } = await import('typeorm');
const { ENTITIES } = await import(dist('core/database/entities.js'));
const { initializeDataSource } = await import(dist('core/database/initialize-data-source.js'));
const { SQLITE_MIGRATIONS } = await import(dist('core/database/migrations/sqlite/index.js'));
const { MYSQL_MIGRATIONS } = await import(dist('core/database/migrations/mysql/index.js'));

// A stale api/dist would miss migrations written since the last build and generate them again.
for (const [driver, list] of [
  ['sqlite', SQLITE_MIGRATIONS],
  ['mysql', MYSQL_MIGRATIONS],
]) {
  const files = fs.readdirSync(path.join(migrationsDir, driver)).filter((f) => /^\d{13}-[A-Za-z0-9]+\.ts$/.test(f));
  if (files.length !== list.length) {
    console.error(
      `api/dist is out of date (${list.length} ${driver} migrations built, ${files.length} in src): run it as npm run db:migration:generate -w api -- <Name>`,
    );
    process.exit(1);
  }
}

/** The statements missing from a database that already ran every existing migration. */
async function pendingQueries(options) {
  const dataSource = await initializeDataSource({ ...options, entities: ENTITIES, synchronize: false });
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    return await dataSource.driver.createSchemaBuilder().log();
  } finally {
    await dataSource.destroy();
  }
}

async function sqliteQueries() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-miggen-'));
  try {
    const BetterSqlite3 = (await import('better-sqlite3')).default;
    return await pendingQueries({
      type: 'better-sqlite3',
      driver: BetterSqlite3,
      database: path.join(dir, 'schema.sqlite'),
      migrations: SQLITE_MIGRATIONS,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function mysqlQueries() {
  const mysql2 = (await import('mysql2')).default;
  let server;
  let serverUrl = process.env.TEST_MARIADB_URL;
  if (!serverUrl) {
    console.log('Starting a throw-away MariaDB server (set TEST_MARIADB_URL to use a running one)...');
    server = await startMariaDb();
    serverUrl = server.url;
  }
  const name = `comptoir_miggen_${process.pid}_${Date.now().toString(36)}`;
  const admin = await new DataSource({ type: 'mysql', driver: mysql2, url: serverUrl }).initialize();
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await pendingQueries({
      type: 'mysql',
      driver: mysql2,
      url: url.toString(),
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      migrations: MYSQL_MIGRATIONS,
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``).catch(() => {});
    await admin.destroy();
    await server?.stop();
  }
}

/** A JavaScript template literal holding `text` verbatim. */
function literal(text) {
  return '`' + text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '`';
}

function call(query) {
  const params = query.parameters?.length ? `, ${JSON.stringify(query.parameters)}` : '';
  return `    await queryRunner.query(${literal(query.query)}${params});`;
}

function migrationSource(className, driver, log) {
  const up = log.upQueries.map(call).join('\n');
  // Undo in reverse order: the last created object goes first.
  const down = [...log.downQueries].reverse().map(call).join('\n');
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

// Generated by \`npm run db:migration:generate -w api -- ${baseName}\` for ${driver === 'sqlite' ? 'SQLite' : 'MySQL/MariaDB'}.
export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${up}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down}
  }
}
`;
}

/** index.ts lists every migration file of the folder, oldest first (file names start with the timestamp). */
function writeIndex(driver) {
  const folder = path.join(migrationsDir, driver);
  const files = fs
    .readdirSync(folder)
    .filter((f) => /^\d{13}-[A-Za-z0-9]+\.ts$/.test(f))
    .sort();
  const entries = files.map((file) => {
    const source = fs.readFileSync(path.join(folder, file), 'utf8');
    const className = /export class (\w+)/.exec(source)?.[1];
    if (!className) throw new Error(`${driver}/${file} exports no migration class`);
    return { module: `./${file.replace(/\.ts$/, '.js')}`, className };
  });
  const constName = driver === 'sqlite' ? 'SQLITE_MIGRATIONS' : 'MYSQL_MIGRATIONS';
  const source = `// Maintained by \`npm run db:migration:generate -w api -- <Name>\`: every migration of this folder, oldest first.
import type { MigrationInterface } from 'typeorm';
${entries.map((e) => `import { ${e.className} } from '${e.module}';`).join('\n')}

export const ${constName}: (new () => MigrationInterface)[] = [${entries.length ? '\n' + entries.map((e) => `  ${e.className},`).join('\n') + '\n' : ''}];
`;
  fs.writeFileSync(path.join(folder, 'index.ts'), source);
  return path.join(folder, 'index.ts');
}

const timestamp = Date.now();
const className = `${baseName}${timestamp}`;
const written = [];
for (const driver of ['sqlite', 'mysql']) {
  if (only && only !== driver) continue;
  const log = driver === 'sqlite' ? await sqliteQueries() : await mysqlQueries();
  if (!log.upQueries.length) {
    console.log(`${driver}: schema already matches the entities, no migration written`);
    continue;
  }
  const file = path.join(migrationsDir, driver, `${timestamp}-${baseName}.ts`);
  fs.writeFileSync(file, migrationSource(className, driver, log));
  written.push(file, writeIndex(driver));
  console.log(`${driver}: ${log.upQueries.length} statement(s) -> ${path.relative(apiDir, file)}`);
}

if (written.length) {
  const root = path.resolve(apiDir, '..');
  const prettier = path.join(root, 'node_modules/.bin/prettier');
  if (fs.existsSync(prettier))
    spawnSync(prettier, ['--write', '--log-level', 'warn', ...written], { cwd: root, stdio: 'inherit' });
  console.log('Review the generated SQL, then run the drift test: src/core/database/migrations.e2e-spec.ts');
}
