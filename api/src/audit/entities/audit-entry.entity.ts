import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { LongTextColumn } from '../../core/database/column-types.js';
import { SearchTextColumn } from '../../common/search-text.js';

/**
 * One line of the activity history: who did what to which record, when, from where. Written in the
 * transaction of the change it describes. `user_id` is not a foreign key: the history of a deleted
 * administrator stays, with the name they had at the time in `user_name`.
 */
@Entity('audit_entries')
@Index('IDX_audit_entity', ['entity', 'entity_id', 'id'])
@Index('IDX_audit_user', ['user_id', 'id'])
export class AuditEntry {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised label, user name and address: the journal's search ignores accents and case (common/search-text.ts). */
  @SearchTextColumn(['label', 'user_name', 'ip'])
  search_text?: string;

  @Index('IDX_audit_created_at')
  @Column({ type: 'datetime' })
  created_at: Date;

  /** `staff` (a signed-in user), `public` (a visitor's request) or `system` (a command, the server itself). */
  @Column({ type: 'varchar', length: 10 })
  actor: string;

  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  /** "Prénom Nom" of the user when the entry was written. */
  @Index('IDX_audit_user_name')
  @Column({ type: 'varchar', length: 201, nullable: true })
  user_name: string | null;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ip: string | null;

  /** The kind of record: product, order, article, customer, user, role, brand, category, stock_entry, ... */
  @Column({ type: 'varchar', length: 40 })
  entity: string;

  @Column({ type: 'int', nullable: true })
  entity_id: number | null;

  /** How the record was called at the time (product name, order number, e-mail), for reading and searching. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  label: string | null;

  /** create, update, delete, status, permissions, password, login, login_failed, login_throttled, logout, session_revoked */
  @Index('IDX_audit_action')
  @Column({ type: 'varchar', length: 20 })
  action: string;

  /** JSON `{ field: { before, after } }` of the fields that changed (secrets masked), or null. */
  @LongTextColumn({ nullable: true })
  changes: string | null;
}
