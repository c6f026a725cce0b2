import { Column, EventSubscriber, Index, type EntitySubscriberInterface, type InsertEvent, type UpdateEvent } from 'typeorm';

/**
 * Search that finds what people type, the same on SQLite and MySQL/MariaDB: every searchable entity
 * keeps a `search_text` column, the normalised text of its searchable fields, and lists compare the
 * normalised term with it. Neither database folds case and accents alike (SQLite's LOWER() leaves
 * "É" alone; MySQL collations differ on "Œ"), so the folding is done once, here, in JavaScript.
 */

/** The separator between fields in `search_text`: a search term never contains it (see normalizeSearch). */
const FIELD_SEPARATOR = '\n';

const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

/**
 * Lower case, accents removed, ligatures expanded, runs of spaces made one space, trimmed:
 * "  Électrogène  Œuvre " → "electrogene oeuvre". The one normalisation of search terms and columns.
 */
export function normalizeSearch(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[œæßøđłı]/g, (c) => LIGATURES[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The searchable fields of each entity class, declared by @SearchTextColumn. */
const SOURCES = new Map<Function, string[]>();

/** The value of `search_text` for these field values (in the declared order). */
export function searchTextOf(values: (string | null | undefined)[]): string {
  return values.map(normalizeSearch).join(FIELD_SEPARATOR);
}

/** Longest `search_text` kept: enough for any list's fields, short enough to scan fast. */
export const SEARCH_TEXT_LENGTH = 512;

/**
 * Declares the entity's `search_text` column, kept up to date by `SearchTextSubscriber` from `fields`
 * on every insert and update (repository or query builder). Indexed so that a search scans the
 * narrow index instead of the table.
 */
export function SearchTextColumn(fields: string[]): PropertyDecorator {
  const column = Column({ type: 'varchar', length: SEARCH_TEXT_LENGTH, default: '', select: false });
  return (target, propertyKey) => {
    SOURCES.set(target.constructor, fields);
    Index()(target, propertyKey);
    column(target, propertyKey);
  };
}

export const SEARCH_TEXT = 'search_text';

/**
 * SQL true when the normalised term (`placeholder`) occurs in `column`, a search_text. Both sides are
 * already folded, so the test is a plain byte substring: `instr()` on SQLite, and `LOCATE()` on a
 * BINARY cast on MySQL/MariaDB, which skips the collation's per-character folding that `LIKE` pays on
 * utf8mb4_unicode_ci (half the time of a scan of 100,000 rows there; see docs/performance.md), and
 * needs no escaping of `%` and `_`.
 */
export function searchTextContains(sqlite: boolean, column: string, placeholder: string): string {
  return sqlite ? `instr(${column}, ${placeholder}) > 0` : `LOCATE(${placeholder}, CAST(${column} AS BINARY)) > 0`;
}

/** Keeps `search_text` in step with the fields it is made of, whatever path writes the entity. */
@EventSubscriber()
export class SearchTextSubscriber implements EntitySubscriberInterface {
  beforeInsert(event: InsertEvent<Record<string, unknown>>): void {
    const fields = SOURCES.get(event.metadata.target as Function);
    if (!fields || !event.entity) return;
    event.entity[SEARCH_TEXT] = searchTextOf(fields.map((f) => event.entity[f] as string | undefined)).slice(
      0,
      SEARCH_TEXT_LENGTH,
    );
  }

  beforeUpdate(event: UpdateEvent<Record<string, unknown>>): void {
    const fields = SOURCES.get(event.metadata.target as Function);
    const changes = event.entity as Record<string, unknown> | undefined;
    if (!fields || !changes) return;
    const given = fields.filter((f) => changes[f] !== undefined);
    if (given.length === 0) return;
    const before = event.databaseEntity as Record<string, unknown> | undefined;
    const missing = fields.filter((f) => changes[f] === undefined && !before);
    // An update through the query builder carries only the changed columns and no row: a partial
    // change of the searchable fields would leave search_text stale, so it is a programming error.
    if (missing.length > 0)
      throw new Error(
        `${event.metadata.name}: update ${fields.join(', ')} together (search_text), missing ${missing.join(', ')}`,
      );
    changes[SEARCH_TEXT] = searchTextOf(fields.map((f) => (changes[f] ?? before?.[f]) as string | undefined)).slice(
      0,
      SEARCH_TEXT_LENGTH,
    );
  }
}

/**
 * Backfills `search_text` of existing rows (used by the migration that adds the column): reads the
 * fields in batches and writes the normalised text.
 */
export async function backfillSearchText(
  query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>,
  table: string,
  fields: string[],
  quote: (name: string) => string,
): Promise<void> {
  let last = 0;
  for (;;) {
    const rows = await query(
      `SELECT ${quote('id')}, ${fields.map(quote).join(', ')} FROM ${quote(table)} WHERE ${quote('id')} > ? ORDER BY ${quote('id')} LIMIT 500`,
      [last],
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      const text = searchTextOf(fields.map((f) => row[f] as string | null)).slice(0, SEARCH_TEXT_LENGTH);
      await query(`UPDATE ${quote(table)} SET ${quote('search_text')} = ? WHERE ${quote('id')} = ?`, [text, row.id]);
    }
    last = Number(rows[rows.length - 1].id);
  }
}
