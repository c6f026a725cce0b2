import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ValuationCurrency, ValuationFigures, ValuationPoint } from '../contract/stock-insights.js';
import { dayAfter, isoDay } from './stock-conditions.js';

type Id = number | string;
type Num = number | string | null;

/** A price column in minor units (cents), exact on both databases: decimals are rounded before the sums. */
const cents = (column: string) => `ROUND(${column} * 100)`;
/** Signed on-hand change of a movement. */
const ON_HAND = '(m.available_delta + m.held_delta)';

/** Integer cents → "1250000.00" (no float: the digits are placed). */
export function centsToDecimal(value: Num | bigint): string {
  const whole = BigInt(Math.round(Number(value ?? 0)));
  const sign = whole < 0n ? '-' : '';
  const abs = whole < 0n ? -whole : whole;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

interface CurrencyRow {
  id: number;
  code: string;
  symbol: string;
  name: string;
}

/** The longest history asked at once. */
export const HISTORY_MAX_DAYS = 366;
export const HISTORY_DEFAULT_DAYS = 90;

/**
 * What the stock is worth, per currency (each product's), per category and in total:
 * - at cost: the units left in each lot times the unit price of the stock entry that received it;
 *   units in no lot (opening balances, entries naming no product) have no known cost and are counted
 *   apart (`quantity_without_cost`);
 * - at sale price: on-hand units (available + held) times the product's price.
 * The history replays the ledger: each day's value is the sum of the movements up to its end, at cost
 * through the lot a movement names, at sale price through today's price (prices have no history).
 */
@Injectable()
export class StockValuationService {
  constructor(private readonly dataSource: DataSource) {}

  private async currencies(): Promise<Map<number, CurrencyRow>> {
    const rows = await this.dataSource
      .createQueryBuilder()
      .select(['c.id AS id', 'c.code AS code', 'c.symbol AS symbol', 'c.name AS name'])
      .from('currencies', 'c')
      .getRawMany<{ id: Id; code: string; symbol: string; name: string }>();
    return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), code: r.code, symbol: r.symbol, name: r.name }]));
  }

  async valuation(): Promise<ValuationCurrency[]> {
    const [currencies, categories, sale, cost] = await Promise.all([
      this.currencies(),
      this.dataSource
        .createQueryBuilder()
        .select(['c.id AS id', 'c.designation AS designation'])
        .from('categories', 'c')
        .getRawMany<{ id: Id; designation: string }>(),
      this.dataSource
        .createQueryBuilder()
        .select(['p.currency_id AS currency_id', 'p.category_id AS category_id'])
        .addSelect('SUM(p.stock + p.held)', 'on_hand')
        .addSelect(`SUM((p.stock + p.held) * ${cents('p.price')})`, 'sale')
        .from('products', 'p')
        .groupBy('p.currency_id')
        .addGroupBy('p.category_id')
        .getRawMany<{ currency_id: Id; category_id: Id; on_hand: Num; sale: Num }>(),
      this.dataSource
        .createQueryBuilder()
        .select(['p.currency_id AS currency_id', 'p.category_id AS category_id'])
        .addSelect('SUM(l.quantity_left)', 'costed')
        .addSelect(`SUM(l.quantity_left * ${cents('e.price')})`, 'cost')
        .from('stock_lots', 'l')
        .innerJoin('products', 'p', 'p.id = l.product_id')
        .innerJoin('stock_entries', 'e', 'e.id = l.stock_entry_id')
        .where('l.quantity_left > 0')
        .groupBy('p.currency_id')
        .addGroupBy('p.category_id')
        .getRawMany<{ currency_id: Id; category_id: Id; costed: Num; cost: Num }>(),
    ]);
    const designations = new Map(categories.map((c) => [Number(c.id), c.designation]));
    const costs = new Map(cost.map((r) => [`${r.currency_id}:${r.category_id}`, r]));
    const byCurrency = new Map<
      number,
      { onHand: number; costed: number; cost: bigint; sale: bigint; categories: ValuationCurrency['categories'] }
    >();
    for (const row of sale) {
      const currencyId = Number(row.currency_id);
      const lot = costs.get(`${row.currency_id}:${row.category_id}`);
      const onHand = Number(row.on_hand ?? 0);
      const costed = Math.min(onHand, Number(lot?.costed ?? 0));
      const costCents = BigInt(Math.round(Number(lot?.cost ?? 0)));
      const saleCents = BigInt(Math.round(Number(row.sale ?? 0)));
      const total = byCurrency.get(currencyId) ?? { onHand: 0, costed: 0, cost: 0n, sale: 0n, categories: [] };
      total.onHand += onHand;
      total.costed += costed;
      total.cost += costCents;
      total.sale += saleCents;
      total.categories.push({
        category: { id: Number(row.category_id), designation: designations.get(Number(row.category_id)) ?? '' },
        ...figures(onHand, costed, costCents, saleCents),
      });
      byCurrency.set(currencyId, total);
    }
    const collator = new Intl.Collator('fr', { sensitivity: 'base' });
    return [...byCurrency.entries()]
      .map(([id, total]) => ({
        currency: currencies.get(id) ?? { id, code: '', symbol: '', name: '' },
        ...figures(total.onHand, total.costed, total.cost, total.sale),
        categories: total.categories.sort((a, b) => collator.compare(a.category.designation, b.category.designation)),
      }))
      .sort((a, b) => a.currency.code.localeCompare(b.currency.code));
  }

  /**
   * The value at the end of each day from `from` to `to` (inclusive, 'YYYY-MM-DD'), every day present,
   * per currency: the movements before `from` give the opening figures, those of each day move them.
   */
  async history(from: string, to: string): Promise<{ currency: CurrencyRow; points: ValuationPoint[] }[]> {
    const end = dayAfter(new Date(`${to}T00:00:00Z`), 1);
    const base = () =>
      this.dataSource
        .createQueryBuilder()
        .select('p.currency_id', 'currency_id')
        .addSelect(`SUM(${ON_HAND})`, 'on_hand')
        .addSelect(`SUM(${ON_HAND} * ${cents('p.price')})`, 'sale')
        .addSelect(`SUM(CASE WHEN e.id IS NULL THEN 0 ELSE ${ON_HAND} * ${cents('e.price')} END)`, 'cost')
        .from('stock_movements', 'm')
        .innerJoin('products', 'p', 'p.id = m.product_id')
        .leftJoin('stock_lots', 'l', 'l.id = m.lot_id')
        .leftJoin('stock_entries', 'e', 'e.id = l.stock_entry_id')
        .groupBy('p.currency_id');
    type Row = { currency_id: Id; on_hand: Num; sale: Num; cost: Num; day?: string | Date };
    const [currencies, opening, days] = await Promise.all([
      this.currencies(),
      base()
        .where('m.created_at < :from', { from: new Date(`${from}T00:00:00Z`) })
        .getRawMany<Row>(),
      base()
        .addSelect('DATE(m.created_at)', 'day')
        .where('m.created_at >= :from AND m.created_at < :end', {
          from: new Date(`${from}T00:00:00Z`),
          end: new Date(`${end}T00:00:00Z`),
        })
        .addGroupBy('DATE(m.created_at)')
        .getRawMany<Row>(),
    ]);
    const running = new Map<number, { onHand: number; cost: bigint; sale: bigint }>();
    const add = (row: Row) => {
      const id = Number(row.currency_id);
      const total = running.get(id) ?? { onHand: 0, cost: 0n, sale: 0n };
      total.onHand += Number(row.on_hand ?? 0);
      total.cost += BigInt(Math.round(Number(row.cost ?? 0)));
      total.sale += BigInt(Math.round(Number(row.sale ?? 0)));
      running.set(id, total);
    };
    opening.forEach(add);
    const perDay = new Map<string, Row[]>();
    for (const row of days) {
      const key = row.day instanceof Date ? isoDay(row.day) : String(row.day).slice(0, 10);
      perDay.set(key, [...(perDay.get(key) ?? []), row]);
      running.set(Number(row.currency_id), running.get(Number(row.currency_id)) ?? { onHand: 0, cost: 0n, sale: 0n });
    }
    const series = new Map<number, ValuationPoint[]>([...running.keys()].map((id) => [id, []]));
    for (let date = from; date <= to; date = dayAfter(new Date(`${date}T00:00:00Z`), 1)) {
      (perDay.get(date) ?? []).forEach(add);
      for (const [id, total] of running) {
        series
          .get(id)!
          .push({ date, on_hand: total.onHand, cost_value: centsToDecimal(total.cost), sale_value: centsToDecimal(total.sale) });
      }
    }
    return [...series.entries()]
      .map(([id, points]) => ({ currency: currencies.get(id) ?? { id, code: '', symbol: '', name: '' }, points }))
      .sort((a, b) => a.currency.code.localeCompare(b.currency.code));
  }

  /** The default window: the last 90 days up to today. */
  static defaultWindow(now = new Date()): { from: string; to: string } {
    return { from: dayAfter(now, -(HISTORY_DEFAULT_DAYS - 1)), to: isoDay(now) };
  }
}

function figures(onHand: number, costed: number, cost: bigint, sale: bigint): ValuationFigures {
  return {
    on_hand: onHand,
    quantity_without_cost: Math.max(0, onHand - costed),
    cost_value: centsToDecimal(cost),
    sale_value: centsToDecimal(sale),
  };
}
