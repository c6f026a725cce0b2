import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { existsSync } from 'node:fs';
import { DataSource } from 'typeorm';
import type { OrderMoney } from '../contract/public.js';
import { formatMoney, fromMinor } from '../common/money.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { notFound } from '../core/errors/api-error.js';
import { MailService } from '../mail/mail.service.js';
import { renderDocumentPdfOffThread } from '../documents/pdf/render-off-thread.js';
import { devisDocument, type DevisModel } from './devis-document.js';
import { devisTotalsRows, orderTaxTotals, totalsInWords } from '../orders/devis-totals.js';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { orderPricesIncludeTax } from './recorded-tax-setting.js';
import { formatLongDate } from '../shared/dates.js';
import { itemCurrency, storedMoney } from '../orders/order-pricing.js';

const DAY_MS = 24 * 60 * 60_000;
/** Lomé's time (UTC, no daylight saving): the dates printed on a quote. */

/** "1 EUR = 655,957 FCFA (parité fixe)". */
function rateText(rate: OrderMoney['rates'][number]): string {
  return `1 ${rate.currency_code} = ${rate.rate.replace('.', ',')} FCFA${rate.fixed ? ' (parité fixe)' : ` (taux du ${rate.rate_date.split('-').reverse().join('/')})`}`;
}

/**
 * The quote's content, formatted in French, from the stored order only (so the same order gives the
 * same file): its lines, HT / TVA per rate / TTC per currency, the TTC converted into the currency
 * the client chose, and the amount in words, as every later version prints them (devis-totals.ts).
 */
export function devisModel(
  order: Order,
  items: OrderItem[],
  config: Pick<AppConfig, 'company' | 'quotes' | 'taxes'>,
): DevisModel {
  const created = new Date(order.created_at);
  const money = storedMoney(order);
  const taxed = orderTaxTotals(
    items.map((item) => ({
      quantity: item.quantity,
      price: item.price,
      currency_code: itemCurrency(item, order).code,
      tax_rate_bp: item.tax_rate_bp,
    })),
    config.taxes.pricesIncludeTax,
  );
  const mixed = money.totals.length > 1 || money.totals[0]?.currency_code !== money.currency_code;
  const { company } = config;
  return {
    createdAt: created.toISOString(),
    number: order.order_num,
    date: formatLongDate(created),
    validUntil: formatLongDate(created.getTime() + config.quotes.validityDays * DAY_MS),
    company: {
      name: company.name,
      lines: [company.address, company.phones.join(' · '), company.email],
      legalIds: company.legalIds,
      bank: company.bankDetails,
      ...(company.logoPath && existsSync(company.logoPath) ? { logoPath: company.logoPath } : {}),
    },
    client: [
      ['Entreprise', order.company_name],
      ['Téléphone', order.company_phone],
      ['Email', order.company_email],
    ],
    representative: [
      ['Nom', order.representative_name],
      ['Téléphone', order.representative_phone],
      ['Email', order.representative_email],
    ],
    deliveryAddress: order.delivery_address?.replace(/\s*\n\s*/g, ', ') || null,
    lines: items.map((item, index) => {
      const { code, symbol } = itemCurrency(item, order);
      return {
        designation: item.product_name,
        reference: item.product_reference ?? item.product?.reference ?? '—',
        quantity: String(item.quantity),
        unitPrice: formatMoney(item.price, code, symbol),
        currency: code,
        // HT even when catalogue prices are entered TTC (the column says so).
        total: formatMoney(fromMinor(taxed.lines[index]!.ht, code), code, symbol),
      };
    }),
    totals: items.length ? devisTotalsRows(taxed, money, order.currency) : [],
    amountInWords: items.length ? totalsInWords('devis', taxed) : null,
    rates: mixed ? money.rates.map(rateText) : [],
    note: money.note,
    terms: [
      ['Devise demandée', order.currency],
      ['Moyen de paiement', order.payment_by],
      ['Conditions de paiement', order.payment_term],
      ['Mode de livraison', order.delivery_method],
      ['Niveau de crédit', order.credit_level],
      // What delivery needs, when the request gave it.
      ...(
        [
          ['Adresse de livraison', order.delivery_address],
          ['Référence client', order.client_reference],
          ['Remarque', order.note],
        ].filter((term): term is [string, string] => Boolean(term[1])) as [string, string][]
      ).map(([label, value]): [string, string] => [label, value.replace(/\s*\n\s*/g, ', ')]),
    ],
    footer:
      `${company.name} · ${company.address} · ${company.email}. Devis valable ${config.quotes.validityDays} jours, ` +
      `sous réserve de disponibilité du stock ; aucun paiement n’a été effectué en ligne.`,
  };
}

/**
 * The "devis" PDF of an order: made on demand from the stored order (download, mail attachment),
 * laid out by the shared document layout in a worker thread (PDFKit needs tens of milliseconds per
 * document: see docs/performance.md) so the API keeps answering meanwhile.
 */
@Injectable()
export class DevisService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  onModuleInit(): void {
    this.mail.registerAttachment('devis', async (key) => {
      const id = Number(key);
      const exists = await this.dataSource.getRepository(Order).exists({ where: { id } });
      if (!exists) return null;
      const model = await this.model(id);
      return { filename: `devis-${model.number}.pdf`, content: await this.render(model), contentType: 'application/pdf' };
    });
  }

  async model(id: number): Promise<DevisModel> {
    const order = await this.dataSource.getRepository(Order).findOneBy({ id });
    if (!order) throw notFound('Commande introuvable.');
    const items = await this.dataSource.getRepository(OrderItem).find({
      where: { order_id: id },
      relations: { product: { currency: true } },
      order: { id: 'ASC' },
    });
    // The request's devis is its quote's version 1: it counts the prices as that version recorded them.
    const pricesIncludeTax = await orderPricesIncludeTax(this.dataSource.manager, id, this.config.taxes.pricesIncludeTax);
    return devisModel(order, items, { ...this.config, taxes: { ...this.config.taxes, pricesIncludeTax } });
  }

  /** The PDF and the order's number (for the file name). */
  async pdf(id: number): Promise<Buffer> {
    return this.render(await this.model(id));
  }

  render(model: DevisModel): Promise<Buffer> {
    return renderDocumentPdfOffThread(devisDocument(model));
  }
}
