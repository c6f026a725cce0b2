import { In, type EntityManager } from 'typeorm';
import type { ClientInvoiceView } from '../contract/invoices.js';
import { Order } from '../orders/entities/order.entity.js';
import { Invoice } from './entities/invoice.entity.js';
import { loadFolders } from './invoice-folders.js';
import { invoiceView } from './invoice-presenters.js';

/** An order's invoices as the client page lists them, oldest first. */
export async function clientInvoices(manager: EntityManager, orderId: number): Promise<ClientInvoiceView[]> {
  return (await clientInvoicesOf(manager, [orderId])).get(orderId) ?? [];
}

/** The invoices of several orders at once (« Mes commandes »), by order, oldest first. */
export async function clientInvoicesOf(manager: EntityManager, orderIds: number[]): Promise<Map<number, ClientInvoiceView[]>> {
  const byOrder = new Map<number, ClientInvoiceView[]>();
  if (!orderIds.length) return byOrder;
  const invoices = await manager.getRepository(Invoice).find({ where: { order_id: In(orderIds) }, order: { id: 'ASC' } });
  if (!invoices.length) return byOrder;
  const orders = new Map(
    (await manager.getRepository(Order).findBy({ id: In([...new Set(invoices.map((i) => i.order_id))]) })).map((o) => [o.id, o]),
  );
  for (const folder of await loadFolders(manager, invoices)) {
    const view = invoiceView(folder, orders.get(folder.invoice.order_id)!);
    byOrder.set(folder.invoice.order_id, [
      ...(byOrder.get(folder.invoice.order_id) ?? []),
      {
        id: view.id,
        number: view.number,
        issued_at: view.issued_at,
        due_date: view.due_date,
        state: view.state,
        state_label: view.state_label,
        currencies: view.currencies.map((c) => ({
          currency_code: c.currency_code,
          ttc: c.ttc,
          paid: c.paid,
          balance: c.balance,
        })),
        credit_notes: view.credit_notes.map((n) => ({ id: n.id, number: n.number, issued_at: n.issued_at })),
      },
    ]);
  }
  return byOrder;
}
