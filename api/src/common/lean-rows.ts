import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

export interface LeanColumns<E> {
  /** The entity's table, quoted for the driver. */
  table: string;
  /** The select list: `alias.column AS prefix_column`, for each column getMany reads. */
  select: string;
  /** An entity's values from a row of that select list, converted by the driver. */
  read: (raw: Record<string, unknown>) => E;
}

/** Built once per data source, entity, alias and prefix: they depend on nothing else, and every staff request reads some. */
const built = new WeakMap<DataSource, Map<string, LeanColumns<ObjectLiteral>>>();

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
): LeanColumns<E> {
  const metadata = dataSource.getMetadata(target);
  let ofSource = built.get(dataSource);
  if (!ofSource) built.set(dataSource, (ofSource = new Map()));
  const key = `${metadata.name}\u0000${alias}\u0000${prefix}`;
  const kept = ofSource.get(key);
  if (kept) return kept as LeanColumns<E>;
  const q = (name: string) => dataSource.driver.escape(name);
  // The columns getMany reads: not the ones kept out of selects (search_text), nor relation-only ones.
  const columns = metadata.columns.filter((c) => c.isSelect && !c.isVirtual && c.databaseName === c.databasePath);
  const fields = columns.map((column) => ({ key: prefix + column.databaseName, column }));
  const lean: LeanColumns<E> = {
    table: q(metadata.tableName),
    select: fields.map(({ key, column }) => `${q(alias)}.${q(column.databaseName)} AS ${q(key)}`).join(', '),
    read: (raw) => {
      const entity: Record<string, unknown> = {};
      for (const { key, column } of fields)
        entity[column.propertyName] = dataSource.driver.prepareHydratedValue(raw[key], column);
      return entity as E;
    },
  };
  ofSource.set(key, lean);
  return lean;
}

/**
 * The rows of an entity whose `column` is one of `values`, ordered by `order` (ascending), as `find`
 * gives them: objects of the entity's class (created as getMany creates them, without the constructor),
 * each column converted by the driver, read through one plain statement in the manager's transaction.
 */
export async function leanRowsIn<E extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<E>,
  column: string,
  values: readonly (number | string)[],
  order: readonly string[],
): Promise<E[]> {
  if (!values.length) return [];
  const dataSource = manager.connection;
  const metadata = dataSource.getMetadata(target);
  const q = (name: string) => dataSource.driver.escape(name);
  const { table, select, read } = leanColumns(dataSource, target, 'lean');
  const raws: Record<string, unknown>[] = await manager.query(
    `SELECT ${select} FROM ${table} ${q('lean')}
      WHERE ${q('lean')}.${q(column)} IN (${values.map(() => '?').join(', ')})
      ORDER BY ${order.map((name) => `${q('lean')}.${q(name)} ASC`).join(', ')}`,
    [...values],
  );
  const prototype = typeof metadata.target === 'function' ? (metadata.target.prototype as object) : Object.prototype;
  return raws.map((raw) => Object.assign(Object.create(prototype) as E, read(raw)));
}
