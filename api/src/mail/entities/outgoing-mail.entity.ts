import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The outbox: every e-mail is written here first and sent (and retried) by the mail worker. */
@Entity('outgoing_mails')
@Index('IDX_outgoing_mails_status_next', ['status', 'next_attempt_at'])
export class OutgoingMail {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  to_address: string;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  /** Where replies go (the visitor who wrote, the customer who ordered); null = to the sender. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  reply_to: string | null;

  /** Newsletter and marketing mail: the one-click unsubscribe address (List-Unsubscribe, RFC 8058). */
  @Column({ type: 'varchar', length: 512, nullable: true })
  list_unsubscribe: string | null;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text', nullable: true })
  html: string | null;

  /** What the mail is for, e.g. "password-reset", "contact", "order-received". */
  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ type: 'varchar', length: 10, default: 'queued' })
  status: MailStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  last_error: string | null;

  @Column({ type: 'datetime', nullable: true })
  next_attempt_at: Date | null;

  @Column({ type: 'datetime', nullable: true })
  sent_at: Date | null;

  /** What the mail is about, e.g. "order:12" (the order detail lists its mails). */
  @Index('IDX_outgoing_mails_related')
  @Column({ type: 'varchar', length: 40, nullable: true })
  related: string | null;

  /**
   * Attachments as references, JSON string[] such as ["devis:12"]: the file is made when the mail is
   * delivered (by the resolver registered for the prefix), so the outbox stays small.
   */
  @Column({ type: 'varchar', length: 255, nullable: true })
  attachments: string | null;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
