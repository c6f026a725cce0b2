import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { MoneyColumn } from '../../core/database/column-types.js';
import { Customer } from '../../customers/entities/customer.entity.js';
import { OrderItem } from './order-item.entity.js';
import { SearchTextColumn } from '../../common/search-text.js';

import type { OrderStatus } from '../../shared/statuses.js';

export { ORDER_STATUSES, type OrderStatus } from '../../shared/statuses.js';

/** The currencies an order can be requested in (names as the order form sends them). */
export const ORDER_CURRENCIES = ['Dollar', 'Euro', 'Fcfa'] as const;
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];

@Entity('orders')
@Index('IDX_orders_status_created', ['status', 'created_at'])
// Covers the dashboard home's weekly charts (a range on created_at, nothing read from the table).
@Index('IDX_orders_chart', ['created_at', 'status', 'currency', 'total'])
// The staff list's currency filter and total sort.
@Index('IDX_orders_currency_created', ['currency', 'created_at'])
@Index('IDX_orders_total', ['total'])
// Two facets at once, and one currency's orders by client (migration 1795801900000).
@Index('IDX_orders_status_currency_created', ['status', 'currency', 'created_at'])
@Index('IDX_orders_currency_company', ['currency', 'company_name'])
// A client's orders (the client page), newest first.
@Index('IDX_orders_customer_created', ['customer_id', 'created_at'])
// The per-order list's « Facturé » and « Solde » sorts (invoices/order-billing.ts keeps the columns).
@Index('IDX_orders_billed_invoiced', ['billed_currency', 'invoiced_minor'])
@Index('IDX_orders_billed_balance', ['billed_currency', 'balance_minor'])
// The same sorts within a status chip (the orders page's main facet), without sorting the whole status.
@Index('IDX_orders_status_billed_invoiced', ['status', 'billed_currency', 'invoiced_minor'])
@Index('IDX_orders_status_billed_balance', ['status', 'billed_currency', 'balance_minor'])
// The per-order list's « Lignes », « Totaux par devise » and « Devis » sorts, alone and within a status
// chip (orders/order-list-columns.ts keeps the columns, migration 1795802600000).
@Index('IDX_orders_lines_count', ['lines_count'])
@Index('IDX_orders_status_lines_count', ['status', 'lines_count'])
@Index('IDX_orders_totals', ['totals_currency', 'totals_minor'])
@Index('IDX_orders_status_totals', ['status', 'totals_currency', 'totals_minor'])
@Index('IDX_orders_quote_version', ['quote_version'])
@Index('IDX_orders_status_quote_version', ['status', 'quote_version'])
// Every sort of the per-order list within a status chip or a currency (the filters the orders page
// offers): the page read in order from one index whatever share of the orders the facet holds.
@Index('IDX_orders_currency', ['currency'])
@Index('IDX_orders_status_order_num', ['status', 'order_num'])
@Index('IDX_orders_status_company', ['status', 'company_name'])
@Index('IDX_orders_status_currency', ['status', 'currency'])
@Index('IDX_orders_status_total', ['status', 'total'])
@Index('IDX_orders_status_hold_until', ['status', 'hold_until'])
@Index('IDX_orders_currency_order_num', ['currency', 'order_num'])
@Index('IDX_orders_currency_status', ['currency', 'status'])
@Index('IDX_orders_currency_total', ['currency', 'total'])
@Index('IDX_orders_currency_hold_until', ['currency', 'hold_until'])
@Index('IDX_orders_currency_billed_invoiced', ['currency', 'billed_currency', 'invoiced_minor'])
@Index('IDX_orders_currency_billed_balance', ['currency', 'billed_currency', 'balance_minor'])
@Index('IDX_orders_currency_lines_count', ['currency', 'lines_count'])
@Index('IDX_orders_currency_totals', ['currency', 'totals_currency', 'totals_minor'])
@Index('IDX_orders_currency_quote_version', ['currency', 'quote_version'])
// « N° » then the id: MariaDB does not order by a UNIQUE index's column then the id (migration 1795802900000).
@Index('IDX_orders_order_num_id', ['order_num', 'id'])
// A date range sorted by any column, from the index alone (migration 1795802600000).
@Index('IDX_orders_created_sorts', [
  'created_at',
  'status',
  'currency',
  'total',
  'order_num',
  'company_name',
  'hold_until',
  'billed_currency',
  'invoiced_minor',
  'balance_minor',
  'lines_count',
  'totals_currency',
  'totals_minor',
  'quote_version',
])
export class Order {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised order_num, company_name for accent- and case-insensitive search (common/search-text.ts). */
  @SearchTextColumn(['order_num', 'company_name'])
  search_text?: string;

  /** Human-readable number, e.g. CMD-2026-00042. */
  @Column({ type: 'varchar', length: 32, unique: true })
  order_num: string;

  @Index('IDX_orders_status')
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: OrderStatus;

  @Index('IDX_orders_company_name')
  @Column({ type: 'varchar', length: 255 })
  company_name: string;

  @Column({ type: 'varchar', length: 50 })
  company_phone: string;

  @Column({ type: 'varchar', length: 255 })
  company_email: string;

  @Column({ type: 'varchar', length: 255 })
  representative_name: string;

  @Column({ type: 'varchar', length: 50 })
  representative_phone: string;

  @Column({ type: 'varchar', length: 255 })
  representative_email: string;

  /** Carte bancaire, Visa, Chèque, Virement bancaire, Mobile Money. */
  @Column({ type: 'varchar', length: 50 })
  payment_by: string;

  @Column({ type: 'varchar', length: 10 })
  currency: OrderCurrency;

  @Column({ type: 'varchar', length: 255 })
  payment_term: string;

  /** Air, Route, Mer. */
  @Column({ type: 'varchar', length: 50 })
  delivery_method: string;

  @Column({ type: 'varchar', length: 255 })
  credit_level: string;

  /** Where the goods go (every delivery method needs one for a new request; null on older orders). */
  @Column({ type: 'text', nullable: true })
  delivery_address: string | null;

  /** The client's own reference, e.g. their purchase order number, repeated on every document. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  client_reference: string | null;

  /** The client's note with the request (opening hours, contact on site…). */
  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ type: 'int', nullable: true })
  customer_id: number | null;

  @ManyToOne(() => Customer, (customer) => customer.orders, { nullable: true, onDelete: 'SET NULL', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'customer_id' })
  customer?: Relation<Customer> | null;

  /** The total in the chosen currency (lines converted with `rates_json`), computed on the server. */
  @MoneyColumn({ default: '0.00' })
  total: string;

  /** Whether the items' quantities are currently taken from product.stock (false once canceled). */
  @Column({ type: 'boolean', default: true })
  stock_reserved: boolean;

  @Column({ type: 'datetime', nullable: true })
  shipped_at: Date | null;

  /** Totals per product currency, JSON OrderCurrencyTotal[] (null for orders made before currencies were free). */
  @Column({ type: 'text', nullable: true })
  totals_json: string | null;

  /** The exchange rates the conversion used, JSON OrderRateUsed[]. */
  @Column({ type: 'text', nullable: true })
  rates_json: string | null;

  /** Comma-separated codes that had no rate: `total` is then "0.00" and staff confirm the amount. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  missing_rates: string | null;

  /** A pending order's reservation runs until then; the hold job cancels it afterwards. */
  @Index('IDX_orders_hold_until')
  @Column({ type: 'datetime', nullable: true })
  hold_until: Date | null;

  /**
   * How the order holds its stock: `provisional` until the client's address is confirmed (short
   * hold, docs/order-model.md), `firm` once confirmed or vouched for by staff, null when it holds none.
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  hold_state: 'provisional' | 'firm' | null;

  /** sha256 of the token of the confirmation link e-mailed to an unconfirmed address; null once used. */
  @Index('IDX_orders_confirm_token', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  confirm_token_hash: string | null;

  /** The current quote version's state (draft, sent, accepted, declined, expired): quotes/quote-versions.service.ts keeps it. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  quote_state: 'draft' | 'sent' | 'accepted' | 'declined' | 'expired' | null;

  /** "expired" when the hold job cancelled the order. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  cancel_reason: string | null;

  /**
   * What the order's invoices add up to in their first currency by code (the first line of the list's
   * « Facturé » and « Solde »): the currency, the TTC invoiced less credit notes and the balance due, in
   * minor units; null before any invoice. Written by invoices/order-billing.ts in the transaction of
   * each invoice, credit note and payment, for the list's sorts only.
   */
  @Column({ type: 'varchar', length: 3, nullable: true })
  billed_currency: string | null;

  @Column({ type: 'bigint', nullable: true })
  invoiced_minor: string | null;

  @Column({ type: 'bigint', nullable: true })
  balance_minor: string | null;

  /**
   * The list's « Lignes », « Totaux par devise » and « Devis » sorts: the order's number of lines, its
   * first per-currency total by currency code (code and amount in minor units) and its latest quote
   * version's number (null without a quote; its state is `quote_state`). Written by
   * orders/order-list-columns.ts in the transaction that writes the lines or a quote version, for the
   * list's sorts only (the rows shown read the lines, totals_json and the versions themselves).
   */
  @Column({ type: 'int', default: 0 })
  lines_count: number;

  @Column({ type: 'varchar', length: 3, nullable: true })
  totals_currency: string | null;

  @Column({ type: 'bigint', nullable: true })
  totals_minor: string | null;

  @Column({ type: 'int', nullable: true })
  quote_version: number | null;

  @OneToMany(() => OrderItem, (item) => item.order, { cascade: ['insert'] })
  items?: Relation<OrderItem>[];

  @Index('IDX_orders_created_at')
  @CreateDateColumn({ type: 'datetime' })
  created_at: Date;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
