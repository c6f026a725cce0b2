import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
  type Relation,
} from 'typeorm';
import type { Order } from '../../orders/entities/order.entity.js';
import { SearchTextColumn } from '../../common/search-text.js';

@Entity('customers')
export class Customer {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised company_name, company_email, representative_name for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['company_name', 'company_email', 'representative_name'])
  search_text?: string;

  @Index('IDX_customers_company_name')
  @Column({ type: 'varchar', length: 255 })
  company_name: string;

  @Column({ type: 'varchar', length: 255, unique: true })
  company_email: string;

  @Column({ type: 'varchar', length: 50 })
  company_phone: string;

  @Column({ type: 'varchar', length: 255 })
  company_address: string;

  @Index('IDX_customers_representative_name')
  @Column({ type: 'varchar', length: 255 })
  representative_name: string;

  @Column({ type: 'varchar', length: 50 })
  representative_phone: string;

  @Column({ type: 'varchar', length: 255 })
  representative_email: string;

  @OneToMany('Order', (order: Order) => order.customer)
  orders?: Relation<Order>[];

  /** Optimistic concurrency (common/versioning.ts): 1 on insert, +1 on every save. */
  @VersionColumn({ default: 1 })
  version: number;

  /** Who saved last: a staff member's id, without a foreign key so that it outlives them. */
  @Column({ type: 'int', nullable: true })
  updated_by: number | null;

  @Index('IDX_customers_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @Index('IDX_customers_updated_at')
  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
