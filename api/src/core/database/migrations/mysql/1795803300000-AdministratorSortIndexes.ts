import type { MigrationInterface, QueryRunner } from 'typeorm';

// The administrators' list at 100,000 rows (docs/performance.md): sorted by « Nom » (name, then id) it
// sorted the whole table, the index on (name, firstname) holding the ids in first-name order. An index
// on the name alone holds them in id order (InnoDB keeps the primary key in every secondary index); the
// first name and creation date sorts get theirs. Nothing ordered by name then first name.
export class AdministratorSortIndexes1795803300000 implements MigrationInterface {
  name = 'AdministratorSortIndexes1795803300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `IDX_users_name` ON `users`');
    await queryRunner.query('CREATE INDEX `IDX_users_name` ON `users` (`name`)');
    await queryRunner.query('CREATE INDEX `IDX_users_firstname` ON `users` (`firstname`)');
    await queryRunner.query('CREATE INDEX `IDX_users_created_at` ON `users` (`created_at`)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `IDX_users_created_at` ON `users`');
    await queryRunner.query('DROP INDEX `IDX_users_firstname` ON `users`');
    await queryRunner.query('DROP INDEX `IDX_users_name` ON `users`');
    await queryRunner.query('CREATE INDEX `IDX_users_name` ON `users` (`name`, `firstname`)');
  }
}
