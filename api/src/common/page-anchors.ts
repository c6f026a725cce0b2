import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { countUpTo } from './count-up-to.js';
import { isSqlite } from './transactions.js';

/** A row's place in a list ordered « expression dir, …, id dir »: its sort keys (one per expression) and its id. */
export interface KeysetPosition {
  keys: unknown[];
  id: number;
}

/**
 * The order of a list query when it is « e1 dir, …, en dir, X.id dir » (one direction throughout):
 * its sort expressions (one, or a currency then an amount), whether each may be NULL (see mayBeNull),
 * and the id column it ends with (`alias.id`, or a joined parent's, `ord.id`, for the order lines).
 * A query ordered by its own id alone (`alias.id dir`: the administrators' default order, a record's
 * history) has no expression: the id is its own key, and its ranges after a row are the one `id > n`.
 */
export interface KeysetOrder {
  expressions: string[];
  nullable: boolean[];
  dir: 'ASC' | 'DESC';
  group: string;
}

/** The keyset order of a list query (see KeysetOrder), else undefined. */
export function keysetOrder<E extends ObjectLiteral>(ids: SelectQueryBuilder<E>): KeysetOrder | undefined {
  const order = Object.entries(ids.expressionMap.orderBys);
  const direction = (value: (typeof order)[number][1]) => (typeof value === 'string' ? value : value.order);
  const dir = order[0] && direction(order[0][1]);
  const group = order.at(-1)?.[0];
  if (!dir || !group || !/^\w+\.id$/.test(group) || order.some(([, value]) => direction(value) !== dir)) return undefined;
  // A joined parent's id alone leaves the order of a parent's rows to the plan: such a list pages by OFFSET.
  if (order.length === 1 && group !== `${ids.alias}.id`) return undefined;
  const expressions = order.slice(0, -1).map(([expression]) => expression);
  return { expressions, nullable: expressions.map((expression) => mayBeNull(ids, expression)), dir, group };
}

/** Adds the sort keys to a query's columns, as `${name}0`, `${name}1`… */
export function selectKeys<E extends ObjectLiteral>(
  query: SelectQueryBuilder<E>,
  order: KeysetOrder,
  name: string,
): SelectQueryBuilder<E> {
  order.expressions.forEach((expression, k) => query.addSelect(expression, `${name}${k}`));
  return query;
}

/** The sort keys a row read with selectKeys holds. */
export const keysOf = (row: Record<string, unknown>, order: KeysetOrder, name: string): unknown[] =>
  order.expressions.map((_, k) => row[`${name}${k}`]);

/** Whether a sort expression can be NULL: false for a NOT NULL column of the query (`alias.property`). */
export function mayBeNull<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, expression: string): boolean {
  const [, alias, property] = /^(\w+)\.(\w+)$/.exec(expression) ?? [];
  if (!alias || !property) return true;
  const metadata = qb.expressionMap.aliases.find((a) => a.name === alias && a.hasMetadata)?.metadata;
  return metadata?.findColumnWithPropertyPath(property)?.isNullable ?? true;
}

/**
 * The rows after `after` in a keyset order « e1 dir, …, en dir, id dir », as ranges that follow one
 * another in the list's order: the rows equal on every key with an id past the anchor's, then those
 * equal on the keys before en and past it on en, …, then those past it on e1. NULLs come first in
 * ascending order and last in descending order, on SQLite and MariaDB alike (a non-nullable key, see
 * mayBeNull, has no NULL rows' range). Each range is a plain conjunction (`e1 = k1 AND e2 > k2`).
 */
export function rangesAfter(
  order: KeysetOrder,
  after: KeysetPosition,
  prefix = 'keyset',
): { where: string; parameters: Record<string, unknown> }[] {
  const { expressions, nullable, dir, group } = order;
  const next = dir === 'ASC' ? '>' : '<';
  const parameters: Record<string, unknown> = { [`${prefix}_id`]: after.id };
  const blank = (k: number) => after.keys[k] === null || after.keys[k] === undefined;
  const equal = expressions.map((expression, k) => {
    if (blank(k)) return `(${expression}) IS NULL`;
    parameters[`${prefix}_key${k}`] = after.keys[k];
    return `(${expression}) = :${prefix}_key${k}`;
  });
  const ranges = [[...equal, `${group} ${next} :${prefix}_id`]];
  for (let k = expressions.length - 1; k >= 0; k--) {
    const expression = `(${expressions[k]!})`;
    const past = blank(k)
      ? dir === 'ASC'
        ? [`${expression} IS NOT NULL`]
        : []
      : [`${expression} ${next} :${prefix}_key${k}`, ...(dir === 'DESC' && nullable[k] ? [`${expression} IS NULL`] : [])];
    for (const condition of past) ranges.push([...equal.slice(0, k), condition]);
  }
  return ranges.map((conditions) => ({ where: conditions.join(' AND '), parameters }));
}

/**
 * Rows `skip` to `skip + take` of an ordered list query counted from the row after `after` (from the
 * top without it), with `select`'s columns. The two databases seek the rows after a position in the
 * sort's index (the keys, then the id) from different conditions:
 * - SQLite seeks a conjunction of equalities and one bound (`e1 = k1 AND e2 = k2 AND id > n`), never a
 *   disjunction: it reads the ranges (rangesAfter) one after another, a range holding fewer than the
 *   rows still to skip counted (up to those) and passed over. One condition OR-ing them made it walk a
 *   whole run of equal first keys and test every entry (52 ms for a page 89,000 rows into one
 *   currency, against 0.03 ms for the range).
 * - MariaDB turns the ranges OR-ed together into one range of the index, and reads it in one query; a
 *   lone range's equalities let it take a `ref` on the equal keys without the id (within a status:
 *   a walk of the whole run) or sort the run (a decimal compared with the driver's string: 72 ms).
 *   The one range left after NULL keys going down (`e IS NULL AND id < n`) is ordered by the id alone
 *   (its keys are all NULL): ordered by the keys too, MariaDB sorted the run (14 ms against 0.4 ms).
 */
export async function readAfter<E extends ObjectLiteral, R>(
  ids: SelectQueryBuilder<E>,
  order: KeysetOrder,
  after: KeysetPosition | undefined,
  window: { skip: number; take: number },
  select: (query: SelectQueryBuilder<E>) => SelectQueryBuilder<E>,
  prefix: string,
): Promise<R[]> {
  const rows: R[] = [];
  let skip = window.skip;
  for (const query of queriesAfter(ids, order, after, prefix)) {
    if (rows.length >= window.take) break;
    const read = await select(query.clone())
      .offset(skip || undefined)
      .limit(window.take - rows.length)
      .getRawMany<R>();
    if (read.length) {
      rows.push(...read);
      skip = 0;
    } else if (skip) skip -= await countUpTo(query, skip);
  }
  return rows;
}

/** The queries of the rows after `after` in the list's order, to be read one after another (see readAfter): one on MariaDB. */
function queriesAfter<E extends ObjectLiteral>(
  ids: SelectQueryBuilder<E>,
  order: KeysetOrder,
  after: KeysetPosition | undefined,
  prefix: string,
): SelectQueryBuilder<E>[] {
  let ranges = after ? rangesAfter(order, after, prefix) : [undefined];
  const lone = ranges.length === 1 && ranges[0] !== undefined;
  if (!isSqlite(ids.connection) && ranges[0])
    ranges = [{ where: `(${ranges.map((range) => range!.where).join(' OR ')})`, parameters: ranges[0].parameters }];
  return ranges.map((range) => {
    const query = range ? ids.clone().andWhere(range.where, range.parameters) : ids.clone();
    if (lone && !isSqlite(ids.connection)) query.orderBy(order.group, order.dir);
    return query;
  });
}

/**
 * Page numbers far down a list without OFFSET walking every row before them. A page at row 75,000
 * skipped 75,000 index entries on each request (on MariaDB 40 to 75 ms of CPU at 100,000 rows, far
 * more on a busy server). The list's position of a row every ANCHOR_STEP rows is kept here once read
 * (the sort keys and id of the row's group, and where the group starts); a deep page starts from the
 * anchor before it, in the list's order (readAfter), and skips fewer than ANCHOR_STEP rows.
 * Anchors not yet known are read from the nearest known one before, each on the way kept, so all the
 * anchors of a list cost about one pass of its index: on MariaDB ANCHORS_PER_READ of them a statement
 * (readAnchorRun), on SQLite one a statement (readAnchor, see readAfter for why its ranges are read apart).
 *
 * A list ordered « expression, alias.id » (or « currency, amount, alias.id », see KeysetOrder) has
 * groups of one row. The order lines list is ordered by its order's columns (« expression, ord.id »):
 * a group is an order's lines, read in line id order, and its anchors are where an order's first line stands.
 *
 * The anchors of a list are read again once they are ANCHOR_TTL_MS old, in the background: the pages
 * asked for meanwhile start from the old ones, so no request waits for that pass (at 100 deep pages a
 * second, the requests queued behind each new pass made the p95 of the order lines 1.5 s on MariaDB).
 * They are dropped at once when the list's total differs from the total they were read with (a row
 * added or removed, on any replica): a deep page is then placed as an OFFSET would have placed it at
 * most ANCHOR_TTL_MS and one pass earlier (a row whose sort key was edited meanwhile, or a removal and
 * an addition cancelling out), the rows shown being those of now. Pages before the first anchor use
 * OFFSET as before. A minute, not less: each pass walks the whole list's index again (on MariaDB about
 * 1.5 s of its CPU for 100,000 order lines), which every 10 s took a sixth of a core per list in use.
 */
export const ANCHOR_STEP = 250;
export const ANCHOR_TTL_MS = 60_000;
/**
 * Anchors read by one statement on MariaDB: the rows from one anchor to 8 steps after it, walked in
 * the sort's index as a page's are, numbered by the database and only the anchors' rows sent back.
 */
export const ANCHORS_PER_READ = 8;
/** Lists (query, sort and filters) whose anchors are kept at once, the oldest read dropped first. */
const MAX_ANCHORED_LISTS = 100;

/** Where a group (one row, or one order's lines) starts: its sort keys, its id and its first row's place (0-based). */
interface Anchor {
  keys: unknown[];
  group: number;
  position: number;
}

/** One reading of a list's anchors. */
interface Anchors {
  readAt: number;
  /** The list's total when read (undefined: not yet known). */
  total: number | undefined;
  /** anchors[k]: the group holding row (k + 1) × ANCHOR_STEP (0-based), once read (sparse). */
  anchors: (Anchor | undefined)[];
  /**
   * The reading of anchors under way: a list's readings run one after another, so that the deep pages
   * asked for meanwhile start from the anchors it keeps instead of each reading the same ones again
   * (at 100 deep pages a second, MariaDB's connections went to duplicate readings and requests timed out).
   */
  reading: Promise<unknown>;
}

/** A list's anchors in use, and their next reading while it runs in the background. */
interface AnchoredList {
  current: Anchors;
  refreshing?: Promise<void>;
}

const anchored = new Map<string, AnchoredList>();

const newAnchors = (): Anchors => ({ readAt: Date.now(), total: undefined, anchors: [], reading: Promise.resolve() });

/** The position just before `anchor`'s group, in the list's order: its group and those after it follow. */
function beforeGroup(order: KeysetOrder, anchor: Anchor): KeysetPosition {
  return { keys: anchor.keys, id: order.dir === 'ASC' ? anchor.group - 1 : anchor.group + 1 };
}

/**
 * The ids of a page (`skip`, `take`) of an ordered list query read from its nearest anchor, or
 * undefined when the page comes before the first anchor, after the list's end, or the order is not
 * « expressions, id ». `check(total)` tells, once the caller has the list's total, whether the anchors
 * were still right (when not, they are dropped and the caller reads the page by OFFSET).
 */
export async function anchoredPageIds<E extends ObjectLiteral>(
  ids: SelectQueryBuilder<E>,
  window: { skip: number; take: number },
): Promise<{ ids: number[]; check: (total: number | undefined) => boolean } | undefined> {
  if (window.skip < ANCHOR_STEP) return undefined;
  const order = keysetOrder(ids);
  if (!order) return undefined;
  const alias = ids.alias;
  const [sql, parameters] = ids.clone().select(`${alias}.id`, 'id').offset(undefined).limit(undefined).getQueryAndParameters();
  // Whole numbers are bound as BigInt on SQLite (core/database/sqlite-parameters.ts): written as text here.
  const cacheKey = `${sql}\u0000${JSON.stringify(parameters, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))}`;
  let list = anchored.get(cacheKey);
  if (!list) {
    list = { current: newAnchors() };
    anchored.set(cacheKey, list);
    while (anchored.size > MAX_ANCHORED_LISTS) anchored.delete(anchored.keys().next().value!);
  } else if (Date.now() - list.current.readAt > ANCHOR_TTL_MS && !list.refreshing) {
    anchored.delete(cacheKey);
    anchored.set(cacheKey, list);
    refresh(ids, order, list);
  }
  const read = list.current;
  const anchor = await anchorAt(ids, order, read, Math.floor(window.skip / ANCHOR_STEP) - 1);
  if (!anchor) return undefined;
  const rows = await readAfter<E, { id: number | string }>(
    ids,
    order,
    beforeGroup(order, anchor),
    { skip: window.skip - anchor.position, take: window.take },
    (query) => query.select(`${alias}.id`, 'id'),
    'anchor',
  );
  return {
    ids: rows.map((row) => Number(row.id)),
    check: (total) => {
      if (total === undefined) return true;
      read.total ??= total;
      if (read.total === total) return true;
      if (anchored.get(cacheKey)?.current === read) anchored.delete(cacheKey);
      return false;
    },
  };
}

/**
 * Reads a list's anchors again, as deep as the ones in use go, and puts them in use once read. The
 * caller starts one reading at a time; a failed one leaves the old anchors in use until the next request
 * starts another.
 */
function refresh<E extends ObjectLiteral>(ids: SelectQueryBuilder<E>, order: KeysetOrder, list: AnchoredList): void {
  const next = newAnchors();
  const deepest = list.current.anchors.length - 1;
  list.refreshing = anchorAt(ids, order, next, deepest)
    .then(() => {
      next.readAt = Date.now();
      list.current = next;
    })
    .catch(() => undefined)
    .finally(() => {
      list.refreshing = undefined;
    });
}

/**
 * Anchor `index` of a list (undefined past the list's end). Read from the nearest known anchor before
 * it, keeping each anchor on the way: the first deep page of a list costs what its OFFSET did, and the
 * pages after it find an anchor close by.
 */
function anchorAt<E extends ObjectLiteral>(
  ids: SelectQueryBuilder<E>,
  order: KeysetOrder,
  list: Anchors,
  index: number,
): Promise<Anchor | undefined> {
  if (index < 0 || list.anchors[index]) return Promise.resolve(list.anchors[index]);
  const reading = list.reading.then(() => readAnchorsTo(ids, order, list, index));
  list.reading = reading.catch(() => undefined);
  return reading;
}

async function readAnchorsTo<E extends ObjectLiteral>(
  ids: SelectQueryBuilder<E>,
  order: KeysetOrder,
  list: Anchors,
  index: number,
): Promise<Anchor | undefined> {
  let from = index;
  while (from >= 0 && !list.anchors[from]) from--;
  const perRead = isSqlite(ids.connection) ? 1 : ANCHORS_PER_READ;
  while (from < index) {
    const previous = from >= 0 ? list.anchors[from] : undefined;
    const steps = Array.from({ length: perRead }, (_, k) => from + 1 + k);
    const read =
      perRead === 1
        ? [await readAnchor(ids, order, previous, (from + 2) * ANCHOR_STEP)]
        : await readAnchorRun(ids, order, previous, steps);
    for (const [k, anchor] of read.entries()) if (anchor) list.anchors[steps[k]!] = anchor;
    if (!read.at(-1)) return list.anchors[index];
    from = steps.at(-1)!;
  }
  return list.anchors[index];
}

/** Where the group holding row `target` (0-based) starts, read from the anchor before it (or the top). */
async function readAnchor<E extends ObjectLiteral>(
  ids: SelectQueryBuilder<E>,
  order: KeysetOrder,
  previous: Anchor | undefined,
  target: number,
): Promise<Anchor | undefined> {
  const alias = ids.alias;
  const [row] = await readAfter<E, Record<string, unknown> & { anchor_id: number | string; anchor_group: number | string }>(
    ids,
    order,
    previous && beforeGroup(order, previous),
    { skip: target - (previous?.position ?? 0), take: 1 },
    (query) => selectKeys(query.select(`${alias}.id`, 'anchor_id').addSelect(order.group, 'anchor_group'), order, 'anchor_key'),
    'anchor_from',
  );
  if (!row) return undefined;
  const group = Number(row.anchor_group);
  // The rows of its group before it (a group of lines is read in line id order).
  let before = 0;
  if (order.group !== `${alias}.id`) {
    const counted = await ids
      .clone()
      .select('COUNT(*)', 'n')
      .andWhere(`${order.group} = :anchor_group AND ${alias}.id < :anchor_row`, {
        anchor_group: group,
        anchor_row: Number(row.anchor_id),
      })
      .orderBy()
      .getRawOne<{ n: number | string }>();
    before = Number(counted?.n ?? 0);
  }
  return { keys: keysOf(row, order, 'anchor_key'), group, position: target - before };
}

/**
 * Anchors `steps` (consecutive) of a list in one statement (MariaDB, whose ranges after a position are
 * one query, see readAfter): the rows from the group of `previous` (or the top) to the last step's,
 * in the list's order and as a page reads them, numbered by ROW_NUMBER() in that order (a group's rows
 * by id) and within their group, the steps' rows alone sent back. Undefined past the list's end.
 */
async function readAnchorRun<E extends ObjectLiteral>(
  ids: SelectQueryBuilder<E>,
  order: KeysetOrder,
  previous: Anchor | undefined,
  steps: number[],
): Promise<(Anchor | undefined)[]> {
  const alias = ids.alias;
  const start = previous?.position ?? 0;
  const targets = steps.map((step) => (step + 1) * ANCHOR_STEP);
  const [query] = queriesAfter(ids, order, previous && beforeGroup(order, previous), 'anchor_from');
  // A group of one row is its id: the same column twice would be a duplicate name in the derived table.
  const grouped = order.group !== `${alias}.id`;
  const run = selectKeys(query!.select(`${alias}.id`, 'anchor_id'), order, 'anchor_key');
  if (grouped) run.addSelect(order.group, 'anchor_group');
  const [sql, parameters] = run
    .offset(undefined)
    .limit(targets.at(-1)! - start + 1)
    .getQueryAndParameters();
  const keys = order.expressions.map((_, k) => `run.anchor_key${k} ${order.dir}`);
  const inOrder = grouped ? [...keys, `run.anchor_group ${order.dir}`, 'run.anchor_id'] : [...keys, `run.anchor_id ${order.dir}`];
  const rows = (await ids.connection.query(
    `SELECT * FROM (SELECT run.*, ROW_NUMBER() OVER (ORDER BY ${inOrder.join(', ')}) AS anchor_rn` +
      (grouped ? ', ROW_NUMBER() OVER (PARTITION BY run.anchor_group ORDER BY run.anchor_id) AS anchor_within' : '') +
      ` FROM (${sql}) run) numbered WHERE anchor_rn IN (${targets.map((target) => target - start + 1).join(', ')})`,
    parameters,
  )) as (Record<string, unknown> & {
    anchor_rn: number | string;
    anchor_id: number | string;
    anchor_group?: number | string;
    anchor_within?: number | string;
  })[];
  const byTarget = new Map(rows.map((row) => [Number(row.anchor_rn) - 1 + start, row]));
  return targets.map((target) => {
    const row = byTarget.get(target);
    if (!row) return undefined;
    return {
      keys: keysOf(row, order, 'anchor_key'),
      group: Number(row.anchor_group ?? row.anchor_id),
      position: target - (Number(row.anchor_within ?? 1) - 1),
    };
  });
}
