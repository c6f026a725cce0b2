import type { MigrationInterface, QueryRunner } from 'typeorm';

// Found by bench:api's deep pages with every staff list grown to 100,000 rows (docs/performance.md):
// the administrators' list counted each one's articles by reading every article (28 ms a page: the
// author column sits past the article's body in the row), and the media list sorted by size sorted the
// whole table (26 ms). An index on each column reads only what the page needs.
export class AuthorAndMediaSizeIndexes1795803000000 implements MigrationInterface {
  name = 'AuthorAndMediaSizeIndexes1795803000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_blog_articles_user" ON "blog_articles" ("user_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_media_size" ON "media" ("size") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_media_size"`);
    await queryRunner.query(`DROP INDEX "IDX_blog_articles_user"`);
  }
}
