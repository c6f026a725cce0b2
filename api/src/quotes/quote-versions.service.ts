import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { diffOf } from '../audit/audit-diff.js';
import { AuditService } from '../audit/audit.service.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { ORDER_CURRENCY_CODES, toColumn, toMinor } from '../common/money.js';
import { runTransaction } from '../common/transactions.js';
import { assertCurrentVersion, staleRecord } from '../common/versioning.js';
import type { StaffQuoteAnswer } from '../contract/quotes.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import type { StaffPrincipal } from '../core/access/permissions.js';
import { ValidationFailed, conflict, invalidField, notFound } from '../core/errors/api-error.js';
import { MailService } from '../mail/mail.service.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import { DevisService } from './devis.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { storeOrderListColumns } from '../orders/order-list-columns.js';
import { ORDER_LINK_DAYS, issueClientLink } from './client-links.js';
import type { OrderMessageDto, QuoteDraftDto, QuoteVersionCheckDto } from './dto/quote.dto.js';
import { ClientLink } from './entities/client-link.entity.js';
import { OrderMessage } from './entities/order-message.entity.js';
import { QuoteAcceptance } from './entities/quote-acceptance.entity.js';
import { QuoteVersionLine } from './entities/quote-version-line.entity.js';
import { QuoteVersion, type QuoteState } from './entities/quote-version.entity.js';
import { versionDocumentModel } from './quote-documents.js';
import { quoteSentMail, staffReplyMail } from './quote-mails.js';
import { lomeToday, messageView, productTaxRate, quoteNumberOf, versionReference, versionView } from './quote-views.js';
import { clientPageLink } from '../shared/client-pages.js';

const NOT_FOUND = 'Commande introuvable.';
const VERSION_NOT_FOUND = 'Version du devis introuvable.';
const DAY_MS = 24 * 60 * 60_000;

/** Where a version's frozen PDF is stored: a random name, never listed, served only through the routes that check access. */
const pdfPath = (orderId: number, version: QuoteVersion) =>
  `documents/quotes/${orderId}/${versionReference(version)}-${randomBytes(12).toString('hex')}.pdf`;

/** Validity date of a new version: today + QUOTE_VALIDITY_DAYS (Lomé dates). */
const validityFrom = (now: Date, days: number) => lomeToday(new Date(now.getTime() + days * DAY_MS));

export interface FirstVersionLine {
  product: Product;
  quantity: number;
  /** Unit price as stored on the order line ("1250000.00"). */
  price: string;
  currency_code: string;
}

/**
 * Version 1 of a request's quote, in the request's own transaction (docs/order-model.md): the devis
 * e-mailed with the request is this version, sent when the request is made.
 */
export async function createFirstVersion(
  manager: EntityManager,
  order: Order,
  lines: FirstVersionLine[],
  validityDays: number,
  pricesIncludeTax: boolean,
): Promise<QuoteVersion> {
  const created = new Date(order.created_at ?? Date.now());
  const version = await manager.getRepository(QuoteVersion).save(
    manager.getRepository(QuoteVersion).create({
      order_id: order.id,
      number: 1,
      quote_number: quoteNumberOf(order.order_num),
      state: 'sent',
      discount_bp: 0,
      delivery_fee: '0.00',
      delivery_fee_currency: ORDER_CURRENCY_CODES[order.currency] ?? 'XOF',
      valid_until: validityFrom(created, validityDays),
      payment_terms: order.payment_term,
      prices_include_tax: pricesIncludeTax,
      message: null,
      sent_at: created,
      pdf_path: null,
      decline_reason: null,
      responded_at: null,
      created_by: null,
      updated_by: null,
    }),
  );
  if (lines.length)
    await manager.getRepository(QuoteVersionLine).insert(
      lines.map((line, position) => ({
        quote_version_id: version.id,
        position,
        product_id: line.product.id,
        product_name: line.product.name,
        product_reference: line.product.reference,
        quantity: line.quantity,
        unit_price: line.price,
        currency_code: line.currency_code,
        discount_bp: 0,
        tax_rate_bp: productTaxRate(line.product),
      })),
    );
  await manager.getRepository(Order).update({ id: order.id }, { quote_state: 'sent' });
  // The order list's sorts (lines, totals, latest version) read columns of the order, written with its lines.
  await storeOrderListColumns(manager, [order.id]);
  return version;
}

/** The newest version of an order (a draft while staff revise). */
export async function currentVersion(manager: EntityManager, orderId: number): Promise<QuoteVersion | null> {
  return manager.getRepository(QuoteVersion).findOne({ where: { order_id: orderId }, order: { number: 'DESC' } });
}

/** The newest version the client was sent (never a draft). */
export async function currentSentVersion(manager: EntityManager, orderId: number): Promise<QuoteVersion | null> {
  return manager
    .getRepository(QuoteVersion)
    .createQueryBuilder('v')
    .where('v.order_id = :orderId AND v.state <> :draft', { orderId, draft: 'draft' })
    .orderBy('v.number', 'DESC')
    .getOne();
}

/**
 * A sent version past its validity date becomes `expired` (with the order's summary) the first time
 * the order is read after that date: the state the screens show never lags the calendar.
 */
export async function expireOverdue(manager: EntityManager, orderId: number, now = new Date()): Promise<void> {
  const result = await manager
    .createQueryBuilder()
    .update(QuoteVersion)
    .set({ state: 'expired' })
    .where('order_id = :orderId AND state = :sent AND valid_until IS NOT NULL AND valid_until < :today', {
      orderId,
      sent: 'sent',
      today: lomeToday(now),
    })
    .execute();
  if (result.affected) {
    const current = await currentVersion(manager, orderId);
    if (current) await manager.getRepository(Order).update({ id: orderId }, { quote_state: current.state });
  }
}

/** Sets a version's state and the order's summary of it, in the caller's transaction. */
export async function setQuoteState(
  manager: EntityManager,
  version: QuoteVersion,
  state: QuoteState,
  extra: Partial<QuoteVersion> = {},
) {
  await manager.getRepository(QuoteVersion).update({ id: version.id }, { state, ...extra });
  await manager.getRepository(Order).update({ id: version.order_id }, { quote_state: state });
}

/**
 * Staff side of quotes (permission `quotes`): the versions of an order, a revision (version n+1 as a
 * draft from the current one), its edition under the version check, "Envoyer au client" (frozen, PDF
 * rendered and stored, e-mailed with a link), the thread's replies and the client links. Every
 * amount is recomputed here (shared/document-totals.ts); the dashboard only previews.
 */
@Injectable()
export class QuoteVersionsService implements OnModuleInit {
  private readonly logger = new Logger('Quotes');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly mail: MailService,
    private readonly devis: DevisService,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    // "quote:<versionId>": the stored PDF of a sent version, attached to its e-mail.
    this.mail.registerAttachment('quote', async (key) => {
      const version = await this.dataSource.getRepository(QuoteVersion).findOneBy({ id: Number(key) });
      if (!version) return null;
      return {
        filename: `devis-${versionReference(version)}.pdf`,
        content: await this.pdfOf(version),
        contentType: 'application/pdf',
      };
    });
    // "purchase-order:<orderId>": the bon de commande of the accepted version, made at delivery.
    this.mail.registerAttachment('purchase-order', async (key) => {
      const file = await this.purchaseOrderPdf(Number(key)).catch(() => null);
      return file ? { filename: file.filename, content: file.pdf, contentType: 'application/pdf' } : null;
    });
  }

  async get(orderId: number, manager: EntityManager = this.dataSource.manager): Promise<StaffQuoteAnswer['quote']> {
    if (!(await manager.getRepository(Order).existsBy({ id: orderId }))) throw notFound(NOT_FOUND);
    await expireOverdue(manager, orderId);
    const order = await manager.getRepository(Order).findOneByOrFail({ id: orderId });
    const versions = await manager.getRepository(QuoteVersion).find({ where: { order_id: orderId }, order: { number: 'DESC' } });
    const ids = versions.map((v) => v.id);
    const lines = ids.length ? await manager.getRepository(QuoteVersionLine).findBy({ quote_version_id: In(ids) }) : [];
    const acceptances = ids.length ? await manager.getRepository(QuoteAcceptance).findBy({ quote_version_id: In(ids) }) : [];
    const messages = await manager.getRepository(OrderMessage).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    const links = await manager.getRepository(ClientLink).find({ where: { order_id: orderId }, order: { id: 'DESC' } });
    return {
      order_id: order.id,
      order_num: order.order_num,
      status: order.status,
      quote_state: order.quote_state,
      current_id: versions[0]?.id ?? null,
      versions: versions.map((v) =>
        versionView(
          v,
          lines.filter((l) => l.quote_version_id === v.id),
          acceptances.find((a) => a.quote_version_id === v.id) ?? null,
        ),
      ),
      prices_include_tax: this.config.taxes.pricesIncludeTax,
      messages: messages.map(messageView),
      links: links.map((l) => ({
        id: l.id,
        email: l.email,
        created_at: new Date(l.created_at).toISOString(),
        expires_at: new Date(l.expires_at).toISOString(),
        revoked_at: l.revoked_at ? new Date(l.revoked_at).toISOString() : null,
      })),
    };
  }

  /** Staff opened the order: the client's messages and answers are read (the bell counts the others). */
  async markRead(orderId: number): Promise<void> {
    await this.dataSource
      .getRepository(OrderMessage)
      .update({ order_id: orderId, author: 'client', read_at: IsNull() }, { read_at: new Date() });
  }

  /** Version n+1, a draft copied from the current version. One draft at a time; never after an acceptance. */
  async revise(orderId: number, actor: StaffPrincipal): Promise<StaffQuoteAnswer['quote']> {
    return runTransaction(this.dataSource, async (manager) => {
      const order = await manager.getRepository(Order).findOneBy({ id: orderId });
      if (!order) throw notFound(NOT_FOUND);
      if (order.status !== 'pending')
        throw conflict('Seule une demande en attente peut être révisée : cette commande est déjà acceptée, livrée ou annulée.');
      const current = await currentVersion(manager, orderId);
      if (current?.state === 'draft')
        throw conflict(`La version ${current.number} est déjà en cours de révision : modifiez-la ou envoyez-la au client.`);
      const now = new Date();
      const repo = manager.getRepository(QuoteVersion);
      const draft = await repo.save(
        repo.create({
          order_id: orderId,
          number: (current?.number ?? 0) + 1,
          quote_number: current?.quote_number ?? quoteNumberOf(order.order_num),
          state: 'draft',
          discount_bp: current?.discount_bp ?? 0,
          delivery_fee: current?.delivery_fee ?? '0.00',
          delivery_fee_currency: current?.delivery_fee_currency ?? ORDER_CURRENCY_CODES[order.currency] ?? 'XOF',
          valid_until: validityFrom(now, this.config.quotes.validityDays),
          payment_terms: current?.payment_terms ?? order.payment_term,
          prices_include_tax: this.config.taxes.pricesIncludeTax,
          message: null,
          sent_at: null,
          pdf_path: null,
          decline_reason: null,
          responded_at: null,
          created_by: actor.userId,
          updated_by: actor.userId,
        }),
      );
      if (current) {
        const lines = await manager
          .getRepository(QuoteVersionLine)
          .find({ where: { quote_version_id: current.id }, order: { position: 'ASC' } });
        if (lines.length)
          await manager
            .getRepository(QuoteVersionLine)
            .insert(
              lines.map(({ id: _id, quote_version: _v, product: _p, ...line }) => ({ ...line, quote_version_id: draft.id })),
            );
      }
      await manager.getRepository(Order).update({ id: orderId }, { quote_state: 'draft' });
      await storeOrderListColumns(manager, [orderId]);
      await this.audit.record(manager, {
        entity: 'order',
        entity_id: orderId,
        label: order.order_num,
        action: 'update',
        changes: diffOf({ quote_version: current?.number ?? null }, { quote_version: draft.number }),
      });
      return this.get(orderId, manager);
    });
  }

  /** Replaces a draft's lines and terms, only while nobody saved it meanwhile (409 naming who did). */
  async updateDraft(
    orderId: number,
    versionId: number,
    dto: QuoteDraftDto,
    actor: StaffPrincipal,
  ): Promise<StaffQuoteAnswer['quote']> {
    return runTransaction(this.dataSource, async (manager) => {
      const draft = await this.draftOf(manager, orderId, versionId);
      await assertCurrentVersion(manager, draft, dto.version, 'ce devis');
      const productIds = [...new Set(dto.lines.map((l) => l.product_id).filter((id): id is number => Boolean(id)))];
      const products = new Map(
        (productIds.length
          ? await manager.getRepository(Product).find({ where: { id: In(productIds) }, relations: { currency: true } })
          : []
        ).map((p) => [p.id, p]),
      );
      const errors: Record<string, string[]> = {};
      const lines = dto.lines.map((line, index) => {
        const product = line.product_id ? products.get(line.product_id) : undefined;
        if (line.product_id && !product) errors[`lines.${index}.product_id`] = ["Ce produit n'existe plus."];
        const currency = line.currency_code ?? product?.currency?.code ?? draft.delivery_fee_currency;
        let unitPrice = '0.00';
        try {
          unitPrice = toColumn(toMinor(line.unit_price, currency), currency);
        } catch {
          errors[`lines.${index}.unit_price`] = [`Le prix unitaire a trop de décimales pour la devise ${currency}.`];
        }
        return {
          quote_version_id: draft.id,
          position: index,
          product_id: product?.id ?? null,
          product_name: line.product_name || product?.name || '',
          product_reference: line.product_reference ?? product?.reference ?? null,
          quantity: line.quantity,
          unit_price: unitPrice,
          currency_code: currency,
          discount_bp: line.discount_bp ?? 0,
          tax_rate_bp: line.tax_rate_bp ?? productTaxRate(product),
        };
      });
      if (Object.keys(errors).length) throw new ValidationFailed(errors);
      let deliveryFee = draft.delivery_fee;
      if (dto.delivery_fee !== undefined) {
        try {
          deliveryFee = toColumn(toMinor(dto.delivery_fee, draft.delivery_fee_currency), draft.delivery_fee_currency);
        } catch {
          throw invalidField(
            'delivery_fee',
            `Les frais de livraison ont trop de décimales pour la devise ${draft.delivery_fee_currency}.`,
          );
        }
      }
      if (dto.valid_until && dto.valid_until < lomeToday())
        throw invalidField('valid_until', 'La date de validité est déjà passée.');
      const before = {
        discount_bp: draft.discount_bp,
        delivery_fee: draft.delivery_fee,
        valid_until: draft.valid_until,
        payment_terms: draft.payment_terms,
        message: draft.message,
      };
      const after = {
        discount_bp: dto.discount_bp ?? draft.discount_bp,
        delivery_fee: deliveryFee,
        valid_until: dto.valid_until === undefined ? draft.valid_until : dto.valid_until || null,
        payment_terms: dto.payment_terms === undefined ? draft.payment_terms : dto.payment_terms || null,
        message: dto.message === undefined ? draft.message : dto.message || null,
      };
      // The version column moves with this UPDATE (WHERE id AND version): a concurrent save of the same draft loses here.
      const result = await manager
        .createQueryBuilder()
        .update(QuoteVersion)
        .set({ ...after, prices_include_tax: this.config.taxes.pricesIncludeTax, updated_by: actor.userId })
        .where('id = :id AND version = :version AND state = :draft', { id: draft.id, version: draft.version, draft: 'draft' })
        .execute();
      if (!result.affected) {
        const now = await manager.getRepository(QuoteVersion).findOneByOrFail({ id: draft.id });
        throw await staleRecord(manager, now, 'ce devis');
      }
      const oldLines = await manager.getRepository(QuoteVersionLine).findBy({ quote_version_id: draft.id });
      await manager.getRepository(QuoteVersionLine).delete({ quote_version_id: draft.id });
      await manager.getRepository(QuoteVersionLine).insert(lines);
      const order = await manager.getRepository(Order).findOneByOrFail({ id: orderId });
      const lineText = (l: {
        product_name: string;
        quantity: number;
        unit_price: string;
        currency_code: string;
        discount_bp: number;
      }) =>
        `${l.product_name} × ${l.quantity} à ${l.unit_price} ${l.currency_code}${l.discount_bp ? ` (−${l.discount_bp / 100} %)` : ''}`;
      const changes = diffOf(
        {
          ...before,
          lines: oldLines
            .sort((a, b) => a.position - b.position)
            .map(lineText)
            .join(' ; '),
        },
        { ...after, lines: lines.map(lineText).join(' ; ') },
      );
      if (changes)
        await this.audit.record(manager, {
          entity: 'order',
          entity_id: orderId,
          label: `${order.order_num} · ${versionReference(draft)}`,
          action: 'update',
          changes,
        });
      return this.get(orderId, manager);
    });
  }

  /**
   * "Envoyer au client": the draft is frozen (sent_at), its PDF rendered and stored, a link made and
   * the e-mail (PDF attached, link) queued in the same transaction. The PDF is written first: a
   * refused send deletes it again.
   */
  async send(
    orderId: number,
    versionId: number,
    dto: QuoteVersionCheckDto,
    actor: StaffPrincipal,
  ): Promise<StaffQuoteAnswer['quote']> {
    const manager = this.dataSource.manager;
    const draft = await this.draftOf(manager, orderId, versionId);
    await assertCurrentVersion(manager, draft, dto.version, 'ce devis');
    const lines = await manager.getRepository(QuoteVersionLine).findBy({ quote_version_id: draft.id });
    if (!lines.length) throw invalidField('lines', 'Le devis doit contenir au moins une ligne.');
    const order = await manager.getRepository(Order).findOneByOrFail({ id: orderId });
    const sentAt = new Date();
    const path = pdfPath(orderId, draft);
    // The version is sent with the setting of the moment, recorded on it for every later computation.
    const pricesIncludeTax = this.config.taxes.pricesIncludeTax;
    const pdf = await this.devis.render(
      versionDocumentModel(order, { ...draft, sent_at: sentAt, prices_include_tax: pricesIncludeTax }, lines, this.config),
    );
    await this.storage.put(path, pdf);
    const mailIds: number[] = [];
    try {
      const answer = await runTransaction(this.dataSource, async (tx) => {
        mailIds.length = 0;
        const result = await tx
          .createQueryBuilder()
          .update(QuoteVersion)
          .set({ state: 'sent', sent_at: sentAt, pdf_path: path, prices_include_tax: pricesIncludeTax, updated_by: actor.userId })
          .where('id = :id AND version = :version AND state = :draft', { id: draft.id, version: draft.version, draft: 'draft' })
          .execute();
        if (!result.affected)
          throw await staleRecord(tx, await tx.getRepository(QuoteVersion).findOneByOrFail({ id: draft.id }), 'ce devis');
        // Earlier versions still open are replaced by this one.
        await tx
          .createQueryBuilder()
          .update(QuoteVersion)
          .set({ state: 'expired' })
          .where('order_id = :orderId AND number < :number AND state = :sent', { orderId, number: draft.number, sent: 'sent' })
          .execute();
        await tx.getRepository(Order).update({ id: orderId }, { quote_state: 'sent' });
        const recipients = [...new Set([order.company_email, order.representative_email].map((a) => a.toLowerCase()))];
        for (const to of recipients) {
          const token = await issueClientLink(tx, { orderId, email: to, days: ORDER_LINK_DAYS }, sentAt);
          const mail = quoteSentMail(
            order,
            to,
            versionReference(draft),
            draft.number,
            draft.message,
            clientPageLink(this.config.siteUrl, 'order', token),
            draft.valid_until,
            this.config.company,
          );
          mailIds.push((await this.mail.send({ ...mail, attachments: [`quote:${draft.id}`] }, tx)).id);
        }
        await this.audit.record(tx, {
          entity: 'order',
          entity_id: orderId,
          label: `${order.order_num} · ${versionReference(draft)}`,
          action: 'status',
          changes: diffOf(
            { quote_state: 'draft', quote_sent_to: null },
            { quote_state: 'sent', quote_sent_to: recipients.join(', ') },
          ),
        });
        return this.get(orderId, tx);
      });
      this.mail.deliverSoon(mailIds);
      return answer;
    } catch (error) {
      await this.storage.delete(path).catch(() => undefined);
      throw error;
    }
  }

  /** The PDF of a version: its stored file once sent; a request's version 1 is the order's devis; a draft a preview. */
  async pdf(orderId: number, versionId: number): Promise<{ filename: string; pdf: Buffer }> {
    const version = await this.dataSource.getRepository(QuoteVersion).findOneBy({ id: versionId, order_id: orderId });
    if (!version) throw notFound(VERSION_NOT_FOUND);
    return { filename: `devis-${versionReference(version)}.pdf`, pdf: await this.pdfOf(version) };
  }

  async pdfOf(version: QuoteVersion): Promise<Buffer> {
    if (version.pdf_path) return this.storage.read(version.pdf_path);
    if (version.number === 1 && version.state !== 'draft') return this.devis.pdf(version.order_id);
    const order = await this.dataSource.getRepository(Order).findOneByOrFail({ id: version.order_id });
    const lines = await this.dataSource.getRepository(QuoteVersionLine).findBy({ quote_version_id: version.id });
    return this.devis.render(versionDocumentModel(order, version, lines, this.config));
  }

  /** The purchase order ("bon de commande") of an accepted version, made from the version and its acceptance. */
  async purchaseOrderPdf(orderId: number): Promise<{ filename: string; pdf: Buffer }> {
    const version = await this.dataSource.getRepository(QuoteVersion).findOneBy({ order_id: orderId, state: 'accepted' });
    const acceptance =
      version && (await this.dataSource.getRepository(QuoteAcceptance).findOneBy({ quote_version_id: version.id }));
    if (!version || !acceptance) throw notFound('Aucun bon de commande : le devis n’a pas été accepté.');
    const order = await this.dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
    const lines = await this.dataSource.getRepository(QuoteVersionLine).findBy({ quote_version_id: version.id });
    const pdf = await this.devis.render(versionDocumentModel(order, version, lines, this.config, acceptance));
    return { filename: `bon-de-commande-${versionReference(version)}.pdf`, pdf };
  }

  /** A staff reply in the thread, e-mailed to the client with a fresh link. */
  async reply(orderId: number, dto: OrderMessageDto, actor: StaffPrincipal): Promise<StaffQuoteAnswer['quote']> {
    const mailIds: number[] = [];
    const answer = await runTransaction(this.dataSource, async (manager) => {
      mailIds.length = 0;
      const order = await manager.getRepository(Order).findOneBy({ id: orderId });
      if (!order) throw notFound(NOT_FOUND);
      const user = await manager.getRepository(User).findOneBy({ id: actor.userId });
      const name = user ? `${user.firstname} ${user.name}`.trim() : this.config.company.name;
      await manager.getRepository(OrderMessage).insert({
        order_id: orderId,
        author: 'staff',
        user_id: actor.userId,
        author_name: name,
        event: null,
        body: dto.body,
        read_at: new Date(),
      });
      const to = order.representative_email.toLowerCase();
      const token = await issueClientLink(manager, { orderId, email: to, days: ORDER_LINK_DAYS });
      mailIds.push(
        (
          await this.mail.send(
            staffReplyMail(order, to, dto.body, clientPageLink(this.config.siteUrl, 'order', token), this.config.company),
            manager,
          )
        ).id,
      );
      await this.audit.record(manager, {
        entity: 'order',
        entity_id: orderId,
        label: order.order_num,
        action: 'update',
        changes: diffOf({ message: null }, { message: dto.body }),
      });
      return this.get(orderId, manager);
    });
    this.mail.deliverSoon(mailIds);
    return answer;
  }

  /** Every link of the order stops working at once (a forwarded e-mail, a client's request). */
  async revokeLinks(orderId: number): Promise<StaffQuoteAnswer['quote']> {
    return runTransaction(this.dataSource, async (manager) => {
      const order = await manager.getRepository(Order).findOneBy({ id: orderId });
      if (!order) throw notFound(NOT_FOUND);
      const result = await manager
        .getRepository(ClientLink)
        .update({ order_id: orderId, revoked_at: IsNull() }, { revoked_at: new Date() });
      await this.audit.record(manager, {
        entity: 'order',
        entity_id: orderId,
        label: order.order_num,
        action: 'update',
        changes: diffOf({ client_links_revoked: 0 }, { client_links_revoked: result.affected ?? 0 }),
      });
      return this.get(orderId, manager);
    });
  }

  private async draftOf(manager: EntityManager, orderId: number, versionId: number): Promise<QuoteVersion> {
    const version = await manager.getRepository(QuoteVersion).findOneBy({ id: versionId, order_id: orderId });
    if (!version) throw notFound(VERSION_NOT_FOUND);
    if (version.state !== 'draft')
      throw conflict(
        `La version ${version.number} a déjà été envoyée au client : elle ne change plus. Créez une nouvelle révision.`,
      );
    return version;
  }
}
