import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Failed sign-in counter per key (e.g. "email:x@y" or "ip:1.2.3.4"), shared by every replica. */
@Entity('login_throttles')
export class LoginThrottle {
  @PrimaryColumn({ type: 'varchar', length: 191 })
  key: string;

  @Column({ type: 'int', default: 0 })
  failures: number;

  @Column({ type: 'datetime' })
  window_started_at: Date;

  @Column({ type: 'datetime', nullable: true })
  locked_until: Date | null;
}
