import type { OrderCreatedAnswer } from '../contract/public.js';
import type { CompanyConfig } from '../core/config/config.js';
import type { MailRequest } from '../mail/mail.service.js';
import { formatPrice } from '../shared/money.js';
import type { OrderRequestDto } from './dto/order-request.dto.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Amounts in the e-mails read as on the site ("$ 9 800", "1 250 000 FCFA"): the one shared format. */
export const money = (amount: string, symbol: string): string => formatPrice(amount, symbol);

interface OrderMailInput {
  order: OrderCreatedAnswer['order'];
  request: OrderRequestDto;
  currencySymbol: string;
  company: CompanyConfig;
  siteUrl: string;
}

/** The staff notification and the client's acknowledgement of a new order request. */
export function orderMails({ order, request, currencySymbol, company, siteUrl }: OrderMailInput): MailRequest[] {
  const lines = order.items.map(
    (item) =>
      `- ${item.product_name} : ${item.quantity} × ${money(item.price, currencySymbol)} = ${money(item.total_price, currencySymbol)}`,
  );
  const total = money(order.total, currencySymbol);
  const details: [string, string][] = [
    ['Entreprise', request.company_name],
    ['Téléphone de l’entreprise', request.company_phone],
    ['Email de l’entreprise', request.company_email],
    ['Représentant', request.representative_name],
    ['Téléphone du représentant', request.representative_phone],
    ['Email du représentant', request.representative_email],
    ['Moyen de paiement', request.payment_by],
    ['Devise souhaitée', request.currency],
    ['Conditions de paiement', request.payment_term],
    ['Mode de livraison', request.delivery_method],
    ['Niveau de crédit', request.credit_level],
  ];
  const itemsTable =
    '<table cellpadding="6" style="border-collapse:collapse;border:1px solid #dde3ea">' +
    '<tr style="background:#f4f6f9"><th align="left">Produit</th><th>Quantité</th><th align="right">Prix unitaire</th><th align="right">Total</th></tr>' +
    order.items
      .map(
        (item) =>
          `<tr><td>${escapeHtml(item.product_name)}</td><td align="center">${item.quantity}</td>` +
          `<td align="right">${escapeHtml(money(item.price, currencySymbol))}</td><td align="right">${escapeHtml(money(item.total_price, currencySymbol))}</td></tr>`,
      )
      .join('') +
    `<tr><td colspan="3" align="right"><strong>Total</strong></td><td align="right"><strong>${escapeHtml(total)}</strong></td></tr></table>`;
  const detailsHtml =
    '<table cellpadding="4">' +
    details
      .map(([label, value]) => `<tr><td style="color:#4a5868">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`)
      .join('') +
    '</table>';

  const staff: MailRequest = {
    to: company.email,
    // "Répondre" reaches the customer's representative, not the no-reply sender.
    replyTo: request.representative_email,
    kind: 'order-staff',
    subject: `Nouvelle commande ${order.order_num} : ${request.company_name}`,
    text:
      `Une nouvelle demande de commande a été passée sur le site.\n\n` +
      `Commande : ${order.order_num}\n\n${details.map(([l, v]) => `${l} : ${v}`).join('\n')}\n\n` +
      `Articles :\n${lines.join('\n')}\n\nTotal : ${total}\n\n` +
      `Le stock de ces articles est réservé. Traitez la commande depuis le tableau de bord : ${siteUrl}/dashboard\n`,
    html:
      `<p>Une nouvelle demande de commande a été passée sur le site.</p>` +
      `<h2 style="font-size:18px">Commande ${escapeHtml(order.order_num)}</h2>${detailsHtml}${itemsTable}` +
      `<p>Le stock de ces articles est réservé. <a href="${escapeHtml(siteUrl)}/dashboard">Ouvrir le tableau de bord</a></p>`,
  };

  const greeting = `Bonjour ${request.representative_name},`;
  const body =
    `Nous avons bien reçu votre demande de commande ${order.order_num} passée pour ${request.company_name}. ` +
    `Notre équipe commerciale l’étudie et vous contactera rapidement pour confirmer la disponibilité, le prix final et la livraison.`;
  const noPayment = 'Aucun paiement n’a été effectué en ligne.';
  const signature = `L’équipe de ${company.name}\n${company.address} · ${company.phones.join(' · ')} · ${company.email}`;
  const client = (to: string): MailRequest => ({
    to,
    // The customer's reply reaches the sales team.
    replyTo: company.email,
    kind: 'order-received',
    subject: `Votre demande de commande ${order.order_num}`,
    text:
      `${greeting}\n\n${body}\n\nRécapitulatif :\n${lines.join('\n')}\nTotal : ${total}\n\n` +
      `Moyen de paiement : ${request.payment_by} · Devise : ${request.currency} · Livraison : ${request.delivery_method}\n\n` +
      `${noPayment}\n\n${signature}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>${itemsTable}` +
      `<p>Moyen de paiement : ${escapeHtml(request.payment_by)} · Devise : ${escapeHtml(request.currency)} · Livraison : ${escapeHtml(request.delivery_method)}</p>` +
      `<p style="color:#4a5868">${escapeHtml(noPayment)}</p><p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>`,
  });
  const mails = [staff, client(request.company_email)];
  if (request.representative_email !== request.company_email) mails.push(client(request.representative_email));
  return mails;
}
