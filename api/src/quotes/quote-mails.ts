import type { CompanyConfig } from '../core/config/config.js';
import type { MailRequest } from '../mail/mail.service.js';
import { escapeHtml } from '../common/html.js';

/** The e-mails of quote versions, the client's page and "Mes commandes". Replies reach staff (Reply-To). */

const signature = (company: CompanyConfig) => `${company.name}\n${company.address}\n${company.phones.join(' · ')}`;

function mail(
  input: { to: string; kind: string; subject: string; paragraphs: string[]; link?: { href: string; label: string } },
  company: CompanyConfig,
  extra: Partial<MailRequest> = {},
): MailRequest {
  const text = [...input.paragraphs, ...(input.link ? [input.link.href] : []), signature(company)].join('\n\n');
  const html =
    input.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('') +
    (input.link ? `<p><a href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a></p>` : '') +
    `<p>${escapeHtml(signature(company)).replace(/\n/g, '<br>')}</p>`;
  return { to: input.to, kind: input.kind, subject: input.subject, text: `${text}\n`, html, replyTo: company.email, ...extra };
}

export interface QuoteMailOrder {
  id: number;
  order_num: string;
  company_name: string;
  representative_name: string;
}

/** "Envoyer au client": the version's PDF attached, the link to answer online. */
export function quoteSentMail(
  order: QuoteMailOrder,
  to: string,
  reference: string,
  versionNumber: number,
  message: string | null,
  link: string,
  validUntil: string | null,
  company: CompanyConfig,
): MailRequest {
  const until = validUntil ? ` Il est valable jusqu’au ${validUntil.split('-').reverse().join('/')}.` : '';
  return mail(
    {
      to,
      kind: 'quote-sent',
      subject: `Devis ${reference} (version ${versionNumber}) pour votre commande ${order.order_num}`,
      paragraphs: [
        `Bonjour ${order.representative_name},`,
        ...(message ? [message] : []),
        `Vous trouverez en pièce jointe notre devis ${reference} pour ${order.company_name}.${until} ` +
          'Vous pouvez le consulter, nous poser une question, l’accepter ou le refuser en ligne, sans créer de compte, depuis ce lien personnel (ne le transférez pas) :',
      ],
      link: { href: link, label: 'Voir et répondre au devis' },
    },
    company,
    { related: `order:${order.id}` },
  );
}

/** A staff reply in the thread. */
export function staffReplyMail(
  order: QuoteMailOrder,
  to: string,
  body: string,
  link: string,
  company: CompanyConfig,
): MailRequest {
  return mail(
    {
      to,
      kind: 'order-message',
      subject: `Nouveau message au sujet de votre commande ${order.order_num}`,
      paragraphs: [
        `Bonjour ${order.representative_name},`,
        'Notre équipe vous a répondu :',
        body,
        'Pour répondre ou suivre votre commande :',
      ],
      link: { href: link, label: 'Ouvrir la commande' },
    },
    company,
    { related: `order:${order.id}` },
  );
}

export type ClientActivity = 'message' | 'accepted' | 'declined';

const ACTIVITY_SUBJECT: Record<ClientActivity, (num: string, company: string) => string> = {
  message: (num, company) => `Question du client ${company} sur la commande ${num}`,
  accepted: (num, company) => `Devis accepté par ${company} : commande ${num}`,
  declined: (num, company) => `Devis refusé par ${company} : commande ${num}`,
};

/** To staff who follow orders: what the client did on their page. */
export function clientActivityMail(
  order: QuoteMailOrder,
  to: string,
  activity: ClientActivity,
  body: string,
  dashboardLink: string,
  company: CompanyConfig,
  clientEmail: string,
): MailRequest {
  return mail(
    {
      to,
      kind: `client-${activity}`,
      subject: ACTIVITY_SUBJECT[activity](order.order_num, order.company_name),
      paragraphs: [body, 'Voir la commande dans le tableau de bord :'],
      link: { href: dashboardLink, label: 'Ouvrir la commande' },
    },
    company,
    { related: `order:${order.id}`, replyTo: clientEmail },
  );
}

/** "Mes commandes": one link to every order of the address. */
export function myOrdersMail(to: string, link: string, days: number, company: CompanyConfig): MailRequest {
  return mail(
    {
      to,
      kind: 'client-orders-link',
      subject: `Vos commandes chez ${company.name}`,
      paragraphs: [
        'Bonjour,',
        `Voici le lien vers la liste de vos commandes et de vos devis chez ${company.name}. Il est valable ${days} jours ; ne le transférez pas.`,
      ],
      link: { href: link, label: 'Voir mes commandes' },
    },
    company,
  );
}

/** To the client who accepted: the purchase order attached. */
export function purchaseOrderMail(
  order: QuoteMailOrder,
  to: string,
  reference: string,
  link: string,
  company: CompanyConfig,
): MailRequest {
  return mail(
    {
      to,
      kind: 'quote-accepted',
      subject: `Commande ${order.order_num} confirmée : bon de commande ${reference}`,
      paragraphs: [
        `Bonjour ${order.representative_name},`,
        `Merci : vous avez accepté le devis ${reference}. Votre commande ${order.order_num} est confirmée et notre équipe la prépare. Vous trouverez le bon de commande en pièce jointe.`,
        'Pour suivre votre commande ou nous écrire :',
      ],
      link: { href: link, label: 'Suivre ma commande' },
    },
    company,
    { related: `order:${order.id}` },
  );
}
