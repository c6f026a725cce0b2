import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from '../../../admins/entities/user.entity.js';

/** A single-use recovery code of a staff account: only its keyed hash is kept (shown once, at creation). */
@Entity('recovery_codes')
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_recovery_codes_user')
  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 64 })
  code_hash: string;

  @Column({ type: 'datetime', nullable: true })
  used_at: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
