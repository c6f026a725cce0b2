/**
 * The totals of a commercial document (devis, bon de commande, facture, avoir), per currency, with
 * taxes: the one implementation used by the API, the PDFs and the dashboard's preview
 * (docs/order-model.md, "Taxes and money"). Integer arithmetic only: every amount is a bigint in the
 * currency's minor unit (XOF francs, EUR and USD cents), rates and discounts in basis points
 * (1800 = 18 %). Runtime code shared with the front ends: `@comptoir/api/document-totals`.
 *
 * Prices entered HT (PRICES_INCLUDE_TAX=false, the default):
 * - each line's HT = quantity × unit price less its discount, rounded once (half away from zero);
 * - the overall discount applies to the goods of each rate (not to the delivery fee), rounded once
 *   per rate, so that the taxable base of each rate is what the client really pays;
 * - the delivery fee is one more amount at its own rate;
 * - TVA per rate = that rate × the sum of HT at that rate, rounded once per rate (the OHADA
 *   presentation); TTC = HT + TVA.
 *
 * Prices entered TTC (PRICES_INCLUDE_TAX=true): the same steps give TTC amounts; then, per rate,
 * HT = TTC ÷ (1 + rate) rounded once and TVA = TTC − HT, so that the TTC is exactly the sum of the
 * prices the client saw. Each line's HT is then given for information.
 */
import { divRound } from './money.js';

const BP = 10_000n;

export interface TotalsLine {
  quantity: number;
  /** Unit price in minor units, HT or TTC according to `pricesIncludeTax`. */
  unitPrice: bigint;
  /** ISO 4217 code: totals are kept per currency, never added across currencies. */
  currency: string;
  /** Discount on this line, 0..10000 basis points. */
  discountBp?: number;
  /** 1800 = 18 %, 0 = exempt. */
  taxRateBp: number;
}

export interface DeliveryFee {
  /** Minor units, HT or TTC according to `pricesIncludeTax`. */
  amount: bigint;
  currency: string;
  taxRateBp: number;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  /** Discount on all the goods (after each line's own), 0..10000 basis points. */
  overallDiscountBp?: number;
  deliveryFee?: DeliveryFee | null;
  /** PRICES_INCLUDE_TAX: unit prices and the fee are TTC. */
  pricesIncludeTax?: boolean;
}

export interface LineTotal {
  /** quantity × unit price, before any discount (HT or TTC as entered). */
  gross: bigint;
  /** The line's own discount. */
  discount: bigint;
  /** The line's amount after its discount, as entered (HT, or TTC when prices include tax). */
  net: bigint;
  /** The line's HT (equals `net` when prices are HT; else rounded once from it). */
  ht: bigint;
}

export interface TaxTotal {
  rateBp: number;
  /** HT at this rate, after the overall discount, delivery included. */
  base: bigint;
  tax: bigint;
}

export interface CurrencyTotals {
  currency: string;
  /** Σ lines after their own discounts, HT (or TTC when prices include tax, as entered). */
  lines: bigint;
  /** The overall discount, as entered (HT, or TTC when prices include tax). */
  discount: bigint;
  /** The delivery fee in this currency, as entered (0 when none). */
  delivery: bigint;
  /** Per rate, highest first. */
  taxes: TaxTotal[];
  ht: bigint;
  tax: bigint;
  ttc: bigint;
}

export interface DocumentTotals {
  lines: LineTotal[];
  /** Per currency, in the order the currencies first appear (lines, then the fee). */
  currencies: CurrencyTotals[];
}

function checkBp(value: number, what: string, max?: number): bigint {
  if (!Number.isInteger(value) || value < 0 || (max !== undefined && value > max)) {
    throw new RangeError(`${what} must be an integer number of basis points${max !== undefined ? ` in 0..${max}` : ' ≥ 0'}`);
  }
  return BigInt(value);
}

/** `amount` less `bp` basis points, rounded once. */
const lessBp = (amount: bigint, bp: bigint) => divRound(amount * (BP - bp), BP);
/** The HT part of a TTC amount at `rate`, rounded once. */
const htOf = (ttc: bigint, rate: bigint) => divRound(ttc * BP, BP + rate);

export function documentTotals(input: TotalsInput): DocumentTotals {
  const includeTax = input.pricesIncludeTax ?? false;
  const overall = checkBp(input.overallDiscountBp ?? 0, 'overallDiscountBp', 10_000);

  interface Bucket {
    currency: string;
    lines: bigint;
    /** per rate: Σ amounts of goods (as entered) and of the fee */
    rates: Map<number, { goods: bigint; delivery: bigint }>;
    delivery: bigint;
  }
  const buckets = new Map<string, Bucket>();
  const bucket = (currency: string) => {
    const code = currency.toUpperCase();
    let b = buckets.get(code);
    if (!b) {
      b = { currency: code, lines: 0n, rates: new Map(), delivery: 0n };
      buckets.set(code, b);
    }
    return b;
  };
  const atRate = (b: Bucket, rate: number) => {
    let r = b.rates.get(rate);
    if (!r) {
      r = { goods: 0n, delivery: 0n };
      b.rates.set(rate, r);
    }
    return r;
  };

  const lines = input.lines.map((line) => {
    if (!Number.isInteger(line.quantity)) throw new RangeError('quantity must be an integer');
    const discountBp = checkBp(line.discountBp ?? 0, 'discountBp', 10_000);
    const rate = checkBp(line.taxRateBp, 'taxRateBp');
    const gross = line.unitPrice * BigInt(line.quantity);
    const net = lessBp(gross, discountBp);
    const b = bucket(line.currency);
    b.lines += net;
    atRate(b, line.taxRateBp).goods += net;
    return { gross, discount: gross - net, net, ht: includeTax ? htOf(net, rate) : net };
  });

  const fee = input.deliveryFee;
  if (fee && fee.amount !== 0n) {
    checkBp(fee.taxRateBp, 'deliveryFee.taxRateBp');
    const b = bucket(fee.currency);
    b.delivery += fee.amount;
    atRate(b, fee.taxRateBp).delivery += fee.amount;
  }

  const currencies = [...buckets.values()].map((b): CurrencyTotals => {
    let discount = 0n;
    const taxes = [...b.rates.entries()]
      .sort(([a], [z]) => z - a)
      .map(([rateBp, { goods, delivery }]) => {
        const rate = BigInt(rateBp);
        const goodsAfter = lessBp(goods, overall);
        discount += goods - goodsAfter;
        const entered = goodsAfter + delivery;
        if (includeTax) {
          const base = htOf(entered, rate);
          return { rateBp, base, tax: entered - base };
        }
        return { rateBp, base: entered, tax: divRound(entered * rate, BP) };
      });
    const ht = taxes.reduce((sum, t) => sum + t.base, 0n);
    const tax = taxes.reduce((sum, t) => sum + t.tax, 0n);
    return { currency: b.currency, lines: b.lines, discount, delivery: b.delivery, taxes, ht, tax, ttc: ht + tax };
  });

  return { lines, currencies };
}

/** "18 %", "5,5 %", "0 %": a rate in basis points as French documents print it. */
export function formatTaxRate(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const fraction = String(rateBp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `,${fraction}` : ''}\u00a0%`;
}
