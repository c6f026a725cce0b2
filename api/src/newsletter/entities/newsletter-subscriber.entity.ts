import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A newsletter address. Double opt-in: an address typed in the form gets one
 * e-mail with a confirmation link and receives nothing else until its owner opens it
 * (`confirmed_at`); every newsletter mail carries its unsubscribe link (`unsubscribe_token`).
 */
@Entity('newsletter_subscribers')
export class NewsletterSubscriber {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stored lowercase. */
  @Column({ type: 'varchar', length: 255, unique: true })
  email: string;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @Column({ type: 'datetime', nullable: true })
  confirmed_at: Date | null;

  /** sha256 of the confirmation link's token; null once confirmed. */
  @Index('IDX_newsletter_confirm_token', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  confirm_token_hash: string | null;

  /** The token of the unsubscribe link (it can only unsubscribe this address). */
  @Index('IDX_newsletter_unsubscribe_token', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  unsubscribe_token: string | null;
}
