import { CURRENCY_SYMBOLS, formatMoney, fromMinor } from '../common/money.js';
import type { OrderCreatedAnswer, OrderLine, OrderMoney } from '../contract/public.js';
import type { CompanyConfig } from '../core/config/config.js';
import type { MailRequest } from '../mail/mail.service.js';
import { formatTaxRate, type DocumentTotals } from '../shared/document-totals.js';
import { currencyLabel, formatPrice } from '../shared/money.js';
import { convertedTtc, totalsInWords } from './devis-totals.js';
import { escapeHtml } from '../common/html.js';

const lineMoney = (amount: string, line: Pick<OrderLine, 'currency_code' | 'currency_symbol'>) =>
  formatMoney(amount, line.currency_code, line.currency_symbol);

/**
 * The devis's totals as its PDF prints them (devis-totals.ts): "Total HT : 1 250 000 FCFA + 99,00 €",
 * "TVA 18 % : …", "Total TTC : …", then "Total en FCFA (TTC) : 1 314 939 FCFA (taux : …)" or the
 * note when a rate is missing, and the amount in words.
 */
export function totalsText(money: OrderMoney, chosen: string, taxes: DocumentTotals): string[] {
  const perCurrency = (pick: (c: DocumentTotals['currencies'][number]) => bigint) =>
    taxes.currencies
      .map((c) => formatMoney(fromMinor(pick(c), c.currency), c.currency, CURRENCY_SYMBOLS[c.currency]))
      .join(' + ');
  const rates = [...new Set(taxes.currencies.flatMap((c) => c.taxes.map((t) => t.rateBp)))].sort((a, b) => b - a);
  const rows = [`Total HT : ${perCurrency((c) => c.ht)}`];
  for (const rate of rates)
    rows.push(
      `${rate ? `TVA ${formatTaxRate(rate)}` : 'Exonéré de TVA'} : ${perCurrency((c) => c.taxes.find((t) => t.rateBp === rate)?.tax ?? 0n)}`,
    );
  rows.push(`Total TTC : ${perCurrency((c) => c.ttc)}`);
  if (money.totals.length > 1 || money.totals[0]?.currency_code !== money.currency_code) {
    const converted = convertedTtc(taxes, money);
    if (converted) {
      const used = money.rates.map((r) => `1 ${r.currency_code} = ${r.rate.replace('.', ',')} XOF`).join(' ; ');
      rows.push(`Total en ${currencyLabel(chosen)} (TTC) : ${converted} (taux : ${used})`);
    } else if (money.note) {
      rows.push(money.note);
    }
  }
  if (taxes.currencies.length) rows.push(totalsInWords('devis', taxes));
  return rows;
}
/** Amounts in the e-mails read as on the site ("9 800 $", "1 250 000 FCFA"): the one shared format. */
export const money = (amount: string, symbol: string): string => formatPrice(amount, symbol);

/** What the e-mails repeat of the request (the form, or the stored order). */
type RequestFields = Record<
  | 'company_name'
  | 'company_phone'
  | 'company_email'
  | 'representative_name'
  | 'representative_phone'
  | 'representative_email'
  | 'payment_by'
  | 'currency'
  | 'payment_term'
  | 'delivery_method'
  | 'credit_level',
  string
>;

interface OrderMailInput {
  order: OrderCreatedAnswer['order'];
  request: RequestFields;
  company: CompanyConfig;
  siteUrl: string;
  /** False while the client's address is unconfirmed: staff are told, the client only by confirmationMail. */
  toClient: boolean;
  /** The request's taxes (devis-totals.ts `orderTaxTotals`), as the devis prints them. */
  taxes: DocumentTotals;
}

/** What staff are told of the request's hold. */
function holdText(order: OrderCreatedAnswer['order']): string {
  if (order.hold === 'firm') return 'Le stock de ces articles est réservé.';
  if (order.hold === 'provisional')
    return 'Le stock de ces articles est réservé provisoirement : l’adresse du client n’est pas encore confirmée (la réservation prend fin sans confirmation).';
  return 'Le stock de ces articles n’est PAS réservé : la demande dépasse ce qu’une demande en ligne réserve. Confirmez la disponibilité au client.';
}

/** The staff notification and the client's acknowledgement of a new order request. */
export function orderMails({ order, request, company, siteUrl, toClient, taxes }: OrderMailInput): MailRequest[] {
  const lines = order.items.map(
    (item) => `- ${item.product_name} : ${item.quantity} × ${lineMoney(item.price, item)} = ${lineMoney(item.total_price, item)}`,
  );
  const totals = totalsText(order.money, request.currency, taxes);
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
          `<td align="right">${escapeHtml(lineMoney(item.price, item))}</td><td align="right">${escapeHtml(lineMoney(item.total_price, item))}</td></tr>`,
      )
      .join('') +
    '</table>' +
    totals.map((row, i) => `<p>${i === 0 ? `<strong>${escapeHtml(row)}</strong>` : escapeHtml(row)}</p>`).join('');
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
      `Articles :\n${lines.join('\n')}\n\n${totals.join('\n')}\n\n` +
      `${holdText(order)} Traitez la commande depuis le tableau de bord : ${siteUrl}/dashboard\n`,
    html:
      `<p>Une nouvelle demande de commande a été passée sur le site.</p>` +
      `<h2 style="font-size:18px">Commande ${escapeHtml(order.order_num)}</h2>${detailsHtml}${itemsTable}` +
      `<p>${escapeHtml(holdText(order))} <a href="${escapeHtml(siteUrl)}/dashboard">Ouvrir le tableau de bord</a></p>`,
  };

  const greeting = `Bonjour ${request.representative_name},`;
  const body =
    `Nous avons bien reçu votre demande de commande ${order.order_num} passée pour ${request.company_name}. ` +
    `Vous trouverez notre devis en pièce jointe. Notre équipe commerciale l’étudie et vous contactera rapidement ` +
    `pour confirmer la disponibilité, le prix final et la livraison.`;
  const noPayment = 'Aucun paiement n’a été effectué en ligne.';
  const client = (to: string): MailRequest => ({
    to,
    // The customer's reply reaches the sales team.
    replyTo: company.email,
    kind: 'order-received',
    subject: `Votre demande de commande ${order.order_num}`,
    text:
      `${greeting}\n\n${body}\n\nRécapitulatif :\n${lines.join('\n')}\n${totals.join('\n')}\n\n` +
      `Moyen de paiement : ${request.payment_by} · Devise : ${currencyLabel(request.currency)} · Livraison : ${request.delivery_method}\n\n` +
      `${noPayment}\n\n${signature(company)}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>${itemsTable}` +
      `<p>Moyen de paiement : ${escapeHtml(request.payment_by)} · Devise : ${escapeHtml(currencyLabel(request.currency))} · Livraison : ${escapeHtml(request.delivery_method)}</p>` +
      `<p style="color:#4a5868">${escapeHtml(noPayment)}</p><p>${escapeHtml(signature(company)).replace(/\n/g, '<br>')}</p>`,
  });
  if (!toClient) return [staff];
  const mails = [staff, client(request.company_email)];
  if (request.representative_email !== request.company_email) mails.push(client(request.representative_email));
  return mails;
}

interface ConfirmationInput {
  order: OrderCreatedAnswer['order'];
  request: RequestFields;
  company: CompanyConfig;
  link: string;
  provisionalHours: number;
}

/**
 * The one e-mail an unconfirmed address gets: the devis and the link that confirms the request.
 * Whoever typed a stranger's address in the form makes Comptoir send this once, never more.
 */
export function confirmationMail({ order, request, company, link, provisionalHours }: ConfirmationInput): MailRequest {
  const greeting = `Bonjour ${request.representative_name},`;
  const hold =
    order.hold === 'provisional'
      ? `Les articles sont réservés pour vous pendant ${provisionalHours} heures : confirmez la demande pour garder la réservation pendant son traitement.`
      : 'Les quantités demandées seront confirmées par notre équipe commerciale.';
  const body = `Nous avons reçu une demande de commande ${order.order_num} pour ${request.company_name}, avec cette adresse email. Notre devis est en pièce jointe. ${hold}`;
  const ignore =
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : vous ne recevrez rien d’autre de notre part.';
  return {
    to: request.company_email,
    replyTo: company.email,
    kind: 'order-confirm',
    subject: `Confirmez votre demande de commande ${order.order_num}`,
    text: `${greeting}\n\n${body}\n\nConfirmer la demande : ${link}\n\n${ignore}\n\n${signature(company)}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">Confirmer ma demande</a></p>` +
      `<p style="color:#4a5868">${escapeHtml(ignore)}</p><p>${escapeHtml(signature(company)).replace(/\n/g, '<br>')}</p>`,
  };
}

function signature(company: CompanyConfig): string {
  return `L’équipe de ${company.name}\n${company.address} · ${company.phones.join(' · ')} · ${company.email}`;
}

/** What the client is told when the order moves on (staff) or its reservation runs out (hold job). */
export type ClientNotice = 'inprogress' | 'shipped' | 'canceled' | 'expired';

const NOTICES: Record<
  ClientNotice,
  { subject: (num: string) => string; body: (num: string, company: string) => string; devis: boolean }
> = {
  inprogress: {
    subject: (num) => `Votre commande ${num} est en cours de traitement`,
    body: (num, company) =>
      `Votre commande ${num} passée pour ${company} est en cours de traitement : nous préparons les articles. ` +
      `Vous trouverez le devis en pièce jointe pour rappel.`,
    devis: true,
  },
  shipped: {
    subject: (num) => `Votre commande ${num} a été expédiée`,
    body: (num, company) =>
      `Bonne nouvelle : la commande ${num} passée pour ${company} a été expédiée selon le mode de livraison convenu. ` +
      `Notre équipe reste à votre disposition pour le suivi de la livraison.`,
    devis: false,
  },
  canceled: {
    subject: (num) => `Votre commande ${num} a été annulée`,
    body: (num, company) =>
      `La commande ${num} passée pour ${company} a été annulée. ` +
      `Si vous pensez qu’il s’agit d’une erreur ou souhaitez la renouveler, contactez-nous.`,
    devis: false,
  },
  expired: {
    subject: (num) => `Votre demande de commande ${num} a expiré`,
    body: (num, company) =>
      `La demande de commande ${num} passée pour ${company} n’a pas été confirmée à temps : la réservation des articles ` +
      `a pris fin et la demande est annulée. Pour commander ces articles, passez une nouvelle demande ou contactez-nous.`,
    devis: false,
  },
};

export interface NoticeOrder {
  id: number;
  order_num: string;
  company_name: string;
  company_email: string;
  representative_name: string;
  representative_email: string;
}

/** The client's e-mails (company and representative addresses) about a status change, with the devis where it helps. */
export function clientNoticeMails(order: NoticeOrder, notice: ClientNotice, company: CompanyConfig): MailRequest[] {
  const spec = NOTICES[notice];
  const greeting = `Bonjour ${order.representative_name},`;
  const body = spec.body(order.order_num, order.company_name);
  const make = (to: string): MailRequest => ({
    to,
    kind: `order-${notice}`,
    subject: spec.subject(order.order_num),
    text: `${greeting}\n\n${body}\n\n${signature(company)}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>${escapeHtml(signature(company)).replace(/\n/g, '<br>')}</p>`,
    related: `order:${order.id}`,
    attachments: spec.devis ? [`devis:${order.id}`] : [],
  });
  const addresses = [...new Set([order.company_email, order.representative_email].map((a) => a.toLowerCase()))];
  return addresses.map(make);
}
