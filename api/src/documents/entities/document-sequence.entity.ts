import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The last number given for each kind of document and year (docs/order-model.md, "Numbering"): taken
 * by documents/document-numbers.ts in the document's own transaction, so numbers are gapless.
 */
@Entity('document_sequences')
export class DocumentSequence {
  /** order (CMD-), quote (DEV-), delivery (BL-), invoice (FAC-), credit_note (AV-). */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind: string;

  @PrimaryColumn({ type: 'int' })
  year: number;

  @Column({ type: 'int', default: 0 })
  last: number;
}
