import type { MigrationInterface, QueryRunner } from 'typeorm';

// The imports' previews (import_previews), kept in the database so that « Appliquer » works on any
// replica, not only on the process that read the file. LONGTEXT: 10,000 rows of products are megabytes.
export class ImportPreviews1795802200000 implements MigrationInterface {
  name = 'ImportPreviews1795802200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`import_previews\` (\`token\` varchar(64) NOT NULL, \`user_id\` int NOT NULL, \`kind\` varchar(20) NOT NULL, \`file_name\` varchar(200) NOT NULL, \`skipped\` int NOT NULL, \`payload\` longtext NOT NULL, \`created_at\` datetime NOT NULL, \`expires_at\` datetime NOT NULL, INDEX \`IDX_import_previews_user\` (\`user_id\`, \`created_at\`), INDEX \`IDX_import_previews_expires\` (\`expires_at\`), PRIMARY KEY (\`token\`)) ENGINE=InnoDB`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`import_previews\``);
  }
}
