import { trigramsOf } from '../common/search-trigrams.js';
import { normalizeSearch } from '../common/search-text.js';
import { worthKey, type CatalogueSort, type Rates } from './catalogue-filters.js';

/**
 * The published catalogue's filter and sort keys, held in memory (typed arrays, one slot per product),
 * so the shop's filter answers which products and how many without asking the database: it then reads
 * only the page's rows by primary key (see PublicCatalogueService.filter and catalogue-index.service.ts
 * for how it is kept fresh). At 100,000 products it holds about 30 MB (trigram lists included).
 *
 * Every rule is the SQL path's: the same normalised `search_text` tested for the term as a substring,
 * price bounds computed by `boundsIn` and compared with the price column, the same sort keys with ties
 * broken by id, prices across currencies ordered by `worthKey`.
 */

/** One product's keys as read from the database. */
export interface CatalogueRow {
  id: number;
  category_id: number;
  brand_id: number;
  currency_id: number;
  /** The price column in hundredths (decimal(12,2)): exact as a double. */
  cents: number;
  stock: number;
  /** created_at as a number comparable within one database (ties broken by id, like the indexes). */
  created: number;
  spotlight: boolean;
  name: string;
  search_text: string;
}

/** A filter of the shop, already validated and resolved (price bounds per currency id, in hundredths). */
export interface CatalogueQuery {
  category?: number;
  brands?: number[];
  availability?: 'en_stock' | 'sur_commande';
  /** Present when a price range is asked: the currencies whose prices can be in range and their bounds. */
  prices?: Map<number, { min?: number; max?: number }>;
  /** Raw search text (normalised here). */
  search?: string;
  sort: CatalogueSort;
  limit: number;
  /** Count no further than this (more: `capped`). */
  countCap?: number;
  /** For the price sorts: each currency id's code and the rates in force. */
  money?: { codes: ReadonlyMap<number, string>; rates: Rates };
}

export interface CatalogueMatch {
  ids: number[];
  total: number;
  capped: boolean;
}

/** Below this many candidates (from the narrowest filter), matches are gathered then sorted; above, the sort's order is walked. */
const GATHER_LIMIT = 8000;

const EMPTY = new Int32Array(0);

/** A name's sort key: lower case without accents (as utf8mb4_unicode_ci compares), then the id. */
const nameKey = (name: string) => normalizeSearch(name);

/** Positions 0…n-1 sorted by `compare`. */
function orderOf(n: number, compare: (a: number, b: number) => number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort(compare);
}

function rankOf(order: Int32Array): Int32Array {
  const rank = new Int32Array(order.length);
  for (let r = 0; r < order.length; r++) rank[order[r]!] = r;
  return rank;
}

/** Lists of positions grouped by a key (ascending positions). */
function groupBy(keys: Int32Array): Map<number, Int32Array> {
  const counts = new Map<number, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const lists = new Map<number, Int32Array>();
  const filled = new Map<number, number>();
  for (const [key, count] of counts) {
    lists.set(key, new Int32Array(count));
    filled.set(key, 0);
  }
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const at = filled.get(key)!;
    lists.get(key)![at] = i;
    filled.set(key, at + 1);
  }
  return lists;
}

export class CatalogueIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly category: Int32Array;
  private readonly brand: Int32Array;
  private readonly currency: Int32Array;
  private readonly cents: Float64Array;
  readonly stock: Int32Array;
  private readonly created: Float64Array;
  private readonly spotlight: Uint8Array;
  private readonly names: string[];
  private readonly texts: string[];
  private readonly position = new Map<number, number>();
  private readonly byCategory: Map<number, Int32Array>;
  private readonly byBrand: Map<number, Int32Array>;
  /** Each currency's positions by price (then id). */
  private readonly byPrice = new Map<number, Int32Array>();
  private readonly trigrams = new Map<string, Int32Array>();
  private readonly orders = new Map<string, { order: Int32Array; rank: Int32Array; nulls?: number }>();

  constructor(rows: CatalogueRow[]) {
    const n = rows.length;
    this.size = n;
    this.ids = new Int32Array(n);
    this.category = new Int32Array(n);
    this.brand = new Int32Array(n);
    this.currency = new Int32Array(n);
    this.cents = new Float64Array(n);
    this.stock = new Int32Array(n);
    this.created = new Float64Array(n);
    this.spotlight = new Uint8Array(n);
    this.names = new Array<string>(n);
    this.texts = new Array<string>(n);
    const postings = new Map<string, number[]>();
    rows.forEach((row, i) => {
      this.ids[i] = row.id;
      this.category[i] = row.category_id;
      this.brand[i] = row.brand_id;
      this.currency[i] = row.currency_id;
      this.cents[i] = row.cents;
      this.stock[i] = row.stock;
      this.created[i] = row.created;
      this.spotlight[i] = row.spotlight ? 1 : 0;
      this.names[i] = nameKey(row.name);
      this.texts[i] = row.search_text;
      this.position.set(row.id, i);
      for (const trigram of trigramsOf(row.search_text)) {
        const list = postings.get(trigram);
        if (list) list.push(i);
        else postings.set(trigram, [i]);
      }
    });
    for (const [trigram, list] of postings) this.trigrams.set(trigram, Int32Array.from(list));
    this.byCategory = groupBy(this.category);
    this.byBrand = groupBy(this.brand);
    for (const [currency, list] of groupBy(this.currency))
      this.byPrice.set(
        currency,
        list.sort((a, b) => this.cents[a]! - this.cents[b]! || this.ids[a]! - this.ids[b]!),
      );
  }

  /** The row's keys as held, to tell whether a re-read row changed anything but its stock. */
  sameKeys(row: CatalogueRow): 'same' | 'stock' | 'other' {
    const i = this.position.get(row.id);
    if (i === undefined) return 'other';
    const same =
      this.category[i] === row.category_id &&
      this.brand[i] === row.brand_id &&
      this.currency[i] === row.currency_id &&
      this.cents[i] === row.cents &&
      this.created[i] === row.created &&
      this.spotlight[i] === (row.spotlight ? 1 : 0) &&
      this.names[i] === nameKey(row.name) &&
      this.texts[i] === row.search_text;
    if (!same) return 'other';
    return this.stock[i] === row.stock ? 'same' : 'stock';
  }

  /** A stock moved by an order or a stock entry: availability is tested on it, no order depends on it. */
  setStock(id: number, stock: number): void {
    const i = this.position.get(id);
    if (i !== undefined) this.stock[i] = stock;
  }

  private desc = (a: number, b: number) => this.created[b]! - this.created[a]! || this.ids[b]! - this.ids[a]!;

  /** Positions in the sort's order (built on first use; price orders per rates in force). */
  private sorted(sort: CatalogueSort, money: CatalogueQuery['money']): { order: Int32Array; rank: Int32Array } {
    const byPrice = sort === 'prix_asc' || sort === 'prix_desc';
    const key = byPrice ? `${sort} ${ratesKey(money)}` : sort === 'nom_desc' ? 'nom_asc' : sort;
    let entry = this.orders.get(key);
    if (!entry) {
      if (byPrice) {
        entry = this.priceOrder(sort === 'prix_desc', money);
        // Only the orders of the rates in force are kept.
        for (const old of this.orders.keys()) if (old.startsWith('prix_')) this.orders.delete(old);
      } else {
        const order =
          key === 'Populaire'
            ? orderOf(this.size, (a, b) => this.spotlight[b]! - this.spotlight[a]! || this.desc(a, b))
            : key === 'nom_asc'
              ? orderOf(this.size, (a, b) => {
                  const x = this.names[a]!;
                  const y = this.names[b]!;
                  return x < y ? -1 : x > y ? 1 : this.ids[a]! - this.ids[b]!;
                })
              : orderOf(this.size, this.desc);
        entry = { order, rank: rankOf(order) };
      }
      this.orders.set(key, entry);
    }
    if (sort !== 'nom_desc') return entry;
    // Name, descending: the ascending order read backwards (ties by id descending, as the index gives).
    const reverse = `nom_desc`;
    let back = this.orders.get(reverse);
    if (!back) {
      const order = entry.order.slice().reverse();
      back = { order, rank: rankOf(order) };
      this.orders.set(reverse, back);
    }
    return back;
  }

  /** By the CFA franc worth (worthKey, exact), ties by id; prices without a rate last (by id). */
  private priceOrder(descending: boolean, money: CatalogueQuery['money']) {
    const worth = new Array<bigint | null>(this.size);
    for (let i = 0; i < this.size; i++) {
      const code = money?.codes.get(this.currency[i]!);
      worth[i] = code && money ? worthKey(centsText(this.cents[i]!), code, money.rates) : null;
    }
    const sign = descending ? -1 : 1;
    const order = orderOf(this.size, (a, b) => {
      const x = worth[a]!;
      const y = worth[b]!;
      if (x === null || y === null) return x === y ? sign * (this.ids[a]! - this.ids[b]!) : x === null ? 1 : -1;
      return x < y ? -sign : x > y ? sign : sign * (this.ids[a]! - this.ids[b]!);
    });
    return { order, rank: rankOf(order) };
  }

  /** The filter's page (ids in order) and count. */
  match(query: CatalogueQuery): CatalogueMatch {
    const term = normalizeSearch(query.search);
    const brands = query.brands?.length ? new Set(query.brands) : undefined;
    const { prices, category, availability } = query;
    const test = (i: number) =>
      (category === undefined || this.category[i] === category) &&
      (!brands || brands.has(this.brand[i]!)) &&
      (availability === undefined || (availability === 'en_stock' ? this.stock[i]! > 0 : this.stock[i]! <= 0)) &&
      (!prices || this.inRange(i, prices)) &&
      (!term || this.texts[i]!.includes(term));

    // The narrowest list of candidates the filters give (each a superset of the matches).
    const sources: Int32Array[][] = [];
    if (category !== undefined) sources.push([this.byCategory.get(category) ?? EMPTY]);
    if (brands) sources.push([...brands].map((b) => this.byBrand.get(b) ?? EMPTY));
    if (prices) sources.push([...prices].map(([currency, bounds]) => this.priceSlice(currency, bounds)));
    if (term) {
      const grams = trigramsOf(term);
      if (grams.length) {
        const lists = grams.map((g) => this.trigrams.get(g) ?? EMPTY);
        sources.push([lists.reduce((a, b) => (b.length < a.length ? b : a))]);
      }
    }
    const sizeOf = (lists: Int32Array[]) => lists.reduce((sum, l) => sum + l.length, 0);
    const narrowest = sources.reduce<Int32Array[] | undefined>(
      (best, lists) => (!best || sizeOf(lists) < sizeOf(best) ? lists : best),
      undefined,
    );
    const cap = query.countCap;
    const finish = (ids: number[], total: number) =>
      cap !== undefined && total > cap ? { ids, total: cap, capped: true } : { ids, total, capped: false };

    const { order, rank } = this.sorted(query.sort, query.money);
    if (narrowest && sizeOf(narrowest) <= GATHER_LIMIT) {
      const matches: number[] = [];
      for (const list of narrowest) for (const i of list) if (test(i)) matches.push(i);
      matches.sort((a, b) => rank[a]! - rank[b]!);
      return finish(
        matches.slice(0, query.limit).map((i) => this.ids[i]!),
        matches.length,
      );
    }
    // Only a category (or nothing): counted once per build.
    const plain = !brands && !availability && !prices && !term;
    const page: number[] = [];
    let total = 0;
    for (let r = 0; r < order.length; r++) {
      const i = order[r]!;
      if (!test(i)) continue;
      total++;
      if (page.length < query.limit) page.push(this.ids[i]!);
      else if (plain) {
        total = category === undefined ? this.size : (this.byCategory.get(category)?.length ?? 0);
        break;
      } else if (cap !== undefined && total > cap) break;
    }
    return finish(page, total);
  }

  /** Whether position i's price is within its currency's bounds (no bounds for its currency: out). */
  private inRange(i: number, prices: Map<number, { min?: number; max?: number }>): boolean {
    const bounds = prices.get(this.currency[i]!);
    if (!bounds) return false;
    const cents = this.cents[i]!;
    return (bounds.min === undefined || cents >= bounds.min) && (bounds.max === undefined || cents <= bounds.max);
  }

  /** The positions of one currency whose price is within bounds (binary search on its price list). */
  private priceSlice(currency: number, bounds: { min?: number; max?: number }): Int32Array {
    const list = this.byPrice.get(currency);
    if (!list) return EMPTY;
    const first = (atLeast: number, strict: boolean) => {
      let low = 0;
      let high = list.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        const cents = this.cents[list[middle]!]!;
        if (strict ? cents > atLeast : cents >= atLeast) high = middle;
        else low = middle + 1;
      }
      return low;
    };
    const from = bounds.min === undefined ? 0 : first(bounds.min, false);
    const to = bounds.max === undefined ? list.length : first(bounds.max, true);
    return from < to ? list.subarray(from, to) : EMPTY;
  }
}

/** A price in hundredths as the column's decimal text ("69.70"). */
export function centsText(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents - whole * 100).padStart(2, '0')}`;
}

/** A price column value as the driver returns it (SQLite: 69.7, MariaDB: "69.70") in hundredths. */
export function columnCents(value: number | string): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

function ratesKey(money: CatalogueQuery['money']): string {
  if (!money) return '';
  return `${[...money.codes].join(',')}|${[...money.rates].join(',')}`;
}
