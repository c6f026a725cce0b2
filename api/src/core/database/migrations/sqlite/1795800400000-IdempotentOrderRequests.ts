import type { MigrationInterface, QueryRunner } from 'typeorm';

// The Idempotency-Key of public order requests (order_request_keys), and the newsletter's
// double opt-in (confirmation token, confirmed_at) with its unsubscribe token. Addresses subscribed
// before count as confirmed: they signed up under the rules of the time.
export class IdempotentOrderRequests1795800400000 implements MigrationInterface {
  name = 'IdempotentOrderRequests1795800400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "order_request_keys" ("key_hash" varchar(64) PRIMARY KEY NOT NULL, "order_id" integer NOT NULL, "created_at" datetime NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_order_request_keys_created" ON "order_request_keys" ("created_at")`);
    await queryRunner.query(`ALTER TABLE "newsletter_subscribers" ADD "confirmed_at" datetime NULL`);
    await queryRunner.query(`ALTER TABLE "newsletter_subscribers" ADD "confirm_token_hash" varchar(64) NULL`);
    await queryRunner.query(`ALTER TABLE "newsletter_subscribers" ADD "unsubscribe_token" varchar(64) NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_newsletter_confirm_token" ON "newsletter_subscribers" ("confirm_token_hash")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_newsletter_unsubscribe_token" ON "newsletter_subscribers" ("unsubscribe_token")`,
    );
    await queryRunner.query(`UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at"`);
    await queryRunner.query(`ALTER TABLE "outgoing_mails" ADD "list_unsubscribe" varchar(512) NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outgoing_mails" DROP COLUMN "list_unsubscribe"`);
    await queryRunner.query(`DROP INDEX "IDX_newsletter_unsubscribe_token"`);
    await queryRunner.query(`DROP INDEX "IDX_newsletter_confirm_token"`);
    await queryRunner.query(`ALTER TABLE "newsletter_subscribers" DROP COLUMN "unsubscribe_token"`);
    await queryRunner.query(`ALTER TABLE "newsletter_subscribers" DROP COLUMN "confirm_token_hash"`);
    await queryRunner.query(`ALTER TABLE "newsletter_subscribers" DROP COLUMN "confirmed_at"`);
    await queryRunner.query(`DROP TABLE "order_request_keys"`);
  }
}
