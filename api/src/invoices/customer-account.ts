import { In, type EntityManager } from 'typeorm';
import { groupBy } from '../common/group-by.js';
import { toMinor } from '../common/money.js';
import { notFound } from '../core/errors/api-error.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import type { AccountBalance, CustomerAccountView, InvoiceSummaryView } from '../contract/invoices.js';
import { Invoice } from './entities/invoice.entity.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import { money, paidByCurrency } from './invoice-amounts.js';
import { loadFolders } from './invoice-folders.js';
import { paymentsOfInvoices } from './invoice-payments.js';
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
  return accountBalances(sumBalances(amounts));
}

const accountBalances = (sums: readonly MinorBalance[]): AccountBalance[] =>
  sums.map((t) => ({
    currency_code: t.currency_code,
    invoiced: money(t.invoiced, t.currency_code),
    paid: money(t.paid, t.currency_code),
    balance: money(t.balance, t.currency_code),
    balance_minor: Number(t.balance),
  }));

/**
 * Each order's balances, as `balancesOf` gives them from the documents, for a page of orders at once:
 * two indexed reads whatever the page, no invoice folder built. Each invoice's balance per currency is
 * its stored total (invoice_currency_totals, written with every invoice, payment and credit note;
 * invoice-totals.ts), TTC − credited − paid; with what was paid (the payments' amounts), it gives what
 * was invoiced less credit notes: balance + paid.
 */
export async function orderBalances(manager: EntityManager, orderIds: readonly number[]): Promise<Map<number, AccountBalance[]>> {
  const out = new Map<number, AccountBalance[]>();
  if (!orderIds.length) return out;
  const q = quoteIdentifier(manager.connection);
  const totals: {
    order_id: number | string;
    invoice_id: number | string;
    state: string;
    currency_code: string;
    balance_minor: unknown;
  }[] = await manager.query(
    `SELECT i.${q('order_id')} AS order_id, i.${q('id')} AS invoice_id, i.${q('state')} AS state,
              t.${q('currency_code')} AS currency_code, t.${q('balance_minor')} AS balance_minor
         FROM ${q('invoices')} i INNER JOIN ${q('invoice_currency_totals')} t ON t.${q('invoice_id')} = i.${q('id')}
        WHERE i.${q('order_id')} IN (${orderIds.map(() => '?').join(', ')})`,
    [...orderIds],
  );
  if (!totals.length) return out;
  const invoices = new Map<number, { orderId: number; amounts: InvoiceAmounts & { currencies: MinorBalance[] } }>();
  for (const row of totals) {
    const id = Number(row.invoice_id);
    const invoice = invoices.get(id) ?? { orderId: Number(row.order_id), amounts: { state: row.state, currencies: [] } };
    const balance = BigInt(String(row.balance_minor));
    invoice.amounts.currencies.push({ currency_code: row.currency_code, invoiced: balance, paid: 0n, balance });
    invoices.set(id, invoice);
  }
  const paymentsOf = groupBy(await paymentsOfInvoices(manager, [...invoices.keys()]), (p) => p.invoice_id);
  for (const [id, { amounts }] of invoices) {
    const paid = paidByCurrency(paymentsOf.get(id) ?? []);
    for (const c of amounts.currencies) {
      c.paid = paid.get(c.currency_code) ?? 0n;
      c.invoiced = c.balance + c.paid;
    }
  }
  const byOrder = groupBy([...invoices.values()], (invoice) => invoice.orderId);
  for (const [orderId, ofOrder] of byOrder) out.set(orderId, accountBalances(sumBalances(ofOrder.map((i) => i.amounts))));
  return out;
}
