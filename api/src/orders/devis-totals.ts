import { CURRENCY_SYMBOLS, centsToMinor, convertSum, formatMoney, fromMinor, parseRate, toCents } from '../common/money.js';
import type { OrderMoney } from '../contract/public.js';
import { arretePhrase } from '../shared/amount-in-words.js';
import { documentTotals, formatTaxRate, type DocumentTotals } from '../shared/document-totals.js';
import { currencyLabel } from '../shared/money.js';

/**
 * The taxes of a quote as its documents and e-mails print them: HT, TVA per rate and TTC per
 * currency (computed by shared/document-totals.ts, the one implementation), then the TTC converted
 * into the currency the client chose, and the amount in words. Used by the request's own devis
 * (version 1, made from the order), by the later versions and their bon de commande, and by the
 * request's e-mails, so that all of them print the same figures.
 */

/** An order line as stored: unit price as a decimal string ("1250000.00"), its currency and rate. */
export interface TaxedLine {
  quantity: number;
  price: string;
  currency_code: string;
  tax_rate_bp: number;
}

const money = (minor: bigint, code: string) => formatMoney(fromMinor(minor, code), code, CURRENCY_SYMBOLS[code] ?? code);

/** A stored price in the currency's minor unit (cents the currency lacks round half away from zero). */
const minorOf = (amount: string, code: string) => centsToMinor(toCents(amount), code);

/** The totals of an order's lines (no discount, no delivery fee: the request as the client made it). */
export function orderTaxTotals(lines: readonly TaxedLine[], pricesIncludeTax: boolean): DocumentTotals {
  return documentTotals({
    lines: lines.map((line) => ({
      quantity: line.quantity,
      unitPrice: minorOf(line.price, line.currency_code),
      currency: line.currency_code,
      taxRateBp: line.tax_rate_bp,
    })),
    pricesIncludeTax,
  });
}

/**
 * « Total HT », « TVA 18 % » (or « Exonéré de TVA »), « Total TTC » per currency (suffixed with the
 * currency when there are several), preceded by the lines' total, the overall discount and the
 * delivery fee when the quote has them.
 */
export function taxRows(totals: DocumentTotals, overallDiscountBp = 0): [string, string][] {
  const rows: [string, string][] = [];
  for (const c of totals.currencies) {
    const suffix = totals.currencies.length > 1 ? ` (${c.currency})` : '';
    if (c.discount > 0n || c.delivery > 0n) rows.push([`Total des lignes HT${suffix}`, money(c.lines, c.currency)]);
    if (c.discount > 0n)
      rows.push([`Remise globale ${formatTaxRate(overallDiscountBp)}${suffix}`, `− ${money(c.discount, c.currency)}`]);
    if (c.delivery > 0n) rows.push([`Livraison HT${suffix}`, money(c.delivery, c.currency)]);
    rows.push([`Total HT${suffix}`, money(c.ht, c.currency)]);
    for (const t of c.taxes)
      rows.push([t.rateBp ? `TVA ${formatTaxRate(t.rateBp)}${suffix}` : `Exonéré de TVA${suffix}`, money(t.tax, c.currency)]);
    rows.push([`Total TTC${suffix}`, money(c.ttc, c.currency)]);
  }
  return rows;
}

/** « Arrêté le présent devis à la somme de : … » over the TTC of each currency. */
export function totalsInWords(documentName: string, totals: DocumentTotals): string {
  return arretePhrase(
    documentName,
    totals.currencies.map((c) => ({ minor: c.ttc, currency: c.currency })),
  );
}

/**
 * The TTC in the currency the client chose, with the rates the order stored (rounded once), when the
 * lines are in another currency or in several; null when they are all in that currency or a rate is
 * missing (the order's note then says staff will confirm it).
 */
export function convertedTtc(totals: DocumentTotals, orderMoney: Pick<OrderMoney, 'currency_code' | 'rates' | 'missing_rates'>) {
  const amount = convertedTtcAmount(totals, orderMoney);
  return amount === null
    ? null
    : formatMoney(amount, orderMoney.currency_code, CURRENCY_SYMBOLS[orderMoney.currency_code] ?? orderMoney.currency_code);
}

/** The same converted TTC as a decimal string in the chosen currency's unit ("2434092"), for the order dialog's estimate. */
export function convertedTtcAmount(
  totals: DocumentTotals,
  orderMoney: Pick<OrderMoney, 'currency_code' | 'rates' | 'missing_rates'>,
): string | null {
  const target = orderMoney.currency_code;
  if (orderMoney.missing_rates.length) return null;
  if (totals.currencies.every((c) => c.currency === target)) return null;
  const rates = new Map(orderMoney.rates.map((r) => [r.currency_code, parseRate(r.rate)]));
  const result = convertSum(
    totals.currencies.map((c) => ({ code: c.currency, minor: c.ttc })),
    target,
    rates,
  );
  return result.ok ? fromMinor(result.minor, target) : null;
}

/** The devis's totals block: taxes per currency, then « Total en FCFA (TTC) » when converted. */
export function devisTotalsRows(
  totals: DocumentTotals,
  orderMoney: Pick<OrderMoney, 'currency_code' | 'rates' | 'missing_rates'>,
  chosen: string,
): [string, string][] {
  const rows = taxRows(totals);
  const converted = convertedTtc(totals, orderMoney);
  if (converted) rows.push([`Total en ${currencyLabel(chosen)} (TTC)`, converted]);
  return rows;
}
