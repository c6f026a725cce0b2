import type { EntityManager } from 'typeorm';
import type { ClientInvoiceView } from '../contract/invoices.js';
import { Order } from '../orders/entities/order.entity.js';
import { Invoice } from './entities/invoice.entity.js';
import { loadFolders } from './invoice-folders.js';
import { invoiceView } from './invoice-presenters.js';

/** An order's invoices as the client page lists them, oldest first. */
export async function clientInvoices(manager: EntityManager, orderId: number): Promise<ClientInvoiceView[]> {
  const invoices = await manager.getRepository(Invoice).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
  if (!invoices.length) return [];
  const order = await manager.getRepository(Order).findOneByOrFail({ id: orderId });
  return (await loadFolders(manager, invoices)).map((folder) => {
    const view = invoiceView(folder, order);
    return {
      id: view.id,
      number: view.number,
      issued_at: view.issued_at,
      due_date: view.due_date,
      state: view.state,
      state_label: view.state_label,
      currencies: view.currencies.map((c) => ({ currency_code: c.currency_code, ttc: c.ttc, paid: c.paid, balance: c.balance })),
      credit_notes: view.credit_notes.map((n) => ({ id: n.id, number: n.number, issued_at: n.issued_at })),
    };
  });
}
