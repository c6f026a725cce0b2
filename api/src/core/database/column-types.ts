import { Column, type ColumnOptions, type DataSource, type ValueTransformer } from 'typeorm';

/**
 * Column helpers shared by every entity so that one set of classes serves SQLite and MySQL/MariaDB.
 */

/**
 * Money stays exact: `decimal(12,2)` in the database and a string with two decimals in TypeScript and
 * JSON ("1250000.00"). mysql2 already answers strings; better-sqlite3 answers numbers for NUMERIC
 * columns, so the value is normalised on read. Compute with integer minor units, never floats.
 */
export const decimalString: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => {
    if (value === null || value === undefined) return value;
    if (typeof value === 'string') return /^-?\d+(\.\d+)?$/.test(value) ? Number(value).toFixed(2) : value;
    return Number(value).toFixed(2);
  },
};

export function MoneyColumn(
  options: Omit<ColumnOptions, 'type' | 'precision' | 'scale' | 'transformer'> = {},
): PropertyDecorator {
  return Column({ ...options, type: 'decimal', precision: 12, scale: 2, transformer: decimalString });
}

/** Every (class, property) declared with LongTextColumn, widened to LONGTEXT on MySQL/MariaDB. */
const longTextColumns = new Map<Function, Set<string>>();

/**
 * A text column without a practical size limit: LONGTEXT on MySQL/MariaDB (TEXT there stops at 64 KB,
 * too small for an article's HTML or its Editor.js JSON), TEXT on SQLite (which has no LONGTEXT and no
 * limit). TypeORM only accepts per-driver types after its metadata is built, so the class declares
 * `text` and `adaptColumnTypesToDriver` widens it once the data source is initialised.
 */
export function LongTextColumn(options: Omit<ColumnOptions, 'type'> = {}): PropertyDecorator {
  const column = Column({ ...options, type: 'text' });
  return (target, propertyKey) => {
    const set = longTextColumns.get(target.constructor) ?? new Set<string>();
    set.add(String(propertyKey));
    longTextColumns.set(target.constructor, set);
    column(target, propertyKey);
  };
}

/**
 * Applies the per-driver column types to an initialised data source. Must run before migrations, the
 * schema builder or any query (the database module, the migration generator and the tests all build
 * their data source through it).
 */
export function adaptColumnTypesToDriver<T extends DataSource>(dataSource: T): T {
  if (dataSource.options.type !== 'mysql' && dataSource.options.type !== 'mariadb') return dataSource;
  for (const metadata of dataSource.entityMetadatas) {
    const names = longTextColumns.get(metadata.target as Function);
    if (!names) continue;
    for (const column of metadata.columns) {
      if (names.has(column.propertyName)) column.type = 'longtext';
    }
  }
  return dataSource;
}
