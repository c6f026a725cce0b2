import { trigramsOf } from '../common/search-trigrams.js';
import { normalizeSearch } from '../common/search-text.js';
import { centsToMinor } from '../common/money.js';
import { worthScale, type CatalogueSort, type Rates } from './catalogue-filters.js';
import { KeptCards, type CardText } from './kept-cards.js';
import { ByteTerm, PackedTexts } from './packed-texts.js';
import { drain, inSlices, sortedInSlices, type Sliced } from './in-slices.js';

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

/** Up to this many candidates (the filters' lists intersected), each is tested; above, the sort's order is walked. */
const GATHER_LIMIT = 20000;
/** Up to this many candidates, each is tested and the matches sorted by rank; above, marked and the sort's order walked. */
const SORT_LIMIT = 2000;

/** Positions in either list (each ascending), ascending; `unsorted`: the lists are not in position order. */
function union(lists: Int32Array[], unsorted = false): Int32Array {
  if (lists.length === 1 && !unsorted) return lists[0]!;
  const all = new Int32Array(lists.reduce((sum, l) => sum + l.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  return all.sort();
}

/**
 * Positions in both lists (each ascending), `a` the shorter: for each of `a`, a galloping search in `b`
 * from where the last one stopped (steps doubling, then a binary search within the last step), so a
 * short list against a long one costs about |a| × log(|b| / |a|), and two lists of a size a merge.
 */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  const m = b.length;
  let n = 0;
  let j = 0;
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    if (j >= m) break;
    if (b[j]! < x) {
      let step = 1;
      while (j + step < m && b[j + step]! < x) {
        j += step;
        step *= 2;
      }
      let low = j + 1;
      let high = Math.min(j + step, m);
      while (low < high) {
        const middle = (low + high) >> 1;
        if (b[middle]! < x) low = middle + 1;
        else high = middle;
      }
      j = low;
    }
    if (j < m && b[j] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

const EMPTY = new Int32Array(0);
const SURROGATE = /[\uD800-\uDFFF]/;

/** A trigram's key in the postings: a number for three ASCII characters (cheaper than a string), else itself. */
function gramKey(gram: string): number | string {
  if (gram.length !== 3) return gram;
  const a = gram.charCodeAt(0);
  const b = gram.charCodeAt(1);
  const c = gram.charCodeAt(2);
  return a < 128 && b < 128 && c < 128 ? (a << 14) | (b << 7) | c : gram;
}

/** gramKey of the trigram at `k` of a text without surrogates. */
function asciiGram(text: string, k: number): number | string {
  const a = text.charCodeAt(k);
  const b = text.charCodeAt(k + 1);
  const c = text.charCodeAt(k + 2);
  return a < 128 && b < 128 && c < 128 ? (a << 14) | (b << 7) | c : text.substring(k, k + 3);
}

/** Calls `visit` with the key of each of the text's trigrams (repeats included), as the postings hold them. */
function eachGram(text: string, visit: (key: number | string) => void): void {
  // Plain BMP text (nearly every row): cut with substring; otherwise on code points (trigramsOf).
  if (SURROGATE.test(text)) for (const gram of trigramsOf(text)) visit(gramKey(gram));
  else for (let k = 0; k + 2 < text.length; k++) visit(asciiGram(text, k));
}

/** A name's sort key: lower case without accents (as utf8mb4_unicode_ci compares), then the id. */
const nameKey = (name: string) => normalizeSearch(name);

/** Positions 0…n-1. */
function positions(n: number): Int32Array {
  const all = new Int32Array(n);
  for (let i = 0; i < n; i++) all[i] = i;
  return all;
}

function rankOf(order: Int32Array): Int32Array {
  const rank = new Int32Array(order.length);
  for (let r = 0; r < order.length; r++) rank[order[r]!] = r;
  return rank;
}

/** Lists of positions grouped by a key (ascending positions), yielding every BUILD_STEP positions. */
function* groupBy(keys: Int32Array): Sliced<Map<number, Int32Array>> {
  const counts = new Map<number, number>();
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (i % BUILD_STEP === BUILD_STEP - 1) yield;
  }
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
    if (i % BUILD_STEP === BUILD_STEP - 1) yield;
  }
  return lists;
}

/** Rows between two yields of the build (see in-slices.ts). */
const BUILD_STEP = 1000;
/** The build's slices: each about this long before the event loop gets a turn. */
export const BUILD_SLICE_MS = 8;

/** What a build computes (buildParts), held by the index. */
interface IndexParts {
  ids: Int32Array;
  category: Int32Array;
  brand: Int32Array;
  currency: Int32Array;
  cents: Float64Array;
  stock: Int32Array;
  created: Float64Array;
  spotlight: Uint8Array;
  names: PackedTexts;
  texts: PackedTexts;
  position: Map<number, number>;
  byCategory: Map<number, Int32Array>;
  byBrand: Map<number, Int32Array>;
  byPrice: Map<number, Int32Array>;
  trigrams: Map<number | string, Int32Array>;
  /** The orders that depend on no rate, built with the rest (nom_desc is read off nom_asc). */
  orders: Map<string, SortOrder>;
}

interface SortOrder {
  order: Int32Array;
  rank: Int32Array;
}

const withRank = (order: Int32Array): SortOrder => ({ order, rank: rankOf(order) });

type Compare = (a: number, b: number) => number;

/** The orders built with the index (nom_desc is read off nom_asc, the price orders depend on rates). */
const KEPT_ORDERS = ['recent', 'Populaire', 'nom_asc'] as const;
type KeptOrder = (typeof KEPT_ORDERS)[number];

/**
 * Each kept order's rule on positions, ties by id: the newest first; products in the spotlight first,
 * then the newest; by normalised name as strings compare (UTF-16 code units). One definition for the
 * build and for a patch.
 */
function orderRules(keys: {
  ids: Int32Array;
  created: Float64Array;
  spotlight: Uint8Array;
  name: (i: number) => string;
}): Record<KeptOrder, Compare> {
  const { ids, created, spotlight, name } = keys;
  const recent: Compare = (a, b) => created[b]! - created[a]! || ids[b]! - ids[a]!;
  return {
    recent,
    Populaire: (a, b) => spotlight[b]! - spotlight[a]! || recent(a, b),
    nom_asc: (a, b) => {
      const x = name(a);
      const y = name(b);
      return x < y ? -1 : x > y ? 1 : ids[a]! - ids[b]!;
    },
  };
}

/** A currency's positions by price, ties by id. */
const priceRule =
  (cents: Float64Array, ids: Int32Array): Compare =>
  (a, b) =>
    cents[a]! - cents[b]! || ids[a]! - ids[b]!;

/** Where `i` goes in `list` (in `compare`'s order, `i` not in it): the first place whose element comes after it. */
function insertionPoint(list: Int32Array, length: number, i: number, compare: Compare): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(list[middle]!, i) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `list` (in `compare`'s order) with `i` added, a new array. */
function inserted(list: Int32Array, i: number, compare: Compare): Int32Array {
  const at = insertionPoint(list, list.length, i, compare);
  const out = new Int32Array(list.length + 1);
  out.set(list.subarray(0, at));
  out[at] = i;
  out.set(list.subarray(at), at + 1);
  return out;
}

/** `list` without `i` (if it holds it), a new array. */
function removed(list: Int32Array, i: number): Int32Array {
  const at = list.indexOf(i);
  if (at < 0) return list;
  const out = new Int32Array(list.length - 1);
  out.set(list.subarray(0, at));
  out.set(list.subarray(at + 1), at);
  return out;
}

const ascending: Compare = (a, b) => a - b;

/** Moves position i from the list under `from` to the list under `to` (lists of positions, ascending; an emptied list is dropped). */
function moveBetween<K>(lists: Map<K, Int32Array>, from: K | undefined, to: K | undefined, i: number, compare = ascending): void {
  if (from !== undefined) {
    const left = removed(lists.get(from) ?? EMPTY, i);
    if (left.length) lists.set(from, left);
    else lists.delete(from);
  }
  if (to !== undefined) lists.set(to, inserted(lists.get(to) ?? EMPTY, i, compare));
}

/** Moves position i to where `compare` now places it in a kept order, its ranks updated. */
function reposition({ order, rank }: SortOrder, i: number, compare: Compare): void {
  const from = rank[i]!;
  const last = order.length - 1;
  order.copyWithin(from, from + 1);
  const to = insertionPoint(order, last, i, compare);
  order.copyWithin(to + 1, to, last);
  order[to] = i;
  for (let r = Math.min(from, to); r <= Math.max(from, to); r++) rank[order[r]!] = r;
}

/** The index's parts from the rows, yielding every BUILD_STEP rows, list or merge step. */
function* buildParts(rows: CatalogueRow[]): Sliced<IndexParts> {
  const n = rows.length;
  const ids = new Int32Array(n);
  const category = new Int32Array(n);
  const brand = new Int32Array(n);
  const currency = new Int32Array(n);
  const cents = new Float64Array(n);
  const stock = new Int32Array(n);
  const created = new Float64Array(n);
  const spotlight = new Uint8Array(n);
  const position = new Map<number, number>();
  const nameKeys: string[] = new Array<string>(n);
  const postings = new Map<number | string, number[]>();
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    ids[i] = row.id;
    category[i] = row.category_id;
    brand[i] = row.brand_id;
    currency[i] = row.currency_id;
    cents[i] = row.cents;
    stock[i] = row.stock;
    created[i] = row.created;
    spotlight[i] = row.spotlight ? 1 : 0;
    position.set(row.id, i);
    nameKeys[i] = nameKey(row.name);
    eachGram(row.search_text, (trigram) => {
      const list = postings.get(trigram);
      if (!list) postings.set(trigram, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    });
    if (i % BUILD_STEP === BUILD_STEP - 1) yield;
  }
  const trigrams = new Map<number | string, Int32Array>();
  let converted = 0;
  for (const [trigram, list] of postings) {
    trigrams.set(trigram, Int32Array.from(list));
    converted += list.length;
    if (converted >= 50 * BUILD_STEP) {
      converted = 0;
      yield;
    }
  }
  postings.clear();
  yield;
  const names = yield* PackedTexts.of(nameKeys, BUILD_STEP);
  const texts = yield* PackedTexts.of(
    rows.map((row) => row.search_text),
    BUILD_STEP,
  );
  const byPrice = new Map<number, Int32Array>();
  const cheaper = priceRule(cents, ids);
  for (const [id, list] of yield* groupBy(currency)) byPrice.set(id, yield* sortedInSlices(list, cheaper));
  const rules = orderRules({ ids, created, spotlight, name: (i) => nameKeys[i]! });
  const all = positions(n);
  const orders = new Map<string, SortOrder>();
  for (const sort of KEPT_ORDERS) orders.set(sort, withRank(yield* sortedInSlices(all, rules[sort])));
  return {
    ids,
    category,
    brand,
    currency,
    cents,
    stock,
    created,
    spotlight,
    names,
    texts,
    position,
    byCategory: yield* groupBy(category),
    byBrand: yield* groupBy(brand),
    byPrice,
    trigrams,
    orders,
  };
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
  /** Normalised names (for the name sorts) and `search_text`s, as bytes: see PackedTexts. */
  private readonly names: PackedTexts;
  private readonly texts: PackedTexts;
  private readonly position: Map<number, number>;
  private readonly byCategory: Map<number, Int32Array>;
  private readonly byBrand: Map<number, Int32Array>;
  /** Each currency's positions by price (then id). */
  private readonly byPrice: Map<number, Int32Array>;
  private readonly trigrams: Map<number | string, Int32Array>;
  private readonly orders: Map<string, SortOrder>;

  /** Built at once: small catalogues, tests. */
  static of(rows: CatalogueRow[]): CatalogueIndex {
    return new CatalogueIndex(drain(buildParts(rows)));
  }

  /** Built a slice of about `sliceMs` at a time, the event loop served between slices (the service's reloads). */
  static async build(rows: CatalogueRow[], sliceMs = BUILD_SLICE_MS): Promise<CatalogueIndex> {
    return new CatalogueIndex(await inSlices(buildParts(rows), sliceMs));
  }

  private constructor(parts: IndexParts) {
    this.size = parts.ids.length;
    this.ids = parts.ids;
    this.category = parts.category;
    this.brand = parts.brand;
    this.currency = parts.currency;
    this.cents = parts.cents;
    this.stock = parts.stock;
    this.created = parts.created;
    this.spotlight = parts.spotlight;
    this.names = parts.names;
    this.texts = parts.texts;
    this.position = parts.position;
    this.byCategory = parts.byCategory;
    this.byBrand = parts.byBrand;
    this.byPrice = parts.byPrice;
    this.trigrams = parts.trigrams;
    this.orders = parts.orders;
    this.marks = new Uint32Array(this.size);
    this.scratch = new Int32Array(this.size);
  }

  /** Each brand's number of products (the brands without any left out), by brand id. */
  brandCounts(): { id: number; count: number }[] {
    return [...this.byBrand].map(([id, list]) => ({ id, count: list.length })).sort((a, b) => a.id - b.id);
  }

  /** Whether the index holds the product (a product created since it was built does not). */
  holds(id: number): boolean {
    return this.position.has(id);
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
      this.names.at(i) === nameKey(row.name) &&
      this.texts.at(i) === row.search_text;
    if (!same) return 'other';
    return this.stock[i] === row.stock ? 'same' : 'stock';
  }

  /**
   * A product re-read with other keys (its name, price, category, brand, text or spotlight edited) is
   * changed in place: its position taken out of the lists and orders it was in and put where its new keys
   * place it, a few milliseconds where a reload is about a second of CPU at 100,000 products (and every
   * replica reloaded at every product edit). The price orders, which depend on the rates, are built again
   * at the next price sort. A product the index does not hold (created since) is not patched: `false`,
   * and the caller reloads (positions are dense; a removed product is seen by the count, see the service).
   */
  patch(row: CatalogueRow): boolean {
    const i = this.position.get(row.id);
    if (i === undefined) return false;
    this.version++;
    if (this.category[i] !== row.category_id) {
      moveBetween(this.byCategory, this.category[i], row.category_id, i);
      this.category[i] = row.category_id;
    }
    if (this.brand[i] !== row.brand_id) {
      moveBetween(this.byBrand, this.brand[i], row.brand_id, i);
      this.brand[i] = row.brand_id;
    }
    if (this.currency[i] !== row.currency_id || this.cents[i] !== row.cents) {
      moveBetween(this.byPrice, this.currency[i], undefined, i);
      this.currency[i] = row.currency_id;
      this.cents[i] = row.cents;
      moveBetween(this.byPrice, undefined, row.currency_id, i, priceRule(this.cents, this.ids));
      for (const key of this.orders.keys()) if (key.startsWith('prix_')) this.orders.delete(key);
    }
    const rules = orderRules({ ids: this.ids, created: this.created, spotlight: this.spotlight, name: (k) => this.names.at(k) });
    const spotlight = row.spotlight ? 1 : 0;
    if (this.created[i] !== row.created || this.spotlight[i] !== spotlight) {
      this.created[i] = row.created;
      this.spotlight[i] = spotlight;
      reposition(this.orders.get('recent')!, i, rules.recent);
      reposition(this.orders.get('Populaire')!, i, rules.Populaire);
    }
    const name = nameKey(row.name);
    if (this.names.at(i) !== name) {
      this.names.replace(i, name);
      reposition(this.orders.get('nom_asc')!, i, rules.nom_asc);
      this.orders.delete('nom_desc');
    }
    const text = this.texts.at(i);
    if (text !== row.search_text) {
      const before = new Set<number | string>();
      const after = new Set<number | string>();
      eachGram(text, (key) => before.add(key));
      eachGram(row.search_text, (key) => after.add(key));
      for (const key of before) if (!after.has(key)) moveBetween(this.trigrams, key, undefined, i);
      for (const key of after) if (!before.has(key)) moveBetween(this.trigrams, undefined, key, i);
      this.texts.replace(i, row.search_text);
    }
    this.setStock(row.id, row.stock);
    return true;
  }

  /** Incremented by every patch: a price order started before one is not kept (prepare). */
  private version = 0;

  /** A stock moved by an order or a stock entry: availability is tested on it, no order depends on it. */
  setStock(id: number, stock: number): void {
    const i = this.position.get(id);
    if (i === undefined) return;
    this.stock[i] = stock;
    this.exhaustedList = undefined;
    this.forgetCard(id);
  }

  /**
   * The shop's cards (PublicCatalogueService.found copies them into the answer), kept while this
   * index is the current one: a reload or a staff change starts them again, a re-read or restocked
   * product's card is forgotten. At most KEPT_CARDS_MAX, the oldest dropped first.
   */
  get cards(): KeptCards {
    return this.keptCards;
  }
  private keptCards = new KeptCards();
  /** Incremented by every forgotten card: a card read from the database before it is not kept. */
  private cardGeneration = 0;

  /** The generation to hand back to keepCard after reading cards from the database. */
  cardsRead(): number {
    return this.cardGeneration;
  }

  keepCard(id: number, card: CardText, generation: number): void {
    if (generation !== this.cardGeneration || !this.position.has(id)) return;
    this.cards.keep(id, card);
  }

  /** After a staff change (a brand or a category renamed…), which may show in any card: every card is read again. */
  forgetCards(): void {
    this.cardGeneration++;
    this.keptCards = new KeptCards();
  }

  /** A product re-read from the database (any column may have changed): its card is read again. */
  forgetCard(id: number): void {
    this.cardGeneration++;
    this.cards.forget(id);
  }

  /** Positions of exhausted products (few in a shop that sells), listed again after a stock moved. */
  private exhaustedList?: Int32Array;
  private exhausted(): Int32Array {
    if (!this.exhaustedList) {
      const list: number[] = [];
      for (let i = 0; i < this.size; i++) if (this.stock[i]! <= 0) list.push(i);
      this.exhaustedList = Int32Array.from(list);
    }
    return this.exhaustedList;
  }

  /** Price orders being built a slice at a time (prepare), by key. */
  private readonly preparing = new Map<string, Promise<void>>();

  /**
   * Builds, a slice at a time, the price order a price-sorted query needs, so that `match` finds it
   * ready: built within `match`, it held the event loop for 40-100 ms at 100,000 products, at the
   * first price sort after each reload and after each change of rates. Other sorts are built with the index.
   */
  prepare(query: Pick<CatalogueQuery, 'sort' | 'money'>, sliceMs = BUILD_SLICE_MS): Promise<void> | undefined {
    // Nothing to wait for (the usual case) answers at once, without a turn of the microtask queue.
    if (query.sort !== 'prix_asc' && query.sort !== 'prix_desc') return undefined;
    const rates = ratesKey(query.money);
    const key = priceKey(query.sort, rates);
    if (this.orders.has(key)) return undefined;
    let pending = this.preparing.get(key);
    if (!pending) {
      const version = this.version;
      // Patched meanwhile: the order read keys that changed, and `sorted` builds it again at once.
      pending = inSlices(this.priceOrder(query.sort === 'prix_desc', query.money), sliceMs)
        .then((entry) => void (version === this.version && this.keepPriceOrder(key, rates, entry)))
        .finally(() => this.preparing.delete(key));
      this.preparing.set(key, pending);
    }
    return pending;
  }

  /** Keeps a price order, dropping those of other rates (only the rates in force are asked for). */
  private keepPriceOrder(key: string, rates: string, entry: SortOrder): SortOrder {
    for (const old of this.orders.keys()) if (old.startsWith('prix_') && !old.endsWith(` ${rates}`)) this.orders.delete(old);
    this.orders.set(key, entry);
    return entry;
  }

  /** Positions in the sort's order (a price order not prepared is built here, at once). */
  private sorted(sort: CatalogueSort, money: CatalogueQuery['money']): SortOrder {
    if (sort === 'prix_asc' || sort === 'prix_desc') {
      const rates = ratesKey(money);
      const key = priceKey(sort, rates);
      return this.orders.get(key) ?? this.keepPriceOrder(key, rates, drain(this.priceOrder(sort === 'prix_desc', money)));
    }
    if (sort !== 'nom_desc') return this.orders.get(sort)!;
    // Name, descending: the ascending order read backwards (ties by id descending, as the index gives).
    let back = this.orders.get(sort);
    if (!back) {
      back = withRank(this.orders.get('nom_asc')!.order.slice().reverse());
      this.orders.set(sort, back);
    }
    return back;
  }

  /**
   * By the CFA franc worth (worthKey, exact), ties by id; prices without a rate last (by id). Each
   * currency's list is already in price order, so the order is a merge of those lists.
   */
  private *priceOrder(descending: boolean, money: CatalogueQuery['money']): Sliced<SortOrder> {
    const sign = descending ? -1 : 1;
    const heads: { list: Int32Array; at: number; worth: bigint[] }[] = [];
    const unrated: number[] = [];
    for (const [currency, ascending] of this.byPrice) {
      const code = money?.codes.get(currency);
      const list = descending ? ascending.slice().reverse() : ascending;
      const scale = code && money ? worthScale(code, money.rates) : null;
      if (scale === null || !code) {
        unrated.push(...list);
        continue;
      }
      // worthKey of the price's column text, from its hundredths without the text (a reload's first price sort).
      const worth = new Array<bigint>(list.length);
      for (let k = 0; k < list.length; k++) {
        worth[k] = centsToMinor(BigInt(this.cents[list[k]!]!), code) * scale;
        if (k % BUILD_STEP === BUILD_STEP - 1) yield;
      }
      heads.push({ list, at: 0, worth });
    }
    const order = new Int32Array(this.size);
    let filled = 0;
    for (;;) {
      let best: (typeof heads)[number] | undefined;
      for (const head of heads) {
        if (head.at >= head.list.length) continue;
        if (!best) {
          best = head;
          continue;
        }
        const x = head.worth[head.at]!;
        const y = best.worth[best.at]!;
        if (x === y ? sign * (this.ids[head.list[head.at]!]! - this.ids[best.list[best.at]!]!) < 0 : x < y === !descending)
          best = head;
      }
      if (!best) break;
      order[filled++] = best.list[best.at++]!;
      if (filled % BUILD_STEP === 0) yield;
    }
    unrated.sort((a, b) => sign * (this.ids[a]! - this.ids[b]!));
    for (const i of unrated) order[filled++] = i;
    return withRank(order);
  }

  /** A mark per position, stamped per query (match is synchronous: one query at a time). */
  private readonly marks: Uint32Array;
  private stamp = 0;
  /** Room for one query's ranks (match is synchronous): no array allocated per query. */
  private readonly scratch: Int32Array;

  /** The filter's page (ids in order) and count. */
  match(query: CatalogueQuery): CatalogueMatch {
    const term = normalizeSearch(query.search);
    const bytes = term ? new ByteTerm(term) : undefined;
    const brands = query.brands?.length ? new Set(query.brands) : undefined;
    const { prices, category, availability } = query;
    const test = (i: number) =>
      (category === undefined || this.category[i] === category) &&
      (!brands || brands.has(this.brand[i]!)) &&
      (availability === undefined || (availability === 'en_stock' ? this.stock[i]! > 0 : this.stock[i]! <= 0)) &&
      (!prices || this.inRange(i, prices)) &&
      (!bytes || this.texts.includes(i, bytes));
    const cap = query.countCap;
    const finish = (ids: number[], total: number) =>
      cap !== undefined && total > cap ? { ids, total: cap, capped: true } : { ids, total, capped: false };
    const { order, rank } = this.sorted(query.sort, query.money);

    // Lists of positions (ascending) that hold every match: intersected, the smallest first.
    const lists: Int32Array[] = [];
    if (category !== undefined) lists.push(this.byCategory.get(category) ?? EMPTY);
    if (brands) lists.push(union([...brands].map((b) => this.byBrand.get(b) ?? EMPTY)));
    let sliced = false;
    if (prices) {
      const slices = [...prices].map(([currency, bounds]) => this.priceSlice(currency, bounds));
      sliced = slices.reduce((sum, l) => sum + l.length, 0) <= GATHER_LIMIT;
      if (sliced) lists.push(union(slices, true));
    }
    // The term's trigram lists, rarest first: the rarest is intersected with the others; the rest only
    // narrow what the substring test checks anyway, and a word's trigrams are mostly on the same products.
    const grams = term ? trigramsOf(term).map((gram) => this.trigrams.get(gramKey(gram)) ?? EMPTY) : [];
    grams.sort((a, b) => a.length - b.length);
    if (grams.length) lists.push(grams[0]!);
    if (availability === 'sur_commande') lists.push(this.exhausted());
    const plain = !brands && !availability && !prices && !term;
    lists.sort((a, b) => a.length - b.length);
    let candidates = lists[0];
    if (candidates && candidates.length <= GATHER_LIMIT && !plain) {
      for (let k = 1; k < lists.length; k++) candidates = intersect(candidates, lists[k]!);
      // Further trigrams while many candidates remain and each still removes a tenth of them.
      for (let k = 1; k < grams.length && candidates.length > SORT_LIMIT; k++) {
        const narrowed = intersect(candidates, grams[k]!);
        const enough = narrowed.length < 0.9 * candidates.length;
        candidates = narrowed;
        if (!enough) break;
      }
    }

    if (!candidates || candidates.length > GATHER_LIMIT || plain) {
      // Broad: the sort's order walked until the page is full and the count capped (a category alone is counted once per build).
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
    // Every list was intersected: what remains to test is what no list holds.
    const stocked = availability === 'en_stock';
    const unsliced = prices && !sliced ? prices : undefined;
    const rest = (i: number) =>
      (!stocked || this.stock[i]! > 0) && (!unsliced || this.inRange(i, unsliced)) && (!bytes || this.texts.includes(i, bytes));
    if (candidates.length <= SORT_LIMIT) {
      // Few: each tested, the matches' ranks sorted as numbers (no comparator), the page read off the first.
      let count = 0;
      for (let k = 0; k < candidates.length; k++) {
        const i = candidates[k]!;
        if (rest(i)) this.scratch[count++] = rank[i]!;
      }
      const ranks = this.scratch.subarray(0, count).sort();
      const page: number[] = [];
      for (let k = 0; k < count && k < query.limit; k++) page.push(this.ids[order[ranks[k]!]!]!);
      return finish(page, count);
    }
    // Many: marked, then the sort's order walked, each marked one tested, until the page is full and
    // the count past its cap (the tests, the search's substring above all, stop there).
    const stamp = ++this.stamp;
    for (let k = 0; k < candidates.length; k++) this.marks[candidates[k]!] = stamp;
    const page: number[] = [];
    let total = 0;
    for (let r = 0; r < order.length; r++) {
      const i = order[r]!;
      if (this.marks[i] !== stamp || !rest(i)) continue;
      total++;
      if (page.length < query.limit) page.push(this.ids[i]!);
      else if (cap !== undefined && total > cap) break;
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

/** A price order's key: the sort and the rates it was built with (ratesKey). */
const priceKey = (sort: 'prix_asc' | 'prix_desc', rates: string) => `${sort} ${rates}`;

function ratesKey(money: CatalogueQuery['money']): string {
  if (!money) return '';
  return `${[...money.codes].join(',')}|${[...money.rates].join(',')}`;
}
