import type { DataSource, ObjectLiteral } from 'typeorm';

/**
 * TypeORM's SQLite driver writes every number parameter into the statement's text (`… WHERE id = 4711`,
 * `… > 1250`), so each value gives a new statement: better-sqlite3 prepares it again, and TypeORM's
 * cache of prepared statements (first in, first out) fills with them and drops the fixed statements of
 * every request. A deep page of the staff product list spent 0.5 ms of its 7.3 ms preparing statements.
 * Whole numbers are handed to the driver as BigInt instead, which TypeORM binds as a parameter and
 * better-sqlite3 as INTEGER: the same value, type and comparisons as the literal, one statement for
 * every value. Other numbers (fractions, non-finite) keep TypeORM's own treatment.
 */
export function bindSqliteIntegers(dataSource: DataSource): DataSource {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource;
  const driver = dataSource.driver;
  const escape = driver.escapeQueryWithParameters.bind(driver);
  driver.escapeQueryWithParameters = (sql: string, parameters: ObjectLiteral) => {
    if (!parameters) return escape(sql, parameters);
    const bound: ObjectLiteral = {};
    for (const [key, value] of Object.entries(parameters))
      bound[key] = typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value;
    return escape(sql, bound);
  };
  return dataSource;
}
