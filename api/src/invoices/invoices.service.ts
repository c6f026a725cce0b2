import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { diffOf } from '../audit/audit-diff.js';
import { AuditService } from '../audit/audit.service.js';
import { ORDER_CURRENCY_CODES, toMinor } from '../common/money.js';
import { runTransaction } from '../common/transactions.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { conflict, invalidField, notFound } from '../core/errors/api-error.js';
import { nextDocumentNumber } from '../documents/document-numbers.js';
import { renderDocumentPdfOffThread } from '../documents/pdf/render-off-thread.js';
import { Order } from '../orders/entities/order.entity.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { Delivery } from '../deliveries/entities/delivery.entity.js';
import { pairQuoteLines } from '../quotes/accepted-lines.js';
import { QuoteVersionLine } from '../quotes/entities/quote-version-line.entity.js';
import { QuoteVersion } from '../quotes/entities/quote-version.entity.js';
import { DEFAULT_TAX_RATE_BP } from '../quotes/quote-views.js';
import type { CreditNoteDto, InvoiceDto } from './dto/invoice.dto.js';
import { CreditNoteLine } from './entities/credit-note-line.entity.js';
import { CreditNote } from './entities/credit-note.entity.js';
import { InvoiceLine } from './entities/invoice-line.entity.js';
import { Invoice } from './entities/invoice.entity.js';
import { creditedByLine, storedState, today, type InvoiceFolder } from './invoice-amounts.js';
import { INVOICE_NOT_FOUND, loadFolders, lockedFolder, staffName } from './invoice-folders.js';
import { creditNotePdfModel, invoicePdfModel } from './invoice-pdf.js';
import { invoiceView } from './invoice-presenters.js';
import { storeTotals } from './invoice-totals.js';
import type { InvoiceableLine, InvoiceView, OrderInvoicesView } from '../contract/invoices.js';
import { orderPricesIncludeTax } from '../quotes/recorded-tax-setting.js';

const ORDER_NOT_FOUND = 'Commande introuvable.';
const CREDIT_NOTE_NOT_FOUND = 'Avoir introuvable.';

/** Why an order cannot be invoiced now (null: it can). */
export function cannotInvoice(order: Pick<Order, 'status'>): string | null {
  if (order.status === 'pending')
    return 'La commande n’est pas encore confirmée : le client doit accepter le devis, ou l’équipe la passer « En cours ».';
  if (order.status === 'canceled') return 'La commande est annulée : elle ne peut pas être facturée.';
  return null;
}

interface Source extends InvoiceableLine {
  product_id: number | null;
}

/**
 * Invoices and credit notes (docs/order-model.md, "The documents", "Numbering"): an invoice copies the
 * accepted quote's lines (else the order's) up to what remains to invoice, takes its FAC- number in
 * its own transaction and never changes afterwards; a credit note (AV-) credits some of its lines or
 * all that remains (then the invoice is `canceled_by_credit_note`), and what it credits may be
 * invoiced again.
 */
@Injectable()
export class InvoicesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  /** The order's invoiceable lines: the accepted quote version's when there is one, else the order's. */
  private async sources(manager: EntityManager, order: Order): Promise<{ version: QuoteVersion | null; lines: Source[] }> {
    const version = await manager.getRepository(QuoteVersion).findOneBy({ order_id: order.id, state: 'accepted' });
    const invoices = await manager.getRepository(Invoice).find({ select: { id: true }, where: { order_id: order.id } });
    const invoiced = new Map<string, number>();
    if (invoices.length) {
      const lines = await manager.getRepository(InvoiceLine).findBy({ invoice_id: In(invoices.map((i) => i.id)) });
      const credits = lines.length
        ? await manager.getRepository(CreditNoteLine).findBy({ invoice_line_id: In(lines.map((l) => l.id)) })
        : [];
      const credited = creditedByLine({ creditNotes: [{ note: null as never, lines: credits }] });
      for (const line of lines) {
        const key = `${line.source}:${line.source_id}`;
        invoiced.set(key, (invoiced.get(key) ?? 0) + line.quantity - (credited.get(line.id) ?? 0));
      }
    }
    const of = (source: Source['source'], id: number) => invoiced.get(`${source}:${id}`) ?? 0;
    const items = await manager.getRepository(OrderItem).find({ where: { order_id: order.id }, order: { id: 'ASC' } });
    // Delivered net of returns, per order line; « Expédiée » set by hand without any note: everything.
    const byHand = order.status === 'shipped' && !(await manager.getRepository(Delivery).existsBy({ order_id: order.id }));
    const deliveredOf = (item: OrderItem | undefined) => (item ? (byHand ? item.quantity : item.delivered_quantity) : 0);
    /** Delivered and not yet invoiced, never more than what remains to invoice. */
    const uninvoiced = (delivered: number, invoicedSoFar: number, remaining: number) =>
      Math.max(0, Math.min(remaining, delivered - invoicedSoFar));
    if (version) {
      const lines = await manager
        .getRepository(QuoteVersionLine)
        .find({ where: { quote_version_id: version.id }, order: { position: 'ASC', id: 'ASC' } });
      // Each accepted line's deliveries are those of the order line it became (quotes/accepted-lines.ts).
      const pairs = pairQuoteLines(lines, items);
      return {
        version,
        lines: lines.map((line) => ({
          line_id: line.id,
          source: 'quote_line',
          product_id: line.product_id,
          product_name: line.product_name,
          product_reference: line.product_reference,
          ordered: line.quantity,
          delivered: deliveredOf(pairs.get(line.id)),
          delivered_uninvoiced: uninvoiced(
            deliveredOf(pairs.get(line.id)),
            of('quote_line', line.id),
            line.quantity - of('quote_line', line.id),
          ),
          invoiced: of('quote_line', line.id),
          remaining: line.quantity - of('quote_line', line.id),
          unit_price: line.unit_price,
          currency_code: line.currency_code,
          discount_bp: line.discount_bp,
          tax_rate_bp: line.tax_rate_bp,
        })),
      };
    }
    return {
      version: null,
      lines: items.map((item) => ({
        line_id: item.id,
        source: 'order_item',
        product_id: item.product_id,
        product_name: item.product_name,
        product_reference: item.product_reference,
        ordered: item.quantity,
        delivered: deliveredOf(item),
        delivered_uninvoiced: uninvoiced(deliveredOf(item), of('order_item', item.id), item.quantity - of('order_item', item.id)),
        invoiced: of('order_item', item.id),
        remaining: item.quantity - of('order_item', item.id),
        unit_price: item.price,
        currency_code: item.currency_code ?? ORDER_CURRENCY_CODES[order.currency] ?? 'XOF',
        discount_bp: 0,
        tax_rate_bp: item.tax_rate_bp,
      })),
    };
  }

  async forOrder(orderId: number, manager: EntityManager = this.dataSource.manager): Promise<OrderInvoicesView> {
    const order = await manager.getRepository(Order).findOneBy({ id: orderId });
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const { lines } = await this.sources(manager, order);
    const invoices = await manager.getRepository(Invoice).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    const reason = cannotInvoice(order);
    return {
      order_id: order.id,
      order_num: order.order_num,
      status: order.status,
      can_invoice: reason === null && lines.some((l) => l.remaining > 0),
      cannot_invoice_reason: reason ?? (lines.some((l) => l.remaining > 0) ? null : 'Tout a été facturé.'),
      lines: lines.map(({ product_id: _p, ...line }) => line),
      invoices: (await loadFolders(manager, invoices)).map((folder) => invoiceView(folder, order)),
    };
  }

  /** Issues an invoice: all that remains, or the lines and quantities given. */
  async issue(orderId: number, dto: InvoiceDto, userId: number): Promise<InvoiceView> {
    return runTransaction(this.dataSource, async (manager) => {
      const sqlite = manager.connection.options.type === 'better-sqlite3';
      // The order's row is locked first: two staff invoicing one order at once are serialised.
      const order = await manager.getRepository(Order).findOne({
        where: { id: orderId },
        ...(sqlite ? {} : { lock: { mode: 'pessimistic_write' as const } }),
      });
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const reason = cannotInvoice(order);
      if (reason) throw conflict(reason);
      const { version, lines: sources } = await this.sources(manager, order);
      const byId = new Map(sources.map((s) => [s.line_id, s]));
      let wanted: { source: Source; quantity: number }[];
      if (dto.from === 'deliveries') {
        if (dto.lines)
          throw invalidField('from', 'Choisissez les lignes à facturer ou « Livraisons non facturées », pas les deux.');
        wanted = sources
          .filter((s) => s.delivered_uninvoiced > 0)
          .map((source) => ({ source, quantity: source.delivered_uninvoiced }));
        if (!wanted.length)
          throw conflict(
            'Aucune livraison non facturée : enregistrez un bon de livraison, ou facturez les quantités commandées.',
          );
      } else if (dto.lines) {
        const seen = new Set<number>();
        wanted = [];
        for (const [index, line] of dto.lines.entries()) {
          if (line.quantity === 0) continue;
          const source = byId.get(line.line_id);
          if (!source) throw invalidField(`lines.${index}.line_id`, 'Cette ligne n’appartient pas à la commande.');
          if (seen.has(line.line_id)) throw invalidField('lines', 'Chaque ligne ne peut figurer qu’une fois.');
          seen.add(line.line_id);
          if (line.quantity > source.remaining)
            throw conflict(
              `« ${source.product_name} » : il reste ${source.remaining} à facturer, ${line.quantity} demandé${line.quantity > 1 ? 's' : ''}.`,
            );
          wanted.push({ source, quantity: line.quantity });
        }
        if (!wanted.length) throw invalidField('lines', 'Indiquez une quantité à facturer sur au moins une ligne.');
      } else {
        wanted = sources.filter((s) => s.remaining > 0).map((source) => ({ source, quantity: source.remaining }));
        if (!wanted.length) throw conflict('Tout a été facturé : il ne reste rien à facturer sur cette commande.');
      }

      // The accepted quote's delivery fee goes on the first invoice (again after a full credit note).
      const earlier = await manager.getRepository(Invoice).findBy({ order_id: orderId });
      const earlierNotes = earlier.length
        ? await manager.getRepository(CreditNote).findBy({ invoice_id: In(earlier.map((i) => i.id)) })
        : [];
      const feeCurrency = version?.delivery_fee_currency ?? 'XOF';
      const feeInvoiced =
        earlier.reduce((sum, i) => sum + toMinor(i.delivery_fee, i.delivery_fee_currency), 0n) -
        earlierNotes.reduce((sum, n) => sum + toMinor(n.delivery_fee, feeCurrency), 0n);
      const fee = version && feeInvoiced === 0n ? version.delivery_fee : '0.00';

      const issuedAt = new Date();
      const due = new Date(issuedAt.getTime() + this.config.quotes.invoicePaymentDays * 86_400_000);
      const number = await nextDocumentNumber(manager, 'invoice', issuedAt);
      const author = await staffName(manager, userId);
      const inserted = await manager.getRepository(Invoice).insert({
        order_id: orderId,
        company_name: order.company_name,
        number,
        state: 'issued',
        issued_at: issuedAt,
        due_date: today(due),
        quote_version_id: version?.id ?? null,
        discount_bp: version?.discount_bp ?? 0,
        delivery_fee: fee,
        delivery_fee_currency: feeCurrency,
        delivery_fee_tax_rate_bp: DEFAULT_TAX_RATE_BP,
        // As the quote it invoices recorded it (the accepted version, else the request's own): a later
        // change of PRICES_INCLUDE_TAX never reprices what the client accepted.
        prices_include_tax: version
          ? Boolean(version.prices_include_tax)
          : await orderPricesIncludeTax(manager, order.id, this.config.taxes.pricesIncludeTax),
        payment_terms: version?.payment_terms ?? order.payment_term ?? null,
        note: dto.note || null,
        created_by: userId,
        created_by_name: author,
      });
      const invoiceId = Number(inserted.identifiers[0]!.id);
      await manager.getRepository(InvoiceLine).insert(
        wanted.map(({ source, quantity }, position) => ({
          invoice_id: invoiceId,
          position,
          source: source.source,
          source_id: source.line_id,
          product_id: source.product_id,
          product_name: source.product_name,
          product_reference: source.product_reference,
          quantity,
          unit_price: source.unit_price,
          currency_code: source.currency_code,
          discount_bp: source.discount_bp,
          tax_rate_bp: source.tax_rate_bp,
        })),
      );
      const folder = (await loadFolders(manager, [await manager.getRepository(Invoice).findOneByOrFail({ id: invoiceId })]))[0]!;
      await storeTotals(manager, [folder], true);
      const view = invoiceView(folder, order);
      await this.audit.record(manager, {
        entity: 'invoice',
        entity_id: invoiceId,
        label: `${number} · ${order.order_num}`,
        action: 'create',
        changes: diffOf(null, {
          number,
          due_date: view.due_date,
          lines: wanted.map((w) => `${w.source.product_name} × ${w.quantity}`).join(', '),
          total: view.currencies.map((c) => `${c.ttc} ${c.currency_code}`).join(' + '),
        }),
      });
      return view;
    });
  }

  async get(invoiceId: number): Promise<InvoiceView> {
    const manager = this.dataSource.manager;
    const invoice = await manager.getRepository(Invoice).findOneBy({ id: invoiceId });
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    const order = await manager.getRepository(Order).findOneByOrFail({ id: invoice.order_id });
    return invoiceView((await loadFolders(manager, [invoice]))[0]!, order);
  }

  /** Issues a credit note: all that remains credited (cancels the invoice) or the lines given. */
  async credit(invoiceId: number, dto: CreditNoteDto, userId: number): Promise<InvoiceView> {
    return runTransaction(this.dataSource, async (manager) => {
      const folder = await lockedFolder(manager, invoiceId);
      const { invoice } = folder;
      if (invoice.state === 'canceled_by_credit_note') throw conflict('Cette facture est déjà annulée par un avoir.');
      const credited = creditedByLine(folder);
      const room = new Map(folder.lines.map((l) => [l.id, l.quantity - (credited.get(l.id) ?? 0)]));
      let wanted: { lineId: number; quantity: number }[];
      if (dto.full) {
        wanted = folder.lines.filter((l) => room.get(l.id)! > 0).map((l) => ({ lineId: l.id, quantity: room.get(l.id)! }));
      } else {
        if (!dto.lines?.length)
          throw invalidField('lines', 'Indiquez les lignes et quantités à créditer, ou choisissez un avoir total.');
        const seen = new Set<number>();
        wanted = [];
        for (const [index, line] of dto.lines.entries()) {
          if (line.quantity === 0) continue;
          const left = room.get(line.invoice_line_id);
          if (left === undefined)
            throw invalidField(`lines.${index}.invoice_line_id`, 'Cette ligne n’appartient pas à la facture.');
          if (seen.has(line.invoice_line_id)) throw invalidField('lines', 'Chaque ligne ne peut figurer qu’une fois.');
          seen.add(line.invoice_line_id);
          const name = folder.lines.find((l) => l.id === line.invoice_line_id)!.product_name;
          if (line.quantity > left)
            throw conflict(
              `« ${name} » : ${left} unité${left > 1 ? 's' : ''} encore créditable${left > 1 ? 's' : ''}, ${line.quantity} demandée${line.quantity > 1 ? 's' : ''}.`,
            );
          wanted.push({ lineId: line.invoice_line_id, quantity: line.quantity });
        }
        if (!wanted.length) throw invalidField('lines', 'Indiquez une quantité à créditer sur au moins une ligne.');
      }
      const feeLeft = toMinor(invoice.delivery_fee, invoice.delivery_fee_currency);
      const number = await nextDocumentNumber(manager, 'credit_note');
      const inserted = await manager.getRepository(CreditNote).insert({
        invoice_id: invoiceId,
        number,
        issued_at: new Date(),
        full: dto.full,
        reason: dto.reason,
        delivery_fee: dto.full && feeLeft > 0n ? invoice.delivery_fee : '0.00',
        created_by: userId,
        created_by_name: await staffName(manager, userId),
      });
      const noteId = Number(inserted.identifiers[0]!.id);
      if (wanted.length)
        await manager
          .getRepository(CreditNoteLine)
          .insert(
            wanted.map((w, position) => ({ credit_note_id: noteId, position, invoice_line_id: w.lineId, quantity: w.quantity })),
          );
      const after = await lockedFolder(manager, invoiceId);
      const left = creditedByLine(after);
      const everything = after.lines.every((l) => (left.get(l.id) ?? 0) >= l.quantity);
      const state = storedState(after, dto.full || everything);
      if (state !== invoice.state) await manager.getRepository(Invoice).update({ id: invoiceId }, { state });
      await storeTotals(manager, [after]);
      const order = await manager.getRepository(Order).findOneByOrFail({ id: invoice.order_id });
      await this.audit.record(manager, {
        entity: 'credit_note',
        entity_id: noteId,
        label: `${number} · ${invoice.number}`,
        action: 'create',
        changes: diffOf(null, {
          number,
          invoice: invoice.number,
          full: dto.full,
          reason: dto.reason,
          lines: wanted.map((w) => `${after.lines.find((l) => l.id === w.lineId)!.product_name} × ${w.quantity}`).join(', '),
          invoice_state: state,
        }),
      });
      return invoiceView({ ...after, invoice: { ...after.invoice, state } }, order);
    });
  }

  private async folderWithOrder(invoiceId: number): Promise<{ folder: InvoiceFolder; order: Order }> {
    const manager = this.dataSource.manager;
    const invoice = await manager.getRepository(Invoice).findOneBy({ id: invoiceId });
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    const order = await manager.getRepository(Order).findOneByOrFail({ id: invoice.order_id });
    return { folder: (await loadFolders(manager, [invoice]))[0]!, order };
  }

  /** The invoice's PDF (`orderId`: only when it belongs to that order, for the client's route). */
  async pdf(invoiceId: number, orderId?: number): Promise<{ filename: string; pdf: Buffer }> {
    const { folder, order } = await this.folderWithOrder(invoiceId);
    if (orderId !== undefined && order.id !== orderId) throw notFound(INVOICE_NOT_FOUND);
    const pdf = await renderDocumentPdfOffThread(invoicePdfModel(order, folder, this.config));
    return { filename: `${folder.invoice.number}.pdf`, pdf };
  }

  async creditNotePdf(noteId: number, orderId?: number): Promise<{ filename: string; pdf: Buffer }> {
    const note = await this.dataSource.getRepository(CreditNote).findOneBy({ id: noteId });
    if (!note) throw notFound(CREDIT_NOTE_NOT_FOUND);
    const { folder, order } = await this.folderWithOrder(note.invoice_id);
    if (orderId !== undefined && order.id !== orderId) throw notFound(CREDIT_NOTE_NOT_FOUND);
    const pdf = await renderDocumentPdfOffThread(creditNotePdfModel(order, folder, note.id, this.config));
    return { filename: `${note.number}.pdf`, pdf };
  }
}
