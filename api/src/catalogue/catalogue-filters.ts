import { centsToMinor, convertSum, currencyDecimals, fromMinor, toCents } from '../common/money.js';
import type { ProductAvailability, ProductSort, PublicDisplayPrice } from '../contract/public.js';

/**
 * The public catalogue's buyer filters, pure: the sorts and availabilities it accepts, the price of a
 * product in the visitor's display currency, and a price range in that currency turned into exact
 * bounds in each currency the catalogue prices in (so the database compares its own column, through
 * an index, and a product is kept exactly when its converted price, rounded as shown, is in range).
 */
export const CATALOGUE_SORTS: readonly ProductSort[] = ['recent', 'Populaire', 'prix_asc', 'prix_desc', 'nom_asc', 'nom_desc'];
export type CatalogueSort = ProductSort;
export const CATALOGUE_AVAILABILITIES: readonly ProductAvailability[] = ['en_stock', 'sur_commande'];
export type CatalogueAvailability = ProductAvailability;

/** The CFA franc: the display currency when the visitor has chosen none. */
export const DEFAULT_DISPLAY_CURRENCY = 'XOF';

/** XOF per unit × 10^6 of each currency with a rate (XOF itself is implied by the conversion). */
export type Rates = ReadonlyMap<string, bigint>;

/** A catalogue price ("69.70") in its currency's minor units (FCFA has none: "45700.00" → 45700n). */
export const priceMinor = (price: string, code: string): bigint => centsToMinor(toCents(price), code);

/** `minor` of currency `from` in currency `to`, rounded once to its unit (convertSum); null without a rate. */
export function convertMinor(minor: bigint, from: string, to: string, rates: Rates): bigint | null {
  const result = convertSum([{ code: from, minor }], to, rates);
  return result.ok ? result.minor : null;
}

/** The price shown to a visitor who chose `to`: converted (≈) unless it is the product's own currency. */
export function displayPrice(price: string, from: string, to: string, symbol: string, rates: Rates): PublicDisplayPrice {
  const converted = from !== to;
  const minor = converted ? convertMinor(priceMinor(price, from), from, to, rates) : priceMinor(price, from);
  return { amount: minor === null ? null : fromMinor(minor, to), currency_code: to, symbol, converted };
}

/** "45000", "69,70" or "69.70" in `code`'s minor units; null when it has more decimals than the currency (FCFA: none). */
export function parseAmount(text: string, code: string): bigint | null {
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(text.trim());
  if (!m) return null;
  const decimals = currencyDecimals(code);
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return null;
  return BigInt(m[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Largest price of the column (decimal(12,2)) in minor units of any currency with at most two decimals. */
const COLUMN_MAX_MINOR = 10n ** 12n;

/**
 * The first `minor` of currency `from` (0 … COLUMN_MAX_MINOR) whose conversion into `to` is at least
 * `target` (`atLeast`) or more than `target` (otherwise): conversions only grow with the amount, so a
 * search finds it exactly, rounding included. COLUMN_MAX_MINOR + 1 when there is none. It starts from
 * the amount the conversion's slope gives (proportional up to its rounding), brackets the answer by
 * doubling steps from there and ends with a binary search: about eight conversions instead of forty.
 */
export function firstConverting(target: bigint, from: string, to: string, rates: Rates, atLeast: boolean): bigint {
  const top = COLUMN_MAX_MINOR + 1n;
  const holds = (minor: bigint) => {
    if (minor >= top) return true;
    const value = convertMinor(minor, from, to, rates)!;
    return atLeast ? value >= target : value > target;
  };
  const reference = convertMinor(COLUMN_MAX_MINOR, from, to, rates)!;
  let guess = reference > 0n && target > 0n ? (target * COLUMN_MAX_MINOR) / reference : 0n;
  if (guess > top) guess = top;
  // The answer is within [low, high]: holds(high), and low is 0 or holds(low - 1) does not.
  let low: bigint;
  let high: bigint;
  let step = 1n;
  if (holds(guess)) {
    high = guess;
    for (;;) {
      const below = high - step;
      if (below < 0n) {
        low = 0n;
        break;
      }
      if (!holds(below)) {
        low = below + 1n;
        break;
      }
      high = below;
      step *= 2n;
    }
  } else {
    low = guess + 1n;
    for (;;) {
      const above = guess + step < top ? guess + step : top;
      if (holds(above)) {
        high = above;
        break;
      }
      low = above + 1n;
      step *= 2n;
    }
  }
  while (low < high) {
    const middle = (low + high) / 2n;
    if (holds(middle)) high = middle;
    else low = middle + 1n;
  }
  return low;
}

/** A range of prices in one currency, as decimal strings comparable with the price column. */
export interface CurrencyBounds {
  min?: string;
  max?: string;
  /** No price of this currency can be in range. */
  empty: boolean;
}

/**
 * The prices of currency `from` whose conversion into the display currency `to` falls within
 * [`min`, `max`] (minor units of `to`, either optional); null when `from` cannot be converted.
 */
export function boundsIn(from: string, to: string, range: { min?: bigint; max?: bigint }, rates: Rates): CurrencyBounds | null {
  if (from !== to && convertMinor(0n, from, to, rates) === null) return null;
  const lowest =
    range.min === undefined ? undefined : from === to ? range.min : firstConverting(range.min, from, to, rates, true);
  // The last amount converting to at most `max` is the one before the first converting to more.
  const highest =
    range.max === undefined ? undefined : from === to ? range.max : firstConverting(range.max, from, to, rates, false) - 1n;
  const empty =
    (lowest !== undefined && lowest > COLUMN_MAX_MINOR) ||
    (highest !== undefined && highest < 0n) ||
    (lowest !== undefined && highest !== undefined && lowest > highest);
  const column = (minor: bigint) => fromMinor(minor, from);
  return {
    empty,
    ...(lowest !== undefined && lowest > 0n ? { min: column(lowest) } : {}),
    ...(highest !== undefined ? { max: column(highest < 0n ? 0n : highest) } : {}),
  };
}

/**
 * A key that orders prices of different currencies by their value (their CFA franc worth, exact: the
 * minor amount times the rate, on one denominator for every currency of at most four decimals).
 */
export function worthKey(price: string, code: string, rates: Rates): bigint | null {
  const scale = worthScale(code, rates);
  return scale === null ? null : priceMinor(price, code) * scale;
}

/** What worthKey multiplies a price of `code` in minor units by (null without a rate). */
export function worthScale(code: string, rates: Rates): bigint | null {
  const rate = code === 'XOF' ? 10n ** 6n : rates.get(code);
  if (rate === undefined) return null;
  return rate * 10n ** BigInt(4 - currencyDecimals(code));
}
