import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { RolePermission } from '../access/entities/role-permission.entity.js';
import { diffOf } from '../audit/audit-diff.js';
import { AuditService } from '../audit/audit.service.js';
import type { AuditActor } from '../audit/audit-context.js';
import { ThrottleService } from '../auth/throttle.service.js';
import { runTransaction } from '../common/transactions.js';
import type { ClientOrderAnswer, ClientOrdersAnswer } from '../contract/quotes.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { ApiError, conflict } from '../core/errors/api-error.js';
import { MailService, type MailRequest } from '../mail/mail.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { forOrder, moveOrderStock, orderLines } from '../stock/ledger/stock-ledger.js';
import { clientDeliveries, clientDeliveriesOf } from '../deliveries/deliveries.service.js';
import { clientInvoices, clientInvoicesOf } from '../invoices/client-invoices.js';
import { adoptAcceptedVersion } from '../quotes/accepted-lines.js';
import { ORDERS_LINK_DAYS, ORDER_LINK_DAYS, issueClientLink, orderOfLink, validLink } from '../quotes/client-links.js';
import type { ClientLink } from '../quotes/entities/client-link.entity.js';
import type {
  ClientAcceptDto,
  ClientDeclineDto,
  ClientMessageDto,
  ClientPdfDto,
  ClientTokenDto,
} from '../quotes/dto/quote.dto.js';
import { OrderMessage } from '../quotes/entities/order-message.entity.js';
import { QuoteAcceptance } from '../quotes/entities/quote-acceptance.entity.js';
import { QuoteVersionLine } from '../quotes/entities/quote-version-line.entity.js';
import { QuoteVersion } from '../quotes/entities/quote-version.entity.js';
import { clientActivityMail, myOrdersMail, purchaseOrderMail, type ClientActivity } from '../quotes/quote-mails.js';
import { QuoteVersionsService, currentSentVersion, expireOverdue, setQuoteState } from '../quotes/quote-versions.service.js';
import { isPastValidity, messageView, versionReference, versionView } from '../quotes/quote-views.js';
import { clientPageLink } from '../shared/client-pages.js';

const MINUTE = 60_000;
/** "Mes commandes" per address, whatever the client's connection: against mail bombing (the answer never changes). */
const ORDERS_LINK_PER_EMAIL = { max: 3, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE };

export const MY_ORDERS_ANSWER =
  'Si des commandes sont associées à cette adresse, vous allez recevoir un e-mail avec un lien vers la liste de vos commandes. Pensez à vérifier vos courriers indésirables.';

const frDate = (iso: string) => iso.split('-').reverse().join('/');
const expiredMessage = (validUntil: string) =>
  `Ce devis a expiré le ${frDate(validUntil)} : il ne peut plus être accepté. Écrivez-nous ci-dessous pour recevoir un devis à jour.`;
const NEWER_VERSION =
  'Une nouvelle version du devis vous a été envoyée entre-temps : rechargez la page pour la lire avant de répondre.';
const ALREADY_ANSWERED: Record<string, string> = {
  accepted: 'Ce devis a déjà été accepté : votre commande est confirmée.',
  declined: 'Ce devis a été refusé. Écrivez-nous ci-dessous pour en recevoir un nouveau.',
  expired: 'Ce devis a été remplacé ou a expiré : il ne peut plus être accepté.',
  draft: 'Aucun devis n’attend votre réponse.',
};

export interface ClientInfo {
  ip: string;
  userAgent?: string | null;
}

/**
 * The client's side, without an account (docs/order-model.md): everything goes through the token of
 * an e-mailed link, sent in the body of a POST (never in a URL, so never in logs or a Referer).
 */
@Injectable()
export class ClientOrdersService {
  private readonly logger = new Logger('ClientOrders');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly quotes: QuoteVersionsService,
    private readonly audit: AuditService,
    private readonly throttle: ThrottleService,
  ) {}

  async view(dto: ClientTokenDto): Promise<ClientOrderAnswer['order']> {
    const manager = this.dataSource.manager;
    const link = await validLink(manager, dto.token);
    const order = await orderOfLink(manager, link, dto.order_id);
    return this.orderView(manager, order);
  }

  async list(dto: ClientTokenDto): Promise<ClientOrdersAnswer> {
    const manager = this.dataSource.manager;
    const link = await validLink(manager, dto.token);
    const orders = link.order_id
      ? await manager.getRepository(Order).findBy({ id: link.order_id })
      : await manager
          .getRepository(Order)
          .createQueryBuilder('o')
          .where('LOWER(o.company_email) = :email OR LOWER(o.representative_email) = :email', { email: link.email })
          .orderBy('o.id', 'DESC')
          .limit(200)
          .getMany();
    const versions = orders.length
      ? await manager
          .getRepository(QuoteVersion)
          .createQueryBuilder('v')
          .where('v.order_id IN (:...ids) AND v.state <> :draft', { ids: orders.map((o) => o.id), draft: 'draft' })
          .getMany()
      : [];
    const ids = orders.map((o) => o.id);
    const deliveries = await clientDeliveriesOf(manager, ids);
    const invoices = await clientInvoicesOf(manager, ids);
    return {
      success: true,
      email: link.email,
      orders: orders.map((o) => {
        const latest = versions.filter((v) => v.order_id === o.id).sort((a, b) => b.number - a.number)[0];
        return {
          id: o.id,
          order_num: o.order_num,
          created_at: new Date(o.created_at).toISOString(),
          status: o.status,
          quote_state: latest?.state ?? null,
          reference: latest ? versionReference(latest) : null,
          deliveries: deliveries.get(o.id) ?? [],
          invoices: invoices.get(o.id) ?? [],
        };
      }),
    };
  }

  async pdf(dto: ClientPdfDto): Promise<{ filename: string; pdf: Buffer }> {
    const manager = this.dataSource.manager;
    const link = await validLink(manager, dto.token);
    const order = await orderOfLink(manager, link, dto.order_id);
    const version = await manager.getRepository(QuoteVersion).findOneBy({ id: dto.version_id, order_id: order.id });
    if (!version || version.state === 'draft') throw new ApiError(HttpStatus.NOT_FOUND, 'Version du devis introuvable.');
    if (version.state === 'accepted') return this.quotes.purchaseOrderPdf(order.id);
    return this.quotes.pdf(order.id, version.id);
  }

  async message(dto: ClientMessageDto, client: ClientInfo): Promise<ClientOrderAnswer['order']> {
    return this.answering(dto, client, async (manager, order, author) => {
      await this.addClientEntry(manager, order, author, null, dto.body);
      return { activity: 'message', text: `${author} a écrit au sujet de la commande ${order.order_num} :\n\n${dto.body}` };
    });
  }

  /** "Accepter": the current version, unexpired, with a typed name and "Bon pour accord" ticked. */
  async accept(dto: ClientAcceptDto, client: ClientInfo): Promise<ClientOrderAnswer['order']> {
    return this.answering(dto, client, async (manager, order, _author, actor, link, clientMails) => {
      const version = await this.answerable(manager, order, dto.version_id);
      // The accepted version becomes the order's lines (and its holds) before anything else is written.
      const { reserved } = await adoptAcceptedVersion(manager, order, version);
      const now = new Date();
      await manager.getRepository(QuoteAcceptance).insert({
        quote_version_id: version.id,
        name: dto.name,
        ip: client.ip.slice(0, 64),
        user_agent: client.userAgent?.slice(0, 512) ?? null,
        accepted_at: now,
      });
      await setQuoteState(manager, version, 'accepted', { responded_at: now });
      // The accepted quote is the purchase order: the request becomes a confirmed order, its stock held firmly.
      const result = await manager
        .createQueryBuilder()
        .update(Order)
        .set({
          status: 'inprogress',
          hold_until: null,
          ...(reserved ? { stock_reserved: true, hold_state: 'firm' as const } : {}),
        })
        .where('id = :id AND status = :pending', { id: order.id, pending: 'pending' })
        .execute();
      if (!result.affected) throw conflict('Cette commande a changé entre-temps : rechargez la page.');
      await this.audit.record(
        manager,
        {
          entity: 'order',
          entity_id: order.id,
          label: `${order.order_num} · ${versionReference(version)}`,
          action: 'status',
          changes: diffOf(
            { status: order.status, quote_state: 'sent' },
            { status: 'inprogress', quote_state: 'accepted', accepted_by: dto.name },
          ),
        },
        actor,
      );
      const text = `Devis ${versionReference(version)} accepté (« Bon pour accord ») par ${dto.name}.`;
      await this.addClientEntry(manager, order, dto.name, 'accepted', text);
      // The client gets the purchase order, with a link that keeps working for the rest of the order.
      const token = await issueClientLink(manager, { orderId: order.id, email: link.email, days: ORDER_LINK_DAYS });
      const confirmation = purchaseOrderMail(
        order,
        link.email,
        versionReference(version),
        clientPageLink(this.config.siteUrl, 'order', token),
        this.config.company,
      );
      clientMails.push({ ...confirmation, attachments: [`purchase-order:${order.id}`] });
      return { activity: 'accepted', text: `${text}\nLa commande ${order.order_num} est confirmée (en cours).` };
    });
  }

  /** "Refuser" with a reason: the request is cancelled and its held stock given back. */
  async decline(dto: ClientDeclineDto, client: ClientInfo): Promise<ClientOrderAnswer['order']> {
    return this.answering(dto, client, async (manager, order, author, actor) => {
      const version = await this.answerable(manager, order, dto.version_id, true);
      await setQuoteState(manager, version, 'declined', { responded_at: new Date(), decline_reason: dto.reason });
      const result = await manager
        .createQueryBuilder()
        .update(Order)
        .set({ status: 'canceled', stock_reserved: false, hold_state: null, hold_until: null, cancel_reason: 'declined' })
        .where('id = :id AND status = :pending AND stock_reserved = :reserved', {
          id: order.id,
          pending: 'pending',
          reserved: Boolean(order.stock_reserved),
        })
        .execute();
      if (!result.affected) throw conflict('Cette commande a changé entre-temps : rechargez la page.');
      if (order.stock_reserved) {
        const items = await manager.getRepository(OrderItem).findBy({ order_id: order.id });
        await moveOrderStock(manager, 'release', orderLines(items), forOrder(order.id, null));
      }
      await this.audit.record(
        manager,
        {
          entity: 'order',
          entity_id: order.id,
          label: `${order.order_num} · ${versionReference(version)}`,
          action: 'status',
          changes: diffOf(
            { status: order.status, quote_state: 'sent' },
            { status: 'canceled', quote_state: 'declined', decline_reason: dto.reason },
          ),
        },
        actor,
      );
      const text = `Devis ${versionReference(version)} refusé. Raison : ${dto.reason}`;
      await this.addClientEntry(manager, order, author, 'declined', text);
      return { activity: 'declined', text: `${author} a refusé le devis de la commande ${order.order_num}.\n\n${text}` };
    });
  }

  /**
   * "Mes commandes": one e-mail with one link to every order of the address, only when there is one.
   * The answer is the same whatever happens (known address or not, limit reached or not).
   */
  async requestListLink(email: string): Promise<void> {
    const key = `client-orders:email:${email}`.slice(0, 191);
    const wait = await this.throttle.lockedFor([key]);
    await this.throttle.hit(key, ORDERS_LINK_PER_EMAIL);
    if (wait > 0) return;
    const mailIds = await runTransaction(this.dataSource, async (manager) => {
      const known = await manager
        .getRepository(Order)
        .createQueryBuilder('o')
        .where('LOWER(o.company_email) = :email OR LOWER(o.representative_email) = :email', { email })
        .getExists();
      if (!known) return [];
      const token = await issueClientLink(manager, { orderId: null, email, days: ORDERS_LINK_DAYS });
      const link = clientPageLink(this.config.siteUrl, 'orders', token);
      return [(await this.mail.send(myOrdersMail(email, link, ORDERS_LINK_DAYS, this.config.company), manager)).id];
    });
    this.mail.deliverSoon(mailIds);
  }

  // -------------------------------------------------------------------------------------------

  /** One client action in one transaction: the link checked, the work, staff told (bell: unread entry; e-mail). */
  private async answering(
    dto: ClientTokenDto,
    client: ClientInfo,
    work: (
      manager: EntityManager,
      order: Order,
      author: string,
      actor: AuditActor,
      link: ClientLink,
      clientMails: MailRequest[],
    ) => Promise<{ activity: ClientActivity; text: string }>,
  ): Promise<ClientOrderAnswer['order']> {
    const mailIds: number[] = [];
    const answer = await runTransaction(this.dataSource, async (manager) => {
      mailIds.length = 0;
      const link = await validLink(manager, dto.token);
      const order = await orderOfLink(manager, link, dto.order_id);
      const author = order.representative_email.toLowerCase() === link.email ? order.representative_name : order.company_name;
      const actor: AuditActor = { actor: 'public', userId: null, userName: `${author} (client)`, ip: client.ip };
      const clientMails: MailRequest[] = [];
      const { activity, text } = await work(manager, order, author, actor, link, clientMails);
      for (const mail of [...(await this.staffMails(manager, order, activity, text, link.email)), ...clientMails])
        mailIds.push((await this.mail.send(mail, manager)).id);
      return this.orderView(manager, await manager.getRepository(Order).findOneByOrFail({ id: order.id }));
    });
    this.mail.deliverSoon(mailIds);
    return answer;
  }

  private async addClientEntry(
    manager: EntityManager,
    order: Order,
    author: string,
    event: 'accepted' | 'declined' | null,
    body: string,
  ) {
    await manager.getRepository(OrderMessage).insert({
      order_id: order.id,
      author: 'client',
      user_id: null,
      author_name: author,
      event,
      body,
      read_at: null,
    });
  }

  /** The version the client answers: the current one, still open, not expired (a decline of an expired one is allowed). */
  private async answerable(manager: EntityManager, order: Order, versionId: number, declining = false): Promise<QuoteVersion> {
    const version = await currentSentVersion(manager, order.id);
    if (!version || version.id !== versionId) throw conflict(NEWER_VERSION);
    if (version.state === 'expired' && !declining && isPastValidity(version))
      throw conflict(expiredMessage(version.valid_until!));
    if (version.state !== 'sent' && !(declining && version.state === 'expired' && isPastValidity(version)))
      throw conflict(ALREADY_ANSWERED[version.state] ?? ALREADY_ANSWERED.draft!);
    if (order.status !== 'pending') throw conflict('Cette commande n’attend plus de réponse.');
    if (!declining && isPastValidity(version)) throw conflict(expiredMessage(version.valid_until!));
    return version;
  }

  /** Staff who follow orders or quotes (view right) and still have an account. */
  private async staffMails(
    manager: EntityManager,
    order: Order,
    activity: ClientActivity,
    text: string,
    clientEmail: string,
  ): Promise<MailRequest[]> {
    const roleIds = (
      await manager
        .getRepository(RolePermission)
        .find({ where: { category: In(['orders', 'quotes']), view: true }, select: { role_id: true } })
    ).map((p) => p.role_id);
    if (!roleIds.length) return [];
    const users = await manager
      .getRepository(User)
      .find({ where: { role_id: In([...new Set(roleIds)]) }, select: { id: true, email: true } });
    const link = `${this.config.siteUrl}/dashboard/orders/${order.id}`;
    return users.map((user) => clientActivityMail(order, user.email, activity, text, link, this.config.company, clientEmail));
  }

  private async orderView(manager: EntityManager, read: Order): Promise<ClientOrderAnswer['order']> {
    await expireOverdue(manager, read.id);
    const order = await manager.getRepository(Order).findOneByOrFail({ id: read.id });
    const versions = (
      await manager.getRepository(QuoteVersion).find({ where: { order_id: order.id }, order: { number: 'DESC' } })
    ).filter((v) => v.state !== 'draft');
    const current = versions[0] ?? null;
    const lines = current ? await manager.getRepository(QuoteVersionLine).findBy({ quote_version_id: current.id }) : [];
    const acceptance = current ? await manager.getRepository(QuoteAcceptance).findOneBy({ quote_version_id: current.id }) : null;
    const messages = await manager.getRepository(OrderMessage).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
    let note: string | null = null;
    if (!current) note = ALREADY_ANSWERED.draft!;
    else if (isPastValidity(current) && (current.state === 'sent' || current.state === 'expired'))
      note = expiredMessage(current.valid_until!);
    else if (current.state !== 'sent') note = ALREADY_ANSWERED[current.state]!;
    else if (order.status !== 'pending') note = 'Cette commande n’attend plus de réponse.';
    return {
      id: order.id,
      order_num: order.order_num,
      company_name: order.company_name,
      created_at: new Date(order.created_at).toISOString(),
      delivery_method: order.delivery_method,
      delivery_address: order.delivery_address ?? null,
      client_reference: order.client_reference ?? null,
      note: order.note ?? null,
      status: order.status,
      quote_state: current?.state ?? null,
      current: current ? versionView(current, lines, acceptance) : null,
      earlier: versions.slice(1).map((v) => ({
        id: v.id,
        number: v.number,
        reference: versionReference(v),
        state: v.state,
        sent_at: v.sent_at ? new Date(v.sent_at).toISOString() : null,
      })),
      messages: messages.map(messageView),
      can_answer: note === null,
      answer_note: note,
      deliveries: await clientDeliveries(manager, order.id),
      invoices: await clientInvoices(manager, order.id),
    };
  }
}
