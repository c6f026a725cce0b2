import BetterSqlite3 from 'better-sqlite3';
import mysql2 from 'mysql2';
import fs from 'node:fs';
import path from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { ENTITIES, SUBSCRIBERS } from './entities.js';
import { MYSQL_MIGRATIONS } from './migrations/mysql/index.js';
import { SQLITE_MIGRATIONS } from './migrations/sqlite/index.js';

/**
 * One set of entities for both drivers, each with its own versioned migrations. `synchronize` stays
 * off: the schema only ever changes through migrations (a test checks they match the entities).
 */
export function buildDataSourceOptions(config: AppConfig, overrides: Partial<DataSourceOptions> = {}): DataSourceOptions {
  if (config.database.type === 'sqlite') {
    fs.mkdirSync(path.dirname(config.database.path), { recursive: true });
    return {
      type: 'better-sqlite3',
      // Passed explicitly: TypeORM's own require() could resolve another copy than the api workspace's.
      driver: BetterSqlite3,
      database: config.database.path,
      entities: ENTITIES,
      subscribers: [...SUBSCRIBERS],
      migrations: SQLITE_MIGRATIONS,
      migrationsRun: false,
      synchronize: false,
      logging: config.logSql ? ['query'] : false,
      // Prepared statements kept (TypeORM's default is 100): every statement the application writes,
      // with its IN (…) lists of a few lengths, fits, so none is prepared twice (sqlite-parameters.ts).
      statementCacheSize: 1000,
      // WAL lets readers go on while one writer commits; busy_timeout makes concurrent writers wait.
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('busy_timeout = 5000');
        db.pragma('foreign_keys = ON');
      },
      ...overrides,
    } as DataSourceOptions;
  }
  return {
    type: 'mysql',
    driver: mysql2,
    url: config.database.url,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    entities: ENTITIES,
    subscribers: [...SUBSCRIBERS],
    migrations: MYSQL_MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: config.logSql ? ['query'] : false,
    connectTimeout: 5000,
    // trace off: mysql2 otherwise captures a stack trace at every statement, to name the caller in its
    // errors. A staff page runs 6-8 statements: 0.3-0.4 ms of its Node CPU (docs/performance.md,
    // « MariaDB at 100,000 rows »). A database error keeps its message, code and SQL, which is what
    // the API logs.
    extra: { connectionLimit: 10, enableKeepAlive: true, decimalNumbers: false, trace: false },
    ...overrides,
  } as DataSourceOptions;
}
