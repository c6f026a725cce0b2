import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from '../../../admins/entities/user.entity.js';

/**
 * A second factor of a staff account.
 * - `totp`: an authenticator application. `secret` is the RFC 6238 secret sealed with AES-GCM
 *   (secret-box.ts), never sent back once enrolled; `confirmed_at` stays null until the person typed a
 *   first code, so a half-done enrolment never guards (nor locks) the account. `last_step` is the time
 *   step of the last accepted code: a code is accepted once.
 * - `passkey`: a WebAuthn credential. `secret` is its COSE public key (base64url), `credential_id` the
 *   id the authenticator gives back, `counter` its signature counter (a clone shows a lower one).
 */
@Entity('two_factor_credentials')
export class TwoFactorCredential {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_two_factor_credentials_user')
  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 16 })
  kind: 'totp' | 'passkey';

  @Column({ type: 'varchar', length: 100 })
  label: string;

  @Column({ type: 'text', select: false })
  secret: string;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  credential_id: string | null;

  @Column({ type: 'int', default: 0 })
  counter: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  transports: string | null;

  @Column({ type: 'int', nullable: true })
  last_step: number | null;

  @Column({ type: 'datetime', nullable: true })
  confirmed_at: Date | null;

  @Column({ type: 'datetime', nullable: true })
  last_used_at: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
