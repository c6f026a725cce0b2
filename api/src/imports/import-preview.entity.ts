import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { LongTextColumn } from '../core/database/column-types.js';

/**
 * An import's preview waiting for « Appliquer », in the database so that any replica can apply it: the
 * valid rows as read and checked (JSON), kept 30 minutes, taken out (deleted) by the one apply that
 * runs. The token is random (unguessable) and tied to the person and the kind.
 */
@Entity('import_previews')
@Index('IDX_import_previews_user', ['user_id', 'created_at'])
export class ImportPreviewRecord {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  token: string;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  @Column({ type: 'varchar', length: 200 })
  file_name: string;

  /** Rows in error, left out of the apply. */
  @Column({ type: 'int' })
  skipped: number;

  /** The valid rows and the staged images' storage paths (JSON, gzipped, in base64). */
  @LongTextColumn()
  payload: string;

  @Column({ type: 'datetime' })
  created_at: Date;

  @Index('IDX_import_previews_expires')
  @Column({ type: 'datetime' })
  expires_at: Date;
}
