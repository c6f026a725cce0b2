import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from '../../admins/entities/user.entity.js';

/** A signed-in staff session, shared by every API replica through the database. */
@Entity('staff_sessions')
export class StaffSession {
  /** sha256 hex of the cookie token: a stolen database does not yield usable cookies. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Index('IDX_staff_sessions_user')
  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 64 })
  csrf_token: string;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  user_agent: string | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @Column({ type: 'datetime' })
  last_seen_at: Date;

  @Index('IDX_staff_sessions_expires_at')
  @Column({ type: 'datetime' })
  expires_at: Date;
}
