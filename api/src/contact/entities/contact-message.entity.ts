import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A message sent from the public contact form; kept even if mailing it to the company fails. */
@Entity('contact_messages')
export class ContactMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 255 })
  object: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ip: string | null;

  @Index('IDX_contact_messages_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @Column({ type: 'datetime', nullable: true })
  mailed_at: Date | null;
}
