import type { DataSource } from 'typeorm';
import type { DeliveriesService } from '../deliveries/deliveries.service.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { toMinor } from '../common/money.js';

const DAY = 86_400_000;
const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

export interface DemoDocumentServices {
  deliveries: DeliveriesService;
  invoices: InvoicesService;
  payments: PaymentsService;
}

/** What the demo's documents are, for the log and the tests. */
export interface DemoDocuments {
  /** The order partly delivered (one delivery note, part of its first line of several units). */
  partlyDeliveredOrderId: number | null;
  /** The invoice partly paid (one bank transfer of about 40 % of its TTC). */
  partlyPaidInvoiceId: number | null;
}

/**
 * The demo's delivery note, invoice and payment, recorded through the services staff use (after the
 * demo's own transaction: each service runs its own), so that their numbers (BL-, FAC-), the stock
 * ledger, the order's delivered quantities, the invoice's balance and the audit log all agree.
 */
export async function seedDemoDocuments(
  dataSource: DataSource,
  services: DemoDocumentServices,
  userId: number,
  now = new Date(),
): Promise<DemoDocuments> {
  const orders = dataSource.getRepository(Order);
  const items = dataSource.getRepository(OrderItem);

  // ---- a confirmed order partly delivered: half of its first line of several units, three days ago.
  let partlyDeliveredOrderId: number | null = null;
  for (const order of await orders.find({
    where: { status: 'inprogress', stock_reserved: true },
    order: { created_at: 'ASC' },
  })) {
    const line = (await items.find({ where: { order_id: order.id }, order: { id: 'ASC' } })).find((item) => item.quantity >= 2);
    if (!line) continue;
    await services.deliveries.record(
      order.id,
      'delivery',
      {
        lines: [{ order_item_id: line.id, quantity: Math.floor(line.quantity / 2) }],
        delivered_at: dateOnly(new Date(now.getTime() - 3 * DAY)),
        carrier: 'Transports Adjo',
        note: 'Première livraison : le solde suit à réception du réapprovisionnement.',
      },
      userId,
    );
    partlyDeliveredOrderId = order.id;
    break;
  }

  // ---- the oldest delivered order invoiced, and about 40 % of it paid by bank transfer a week ago.
  let partlyPaidInvoiceId: number | null = null;
  const shipped = await orders.findOne({ where: { status: 'shipped' }, order: { created_at: 'ASC' } });
  if (shipped) {
    const invoice = await services.invoices.issue(shipped.id, { note: null }, userId);
    const due = invoice.currencies[0];
    if (due) {
      const ttc = toMinor(due.ttc, due.currency_code);
      await services.payments.record(
        invoice.id,
        {
          amount: Number((ttc * 40n) / 100n),
          currency: due.currency_code,
          method: 'virement',
          reference: 'VIR-ECOBANK-20418',
          paid_at: dateOnly(new Date(now.getTime() - 7 * DAY)),
        },
        userId,
      );
    }
    partlyPaidInvoiceId = invoice.id;
  }
  return { partlyDeliveredOrderId, partlyPaidInvoiceId };
}
