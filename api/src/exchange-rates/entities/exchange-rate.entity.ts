import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One rate set by staff: "1 <currency_code> = <rate> XOF" from `rate_date`. Rows are never changed or
 * deleted (the history is the table); the rate in force for a currency is its latest row dated today
 * or earlier. The euro is not here: its parity with the CFA franc is fixed (see common/money.ts).
 */
@Entity('exchange_rates')
@Index('IDX_exchange_rates_code_date', ['currency_code', 'rate_date'])
export class ExchangeRate {
  @PrimaryGeneratedColumn()
  id: number;

  /** ISO 4217 code, e.g. USD. */
  @Column({ type: 'varchar', length: 3 })
  currency_code: string;

  /** XOF for one unit, a decimal string with at most 6 decimals (exact on both drivers). */
  @Column({ type: 'varchar', length: 24 })
  rate: string;

  /** YYYY-MM-DD: the day from which the rate applies. */
  @Column({ type: 'varchar', length: 10 })
  rate_date: string;

  @Column({ type: 'int', nullable: true })
  set_by_id: number | null;

  /** Name of the staff member at the time (kept when the account is removed). */
  @Column({ type: 'varchar', length: 255 })
  set_by_name: string;

  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;
}
