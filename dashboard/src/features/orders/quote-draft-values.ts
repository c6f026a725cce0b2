import type { QuoteDraftPayload } from '@comptoir/api/contract';
import { CURRENCY_SYMBOLS, currencyDecimals, formatPrice, fromMinor } from '@comptoir/api/money';

/**
 * The quote editor's conversions between what staff type and what the draft holds: French amounts and
 * percentages in the inputs, minor units and basis points in the preview of the totals (the server
 * recomputes them on save).
 */

/** A line of the draft being edited; `key` keeps React's rows stable while lines are added and removed. */
export type DraftLine = QuoteDraftPayload['lines'][number] & { key: number };

/** Minor units (a preview's totals) or a decimal string (the API's) in the one money format of `@comptoir/api/money`. */
export const money = (amount: bigint | string, code: string): string =>
  formatPrice(typeof amount === 'string' ? amount : fromMinor(amount, code), CURRENCY_SYMBOLS[code] ?? code);

/** "12,5" → 1250 basis points; invalid → NaN. */
export const bpOf = (percent: string) => Math.round(Number(percent.replace(',', '.')) * 100);

/** 1250 basis points → "12,5" for the input; none → "0". */
export const percentOf = (bp: number | undefined) => String((bp ?? 0) / 100).replace('.', ',');

/** "1 250 000" or "12,50" → minor units of `code` (preview only: the server recomputes). */
export function minorOf(amount: string, code: string): bigint {
  const value = Number(amount.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(value) ? BigInt(Math.round(value * 10 ** currencyDecimals(code))) : 0n;
}
