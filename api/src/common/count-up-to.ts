import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * The number of rows of a query, counting no further than `limit`: a COUNT(*) of its first `limit`
 * rows, so the scan stops there (the query's own order and paging are left out).
 */
export async function countUpTo<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, limit: number): Promise<number> {
  const [sql, parameters] = qb.clone().select('1').orderBy().offset(undefined).limit(limit).getQueryAndParameters();
  const [row] = (await qb.connection.query(`SELECT COUNT(*) AS n FROM (${sql}) counted`, parameters)) as { n: number | string }[];
  return Number(row?.n ?? 0);
}
