import type { QueryRunner } from 'typeorm';

/**
 * The `order` rows of document_sequences, from the order numbers that exist (CMD-<year>-<n>): the
 * next request of each year continues after the highest number of that year. Plain SQL that both
 * databases read alike; the parsing is done here rather than in SQL (SUBSTRING/CAST differ).
 */
export async function seedOrderSequences(queryRunner: QueryRunner): Promise<void> {
  const rows: { order_num: string }[] = await queryRunner.query(`SELECT order_num FROM orders WHERE order_num LIKE 'CMD-%'`);
  const last = new Map<number, number>();
  for (const { order_num } of rows) {
    const match = /^CMD-(\d{4})-(\d+)$/.exec(order_num);
    if (!match) continue;
    const year = Number(match[1]);
    last.set(year, Math.max(last.get(year) ?? 0, Number(match[2])));
  }
  for (const [year, value] of last) {
    await queryRunner.query(`INSERT INTO document_sequences (kind, year, last) VALUES ('order', ?, ?)`, [year, value]);
  }
}
