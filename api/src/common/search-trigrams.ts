import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { presentTriggers, quoteIdentifier } from '../core/database/triggers.js';
import { searchTextContains } from './search-text.js';
import { isSqlite } from './transactions.js';

/**
 * Substring search that stays fast at 100,000 rows, the same on SQLite and MySQL/MariaDB.
 *
 * A search compares the normalised term with each row's `search_text` (see search-text.ts). Without
 * help that reads every row of the table's `search_text` index: 14 ms on MariaDB at 100,000 products,
 * for a term with a handful of matches. Neither database offers a substring index that fits: MariaDB's
 * FULLTEXT has no trigram parser, and SQLite's FTS5 trigram tokenizer was 8 times slower than the scan
 * for frequent terms.
 *
 * So the tables that grow with the business keep a trigram index beside them: `<table>_search_trigrams`
 * holds one (trigram, row id) pair per distinct sequence of three characters of the row's
 * `search_text`. Every occurrence of a term contains each of the term's trigrams, so the rows listed
 * under the term's rarest trigram are a superset of its matches: the search reads that list (a range
 * of the primary key), then tests only those rows (by primary key) with the substring test itself,
 * which keeps the answer exact whatever the index holds in excess.
 *
 * Triggers keep the index, so every writer does: the API of any replica, the seed, a bulk import. A
 * row's trigrams are cut by the database (`substr` over the positions 1 to SEARCH_TEXT_LENGTH of
 * `search_positions`), counting characters as JavaScript's code points do (trigramsOf).
 *
 * Like the order counts, the triggers are ensured at every start (ensureSearchTrigrams): a restored
 * dump has none, and TypeORM's SQLite migrations drop a table's triggers when they rebuild it. When a
 * table's triggers are missing, its index is built again from the rows. For the same reason backups
 * carry the index tables' structure but not their rows (backup/database-snapshot.ts).
 */

/** The tables whose search goes through a trigram index: those that grow with the business. */
export const TRIGRAM_INDEXED_TABLES = ['products', 'orders', 'customers', 'blog_articles', 'stock_entries'];

/** The numbers 1 to SEARCH_TEXT_LENGTH: the positions at which the triggers cut trigrams. */
export const SEARCH_POSITIONS_TABLE = 'search_positions';

export const trigramTableOf = (table: string): string => `${table}_search_trigrams`;

/** Derived tables: rebuilt from the rows, so a backup keeps their structure only. */
export const SEARCH_TRIGRAM_TABLES = TRIGRAM_INDEXED_TABLES.map(trigramTableOf);

const triggersOf = (table: string) => ['insert', 'update', 'delete'].map((kind) => `${trigramTableOf(table)}_${kind}`);

export const SEARCH_TRIGRAM_TRIGGERS = TRIGRAM_INDEXED_TABLES.flatMap(triggersOf);

/** The distinct trigrams of a normalised term, cut on code points (as the databases count characters). */
export function trigramsOf(term: string): string[] {
  const characters = Array.from(term);
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= characters.length; i++) trigrams.add(characters.slice(i, i + 3).join(''));
  return [...trigrams];
}

/**
 * The (trigram, id) pairs of `row`'s search_text: `row` is NEW or OLD in a trigger, or the alias of
 * the table that `rows` joins in front of the positions ("products r JOIN ") for a rebuild.
 */
function sqliteTrigramRows(row: string, rows = ''): string {
  return `SELECT substr(${row}."search_text", p."n", 3), ${row}."id" FROM ${rows}"${SEARCH_POSITIONS_TABLE}" p
          WHERE p."n" <= length(${row}."search_text") - 2`;
}

function mysqlTrigramRows(row: string, rows = ''): string {
  return `SELECT SUBSTRING(${row}.\`search_text\`, p.\`n\`, 3), ${row}.\`id\` FROM ${rows}\`${SEARCH_POSITIONS_TABLE}\` p
          WHERE p.\`n\` <= CHAR_LENGTH(${row}.\`search_text\`) - 2`;
}

function sqliteTriggers(table: string): string[] {
  const index = trigramTableOf(table);
  const [insert, update, remove] = triggersOf(table);
  const add = (row: string) => `INSERT INTO "${index}" ("trigram", "row_id") ${sqliteTrigramRows(row)} ON CONFLICT DO NOTHING;`;
  // Only the pairs of the row's old text, each found by the primary key.
  const drop = (row: string) =>
    `DELETE FROM "${index}" WHERE "row_id" = ${row}."id" AND "trigram" IN (
       SELECT substr(${row}."search_text", p."n", 3) FROM "${SEARCH_POSITIONS_TABLE}" p
       WHERE p."n" <= length(${row}."search_text") - 2);`;
  return [
    `CREATE TRIGGER "${insert}" AFTER INSERT ON "${table}" BEGIN ${add('NEW')} END`,
    `CREATE TRIGGER "${update}" AFTER UPDATE OF "search_text" ON "${table}"
       WHEN OLD."search_text" IS NOT NEW."search_text" BEGIN ${drop('OLD')} ${add('NEW')} END`,
    `CREATE TRIGGER "${remove}" AFTER DELETE ON "${table}" BEGIN ${drop('OLD')} END`,
  ];
}

function mysqlTriggers(table: string): string[] {
  const index = trigramTableOf(table);
  const [insert, update, remove] = triggersOf(table);
  const add = (row: string) =>
    `INSERT INTO \`${index}\` (\`trigram\`, \`row_id\`) ${mysqlTrigramRows(row)}
       ON DUPLICATE KEY UPDATE \`row_id\` = \`${index}\`.\`row_id\``;
  // Driven by the positions, each pair found by the whole primary key: no scan of the index.
  const drop = (row: string) =>
    `DELETE t FROM \`${index}\` t JOIN \`${SEARCH_POSITIONS_TABLE}\` p ON t.\`trigram\` = SUBSTRING(${row}.\`search_text\`, p.\`n\`, 3)
       WHERE p.\`n\` <= CHAR_LENGTH(${row}.\`search_text\`) - 2 AND t.\`row_id\` = ${row}.\`id\``;
  return [
    `CREATE TRIGGER \`${insert}\` AFTER INSERT ON \`${table}\` FOR EACH ROW ${add('NEW')}`,
    `CREATE TRIGGER \`${update}\` AFTER UPDATE ON \`${table}\` FOR EACH ROW
     BEGIN
       IF NOT (OLD.\`search_text\` <=> NEW.\`search_text\`) THEN
         ${drop('OLD')};
         ${add('NEW')};
       END IF;
     END`,
    `CREATE TRIGGER \`${remove}\` AFTER DELETE ON \`${table}\` FOR EACH ROW ${drop('OLD')}`,
  ];
}

/**
 * Creates the triggers of every indexed table that misses one (after the migrations, under the boot
 * lock), and builds that table's index again from its rows. Returns the tables it rebuilt.
 */
export async function ensureSearchTrigrams(dataSource: DataSource): Promise<string[]> {
  const present = await presentTriggers(dataSource);
  const sqlite = isSqlite(dataSource);
  const q = quoteIdentifier(dataSource);
  const rebuilt: string[] = [];
  for (const table of TRIGRAM_INDEXED_TABLES) {
    const names = triggersOf(table);
    if (names.every((name) => present.has(name))) continue;
    for (const name of names) if (present.has(name)) await dataSource.query(`DROP TRIGGER ${q(name)}`);
    for (const statement of sqlite ? sqliteTriggers(table) : mysqlTriggers(table)) await dataSource.query(statement);
    // Triggers first, then the rebuild in one transaction: a write that lands meanwhile is either in
    // the rebuild (committed before it) or indexed by its trigger (a pair already there is kept).
    const index = trigramTableOf(table);
    await dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM ${q(index)}`);
      await manager.query(
        sqlite
          ? `INSERT INTO "${index}" ("trigram", "row_id") ${sqliteTrigramRows('r', `"${table}" r JOIN `)} ON CONFLICT DO NOTHING`
          : `INSERT INTO \`${index}\` (\`trigram\`, \`row_id\`) ${mysqlTrigramRows('r', `\`${table}\` r JOIN `)}
             ON DUPLICATE KEY UPDATE \`row_id\` = \`${index}\`.\`row_id\``,
      );
    });
    rebuilt.push(table);
  }
  if (rebuilt.length) new Logger('SearchTrigrams').log(`Search trigram index built for ${rebuilt.join(', ')}`);
  return rebuilt;
}

/** At most this many of a term's trigrams are weighed to find its rarest (spread over the term). */
const WEIGHED_TRIGRAMS = 12;

/** When no trigram of the term lists few enough rows, the rows listed under its rarest three (at most). */
const INTERSECTED_TRIGRAMS = 3;

/** A list is counted up to this many times the caller's limit before it may lead an intersection. */
const DEEP_FACTOR = 10;

/**
 * How many rows each trigram lists, as last counted, per database: a count up to a bound, so
 * `count === bound` means "at least". A guide to the rarest trigrams only: whatever it says, the rows
 * come from the lists as they are now, and a result longer than the limit sends the search to the
 * scan. So a stale figure costs time, never a result. Frequent trigrams stay frequent: remembering them
 * spares a frequent term the counting.
 */
class TrigramWeights {
  private static readonly MAX_ENTRIES = 20_000;
  private static readonly TTL_MS = 5 * 60_000;
  private readonly counts = new Map<string, { count: number; bound: number; at: number }>();

  /** The count, if one is known that answers up to `bound`. */
  get(key: string, bound: number, now: number): number | undefined {
    const entry = this.counts.get(key);
    if (!entry || now - entry.at > TrigramWeights.TTL_MS) return undefined;
    return entry.count < entry.bound || entry.bound >= bound ? Math.min(entry.count, bound) : undefined;
  }

  set(key: string, count: number, bound: number, now: number): void {
    this.counts.delete(key);
    this.counts.set(key, { count, bound, at: now });
    // Oldest first out (a Map iterates in insertion order).
    if (this.counts.size > TrigramWeights.MAX_ENTRIES) this.counts.delete(this.counts.keys().next().value!);
  }
}

const weightsOf = new WeakMap<DataSource, TrigramWeights>();

function weightsFor(dataSource: DataSource): TrigramWeights {
  let weights = weightsOf.get(dataSource);
  if (!weights) weightsOf.set(dataSource, (weights = new TrigramWeights()));
  return weights;
}

/**
 * The ids of the rows of `table` whose search_text contains the normalised term, found through the
 * trigram index: among the rows listed under the term's rarest trigram; or, when every trigram lists
 * more than `limit` rows, among those listed under all of its three rarest (the database walks the
 * shortest list and looks each row up in the two others by primary key). Each candidate is tested
 * with the substring test itself (by primary key), so the answer is exact whatever the index holds in
 * excess. `many` when more than `limit` rows match. Null when the index cannot help: the table keeps
 * none, the term is shorter than three characters, or even its rarest trigram lists more than ten
 * times `limit` rows (a frequent term: the caller scans instead, and finds its matches quickly).
 *
 * Lists are counted up to a bound (`limit` + 1, then ten times more for an intersection), so a
 * frequent trigram costs no more than a rare one, and the counts are remembered for a few minutes
 * (TrigramWeights). Reads outside any transaction (`dataSource.query`): lists and searches only.
 */
export async function trigramMatches(
  dataSource: DataSource,
  table: string,
  term: string,
  limit: number,
): Promise<number[] | 'many' | null> {
  if (!TRIGRAM_INDEXED_TABLES.includes(table)) return null;
  const all = trigramsOf(term);
  if (all.length === 0) return null;
  const step = Math.max(1, (all.length - 1) / (WEIGHED_TRIGRAMS - 1));
  const weighed = [
    ...new Set(Array.from({ length: Math.min(all.length, WEIGHED_TRIGRAMS) }, (_, i) => all[Math.round(i * step)]!)),
  ];
  const known = weightsFor(dataSource);
  const key = (trigram: string) => `${table}\u0000${trigram}`;
  const now = Date.now();
  const sqlite = isSqlite(dataSource);
  const q = quoteIdentifier(dataSource);
  const index = q(trigramTableOf(table));

  /** The trigrams, rarest first, each counted up to `bound` (those not known that far, in one statement). */
  const rarestFirst = async (bound: number): Promise<{ trigram: string; count: number }[]> => {
    const unknown = weighed.filter((trigram) => known.get(key(trigram), bound, now) === undefined);
    if (unknown.length) {
      const counts: Record<string, number | string> = (
        await dataSource.query(
          `SELECT ${unknown
            .map(
              (_, i) =>
                `(SELECT COUNT(*) FROM (SELECT 1 FROM ${index} WHERE ${q('trigram')} = ? LIMIT ${bound}) ${q(`c${i}`)}) AS ${q(`n${i}`)}`,
            )
            .join(', ')}`,
          unknown,
        )
      )[0];
      unknown.forEach((trigram, i) => known.set(key(trigram), Number(counts[`n${i}`]), bound, now));
    }
    return weighed
      .map((trigram) => ({ trigram, count: known.get(key(trigram), bound, now) ?? bound }))
      .sort((a, b) => a.count - b.count);
  };

  let lists = await rarestFirst(limit + 1);
  if (lists[0]!.count > limit) {
    lists = await rarestFirst(DEEP_FACTOR * limit + 1);
    if (lists[0]!.count > DEEP_FACTOR * limit) return null;
    lists = lists.slice(0, INTERSECTED_TRIGRAMS);
  } else lists = lists.slice(0, 1);

  // The shortest list first, in the order given (CROSS JOIN on SQLite, STRAIGHT_JOIN on MySQL/MariaDB);
  // each other list, then the row itself, probed by the whole primary key.
  const t = (i: number) => q(`t${i}`);
  const rows: { id: number | string }[] = await dataSource.query(
    `SELECT ${sqlite ? '' : 'STRAIGHT_JOIN '}${t(0)}.${q('row_id')} AS ${q('id')}
     FROM ${[...lists.map((_, i) => `${index} ${t(i)}`), `${q(table)} ${q('r')}`].join(sqlite ? ' CROSS JOIN ' : ' JOIN ')}
     WHERE ${lists
       .map((_, i) => `${t(i)}.${q('trigram')} = ?${i ? ` AND ${t(i)}.${q('row_id')} = ${t(0)}.${q('row_id')}` : ''}`)
       .join(' AND ')}
       AND ${q('r')}.${q('id')} = ${t(0)}.${q('row_id')} AND ${searchTextContains(sqlite, `${q('r')}.${q('search_text')}`, '?')}
     LIMIT ${limit + 1}`,
    [...lists.map((list) => list.trigram), term],
  );
  return rows.length > limit ? 'many' : rows.map((r) => Number(r.id));
}
