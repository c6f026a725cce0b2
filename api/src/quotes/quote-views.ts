import { centsToMinor, fromMinor, toCents } from '../common/money.js';
import type { OrderMessageView, QuoteCurrencyTotals, QuoteLineView, QuoteVersionView } from '../contract/quotes.js';
import { amountInWords, arretePhrase } from '../shared/amount-in-words.js';
import { documentTotals, type DocumentTotals } from '../shared/document-totals.js';
import type { OrderMessage } from './entities/order-message.entity.js';
import type { QuoteAcceptance } from './entities/quote-acceptance.entity.js';
import type { QuoteVersionLine } from './entities/quote-version-line.entity.js';
import type { QuoteVersion } from './entities/quote-version.entity.js';

/** TVA of a line whose product names no rate, and of the delivery fee (docs/order-model.md: 18 % by default). */
export const DEFAULT_TAX_RATE_BP = 1800;

/** The product's tax rate when the catalogue carries one (`products.tax_rate_bp`), else the default. */
export function productTaxRate(product: object | null | undefined): number {
  const rate = (product as { tax_rate_bp?: unknown } | null | undefined)?.tax_rate_bp;
  return typeof rate === 'number' && Number.isInteger(rate) && rate >= 0 ? rate : DEFAULT_TAX_RATE_BP;
}

/** "DEV-2026-00042-v2". */
export const versionReference = (version: Pick<QuoteVersion, 'quote_number' | 'number'>) =>
  `${version.quote_number}-v${version.number}`;

/** "CMD-2026-00042" → "DEV-2026-00042": the quote carries its request's number. */
export const quoteNumberOf = (orderNum: string) => (orderNum.startsWith('CMD-') ? `DEV-${orderNum.slice(4)}` : `DEV-${orderNum}`);

/**
 * A stored price in the currency's minor unit. Catalogue prices may carry cents the currency lacks
 * (3 500,50 FCFA): they count rounded to the unit, half away from zero, as the order's totals do.
 */
export const minorOf = (amount: string, code: string) => centsToMinor(toCents(amount), code);

/**
 * The server's totals of a version (the one implementation: shared/document-totals.ts), its prices HT
 * or TTC as PRICES_INCLUDE_TAX said when the version was made or sent (`prices_include_tax`, recorded on
 * it): a later change of the setting never changes a sent version's amounts.
 */
export function versionTotals(version: QuoteVersion, lines: QuoteVersionLine[]): DocumentTotals {
  return documentTotals({
    lines: lines.map((line) => ({
      quantity: line.quantity,
      unitPrice: minorOf(line.unit_price, line.currency_code),
      currency: line.currency_code,
      discountBp: line.discount_bp,
      taxRateBp: line.tax_rate_bp,
    })),
    overallDiscountBp: version.discount_bp,
    deliveryFee: {
      amount: minorOf(version.delivery_fee, version.delivery_fee_currency),
      currency: version.delivery_fee_currency,
      taxRateBp: DEFAULT_TAX_RATE_BP,
    },
    pricesIncludeTax: Boolean(version.prices_include_tax),
  });
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export function versionView(
  version: QuoteVersion,
  lines: QuoteVersionLine[],
  acceptance: QuoteAcceptance | null,
): QuoteVersionView {
  const sorted = [...lines].sort((a, b) => a.position - b.position || a.id - b.id);
  const totals = versionTotals(version, sorted);
  const currencies: QuoteCurrencyTotals[] = totals.currencies.map((c) => ({
    currency_code: c.currency,
    lines: fromMinor(c.lines, c.currency),
    discount: fromMinor(c.discount, c.currency),
    delivery: fromMinor(c.delivery, c.currency),
    taxes: c.taxes.map((t) => ({ rate_bp: t.rateBp, base: fromMinor(t.base, c.currency), tax: fromMinor(t.tax, c.currency) })),
    ht: fromMinor(c.ht, c.currency),
    tax: fromMinor(c.tax, c.currency),
    ttc: fromMinor(c.ttc, c.currency),
    ttc_in_words: amountInWords(c.ttc, c.currency),
  }));
  const lineViews: QuoteLineView[] = sorted.map((line, index) => ({
    id: line.id,
    product_id: line.product_id,
    product_name: line.product_name,
    product_reference: line.product_reference,
    quantity: line.quantity,
    unit_price: line.unit_price,
    currency_code: line.currency_code,
    discount_bp: line.discount_bp,
    tax_rate_bp: line.tax_rate_bp,
    total_ht: fromMinor(totals.lines[index]!.ht, line.currency_code),
  }));
  return {
    id: version.id,
    number: version.number,
    quote_number: version.quote_number,
    reference: versionReference(version),
    state: version.state,
    discount_bp: version.discount_bp,
    delivery_fee: version.delivery_fee,
    delivery_fee_currency: version.delivery_fee_currency,
    valid_until: version.valid_until,
    payment_terms: version.payment_terms,
    prices_include_tax: Boolean(version.prices_include_tax),
    message: version.message,
    sent_at: iso(version.sent_at),
    created_at: iso(version.created_at)!,
    updated_at: iso(version.updated_at)!,
    version: version.version,
    lines: lineViews,
    totals: currencies,
    in_words: arretePhrase(
      'devis',
      totals.currencies.map((c) => ({ minor: c.ttc, currency: c.currency })),
    ),
    decline_reason: version.decline_reason,
    accepted_by: acceptance ? { name: acceptance.name, accepted_at: iso(acceptance.accepted_at)! } : null,
  };
}

export function messageView(message: OrderMessage): OrderMessageView {
  return {
    id: message.id,
    author: message.author,
    author_name: message.author_name,
    event: message.event,
    body: message.body,
    created_at: iso(message.created_at)!,
  };
}

/** Today in Lomé (UTC, no daylight saving) as YYYY-MM-DD: validity dates compare with it. */
export const lomeToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** A sent version past its validity date can no longer be accepted. */
export const isPastValidity = (version: Pick<QuoteVersion, 'valid_until'>, now = new Date()) =>
  Boolean(version.valid_until && version.valid_until < lomeToday(now));
