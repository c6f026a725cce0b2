import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from '../../admins/entities/user.entity.js';

/**
 * Sign-in helpers of one account; only the sha256 of each token is stored.
 * - `device`: the long-lived cookie of a browser where the account signed in before. Failures from it
 *   are counted for that browser alone, so neither its address (an office NAT) nor an attacker
 *   guessing the account's password elsewhere can keep its user out.
 * - `link`: a one-time sign-in link e-mailed when the account is under a password-guessing attack.
 * - `mfa`: a sign-in waiting for its second factor (5 minutes, spent once; two-factor/two-factor.service.ts).
 * - `webauthn`: a spent WebAuthn challenge, kept until it expires so it cannot be replayed.
 */
@Entity('sign_in_tokens')
export class SignInToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_sign_in_tokens_user')
  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 16 })
  kind: 'device' | 'link' | 'mfa' | 'webauthn';

  @Column({ type: 'varchar', length: 64, unique: true })
  token_hash: string;

  @Index('IDX_sign_in_tokens_expires_at')
  @Column({ type: 'datetime' })
  expires_at: Date;

  @Column({ type: 'datetime', nullable: true })
  used_at: Date | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
