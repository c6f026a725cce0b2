import { Injectable } from '@nestjs/common';
import { hash } from 'node:crypto';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import {
  pageByIds,
  pageOf,
  pageRequest,
  scopeCount,
  SEARCH_COUNT_CAP,
  searchScope,
  whereScope,
  type SearchScope,
} from '../common/listing.js';
import { applyListQuery } from '../common/list-order.js';
import type { Paginated } from '../contract/staff.js';
import type { PublicCategory, PublicProduct } from '../contract/public.js';
import { CURRENCY_SYMBOLS, currencyDecimals, toCents } from '../common/money.js';
import { normalizeSearch } from '../common/search-text.js';
import { invalidField, notFound } from '../core/errors/api-error.js';
import { ExchangeRatesService, rateMap } from '../exchange-rates/exchange-rates.service.js';
import { imageVariants } from '../media/image-variants.js';
import { FILTER_DEFAULT_LIMIT, FILTER_MAX_LIMIT, type ProductFilterQueryDto } from './dto/public-catalogue.dto.js';
import { boundsIn, DEFAULT_DISPLAY_CURRENCY, displayPrice, parseAmount, type Rates } from './catalogue-filters.js';
import { Category } from './entities/category.entity.js';
import { Currency } from '../exchange-rates/entities/currency.entity.js';
import { Product } from './entities/product.entity.js';
import type { ProductImage } from './entities/product-image.entity.js';
import { productImagesOf } from './product-images-of.js';
import { decimalString } from '../core/database/column-types.js';
import { CatalogueIndexService } from './catalogue-index.service.js';
import type { CatalogueIndex } from './catalogue-index.js';
import type { CardText } from './kept-cards.js';
import { ByteWriter } from './byte-writer.js';
import { GzippedJson, JsonText } from '../publishing/public-answer-cache.js';
import { COMPRESSED_ABOVE, gzipAnswer } from '../core/web/answer-gzip.js';
import { withProductDetails } from './product-details.js';
import type { ProductSpec } from './product-specs.js';
import { PRODUCT_LIST, type ProductListQueryDto } from './product-list.js';

export const PRODUCT_NOT_FOUND = 'Produit introuvable.';
/** zlib level of the filter's answers: they vary with nearly every request, compressed once, quickly (see SendOptions). */
export const FILTER_GZIP_LEVEL = 1;
/** Without `per_page`, GET /api/product answers up to 100 products (the old client read them all). */
export const PUBLIC_PRODUCTS_DEFAULT_PER_PAGE = 100;

const iso = (date: Date) => new Date(date).toISOString();

export function toPublicProduct(product: Product): PublicProduct {
  return {
    id: product.id,
    name: product.name,
    reference: product.reference,
    price: product.price,
    stock: product.stock,
    description: product.description,
    category_id: product.category_id,
    brand_id: product.brand_id,
    currency_id: product.currency_id,
    in_spotlight: Boolean(product.in_spotlight),
    tax_rate_bp: product.tax_rate_bp,
    tax_exemption: product.tax_exemption ?? null,
    created_at: iso(product.created_at),
    updated_at: iso(product.updated_at),
    version: product.version,
    images: [...(product.images ?? [])]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((image) => ({
        id: image.id,
        image_path: image.image_path,
        image_variants: imageVariants(image.image_path),
        position: image.position,
      })),
    currency: {
      id: product.currency!.id,
      name: product.currency!.name,
      symbol: product.currency!.symbol,
      code: product.currency!.code,
    },
    category: { id: product.category!.id, designation: product.category!.designation },
    brand: { id: product.brand!.id, name: product.brand!.name },
  };
}

/** The catalogue as visitors see it: categories, products with their images, prices and stock. */
@Injectable()
export class PublicCatalogueService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rates: ExchangeRatesService,
    private readonly index: CatalogueIndexService,
  ) {}

  async categories(): Promise<PublicCategory[]> {
    const rows = await this.dataSource
      .getRepository(Category)
      .find({ select: { id: true, designation: true, description: true } });
    // French alphabetical order ("Équipements" among the E), which neither database gives by default.
    const collator = new Intl.Collator('fr', { sensitivity: 'base' });
    return rows
      .sort((a, b) => collator.compare(a.designation, b.designation) || a.id - b.id)
      .map((c) => ({ id: c.id, designation: c.designation, description: c.description }));
  }

  /**
   * The filter's cards not kept by the index (CatalogueIndex.cards), read by readPublicProducts, as JSON
   * texts without their closing brace; the index keeps them unless a product was re-read meanwhile.
   * Deleted products are left out.
   */
  private async readCards(index: CatalogueIndex, missing: number[]): Promise<Map<number, CardText>> {
    const texts = new Map<number, CardText>();
    const generation = index.cardsRead();
    for (const { product: card } of await readPublicProducts(this.dataSource, missing)) {
      const id = card.id;
      const text: CardText = { text: JSON.stringify(card).slice(0, -1), price: card.price, currencyCode: card.currency.code };
      texts.set(id, text);
      index.keepCard(id, text, generation);
    }
    return texts;
  }

  /** The search resolved on the products (see searchScope). */
  private scope(search: string | undefined): Promise<SearchScope> {
    return searchScope(this.dataSource.getRepository(Product).createQueryBuilder('product'), search);
  }

  /** The base table alone, for the page's ids and the count (see pageByIds). */
  private base(scope: SearchScope): SelectQueryBuilder<Product> {
    return whereScope(this.dataSource.getRepository(Product).createQueryBuilder('product'), 'product', scope);
  }

  async list(query: ProductListQueryDto): Promise<Paginated<PublicProduct>> {
    const request = pageRequest(query, PUBLIC_PRODUCTS_DEFAULT_PER_PAGE);
    const scope = await this.scope(query.search);
    const ids = applyListQuery(this.base(scope), query, PRODUCT_LIST);
    const { rows, total, capped } = await pageByIds(
      ids,
      { skip: request.skip, take: request.perPage },
      async (page) => (await readPublicProducts(this.dataSource, page)).map((row) => ({ id: row.product.id, ...row })),
      scopeCount(scope),
    );
    return pageOf(await withProductDetails(this.dataSource.manager, rows), total, request, capped);
  }

  /** These products with their relations (any order; missing ids are left out), for the site build. */
  async byIds(ids: number[]): Promise<PublicProduct[]> {
    if (!ids.length) return [];
    return withProductDetails(this.dataSource.manager, await readPublicProducts(this.dataSource, ids));
  }

  /** One product; with `devise` (a currency code), its price in that display currency too. */
  async one(id: number, devise?: string): Promise<PublicProduct> {
    const display = devise === undefined ? undefined : await this.displayCurrency(devise);
    const found = await readPublicProducts(this.dataSource, [id]);
    if (!found.length) throw notFound(PRODUCT_NOT_FOUND);
    const [answer] = await withProductDetails(this.dataSource.manager, found);
    if (!display) return answer;
    const { rates } = await this.catalogueMoney();
    return { ...answer, display_price: displayPrice(answer.price, answer.currency.code, display.code, display.symbol, rates) };
  }

  /** A display currency the catalogue can show (`devise`), or a French 422. */
  private async displayCurrency(devise: string): Promise<{ code: string; symbol: string }> {
    const code = devise.trim().toUpperCase();
    const display = /^[A-Z]{3}$/.test(code) ? displayCurrency(await this.catalogueMoney(), code) : undefined;
    if (!display) throw invalidField('devise', unknownCurrency(devise));
    return display;
  }

  /** Currencies and rates in force, read at most every few seconds (the answers are cached longer anyway). */
  private money?: { at: number; value: Promise<CatalogueMoney> };
  private catalogueMoney(): Promise<CatalogueMoney> {
    const now = Date.now();
    if (this.money && now - this.money.at < MONEY_TTL_MS) return this.money.value;
    const value = Promise.all([
      this.dataSource.getRepository(Currency).find({ select: { id: true, code: true, symbol: true }, order: { id: 'ASC' } }),
      this.rates.inForce(),
    ]).then(([currencies, rates]) => ({ currencies, rates: rateMap(rates) }));
    value.catch(() => (this.money = undefined));
    this.money = { at: now, value };
    return value;
  }

  /**
   * The shop's grid: category ("all" or an id), name search, brands, availability, a price range in the
   * display currency, sort (newest, "Populaire": spotlight first, price converted, name), the first
   * `limit` products, each with its price in the display currency when one is asked for (`devise`).
   * Which products and how many come from the in-memory index (catalogue-index.ts); the page's rows
   * are then read by primary key, so the cards show what the database holds.
   */
  async filter(
    query: ProductFilterQueryDto,
  ): Promise<{ products: PublicProduct[]; total: number; capped: boolean; display?: { code: string; symbol: string } }> {
    // The JSON answer parsed: one mapping of the cards for both.
    return this.found(query, (out) => {
      const answer = JSON.parse(out.view().toString('utf8')) as ProductFilterAnswerShape;
      return {
        products: answer.products,
        total: answer.totalProducts,
        capped: answer.totalCapped === true,
        ...(answer.display_currency ? { display: answer.display_currency } : {}),
      };
    });
  }

  /** Each brand's number of products, from the in-memory index (as fresh as the filter's answers). */
  async brandCounts(): Promise<{ id: number; count: number }[]> {
    return (await this.index.current()).brandCounts();
  }

  /**
   * GET /api/products/filter's answer: the cards' kept bytes copied one after the other (no objects
   * made and serialised again, no text joined then encoded again on every request), each with its
   * `display_price` when a display currency is asked for, and compressed at once; the same bytes
   * JSON.stringify gave of the ProductFilterAnswer.
   */
  async filterAnswer(query: ProductFilterQueryDto): Promise<JsonText | GzippedJson> {
    return this.found(query, (answer, etag) =>
      answer.length > COMPRESSED_ABOVE
        ? new GzippedJson(gzipAnswer(answer.view(), FILTER_GZIP_LEVEL), answer.length, etag)
        : new JsonText(answer.view().toString('utf8'), etag),
    );
  }

  /** The filter's answer as bytes, written again for each request (read it within found's `use`). */
  private readonly answer = new ByteWriter();
  /** What the ETag is computed from: the answer's head and tail, each card's SHA-1 and display price. */
  private readonly tags = new ByteWriter();

  /**
   * The filter's matches as the JSON answer's bytes and its ETag, handed to `use` in the same synchronous
   * run as the check that every card is kept or read (another request may drop a kept card meanwhile).
   */
  private async found<T>(query: ProductFilterQueryDto, use: (answer: ByteWriter, etag: string) => T): Promise<T> {
    const limit = Math.min(query.limit ?? FILTER_DEFAULT_LIMIT, FILTER_MAX_LIMIT);
    const sort = query.tri ?? query.sort ?? 'recent';
    const byPrice = sort === 'prix_asc' || sort === 'prix_desc';
    const priced = query.prix_min !== undefined || query.prix_max !== undefined;
    const money = query.devise || priced || byPrice ? await this.catalogueMoney() : undefined;
    const target = query.devise ?? DEFAULT_DISPLAY_CURRENCY;
    const display = money && displayCurrency(money, target);
    if (query.devise && !display) throw invalidField('devise', unknownCurrency(query.devise));
    const range = priced ? priceRange(query, target) : {};

    // Each currency's own bounds, exact (see boundsIn), compared with its price column in hundredths.
    const prices =
      priced && money
        ? new Map(
            money.currencies.flatMap((c) => {
              const cents = centsBounds(c.code, target, range, money.rates);
              return cents ? [[c.id, cents] as const] : [];
            }),
          )
        : undefined;
    const search = normalizeSearch(query.search);
    // A search or a buyer filter matching many products is counted up to SEARCH_COUNT_CAP ("Plus de 1 000 produits").
    const counted = Boolean(search) || Boolean(query.marque?.length) || Boolean(query.disponibilite) || priced;
    const index = await this.index.current();
    const indexMoney = money ? { codes: new Map(money.currencies.map((c) => [c.id, c.code])), rates: money.rates } : undefined;
    // A price order missing since the last reload or change of rates is built in slices, not within match.
    const preparing = index.prepare({ sort, money: indexMoney });
    if (preparing) await preparing;
    const match = index.match({
      ...(query.category && query.category !== 'all' ? { category: Number(query.category) } : {}),
      ...(query.marque?.length ? { brands: query.marque.map(Number) } : {}),
      ...(query.disponibilite ? { availability: query.disponibilite } : {}),
      ...(prices ? { prices } : {}),
      ...(search ? { search } : {}),
      sort,
      limit,
      ...(counted ? { countCap: SEARCH_COUNT_CAP } : {}),
      ...(indexMoney ? { money: indexMoney } : {}),
    });
    // The cards not kept are read; one dropped or forgotten while reading is read in a further round.
    const read = new Map<number, CardText>();
    const gone = new Set<number>();
    for (;;) {
      const missing = match.ids.filter((id) => index.cards.slot(id) < 0 && !read.has(id) && !gone.has(id));
      if (!missing.length) break;
      const cards = await this.readCards(index, missing);
      for (const id of missing) {
        const card = cards.get(id);
        if (card) read.set(id, card);
        else gone.add(id);
      }
    }

    const head = JSON.stringify({ success: true, message: match.total ? 'Produits trouvés' : 'Aucun produit trouvé' });
    const shown = query.devise && display ? display : undefined;
    const tail = JSON.stringify({
      totalProducts: match.total,
      ...(match.capped ? { totalCapped: true as const } : {}),
      ...(shown ? { display_currency: shown } : {}),
    });
    const { answer, tags } = this;
    answer.reset();
    tags.reset();
    answer.string(`${head.slice(0, -1)},"products":[`);
    tags.string(head);
    tags.string(tail);
    // Kept with the card: the same display currency at the same rates gives the same price.
    const shownKey = display ? index.cards.shownKey(`${display.code} ${display.symbol} ${ratesKey(money!.rates)}`) : 0;
    const member = (price: string, currencyCode: string) =>
      `,"display_price":${JSON.stringify(displayPrice(price, currencyCode, display!.code, display!.symbol, money!.rates))}`;
    let written = 0;
    for (const id of match.ids) {
      const slot = index.cards.slot(id);
      const card = slot < 0 ? read.get(id) : undefined;
      if (slot < 0 && !card) continue;
      if (written++) answer.string(',');
      if (card) {
        answer.string(card.text);
        tags.bytes(hash('sha1', card.text, 'buffer'));
      } else {
        index.cards.writeText(slot, answer);
        index.cards.writeDigest(slot, tags);
      }
      if (display) {
        const from = answer.length;
        if (card) answer.string(member(card.price, card.currencyCode));
        else index.cards.writeShown(slot, shownKey, answer, member);
        answer.copyTo(tags, from);
      }
      answer.string('}');
      tags.string(',');
    }
    answer.string(`],${tail.slice(1)}`);
    // The ETag from what makes the answer: its head and tail, each card's digest and display price (the
    // same answer gives the same tag; hashing the kept digests costs a tenth of hashing every card's bytes).
    return use(answer, `W/"${hash('sha1', tags.view(), 'base64url')}"`);
  }
}

const MONEY_TTL_MS = 5_000;

/** Price ranges already converted (visitors ask the same few again), by currency, range and rates. */
const centsBoundsKept = new Map<string, { min?: number; max?: number } | null>();
const CENTS_BOUNDS_MAX = 2000;

/** `code`'s bounds in hundredths for a range in `target` (boundsIn's exact rule); null when none can match. */
function centsBounds(
  code: string,
  target: string,
  range: { min?: bigint; max?: bigint },
  rates: Rates,
): { min?: number; max?: number } | null {
  const key = `${code} ${target} ${range.min ?? ''} ${range.max ?? ''} ${ratesKey(rates)}`;
  let kept = centsBoundsKept.get(key);
  if (kept === undefined) {
    const bounds = boundsIn(code, target, range, rates);
    const cents = (text?: string) => (text === undefined ? undefined : Number(toCents(text)));
    kept = !bounds || bounds.empty ? null : { min: cents(bounds.min), max: cents(bounds.max) };
    centsBoundsKept.set(key, kept);
    if (centsBoundsKept.size > CENTS_BOUNDS_MAX) centsBoundsKept.delete(centsBoundsKept.keys().next().value!);
  }
  return kept;
}

/** The rates as text (computed once per rates read: they are read at most every MONEY_TTL_MS). */
const ratesKeys = new WeakMap<Rates, string>();
function ratesKey(rates: Rates): string {
  let key = ratesKeys.get(rates);
  if (key === undefined) {
    key = [...rates].map(([code, rate]) => `${code}=${rate}`).join(',');
    ratesKeys.set(rates, key);
  }
  return key;
}

/**
 * Products by id as toPublicProduct maps their entities, with their specification table, held units and
 * threshold: two statements by primary key (products with their currency, category and brand; their
 * images), without the ORM's hydration (half the CPU of a filter answer, and of a staff list page, when
 * it was used there). Missing ids are left out.
 */
export async function readPublicProducts(
  dataSource: DataSource,
  ids: readonly number[],
): Promise<{ product: PublicProduct; specs: ProductSpec[] | null; held: number; low_stock_threshold: number | null }[]> {
  if (!ids.length) return [];
  const marks = ids.map(() => '?').join(', ');
  const [rows, imagesOf] = (await Promise.all([
    dataSource.query(
      `SELECT p.id, p.name, p.reference, p.price, p.stock, p.description, p.category_id, p.brand_id, p.currency_id,
              p.in_spotlight, p.tax_rate_bp, p.tax_exemption, p.created_at, p.updated_at, p.version, p.held, p.low_stock_threshold, p.specs,
              c.name AS currency_name, c.symbol AS currency_symbol, c.code AS currency_code,
              k.designation AS category_designation, b.name AS brand_name
       FROM products p JOIN currencies c ON c.id = p.currency_id JOIN categories k ON k.id = p.category_id
       JOIN brands b ON b.id = p.brand_id WHERE p.id IN (${marks})`,
      [...ids],
    ),
    productImagesOf(dataSource.manager, ids),
  ])) as [CardRow[], Map<number, ProductImage[]>];
  const metadata = dataSource.getRepository(Product).metadata;
  const hydrated = (column: string, value: unknown) =>
    dataSource.driver.prepareHydratedValue(value, metadata.findColumnWithPropertyName(column)!) as unknown;
  const date = (column: string, value: unknown) => hydrated(column, value) as Date;
  return rows.map((row) => {
    const id = Number(row.id);
    const product = toPublicProduct({
      id,
      name: row.name,
      reference: row.reference,
      price: decimalString.from(row.price) as string,
      stock: Number(row.stock),
      description: row.description,
      category_id: Number(row.category_id),
      brand_id: Number(row.brand_id),
      currency_id: Number(row.currency_id),
      in_spotlight: Boolean(Number(row.in_spotlight)),
      tax_rate_bp: Number(row.tax_rate_bp),
      tax_exemption: row.tax_exemption,
      created_at: date('created_at', row.created_at),
      updated_at: date('updated_at', row.updated_at),
      version: Number(row.version),
      images: imagesOf.get(id) ?? [],
      currency: {
        id: Number(row.currency_id),
        name: row.currency_name,
        symbol: row.currency_symbol,
        code: row.currency_code,
      },
      category: { id: Number(row.category_id), designation: row.category_designation },
      brand: { id: Number(row.brand_id), name: row.brand_name },
    } as unknown as Product);
    return {
      product,
      specs: hydrated('specs', row.specs) as ProductSpec[] | null,
      held: Number(row.held ?? 0),
      low_stock_threshold: row.low_stock_threshold === null ? null : Number(row.low_stock_threshold),
    };
  });
}

/** A card's row as the drivers return it (SQLite: numbers; MariaDB: decimals as text). */
interface CardRow {
  id: number | string;
  name: string;
  reference: string;
  price: number | string;
  stock: number | string;
  description: string;
  category_id: number | string;
  brand_id: number | string;
  currency_id: number | string;
  in_spotlight: number | string | boolean;
  tax_rate_bp: number | string;
  tax_exemption: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  version: number | string;
  held: number | string | null;
  low_stock_threshold: number | string | null;
  /** simple-json text (or null). */
  specs: string | null;
  currency_name: string;
  currency_symbol: string;
  currency_code: string;
  category_designation: string;
  brand_name: string;
}

const unknownCurrency = (devise: string) =>
  `La devise « ${devise.slice(0, 10)} » n’est pas proposée : choisissez FCFA (XOF), EUR ou USD.`;

/** What filter() reads back of the JSON answer. */
interface ProductFilterAnswerShape {
  products: PublicProduct[];
  totalProducts: number;
  totalCapped?: true;
  display_currency?: { code: string; symbol: string };
}

interface CatalogueMoney {
  currencies: { id: number; code: string; symbol: string }[];
  rates: Rates;
}

/** The display currency asked for, if the catalogue can show it (the CFA franc always). */
function displayCurrency(money: CatalogueMoney, code: string): { code: string; symbol: string } | undefined {
  const row = money.currencies.find((c) => c.code === code);
  if (row) return { code, symbol: row.symbol };
  return code === DEFAULT_DISPLAY_CURRENCY ? { code, symbol: CURRENCY_SYMBOLS[code] ?? code } : undefined;
}

/** `prix_min` / `prix_max` in minor units of the display currency; a French 422 when they make no sense. */
function priceRange(query: ProductFilterQueryDto, code: string): { min?: bigint; max?: bigint } {
  const read = (field: 'prix_min' | 'prix_max') => {
    const text = query[field];
    if (text === undefined) return undefined;
    const value = parseAmount(text, code);
    if (value === null)
      throw invalidField(
        field,
        currencyDecimals(code) === 0
          ? `Le prix ${field === 'prix_min' ? 'minimum' : 'maximum'} en ${CURRENCY_SYMBOLS[code] ?? code} s’écrit sans décimales.`
          : `Le prix ${field === 'prix_min' ? 'minimum' : 'maximum'} a trop de décimales.`,
      );
    return value;
  };
  const min = read('prix_min');
  const max = read('prix_max');
  if (min !== undefined && max !== undefined && min > max)
    throw invalidField('prix_max', 'Le prix maximum doit être supérieur ou égal au prix minimum.');
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}
