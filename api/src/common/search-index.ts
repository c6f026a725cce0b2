/**
 * Full-text index of the big searchable tables on SQLite: an FTS5 table with the trigram tokenizer
 * over `search_text` (external content, kept by triggers), so that "contains this text" is answered
 * from the index instead of scanning every row. MySQL/MariaDB scan the narrow `search_text` index.
 */

/** Tables searched through `<table>_search` on SQLite (the ones that grow with the business). */
export const FULL_TEXT_TABLES: readonly string[] = ['products', 'blog_articles', 'orders'];

/** Trigram matching needs at least three characters; shorter terms fall back to LIKE. */
export const FULL_TEXT_MIN_LENGTH = 3;

type Query = (sql: string, params?: unknown[]) => Promise<unknown[]>;

const q = (name: string) => `"${name}"`;

function statements(table: string): string[] {
  const fts = `${table}_search`;
  return [
    `CREATE VIRTUAL TABLE IF NOT EXISTS ${q(fts)} USING fts5(search_text, content='${table}', content_rowid='id', tokenize='trigram')`,
    `CREATE TRIGGER IF NOT EXISTS ${q(`${fts}_ai`)} AFTER INSERT ON ${q(table)} BEGIN
       INSERT INTO ${q(fts)}(rowid, search_text) VALUES (new.id, new.search_text); END`,
    `CREATE TRIGGER IF NOT EXISTS ${q(`${fts}_ad`)} AFTER DELETE ON ${q(table)} BEGIN
       INSERT INTO ${q(fts)}(${q(fts)}, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`,
    `CREATE TRIGGER IF NOT EXISTS ${q(`${fts}_au`)} AFTER UPDATE OF search_text ON ${q(table)} BEGIN
       INSERT INTO ${q(fts)}(${q(fts)}, rowid, search_text) VALUES ('delete', old.id, old.search_text);
       INSERT INTO ${q(fts)}(rowid, search_text) VALUES (new.id, new.search_text); END`,
  ];
}

/**
 * Creates the SQLite full-text tables and their triggers when any is missing, and rebuilds the index
 * then. Run by the migration that introduced them and again at every start: a later migration that
 * rebuilds one of these tables (SQLite's way to alter a column) drops its triggers with it, and this
 * puts them back before the index can drift.
 */
export async function ensureSearchIndexes(query: Query): Promise<void> {
  for (const table of FULL_TEXT_TABLES) {
    const fts = `${table}_search`;
    const tableExists = await query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?`, [table]);
    if (tableExists.length === 0) continue;
    const present = await query(`SELECT name FROM sqlite_master WHERE name IN (?, ?, ?, ?)`, [
      fts,
      `${fts}_ai`,
      `${fts}_ad`,
      `${fts}_au`,
    ]);
    if (present.length === 4) continue;
    for (const sql of statements(table)) await query(sql);
    await query(`INSERT INTO ${q(fts)}(${q(fts)}) VALUES ('rebuild')`);
  }
}

export async function dropSearchIndexes(query: Query): Promise<void> {
  for (const table of FULL_TEXT_TABLES) {
    const fts = `${table}_search`;
    for (const trigger of ['ai', 'ad', 'au']) await query(`DROP TRIGGER IF EXISTS ${q(`${fts}_${trigger}`)}`);
    await query(`DROP TABLE IF EXISTS ${q(fts)}`);
  }
}

/** The MATCH expression of a normalised term: one quoted phrase, i.e. the text anywhere (trigrams). */
export const fullTextPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;
