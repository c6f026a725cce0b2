import {
  CURRENCY_SYMBOLS,
  ORDER_CURRENCY_CODES,
  centsToMinor,
  convertSum,
  fromCents,
  fromMinor,
  toCents,
  toColumn,
  type Subtotal,
} from '../common/money.js';
import type {
  OrderCurrencyChoice,
  OrderCurrencyTotal,
  OrderLine,
  OrderMoney,
  OrderRateUsed,
  RateInForce,
} from '../contract/index.js';
import { rateMap } from '../exchange-rates/exchange-rates.service.js';
import { ValidationFailed } from '../core/errors/api-error.js';
import type { Product } from '../catalogue/entities/product.entity.js';
import type { OrderItem } from './entities/order-item.entity.js';
import type { Order } from './entities/order.entity.js';
import { currencyLabel } from '../shared/money.js';

/**
 * The money of an order request: each line keeps its product's price in the product's currency; the
 * lines are totalled per currency (rounded to that currency's unit), then converted into the currency
 * the client chose with the rates in force, rounded once. A missing rate does not refuse the order:
 * the totals per currency stand and a note says staff will confirm the converted amount.
 */

/** decimal(12,2): the largest amount a price or total column holds, in cents. */
const MAX_CENTS = 999_999_999_999n;
const TOO_EXPENSIVE = 'Le montant de cette commande dépasse la limite autorisée : contactez-nous directement.';

export const currencyName = (code: string) =>
  (Object.entries(ORDER_CURRENCY_CODES).find(([, c]) => c === code)?.[0] as OrderCurrencyChoice | undefined) ?? code;

export interface RequestLine {
  productId: number;
  quantity: number;
}

export interface PricedLine extends OrderLine {
  product: Product;
}

/** The lines priced from the catalogue (never from the client), in each product's currency. */
export function priceLines(
  lines: readonly RequestLine[],
  products: ReadonlyMap<number, Product>,
  fallbackCode: string,
): PricedLine[] {
  return lines.map((line) => {
    const product = products.get(line.productId)!;
    const code = product.currency?.code?.toUpperCase() || fallbackCode;
    const unit = toCents(product.price);
    const total = unit * BigInt(line.quantity);
    if (total > MAX_CENTS) throw new ValidationFailed({ order_items: [TOO_EXPENSIVE] });
    return {
      product,
      product_id: product.id,
      product_name: product.name,
      quantity: line.quantity,
      price: fromCents(unit),
      total_price: fromCents(total),
      currency_code: code,
      currency_symbol: product.currency?.symbol || CURRENCY_SYMBOLS[code] || code,
    };
  });
}

/** Totals per currency (first-seen order), each rounded to its unit. */
function subtotalsOf(lines: readonly Pick<OrderLine, 'total_price' | 'currency_code' | 'currency_symbol'>[]) {
  const byCode = new Map<string, { cents: bigint; symbol: string }>();
  for (const line of lines) {
    const entry = byCode.get(line.currency_code) ?? { cents: 0n, symbol: line.currency_symbol };
    entry.cents += toCents(line.total_price);
    byCode.set(line.currency_code, entry);
  }
  return [...byCode.entries()].map(([code, { cents, symbol }]) => ({ code, symbol, minor: centsToMinor(cents, code) }));
}

export function missingRateNote(missing: readonly string[], chosen: string): string {
  const list = missing.join(', ');
  return (
    `Le taux de change ${missing.length > 1 ? 'des devises' : 'de la devise'} ${list} n’est pas encore fixé : ` +
    `les montants sont donnés dans la devise de chaque produit et notre équipe vous confirmera le total en ${currencyLabel(chosen)}.`
  );
}

/** The order's totals and conversion, and the value of the `total` column ("0.00" when a rate is missing). */
export function orderMoney(
  lines: readonly Pick<OrderLine, 'total_price' | 'currency_code' | 'currency_symbol'>[],
  chosen: OrderCurrencyChoice,
  rates: readonly RateInForce[],
): { money: OrderMoney; totalColumn: string } {
  const target = ORDER_CURRENCY_CODES[chosen];
  const subtotals = subtotalsOf(lines);
  const totals: OrderCurrencyTotal[] = subtotals.map((s) => ({
    currency_code: s.code,
    currency_symbol: s.symbol,
    amount: fromMinor(s.minor, s.code),
  }));
  const result = convertSum(subtotals as Subtotal[], target, rateMap(rates));
  const involved = new Set([...subtotals.map((s) => s.code), target]);
  const used: OrderRateUsed[] =
    involved.size > 1
      ? rates
          .filter((r) => involved.has(r.currency_code))
          .map((r) => ({ currency_code: r.currency_code, rate: r.rate, rate_date: r.rate_date, fixed: r.fixed }))
      : [];
  let totalColumn = '0.00';
  if (result.ok) {
    totalColumn = toColumn(result.minor, target);
    if (toCents(totalColumn) > MAX_CENTS) throw new ValidationFailed({ order_items: [TOO_EXPENSIVE] });
  }
  return {
    money: {
      currency_code: target,
      currency_symbol: CURRENCY_SYMBOLS[target] ?? target,
      totals,
      converted_total: result.ok ? fromMinor(result.minor, target) : null,
      rates: used,
      missing_rates: result.ok ? [] : result.missing,
      note: result.ok ? null : missingRateNote(result.missing, chosen),
    },
    totalColumn,
  };
}

/** A stored item's currency (orders made before currencies were free: the order's currency). */
export function itemCurrency(item: OrderItem, order: Pick<Order, 'currency'>): { code: string; symbol: string } {
  const code = item.currency_code ?? item.product?.currency?.code ?? ORDER_CURRENCY_CODES[order.currency] ?? 'XOF';
  return { code, symbol: item.currency_symbol ?? CURRENCY_SYMBOLS[code] ?? code };
}

/** The money of a stored order, as it was computed when the order was made. */
export function storedMoney(order: Order): OrderMoney {
  const target = ORDER_CURRENCY_CODES[order.currency] ?? 'XOF';
  const missing = order.missing_rates ? order.missing_rates.split(',').filter(Boolean) : [];
  if (order.totals_json) {
    return {
      currency_code: target,
      currency_symbol: CURRENCY_SYMBOLS[target] ?? target,
      totals: JSON.parse(order.totals_json) as OrderCurrencyTotal[],
      converted_total: missing.length ? null : trimTo(order.total, target),
      rates: order.rates_json ? (JSON.parse(order.rates_json) as OrderRateUsed[]) : [],
      missing_rates: missing,
      note: missing.length ? missingRateNote(missing, order.currency) : null,
    };
  }
  // Orders made before currencies were free had one currency: their total is already in it.
  const amount = trimTo(order.total, target);
  return {
    currency_code: target,
    currency_symbol: CURRENCY_SYMBOLS[target] ?? target,
    totals: [{ currency_code: target, currency_symbol: CURRENCY_SYMBOLS[target] ?? target, amount }],
    converted_total: amount,
    rates: [],
    missing_rates: [],
    note: null,
  };
}

/** "1250000.00" in XOF → "1250000": a money column always has two decimals. */
function trimTo(amount: string, code: string): string {
  return fromMinor(centsToMinor(toCents(amount), code), code);
}
