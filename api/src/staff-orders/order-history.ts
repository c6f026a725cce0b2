import { In, type EntityManager } from 'typeorm';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { formatMoney } from '../common/money.js';
import type { OrderHistoryEvent, OrderHistoryKind } from '../contract/backoffice.js';
import { notFound } from '../core/errors/api-error.js';
import { DeliveryLine } from '../deliveries/entities/delivery-line.entity.js';
import { Delivery } from '../deliveries/entities/delivery.entity.js';
import { creditNoteTotals, invoiceTotals, money } from '../invoices/invoice-amounts.js';
import { loadFolders } from '../invoices/invoice-folders.js';
import { Invoice } from '../invoices/entities/invoice.entity.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { OrderMessage } from '../quotes/entities/order-message.entity.js';
import { QuoteVersion } from '../quotes/entities/quote-version.entity.js';
import { versionReference } from '../quotes/quote-views.js';
import { formatDate } from '../shared/dates.js';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, isOrderStatus } from '../shared/statuses.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';

/** Events at the same instant read in the order things happen (the request before its devis, a note before its mail). */
const RANK: Record<OrderHistoryKind, number> = {
  request: 0,
  quote: 1,
  message: 2,
  acceptance: 2,
  refusal: 2,
  status: 3,
  delivery: 4,
  return: 4,
  invoice: 5,
  credit_note: 6,
  payment: 7,
  mail: 8,
};

const iso = (value: Date | string) => new Date(value).toISOString();
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const amounts = (parts: readonly { minor: bigint; currency: string }[]) =>
  parts.map((p) => formatMoney(money(p.minor, p.currency), p.currency)).join(' + ');
const statusLabel = (value: unknown) => (isOrderStatus(value) ? ORDER_STATUS_LABELS[value] : String(value ?? '—'));

const MAIL_STATE: Record<string, string> = { queued: 'en attente d’envoi', sent: 'envoyé', failed: 'échec de l’envoi' };

/**
 * The whole story of one order, oldest first (GET /api/order/{id}/history): the request, each quote
 * version sent, the client's messages and answers, the status changes (audit journal), deliveries
 * and returns, invoices, credit notes, payments, and the e-mails sent to the client (the outbox rows
 * about the order or its invoices). A fixed number of queries, whatever the order holds.
 */
export async function orderHistory(manager: EntityManager, orderId: number): Promise<OrderHistoryEvent[]> {
  const order = await manager.getRepository(Order).findOneBy({ id: orderId });
  if (!order) throw notFound('Commande introuvable.');
  const events: OrderHistoryEvent[] = [];
  const add = (
    at: Date | string,
    kind: OrderHistoryKind,
    label: string,
    detail: string | null = null,
    actor: string | null = null,
  ) => events.push({ at: iso(at), kind, label, detail, actor });

  const lines = await manager.getRepository(OrderItem).count({ where: { order_id: orderId } });
  add(
    order.created_at,
    'request',
    `Demande reçue (${order.order_num})`,
    `${order.company_name} · ${plural(lines, 'ligne')}${order.client_reference ? ` · réf. client ${order.client_reference}` : ''}`,
    order.representative_name,
  );

  const versions = await manager.getRepository(QuoteVersion).find({ where: { order_id: orderId }, order: { number: 'ASC' } });
  for (const version of versions)
    if (version.sent_at)
      add(
        // Version 1 is made with the request, in its transaction: it reads right after it.
        version.number === 1 ? order.created_at : version.sent_at,
        'quote',
        version.number === 1
          ? `Devis ${versionReference(version)} établi avec la demande`
          : `Devis ${versionReference(version)} envoyé au client`,
        version.valid_until ? `Valable jusqu’au ${formatDate(`${version.valid_until}T12:00:00Z`)}` : null,
      );

  const messages = await manager.getRepository(OrderMessage).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
  for (const message of messages) {
    if (message.event === 'accepted')
      add(message.created_at, 'acceptance', 'Devis accepté par le client', clip(message.body), message.author_name);
    else if (message.event === 'declined')
      add(message.created_at, 'refusal', 'Devis refusé par le client', clip(message.body), message.author_name);
    else
      add(
        message.created_at,
        'message',
        message.author === 'client' ? 'Message du client' : 'Réponse de l’équipe',
        clip(message.body),
        message.author_name,
      );
  }

  const audits = await manager
    .getRepository(AuditEntry)
    .find({ where: { entity: 'order', entity_id: orderId, action: 'status' }, order: { id: 'ASC' } });
  for (const entry of audits) {
    const changes = entry.changes ? (JSON.parse(entry.changes) as Record<string, { before: unknown; after: unknown }>) : {};
    const status = changes.status;
    if (!status) continue;
    add(
      entry.created_at,
      'status',
      `Statut : ${statusLabel(status.before)} → ${statusLabel(status.after)}`,
      null,
      entry.user_name,
    );
  }

  const deliveries = await manager.getRepository(Delivery).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
  const deliveryLines = deliveries.length
    ? await manager
        .getRepository(DeliveryLine)
        .find({ where: { delivery_id: In(deliveries.map((d) => d.id)) }, order: { position: 'ASC', id: 'ASC' } })
    : [];
  for (const d of deliveries)
    add(
      d.delivered_at,
      d.kind === 'return' ? 'return' : 'delivery',
      d.kind === 'return' ? `Retour ${d.number}` : `Livraison ${d.number}`,
      deliveryLines
        .filter((l) => l.delivery_id === d.id)
        .map((l) => `${l.product_name} × ${Math.abs(l.quantity)}`)
        .join(', '),
      d.created_by_name,
    );

  const invoices = await manager.getRepository(Invoice).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
  const folders = await loadFolders(manager, invoices);
  for (const folder of folders) {
    const { invoice } = folder;
    const totals = invoiceTotals(invoice, folder.lines).currencies.map((c) => ({ minor: c.ttc, currency: c.currency }));
    add(
      invoice.issued_at,
      'invoice',
      `Facture ${invoice.number} émise`,
      `${amounts(totals)} TTC · échéance ${formatDate(`${invoice.due_date}T12:00:00Z`)}`,
      invoice.created_by_name,
    );
    for (const { note, lines: noteLines } of folder.creditNotes) {
      const credited = creditNoteTotals(invoice, folder.lines, note, noteLines).currencies.map((c) => ({
        minor: c.ttc,
        currency: c.currency,
      }));
      add(
        note.issued_at,
        'credit_note',
        `Avoir ${note.number} sur la facture ${invoice.number}${note.full ? ' (annulation)' : ''}`,
        `${amounts(credited)} TTC · ${clip(note.reason)}`,
        note.created_by_name,
      );
    }
    for (const payment of folder.payments)
      add(
        payment.paid_at,
        'payment',
        `Paiement de ${formatMoney(payment.amount, payment.currency_code)} reçu`,
        `Facture ${invoice.number} · ${PAYMENT_METHOD_LABELS[payment.method] ?? payment.method}${payment.reference ? ` · réf. ${payment.reference}` : ''}`,
        payment.created_by_name,
      );
  }

  // The e-mails to the client (those telling staff about the client's answers are not part of its story).
  const clients = new Set([order.company_email, order.representative_email].map((a) => a.trim().toLowerCase()));
  const related = [`order:${orderId}`, ...invoices.map((i) => `invoice:${i.id}`)];
  const mails = await manager.getRepository(OutgoingMail).find({
    select: { id: true, to_address: true, subject: true, status: true, sent_at: true, created_at: true },
    where: { related: In(related) },
    order: { id: 'ASC' },
  });
  for (const mail of mails)
    if (clients.has(mail.to_address.trim().toLowerCase()))
      add(
        mail.sent_at ?? mail.created_at,
        'mail',
        `E-mail « ${mail.subject} »`,
        `À ${mail.to_address} · ${MAIL_STATE[mail.status] ?? mail.status}`,
      );

  // By the second (MariaDB keeps whole seconds for some columns, fractions for others: within one
  // second the fractions of two columns cannot be compared), then in the order things happen within one
  // step (the request before its devis, an acceptance before its status), then as they were read: each
  // kind is read in the order it was written (versions by number, the rest by id).
  const second = (at: string) => at.slice(0, 19);
  return events
    .map((event, index) => ({ event, index }))
    .sort(
      (a, b) =>
        (second(a.event.at) < second(b.event.at) ? -1 : second(a.event.at) > second(b.event.at) ? 1 : 0) ||
        RANK[a.event.kind] - RANK[b.event.kind] ||
        a.index - b.index,
    )
    .map(({ event }) => event);
}
