import type { DataSource } from 'typeorm';
import { Order } from '../../src/orders/entities/order.entity.js';

/**
 * An order as a row, without the order form (no lines, no stock, no quote version): for specs that
 * insert hundreds of orders at once to shape a list (ties, NULLs, deep pages). `values` sets what the
 * spec is about (status, names, figures, dates) over the client's required columns.
 */
export function orderRow(prefix: string, i: number, values: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_num: `${prefix}-${i}`,
    status: 'pending',
    company_name: `Société ${i}`,
    company_phone: '+228 90 00 00 00',
    company_email: `${prefix.toLowerCase()}${i}@example.tg`,
    representative_name: 'Ama',
    representative_phone: '+228 90 00 00 01',
    representative_email: `ama${i}@example.tg`,
    payment_by: 'Virement',
    currency: 'Fcfa',
    payment_term: '30 jours',
    delivery_method: 'Livraison',
    credit_level: 'A',
    ...values,
  };
}

/** Inserts order rows in statements of 200 (within both databases' limits on parameters). */
export async function insertOrderRows(ds: DataSource, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await ds
      .createQueryBuilder()
      .insert()
      .into(Order)
      .values(rows.slice(i, i + 200) as never)
      .execute();
}
