import type { MigrationInterface, QueryRunner } from 'typeorm';

// The trigram indexes of the searchable tables that grow (see common/search-trigrams.ts), written by
// hand: they are not entities. Their triggers are created, and the indexes filled, after the
// migrations at every start; going back drops them with the tables. A trigram is kept as bytes
// (three characters of utf8mb4, at most 12), compared exactly as the search compares search_text.
const INDEXED = ['products', 'orders', 'customers', 'blog_articles', 'stock_entries'];
const SEARCH_TEXT_LENGTH = 512;

export class SearchTrigrams1795477040332 implements MigrationInterface {
  name = 'SearchTrigrams1795477040332';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`search_positions\` (\`n\` smallint NOT NULL, PRIMARY KEY (\`n\`)) ENGINE=InnoDB`);
    await queryRunner.query(
      `INSERT INTO \`search_positions\` (\`n\`) VALUES ${Array.from({ length: SEARCH_TEXT_LENGTH }, (_, i) => `(${i + 1})`).join(', ')}`,
    );
    for (const table of INDEXED)
      await queryRunner.query(
        `CREATE TABLE \`${table}_search_trigrams\` (\`trigram\` varbinary(12) NOT NULL, \`row_id\` int NOT NULL, PRIMARY KEY (\`trigram\`, \`row_id\`)) ENGINE=InnoDB`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of INDEXED) {
      for (const kind of ['insert', 'update', 'delete'])
        await queryRunner.query(`DROP TRIGGER IF EXISTS \`${table}_search_trigrams_${kind}\``);
      await queryRunner.query(`DROP TABLE \`${table}_search_trigrams\``);
    }
    await queryRunner.query(`DROP TABLE \`search_positions\``);
  }
}
