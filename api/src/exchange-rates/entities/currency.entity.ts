import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A currency a product can be priced in: Dollar ($, USD), Euro (€, EUR), Fcfa (FCFA, XOF). */
@Entity('currencies')
export class Currency {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  symbol: string;

  /** ISO 4217 code. */
  @Column({ type: 'varchar', length: 3 })
  code: string;
}
