import type { EntityManager, FindOperator } from 'typeorm';
import { leanRowsIn } from '../common/lean-rows.js';
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

/** The payments received in a period, oldest first. */
export function paymentsPaidIn(manager: EntityManager, period: FindOperator<Date>): Promise<Payment[]> {
  return payments(manager).find({ where: { paid_at: period }, order: { paid_at: 'ASC', id: 'ASC' } });
}
