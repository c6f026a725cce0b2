import { currencyDecimals, divRound, fromCents, toCents } from '../common/money.js';

/**
 * The bulk price change (exact, in cents, as the price column keeps them): a percentage ("10",
 * "-5.5": at most two decimals) or an amount in the products' currency ("2500", "-0.50"), then
 * rounded half away from zero to a step of the currency ("1" FCFA, "5", "10", "50", "100"…; never
 * finer than the currency's unit: an FCFA price stays whole). Plain arithmetic: unit-tested.
 */
export const PRICE_MODES = ['percent', 'amount'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];
export const PRICE_ROUNDINGS = ['0.01', '1', '5', '10', '50', '100', '500', '1000'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** The largest price the column holds (decimal(12,2)). */
const MAX_CENTS = 999_999_999_999n;

export interface PriceChange {
  mode: PriceMode;
  /** Signed decimal text, at most two decimals. */
  value: string;
  rounding: PriceRounding;
}

export type PriceOutcome = { ok: true; price: string } | { ok: false; reason: string };

/** The step in cents: the rounding asked for, at least the currency's unit (100 cents for FCFA). */
function stepCents(rounding: PriceRounding, code: string): bigint {
  const unit = 10n ** BigInt(Math.max(0, 2 - currencyDecimals(code)));
  const asked = toCents(rounding);
  return asked > unit ? asked : unit;
}

/** The new price of one product (its price as stored, its currency's ISO code), or why not. */
export function changedPrice(price: string, code: string, change: PriceChange): PriceOutcome {
  const cents = toCents(price);
  const value = toCents(change.value);
  // A percentage in hundredths of a percent: price × (10 000 + p) / 10 000.
  const raw = change.mode === 'percent' ? divRound(cents * (10_000n + value), 10_000n) : cents + value;
  const step = stepCents(change.rounding, code);
  const rounded = divRound(raw, step) * step;
  if (rounded <= 0n) return { ok: false, reason: 'Le nouveau prix serait nul ou négatif.' };
  if (rounded > MAX_CENTS) return { ok: false, reason: 'Le nouveau prix dépasserait le plus grand prix possible.' };
  return { ok: true, price: fromCents(rounded) };
}
