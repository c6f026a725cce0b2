import type { MigrationInterface, QueryRunner } from 'typeorm';

// The imports' previews (import_previews), kept in the database so that « Appliquer » works on any
// replica, not only on the process that read the file.
export class ImportPreviews1795802200000 implements MigrationInterface {
  name = 'ImportPreviews1795802200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "import_previews" ("token" varchar(64) PRIMARY KEY NOT NULL, "user_id" integer NOT NULL, "kind" varchar(20) NOT NULL, "file_name" varchar(200) NOT NULL, "skipped" integer NOT NULL, "payload" text NOT NULL, "created_at" datetime NOT NULL, "expires_at" datetime NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_import_previews_user" ON "import_previews" ("user_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_import_previews_expires" ON "import_previews" ("expires_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_import_previews_expires"`);
    await queryRunner.query(`DROP INDEX "IDX_import_previews_user"`);
    await queryRunner.query(`DROP TABLE "import_previews"`);
  }
}
