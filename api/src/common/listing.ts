import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Paginated } from '../contract/staff.js';
import { SORT_DIRECTIONS, type SortDirection } from './list-order.js';
import { countUpTo } from './count-up-to.js';
import { anchoredPageIds, keysetOrder, keysOf, readAfter, selectKeys, type KeysetPosition } from './page-anchors.js';
import { keptRowCount } from './row-counts.js';
import { normalizeSearch, searchTextContains } from './search-text.js';
import { trigramMatches } from './search-trigrams.js';
import { isSqlite } from './transactions.js';

/** The largest page any list answers, whatever `per_page` asks for. */
export const MAX_PER_PAGE = 100;

const toInt = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : value;
};

/**
 * Query parameters every back-office list accepts: `page` (1-based), `per_page` (capped at 100) and
 * `search` (accent- and case-insensitive substring of the list's searchable fields). Each controller passes its own
 * default page size (spec section 9).
 */
export class ListQueryDto {
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le numéro de page doit être un nombre entier.' })
  @Min(1, { message: 'Le numéro de page doit être au moins 1.' })
  page?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le nombre d’éléments par page doit être un nombre entier.' })
  @Min(1, { message: 'Le nombre d’éléments par page doit être au moins 1.' })
  per_page?: number;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'La recherche doit être un texte.' })
  @MaxLength(100, { message: 'La recherche ne doit pas dépasser 100 caractères.' })
  search?: string;

  /** A sort key of the list (see list-order.ts): the list answers 422 for a key it does not know. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @IsString({ message: 'Le tri doit être un texte.' })
  @Matches(/^[a-z][a-z0-9_]{0,39}$/, { message: 'Le tri est inconnu.' })
  sort?: string;

  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsIn(SORT_DIRECTIONS, { message: 'Le sens du tri doit être « asc » ou « desc ».' })
  direction?: SortDirection;
}

export interface PageRequest {
  page: number;
  perPage: number;
  skip: number;
}

export function pageRequest(query: { page?: number; per_page?: number }, defaultPerPage: number): PageRequest {
  const page = query.page && query.page > 0 ? query.page : 1;
  const perPage = Math.min(query.per_page && query.per_page > 0 ? query.per_page : defaultPerPage, MAX_PER_PAGE);
  return { page, perPage, skip: (page - 1) * perPage };
}

/**
 * The answer's page. `capped`: `total` is only a lower bound (a search matching more than
 * SEARCH_COUNT_CAP rows is not counted to the end): `total_capped` says so, and the last page is at
 * least the one after a full page, so that "Suivant" goes on.
 */
export function pageOf<T>(data: T[], total: number, request: PageRequest, capped = false): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / request.perPage));
  return {
    data,
    current_page: request.page,
    last_page: capped ? Math.max(lastPage, request.page + (data.length === request.perPage ? 1 : 0)) : lastPage,
    per_page: request.perPage,
    total,
    ...(capped ? { total_capped: true as const } : {}),
  };
}

/**
 * Runs a query builder as one page through pageByIds: the page's ids on the narrow index of the sort
 * (OFFSET skips index entries, not whole rows), then those rows with the query's own selects and
 * joins. `qb` joins many-to-one relations at most (one row per row), as pageByIds asks.
 */
export async function paginate<E extends ObjectLiteral, T = E>(
  qb: SelectQueryBuilder<E>,
  request: PageRequest,
  map: (row: E) => T = (row) => row as unknown as T,
  /** Reads the page's rows by id, when the caller has a cheaper way than the query's own getMany. */
  load: (ids: number[]) => Promise<E[]> = (ids) =>
    qb.clone().andWhere(`${qb.alias}.id IN (:...page_ids)`, { page_ids: ids }).orderBy().getMany(),
): Promise<Paginated<T>> {
  const keyset = keysetReading.getStore() !== undefined;
  const { rows, total } = await pageByIds(qb, { skip: keyset ? 0 : request.skip, take: request.perPage }, load);
  return pageOf(rows.map(map), total, request);
}

/**
 * Reading a whole list page after page (common/list-export.ts): within `keysetReading.run(cursor, …)`
 * the list's page query (pageByIds, paginate) reads the rows that come after `cursor.after` in the
 * list's order (its sort expressions, then the id) instead of skipping OFFSET rows, counts nothing,
 * and leaves the last row's position in the cursor. Each page then costs the same, the 1,000th as
 * the first. `used` tells the caller the list took the cursor (otherwise it pages by number).
 */
export interface KeysetCursor {
  after: KeysetPosition | null;
  used: boolean;
}
export const keysetReading = new AsyncLocalStorage<KeysetCursor>();

/** The ids of the next rows of an ordered query for a keyset cursor, or undefined when its order is not « expressions, id ». */
async function idsAfter<E extends ObjectLiteral>(ids: SelectQueryBuilder<E>, take: number, cursor: KeysetCursor) {
  const alias = ids.alias;
  const order = keysetOrder(ids);
  if (!order || order.group !== `${alias}.id`) return undefined;
  const rows = await readAfter<E, Record<string, unknown> & { id: number | string }>(
    ids.clone().offset(undefined).limit(undefined),
    order,
    cursor.after ?? undefined,
    { skip: 0, take },
    (query) => selectKeys(query.select(`${alias}.id`, 'id'), order, 'keyset_key'),
    'keyset',
  );
  const last = rows[rows.length - 1];
  if (last) cursor.after = { keys: keysOf(last, order, 'keyset_key'), id: Number(last.id) };
  cursor.used = true;
  return rows.map((row) => Number(row.id));
}

/**
 * One page of a list that scales: the ids of the page are read from the base table alone (`ids`
 * holds the filters, the search and the order, with many-to-one joins at most, so no DISTINCT and no
 * temporary table: the indexes matching the sort and filters serve it), the total is a `COUNT(*)` of
 * the same query without order, then `load` reads the rows with their relations for those ids only.
 * The rows come back in the order of the ids.
 */
export async function pageByIds<E extends ObjectLiteral, R extends ObjectLiteral = E>(
  ids: SelectQueryBuilder<E>,
  window: { skip: number; take: number },
  load: (ids: number[]) => Promise<R[]>,
  options: {
    count?: boolean;
    /** Count at most this many rows (a search with many matches, see searchScope): `capped` when there are more. */
    countCap?: number;
    /** A cheaper count of the same rows, when the caller knows one (e.g. no filter: the base table alone). */
    total?: () => Promise<number>;
  } = {},
): Promise<{ rows: R[]; total: number; capped: boolean }> {
  const alias = ids.alias;
  const cursor = keysetReading.getStore();
  const keyset = cursor ? await idsAfter(ids, window.take, cursor) : undefined;
  // A deep page starts from the list's nearest anchor (common/page-anchors.ts), checked against the total below.
  const anchored = keyset ? undefined : await anchoredPageIds(ids, window);
  const byOffset = async () =>
    (
      await ids
        .clone()
        .select(`${alias}.id`, 'id')
        .offset(window.skip || undefined)
        .limit(window.take)
        .getRawMany<{ id: number | string }>()
    ).map((r) => Number(r.id));
  let pageIds = keyset ?? anchored?.ids ?? (await byOffset());
  let total = pageIds.length;
  let capped = false;
  const counting = !keyset && options.count !== false && !(window.skip === 0 && pageIds.length < window.take);
  if (counting) {
    if (options.total) total = await options.total();
    else if (options.countCap !== undefined) ({ total, capped } = await cappedCount(ids, options.countCap));
    else {
      // A whole table, neither filtered nor joined: its kept row count (common/row-counts.ts) when it has one.
      const kept = wholeTable(ids)
        ? await keptRowCount(ids.connection.manager, ids.expressionMap.mainAlias!.metadata.tableName)
        : undefined;
      const counted = kept ?? (await ids.clone().select('COUNT(*)', 'n').orderBy().getRawOne<{ n: number | string }>())?.n;
      total = Number(counted ?? 0);
    }
  }
  if (anchored && !anchored.check(counting && !capped ? total : undefined)) pageIds = await byOffset();
  if (pageIds.length === 0) return { rows: [], total, capped };
  const loaded = await load(pageIds);
  const byId = new Map(loaded.map((row) => [Number((row as unknown as { id: unknown }).id), row]));
  return { rows: pageIds.map((id) => byId.get(id)).filter((row): row is R => row !== undefined), total, capped };
}

/** Whether a query reads every row of its table once: no condition, join, grouping or limit of its own. */
function wholeTable<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>): boolean {
  const map = qb.expressionMap;
  return (
    map.wheres.length === 0 &&
    map.joinAttributes.length === 0 &&
    map.groupBys.length === 0 &&
    !map.havings.length &&
    map.mainAlias?.hasMetadata === true &&
    !map.mainAlias.metadata.deleteDateColumn
  );
}

/**
 * The number of rows of a query, counting no further than `cap` (`capped` when there are more): a
 * COUNT(*) of its first cap + 1 rows, so the scan stops there.
 */
export async function cappedCount<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const total = await countUpTo(qb, cap + 1);
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}

/** A search matching more rows than this is not counted to the end: the list says "1 000+". */
export const SEARCH_COUNT_CAP = 1000;

/**
 * What a list's search selects, resolved once on the searched entity's own table:
 * - `none`: no search term;
 * - `ids`: the ids of every match, when there are at most SEARCH_COUNT_CAP of them;
 * - `many`: more than that.
 */
export type SearchScope = { kind: 'none' } | { kind: 'ids'; ids: number[] } | { kind: 'many'; search: string };

/**
 * Resolves a search on the searched entity's own table (`base` is a query on that entity alone, e.g.
 * `repo.createQueryBuilder('ord')`, with any filter that narrows it). Then the page, its sort and
 * its exact count read the few matching rows by primary key (`whereScope`), where walking the sort's
 * index and testing every row (the plan either database picks for `LIKE '%…%' ORDER BY … LIMIT`)
 * would read the whole table.
 *
 * - A table with a trigram index (common/search-trigrams.ts) tests only the rows its index lists for
 *   the term (under its rarest trigram, or under its three rarest together): a rare term reads a few
 *   hundred rows instead of the table, and more than `cap` matches there make it `many` at once.
 * - Otherwise (a small table, a term shorter than three characters, or one the index cannot narrow
 *   to `cap` rows), one scan of the narrow `search_text` index that stops at the cap + 1-th match. A
 *   frequent term stops the scan early, and the sort's index finds a page of matches after a few
 *   rows: then the count is capped (pageByIds' `countCap`).
 *
 * `scan: false` answers `many` instead of that scan, for a caller whose own query walks the
 * `search_text` index anyway (sorted by it, a few rows wanted).
 *
 * Reads outside any transaction (lists and searches only).
 */
export async function searchScope<E extends ObjectLiteral>(
  base: SelectQueryBuilder<E>,
  search: string | undefined,
  cap = SEARCH_COUNT_CAP,
  { scan = true }: { scan?: boolean } = {},
): Promise<SearchScope> {
  const term = normalizeSearch(search);
  if (!term) return { kind: 'none' };
  const ids = (query: SelectQueryBuilder<E>) =>
    whereSearch(query, base.alias, search, 'scope_search')
      .select(`${base.alias}.id`, 'id')
      .orderBy()
      .limit(cap + 1)
      .getRawMany<{ id: number | string }>()
      .then((rows) => rows.map((r) => Number(r.id)));
  const table = base.expressionMap.mainAlias!.metadata.tableName;
  const indexed = await trigramMatches(base.connection, table, term, cap);
  if (indexed === 'many') return { kind: 'many', search: search! };
  if (indexed) {
    // The matches of the whole table: those that also pass the base's own filters, if it has any.
    if (indexed.length === 0 || base.expressionMap.wheres.length === 0) return { kind: 'ids', ids: indexed };
    const matches = await ids(base.clone().andWhere(`${base.alias}.id IN (:...scope_matches)`, { scope_matches: indexed }));
    return { kind: 'ids', ids: matches };
  }
  if (!scan) return { kind: 'many', search: search! };
  const matches = await ids(base.clone());
  return matches.length > cap ? { kind: 'many', search: search! } : { kind: 'ids', ids: matches };
}

/**
 * Narrows a list query to a search scope: `alias.id IN (…)` for the matches found (none: no row),
 * the `search_text` condition for many. `alias` is the query's alias of the searched entity.
 */
export function whereScope<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  alias: string,
  scope: SearchScope,
  parameterName = 'scope',
): SelectQueryBuilder<E> {
  if (scope.kind === 'many') return whereSearch(qb, alias, scope.search, `${parameterName}_search`);
  if (scope.kind === 'ids')
    return scope.ids.length
      ? qb.andWhere(`${alias}.id IN (:...${parameterName}_ids)`, { [`${parameterName}_ids`]: scope.ids })
      : qb.andWhere('1 = 0');
  return qb;
}

/** pageByIds' count option for a scope: capped for a frequent term. */
export const scopeCount = (scope: SearchScope): { countCap?: number } =>
  scope.kind === 'many' ? { countCap: SEARCH_COUNT_CAP } : {};

/**
 * A LIKE pattern matching `term` anywhere, with the wildcards of the term itself escaped (escape
 * character `!`, the same on SQLite and MySQL). Use with `LOWER(column) LIKE :param ESCAPE '!'`.
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Adds the list's search, when one is given: the normalised term anywhere in the entity's
 * `search_text` (accent- and case-insensitive, the same on SQLite and MySQL; see common/search-text.ts).
 * `alias` is the query's alias of an entity declared with `@SearchTextColumn`.
 */
export function whereSearch<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  alias: string,
  search: string | undefined,
  parameterName = 'search',
): SelectQueryBuilder<E> {
  const term = normalizeSearch(search);
  if (!term) return qb;
  return qb.andWhere(searchTextContains(isSqlite(qb.connection), `${alias}.search_text`, `:${parameterName}`), {
    [parameterName]: term,
  });
}

/**
 * Adds a plain case-insensitive search over `columns`, for tables that keep no `search_text` (the
 * activity journal, whose labels and names are copies made at the time).
 */
export function whereContains<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  columns: string[],
  search: string | undefined,
  parameterName = 'search',
): SelectQueryBuilder<E> {
  const term = search?.trim();
  if (!term) return qb;
  const clause = columns.map((column) => `LOWER(${column}) LIKE :${parameterName} ESCAPE '!'`).join(' OR ');
  return qb.andWhere(`(${clause})`, { [parameterName]: containsPattern(term) });
}

/**
 * Counts child rows per parent in one grouped query (`SELECT fk, COUNT(*) … WHERE fk IN (…) GROUP BY
 * fk`), for the "n products" / "n orders" columns of a page, without loading the children.
 */
export async function countByParent<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  foreignKey: string,
  parentIds: number[],
): Promise<Map<number, number>> {
  if (parentIds.length === 0) return new Map();
  const rows = await qb
    .select(foreignKey, 'parent_id')
    .addSelect('COUNT(*)', 'n')
    .where(`${foreignKey} IN (:...parentIds)`, { parentIds })
    .groupBy(foreignKey)
    .getRawMany<{ parent_id: number | string; n: number | string }>();
  return new Map(rows.map((r) => [Number(r.parent_id), Number(r.n)]));
}
