import { In, type EntityManager } from 'typeorm';
import { toMinor } from '../common/money.js';
import { notFound } from '../core/errors/api-error.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import type { AccountBalance, CustomerAccountView, InvoiceSummaryView } from '../contract/invoices.js';
import { Invoice } from './entities/invoice.entity.js';
import { money } from './invoice-amounts.js';
import { loadFolders } from './invoice-folders.js';
import { invoiceSummary, paymentView } from './invoice-presenters.js';

/**
 * A client's account: every invoice of its orders (newest first), every payment (latest first) and,
 * per currency, what was invoiced (TTC less credit notes), paid, and the balance still due.
 */
export async function customerAccount(
  manager: EntityManager,
  customerId: number,
  now = new Date(),
): Promise<CustomerAccountView> {
  if (!(await manager.getRepository(Customer).existsBy({ id: customerId }))) throw notFound('Client introuvable.');
  const invoices = await manager
    .getRepository(Invoice)
    .createQueryBuilder('invoice')
    .innerJoin(Order, 'o', 'o.id = invoice.order_id')
    .where('o.customer_id = :customer', { customer: customerId })
    .orderBy('invoice.id', 'DESC')
    .getMany();
  const orders = invoices.length
    ? await manager.getRepository(Order).findBy({ id: In([...new Set(invoices.map((i) => i.order_id))]) })
    : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  const folders = await loadFolders(manager, invoices);
  const summaries = folders.map((f) => invoiceSummary(f, byId.get(f.invoice.order_id)!, now));
  const payments = folders
    .flatMap((f) =>
      f.payments.map((p) => ({
        ...paymentView(p),
        invoice_number: f.invoice.number,
        order_num: byId.get(f.invoice.order_id)!.order_num,
      })),
    )
    .sort((a, b) => (a.paid_at === b.paid_at ? b.id - a.id : a.paid_at < b.paid_at ? 1 : -1));
  return { customer_id: customerId, invoices: summaries, payments, balances: balancesOf(summaries) };
}

/** One invoice's amounts per currency, in minor units, as the sums below read them. */
export interface InvoiceAmounts {
  state: string;
  currencies: readonly { currency_code: string; invoiced: bigint; paid: bigint; balance: bigint }[];
}

/** Per currency (by code), in minor units: what `balancesOf` adds up. */
export interface MinorBalance {
  currency_code: string;
  invoiced: bigint;
  paid: bigint;
  balance: bigint;
}

/**
 * Per currency, what invoices add up to: invoiced TTC less credit notes, paid, and the balance due
 * (an invoice canceled by a credit note owes nothing), sorted by currency code. The one rule behind
 * the client page, the order list's figures and the order's stored sort columns (order-billing.ts).
 */
export function sumBalances(invoices: readonly InvoiceAmounts[]): MinorBalance[] {
  const totals = new Map<string, { invoiced: bigint; paid: bigint; balance: bigint }>();
  for (const invoice of invoices)
    for (const c of invoice.currencies) {
      const code = c.currency_code;
      const t = totals.get(code) ?? { invoiced: 0n, paid: 0n, balance: 0n };
      t.invoiced += c.invoiced;
      t.paid += c.paid;
      if (invoice.state !== 'canceled_by_credit_note') t.balance += c.balance;
      totals.set(code, t);
    }
  return [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, t]) => ({ currency_code: code, ...t }));
}

/** `sumBalances` of invoice summaries, as the screens read them. */
export function balancesOf(summaries: readonly InvoiceSummaryView[]): AccountBalance[] {
  const amounts = summaries.map((summary) => ({
    state: summary.state,
    currencies: summary.currencies.map((c) => ({
      currency_code: c.currency_code,
      invoiced: toMinor(c.ttc, c.currency_code) - toMinor(c.credited, c.currency_code),
      paid: toMinor(c.paid, c.currency_code),
      balance: BigInt(c.balance_minor),
    })),
  }));
  return sumBalances(amounts).map((t) => ({
    currency_code: t.currency_code,
    invoiced: money(t.invoiced, t.currency_code),
    paid: money(t.paid, t.currency_code),
    balance: money(t.balance, t.currency_code),
    balance_minor: Number(t.balance),
  }));
}

/** Each order's balances (balancesOf), for a page of orders at once: a fixed number of queries, whatever the page. */
export async function orderBalances(
  manager: EntityManager,
  orderIds: readonly number[],
  now = new Date(),
): Promise<Map<number, AccountBalance[]>> {
  const out = new Map<number, AccountBalance[]>();
  if (!orderIds.length) return out;
  const invoices = await manager.getRepository(Invoice).find({ where: { order_id: In([...orderIds]) }, order: { id: 'ASC' } });
  if (!invoices.length) return out;
  const orders = new Map(
    (await manager.getRepository(Order).findBy({ id: In([...new Set(invoices.map((i) => i.order_id))]) })).map((o) => [o.id, o]),
  );
  const summaries = (await loadFolders(manager, invoices)).map((f) => invoiceSummary(f, orders.get(f.invoice.order_id)!, now));
  for (const orderId of orders.keys()) out.set(orderId, balancesOf(summaries.filter((s) => s.order_id === orderId)));
  return out;
}
