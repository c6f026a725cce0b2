import type { MigrationInterface, QueryRunner } from 'typeorm';

// The product form wrote its adjustments' reason as « erreur de saisie » while every other adjustment
// uses the reason's key (`erreur_de_saisie`): one spelling, so that lists, filters and labels agree.
export class MovementReasonKeys1795801000000 implements MigrationInterface {
  name = 'MovementReasonKeys1795801000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "stock_movements" SET "reason" = 'erreur_de_saisie' WHERE "reason" = 'erreur de saisie'`,
    );
  }

  async down(): Promise<void> {
    // Nothing to undo: both spellings meant the same reason.
  }
}
