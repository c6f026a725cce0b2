import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Addresses whose owner opened an order's confirmation link: their requests hold stock for
 * ORDER_HOLD_DAYS and get every e-mail at once. Any other address typed in the public form gets one
 * e-mail, the confirmation link, until it confirms (Comptoir cannot be used to mail strangers).
 */
@Entity('confirmed_emails')
export class ConfirmedEmail {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'datetime' })
  confirmed_at: Date;
}
