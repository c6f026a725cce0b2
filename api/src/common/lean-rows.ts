import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * An entity's columns for a plain SQL statement, and the objects its rows give: each column converted
 * by the driver as `getMany` converts it (dates, booleans, decimals through the column's transformer),
 * without the query builder. On a list page, building a joined statement and grouping its rows into
 * entities cost more Node CPU than the rest of the answer (docs/performance.md, « Every staff list at
 * 100,000 rows »). `prefix` names the columns apart when several tables share a statement.
 */
export function leanColumns<E extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<E>,
  alias: string,
  prefix = `${alias}_`,
): { select: string; read: (raw: Record<string, unknown>) => E } {
  const metadata = dataSource.getMetadata(target);
  const q = (name: string) => dataSource.driver.escape(name);
  // The columns getMany reads: not the ones kept out of selects (search_text), nor relation-only ones.
  const columns = metadata.columns.filter((c) => c.isSelect && !c.isVirtual && c.databaseName === c.databasePath);
  const fields = columns.map((column) => ({ key: prefix + column.databaseName, column }));
  return {
    select: fields.map(({ key, column }) => `${q(alias)}.${q(column.databaseName)} AS ${q(key)}`).join(', '),
    read: (raw) => {
      const entity: Record<string, unknown> = {};
      for (const { key, column } of fields)
        entity[column.propertyName] = dataSource.driver.prepareHydratedValue(raw[key], column);
      return entity as E;
    },
  };
}
