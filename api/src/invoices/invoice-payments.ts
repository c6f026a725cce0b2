import type { EntityManager, FindOperator } from 'typeorm';
import { leanRowsIn } from '../common/lean-rows.js';
import { decimalString } from '../core/database/column-types.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import type { Payment } from '../payments/entities/payment.entity.js';

/**
 * The payments of invoices, which the invoice amounts, documents and the accountant's export read.
 * Payments sit above invoices (docs/architecture.md, the layers): they are named here by their entity
 * name, their type imported only. Not a hook that the payments module fills in when it starts: the
 * migration that stores the invoice totals reads them before any module has started.
 */
const payments = (manager: EntityManager) => manager.getRepository<Payment>('Payment');

/** The payments of these invoices, oldest first. */
export function paymentsOfInvoices(manager: EntityManager, invoiceIds: number[]): Promise<Payment[]> {
  return leanRowsIn<Payment>(manager, 'Payment', 'invoice_id', invoiceIds, ['paid_at', 'id']);
}

/**
 * The amounts of these invoices' payments, and nothing else of them: a page of the order list reads
 * what was paid on each invoice without building the payments (raw row, money normalised as the entity's).
 */
export async function paymentAmounts(
  manager: EntityManager,
  invoiceIds: readonly number[],
): Promise<{ invoice_id: number; amount: string; currency_code: string }[]> {
  if (!invoiceIds.length) return [];
  const q = quoteIdentifier(manager.connection);
  const rows: { invoice_id: number | string; amount: unknown; currency_code: string }[] = await manager.query(
    `SELECT ${q('invoice_id')} AS invoice_id, ${q('amount')} AS amount, ${q('currency_code')} AS currency_code
       FROM ${q('payments')} WHERE ${q('invoice_id')} IN (${invoiceIds.map(() => '?').join(', ')})`,
    [...invoiceIds],
  );
  return rows.map((r) => ({
    invoice_id: Number(r.invoice_id),
    amount: decimalString.from(r.amount) as string,
    currency_code: r.currency_code,
  }));
}

/** The payments received in a period, oldest first. */
export function paymentsPaidIn(manager: EntityManager, period: FindOperator<Date>): Promise<Payment[]> {
  return payments(manager).find({ where: { paid_at: period }, order: { paid_at: 'ASC', id: 'ASC' } });
}
