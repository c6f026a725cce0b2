import type { AppConfig } from '../core/config/config.js';
import type { DocumentPdfModel } from '../documents/pdf/document-pdf.js';
import type { Order } from '../orders/entities/order.entity.js';
import { formatNumericDate } from '../shared/dates.js';
import type { OrderItem } from '../orders/entities/order-item.entity.js';
import type { Delivery } from './entities/delivery.entity.js';
import type { DeliveryLine } from './entities/delivery-line.entity.js';

const count = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * The delivery note as the client signs it: what this note delivered (or took back), what the order
 * asked for and what remains after it, with the order's number, the client's reference and the
 * delivery address; no prices (the invoice carries them). `delivered` is each order line's quantity
 * delivered by the notes up to and including this one, so a reprint says what it said the first time.
 */
export function deliveryPdfModel(
  order: Order,
  items: readonly OrderItem[],
  delivery: Delivery,
  lines: readonly DeliveryLine[],
  delivered: ReadonlyMap<number, number>,
  config: Pick<AppConfig, 'company'>,
): DocumentPdfModel {
  const company = config.company;
  const isReturn = delivery.kind === 'return';
  const byItem = new Map(items.map((item) => [item.id, item]));
  const sorted = [...lines].sort((a, b) => a.position - b.position || a.id - b.id);
  const client: [string, string][] = [
    ['Société', order.company_name],
    ['Représentant', order.representative_name],
    ['Téléphone', order.representative_phone || order.company_phone],
    ['E-mail', order.company_email],
  ];
  const meta: [string, string][] = [
    ['Date', formatNumericDate(delivery.delivered_at)],
    ['Commande n°', order.order_num],
  ];
  if (order.client_reference) meta.push(['Réf. client', order.client_reference]);
  if (delivery.carrier) meta.push(['Transporteur', delivery.carrier]);
  return {
    kind: 'bon_de_livraison',
    title: isReturn ? 'BON DE RETOUR' : 'BON DE LIVRAISON',
    number: delivery.number,
    createdAt: new Date(delivery.created_at).toISOString(),
    meta,
    company: {
      name: company.name,
      lines: [company.address, [company.phones.join(' · '), company.email].filter(Boolean).join(' · ')].filter(Boolean),
      legalIds: company.legalIds,
      ...(company.logoPath ? { logoPath: company.logoPath } : {}),
    },
    parties: [
      { title: 'Client', rows: client },
      {
        title: 'Adresse de livraison',
        rows: [
          ['', order.delivery_address || 'Non précisée'],
          ['Mode de livraison', order.delivery_method],
        ],
      },
    ],
    columns: [
      { key: 'reference', label: 'Référence', width: 1.3 },
      { key: 'designation', label: 'Désignation', width: 3.2 },
      { key: 'ordered', label: 'Commandé', align: 'right', nowrap: true },
      { key: 'quantity', label: isReturn ? 'Repris' : 'Livré', align: 'right', nowrap: true },
      { key: 'remaining', label: 'Reste à livrer', align: 'right', nowrap: true, width: 1.2 },
    ],
    lines: sorted.map((line) => {
      const item = byItem.get(line.order_item_id);
      const ordered = item?.quantity ?? 0;
      return {
        reference: line.product_reference ?? '—',
        designation: line.product_name,
        ordered: count.format(ordered),
        quantity: count.format(Math.abs(line.quantity)),
        remaining: count.format(Math.max(0, ordered - (delivered.get(line.order_item_id) ?? 0))),
      };
    }),
    totals: [
      [isReturn ? 'Unités reprises' : 'Unités livrées', count.format(sorted.reduce((sum, l) => sum + Math.abs(l.quantity), 0))],
    ],
    notes: [
      ...(delivery.note ? [delivery.note] : []),
      isReturn
        ? 'Marchandises reprises au client : elles reviennent en réserve pour sa commande.'
        : 'Marchandises reçues en bon état et conformes, sauf réserves écrites sur ce bon à la réception.',
    ],
    notesTitle: 'REMARQUES',
    signature: { left: 'Livré par', right: 'Reçu par (nom, date, signature)' },
    footer: `${company.name} · ${company.address} · ${company.email}. Bon ${delivery.number} de la commande ${order.order_num}.`,
  };
}
