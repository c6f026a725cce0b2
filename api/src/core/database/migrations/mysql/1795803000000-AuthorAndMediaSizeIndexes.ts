import type { MigrationInterface, QueryRunner } from 'typeorm';

// Found by bench:api's deep pages with every staff list grown to 100,000 rows (docs/performance.md): the
// media list sorted by size sorted the whole table. The articles' author column already has an index
// here, the one InnoDB made for its foreign key: it is renamed to the entity's name, so that both
// databases declare the same index (SQLite had none, and read every article to count an author's).
export class AuthorAndMediaSizeIndexes1795803000000 implements MigrationInterface {
  name = 'AuthorAndMediaSizeIndexes1795803000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `blog_articles` RENAME INDEX `FK_a26f2051658ca4e163e83c2f539` TO `IDX_blog_articles_user`');
    await queryRunner.query('CREATE INDEX `IDX_media_size` ON `media` (`size`)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `IDX_media_size` ON `media`');
    await queryRunner.query('ALTER TABLE `blog_articles` RENAME INDEX `IDX_blog_articles_user` TO `FK_a26f2051658ca4e163e83c2f539`');
  }
}
