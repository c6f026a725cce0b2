/**
 * Exact money for every currency. Amounts are integer minor units (bigint) while computing, and
 * decimal strings in the database and in JSON. A currency's minor unit comes from ISO 4217 as
 * Intl knows it: 2 decimals for the euro and the dollar, none for the CFA franc (XOF has no cents).
 * Conversions go through the CFA franc: a rate is "how many XOF for one unit", kept as an integer
 * scaled by 10^6, and the result is rounded once, half away from zero, to the target's unit.
 */

import { CURRENCY_SYMBOLS, currencyDecimals, divRound, formatPrice, fromMinor } from '../shared/money.js';

// Shared with the front ends, which show amounts by currency code; re-exported for the API's callers.
export { CURRENCY_SYMBOLS, currencyDecimals, fromMinor } from '../shared/money.js';

/** 1 EUR = 655.957 XOF, the fixed parity of the CFA franc (not a market rate: never edited). */
export const EUR_XOF_PARITY = '655.957';
export const RATE_DECIMALS = 6;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

/** The order form's three choices and their ISO codes. */
export const ORDER_CURRENCY_CODES = { Dollar: 'USD', Euro: 'EUR', Fcfa: 'XOF' } as const;

/** "1250.5" → 125050n (EUR), "1250000.00" → 1250000n (XOF). Refuses more decimals than the unit has, unless they are zeros. */
export function toMinor(amount: string, code: string): bigint {
  const decimals = currencyDecimals(code);
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new Error(`Invalid money value "${amount}"`);
  const fraction = m[3] ?? '';
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) {
    throw new Error(`"${amount}" has more decimals than ${code} allows`);
  }
  const minor = BigInt(m[2]!) * 10n ** BigInt(decimals) + BigInt(fraction.slice(0, decimals).padEnd(decimals, '0') || '0');
  return m[1] ? -minor : minor;
}

/** A decimal string with `decimals` places for a money column (decimal(12,2) keeps "1250000.00" for XOF). */
export function toColumn(minor: bigint, code: string): string {
  const [units, fraction = ''] = fromMinor(minor, code).split('.');
  return `${units}.${fraction.padEnd(2, '0')}`;
}

/** "655.957" → 655957000n (rate × 10^6); refuses zero, negatives and more than 6 decimals. */
export function parseRate(rate: string): bigint {
  const m = /^(\d+)(?:[.,](\d{1,6}))?$/.exec(rate.trim());
  if (!m) throw new Error(`Invalid rate "${rate}"`);
  const scaled = BigInt(m[1]!) * RATE_SCALE + BigInt((m[2] ?? '').padEnd(RATE_DECIMALS, '0'));
  if (scaled <= 0n) throw new Error(`Invalid rate "${rate}"`);
  return scaled;
}

/** 655957000n → "655.957" (trailing zeros dropped). */
export function formatRate(scaled: bigint): string {
  const units = scaled / RATE_SCALE;
  const fraction = (scaled % RATE_SCALE).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${units}.${fraction}` : `${units}`;
}

export { divRound };

export interface Subtotal {
  code: string;
  minor: bigint;
}

export type ConversionResult = { ok: true; minor: bigint } | { ok: false; missing: string[] };

/**
 * Σ subtotals converted into `target`, rounded once to the target's unit. `xofPerUnit` gives each
 * currency's rate to the CFA franc (scaled by 10^6; XOF itself is implied). Currencies without a rate
 * are reported, not guessed.
 */
export function convertSum(
  subtotals: readonly Subtotal[],
  target: string,
  xofPerUnit: ReadonlyMap<string, bigint>,
): ConversionResult {
  const rate = (code: string) => (code === 'XOF' ? RATE_SCALE : xofPerUnit.get(code));
  const missing = [...new Set([...subtotals.map((s) => s.code), target])].filter(
    (code) => code !== target && rate(code) === undefined,
  );
  const sameOnly = subtotals.every((s) => s.code === target);
  if (sameOnly) return { ok: true, minor: subtotals.reduce((sum, s) => sum + s.minor, 0n) };
  if (rate(target) === undefined) missing.push(target);
  if (missing.length) return { ok: false, missing: [...new Set(missing)].sort() };
  // amount(target) = Σ minor_i / 10^e_i × rate_i / rate_target × 10^e_target, on one common denominator.
  const maxExp = Math.max(...subtotals.map((s) => currencyDecimals(s.code)));
  const targetExp = BigInt(currencyDecimals(target));
  let numerator = 0n;
  for (const s of subtotals) {
    numerator += s.minor * rate(s.code)! * 10n ** targetExp * 10n ** BigInt(maxExp - currencyDecimals(s.code));
  }
  return { ok: true, minor: divRound(numerator, rate(target)! * 10n ** BigInt(maxExp)) };
}

/** A catalogue amount ("1250.5", "1250000.00": at most two decimals) in cents. */
export function toCents(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) throw new Error(`Invalid money value "${amount}"`);
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Cents rounded (half away from zero) to the currency's unit: 150n cents XOF → 2n; EUR → 150n. */
export function centsToMinor(cents: bigint, code: string): bigint {
  const decimals = currencyDecimals(code);
  return decimals >= 2 ? cents * 10n ** BigInt(decimals - 2) : divRound(cents, 10n ** BigInt(2 - decimals));
}

/**
 * An amount of a currency as Comptoir shows it everywhere, rounded to the currency's unit first (FCFA
 * has no cents): the one shared format of `shared/money.ts` ("1 250 000 FCFA", "1 250,50 €", "99 $").
 */
export function formatMoney(amount: string, code: string, symbol = CURRENCY_SYMBOLS[code] ?? code): string {
  return formatPrice(fromMinor(centsToMinor(toCents(amount), code), code), symbol);
}
