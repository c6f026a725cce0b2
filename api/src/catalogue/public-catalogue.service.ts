import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import {
  cappedCount,
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
import { CURRENCY_SYMBOLS, currencyDecimals } from '../common/money.js';
import { invalidField, notFound } from '../core/errors/api-error.js';
import { ExchangeRatesService, rateMap } from '../exchange-rates/exchange-rates.service.js';
import { imageVariants } from '../media/image-variants.js';
import { FILTER_DEFAULT_LIMIT, FILTER_MAX_LIMIT, type ProductFilterQueryDto } from './dto/public-catalogue.dto.js';
import {
  boundsIn,
  DEFAULT_DISPLAY_CURRENCY,
  displayPrice,
  parseAmount,
  worthKey,
  type CatalogueSort,
  type Rates,
} from './catalogue-filters.js';
import { Category } from './entities/category.entity.js';
import { Currency } from './entities/currency.entity.js';
import { Product } from './entities/product.entity.js';
import { withProductDetails } from './product-details.js';
import { PRODUCT_LIST, type ProductListQueryDto } from './product-list.js';

export const PRODUCT_NOT_FOUND = 'Produit introuvable.';
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

  private products(): SelectQueryBuilder<Product> {
    return this.dataSource
      .getRepository(Product)
      .createQueryBuilder('product')
      .innerJoinAndSelect('product.currency', 'currency')
      .innerJoinAndSelect('product.category', 'category')
      .innerJoinAndSelect('product.brand', 'brand')
      .leftJoinAndSelect('product.images', 'image');
  }

  /** Products of these ids with their relations (images, currency, category, brand). */
  private async load(ids: number[]): Promise<Product[]> {
    return this.products().where('product.id IN (:...ids)', { ids }).getMany();
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
      (page) => this.load(page),
      scopeCount(scope),
    );
    return pageOf(await withProductDetails(this.dataSource.manager, rows, toPublicProduct), total, request, capped);
  }

  /** These products with their relations (any order; missing ids are left out), for the site build. */
  async byIds(ids: number[]): Promise<PublicProduct[]> {
    if (!ids.length) return [];
    return withProductDetails(this.dataSource.manager, await this.load(ids), toPublicProduct);
  }

  /** One product; with `devise` (a currency code), its price in that display currency too. */
  async one(id: number, devise?: string): Promise<PublicProduct> {
    const display = devise === undefined ? undefined : await this.displayCurrency(devise);
    const product = await this.products().where('product.id = :id', { id }).getOne();
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    const [answer] = await withProductDetails(this.dataSource.manager, [product], toPublicProduct);
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
   */
  async filter(
    query: ProductFilterQueryDto,
  ): Promise<{ products: PublicProduct[]; total: number; capped: boolean; display?: { code: string; symbol: string } }> {
    const limit = Math.min(query.limit ?? FILTER_DEFAULT_LIMIT, FILTER_MAX_LIMIT);
    const sort = query.tri ?? query.sort ?? 'recent';
    const byPrice = sort === 'prix_asc' || sort === 'prix_desc';
    const priced = query.prix_min !== undefined || query.prix_max !== undefined;
    const money = query.devise || priced || byPrice ? await this.catalogueMoney() : undefined;
    const target = query.devise ?? DEFAULT_DISPLAY_CURRENCY;
    const display = money && displayCurrency(money, target);
    if (query.devise && !display) throw invalidField('devise', unknownCurrency(query.devise));
    const range = priced ? priceRange(query, target) : {};

    // Name and reference, accent- and case-insensitive ("electrogene" finds "Électrogène").
    const scope = await this.scope(query.search);
    const ids = this.base(scope);
    if (query.category && query.category !== 'all')
      ids.andWhere('product.category_id = :category', { category: Number(query.category) });
    if (query.marque?.length) ids.andWhere('product.brand_id IN (:...brands)', { brands: query.marque.map(Number) });
    if (query.disponibilite === 'en_stock') ids.andWhere('product.stock > 0');
    else if (query.disponibilite === 'sur_commande') ids.andWhere('product.stock <= 0');
    // Each currency's own bounds (exact: see boundsIn), compared on its price column by the indexes
    // IDX_products_(category_)currency_price.
    const currencies = money
      ? money.currencies.flatMap((c) => {
          const bounds = priced ? boundsIn(c.code, target, range, money.rates) : { empty: false };
          return bounds && !bounds.empty ? [{ ...c, bounds }] : [];
        })
      : [];
    // `filterOnly`: a condition tested on the rows the sort's index gives (`+` keeps SQLite from reading
    // the OR of price ranges first and sorting every match, the plan it would pick for a broad range).
    const inRange = (qb: SelectQueryBuilder<Product>, list: typeof currencies, filterOnly = false) => {
      const parameters: Record<string, unknown> = {};
      const clauses = list.map((c, i) => {
        parameters[`price_currency_${i}`] = c.id;
        const parts = [`${filterOnly ? '+' : ''}product.currency_id = :price_currency_${i}`];
        if (c.bounds.min !== undefined) {
          parts.push(`product.price >= :price_min_${i}`);
          parameters[`price_min_${i}`] = c.bounds.min;
        }
        if (c.bounds.max !== undefined) {
          parts.push(`product.price <= :price_max_${i}`);
          parameters[`price_max_${i}`] = c.bounds.max;
        }
        return parts.join(' AND ');
      });
      return qb.andWhere(clauses.length ? `((${clauses.join(') OR (')}))` : '1 = 0', parameters);
    };
    if (priced) inRange(ids, currencies, true);
    const displayed = query.devise && display ? { display } : {};

    // Brands, exhausted products and price ranges that match few products are first resolved on their own
    // indexes (index-only, stopping past NARROW_CAP): the page and its count then read those rows by primary
    // key, where walking the sort's index would test most of the table to find few or none.
    const narrowed = await this.narrowed(query, priced ? (qb) => inRange(qb, currencies) : undefined);
    if (narrowed?.length === 0) return { products: [], total: 0, capped: false, ...displayed };
    if (narrowed) ids.andWhere('product.id IN (:...narrowed)', { narrowed });
    // Broad buyer filters are counted up to SEARCH_COUNT_CAP ("Plus de 1 000 produits"), like a frequent search.
    const broad = !narrowed && (Boolean(query.marque?.length) || Boolean(query.disponibilite) || priced);
    const counting = broad ? { countCap: SEARCH_COUNT_CAP } : scopeCount(scope);

    let result: { rows: Product[]; total: number; capped: boolean };
    if (narrowed) {
      result = await this.sortedInMemory(ids, sort, limit, money);
    } else if (byPrice && currencies.length > 1) {
      result = await this.byConvertedPrice(ids, currencies, sort === 'prix_asc' ? 'ASC' : 'DESC', limit, money!.rates, counting);
    } else {
      // Served by IDX_products_(category_)created / (category_)spotlight_created / (category_)name / (category_)currency_price.
      const direction = sort === 'prix_desc' || sort === 'nom_desc' || sort === 'recent' || sort === 'Populaire' ? 'DESC' : 'ASC';
      if (sort === 'Populaire') ids.orderBy('product.in_spotlight', 'DESC').addOrderBy('product.created_at', 'DESC');
      else if (sort === 'nom_asc' || sort === 'nom_desc') ids.orderBy('product.name', direction);
      else if (byPrice) ids.orderBy('product.price', direction);
      else ids.orderBy('product.created_at', 'DESC');
      ids.addOrderBy('product.id', direction);
      result = await pageByIds(ids, { skip: 0, take: limit }, (page) => this.load(page), counting);
    }
    const products = result.rows.map((row) => {
      const product = toPublicProduct(row);
      if (!display) return product;
      return {
        ...product,
        display_price: displayPrice(product.price, product.currency.code, display.code, display.symbol, money!.rates),
      };
    });
    return { products, total: result.total, capped: result.capped, ...displayed };
  }

  /**
   * A narrowed list (at most NARROW_CAP rows, read by primary key): its sort keys read at once and
   * sorted here, with the same order as the indexes give (ties by id), the count exact.
   */
  private async sortedInMemory(
    ids: SelectQueryBuilder<Product>,
    sort: CatalogueSort,
    limit: number,
    money: CatalogueMoney | undefined,
  ): Promise<{ rows: Product[]; total: number; capped: boolean }> {
    const rows = await ids
      .clone()
      .select('product.id', 'id')
      .addSelect('product.price', 'price')
      .addSelect('product.currency_id', 'currency_id')
      .addSelect('product.created_at', 'created_at')
      .addSelect('product.in_spotlight', 'in_spotlight')
      .addSelect('product.name', 'name')
      .orderBy()
      .getRawMany<{
        id: number | string;
        price: number | string;
        currency_id: number | string;
        created_at: string | Date;
        in_spotlight: unknown;
        name: string;
      }>();
    const codes = new Map(money?.currencies.map((c) => [c.id, c.code]));
    const keyed = rows.map((row) => ({
      id: Number(row.id),
      at: new Date(row.created_at).getTime(),
      spotlight: Number(row.in_spotlight) ? 1 : 0,
      name: row.name,
      worth: money ? worthKey(columnPrice(row.price), codes.get(Number(row.currency_id)) ?? '', money.rates) : null,
    }));
    const desc = sort === 'prix_desc' || sort === 'nom_desc' ? -1 : 1;
    const byWorth = (a: (typeof keyed)[number], b: (typeof keyed)[number]) => {
      if (a.worth === null || b.worth === null) return a.worth === b.worth ? 0 : a.worth === null ? 1 : -1;
      return desc * (a.worth < b.worth ? -1 : a.worth > b.worth ? 1 : 0);
    };
    keyed.sort((a, b) => {
      if (sort === 'prix_asc' || sort === 'prix_desc') return byWorth(a, b) || desc * (a.id - b.id);
      if (sort === 'nom_asc' || sort === 'nom_desc') return desc * (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
      if (sort === 'Populaire') return b.spotlight - a.spotlight || b.at - a.at || b.id - a.id;
      return b.at - a.at || b.id - a.id;
    });
    const page = keyed.slice(0, limit).map((k) => k.id);
    if (!page.length) return { rows: [], total: 0, capped: false };
    const byId = new Map((await this.load(page)).map((row) => [row.id, row]));
    return {
      rows: page.map((id) => byId.get(id)).filter((row): row is Product => row !== undefined),
      total: keyed.length,
      capped: false,
    };
  }

  /**
   * The ids matching the selective buyer filters (brands, exhausted, price range), each read alone from
   * its index and intersected; a filter matching more than NARROW_CAP products is left to the main
   * query. Null when none narrows.
   */
  private async narrowed(
    query: ProductFilterQueryDto,
    priceRange?: (qb: SelectQueryBuilder<Product>) => SelectQueryBuilder<Product>,
  ): Promise<number[] | null> {
    const table = () => this.dataSource.getRepository(Product).createQueryBuilder('product').select('product.id', 'id');
    const candidates: SelectQueryBuilder<Product>[] = [];
    if (query.marque?.length)
      candidates.push(table().where('product.brand_id IN (:...brands)', { brands: query.marque.map(Number) }));
    if (query.disponibilite === 'sur_commande') candidates.push(table().where('product.stock <= 0'));
    if (priceRange) candidates.push(priceRange(table()));
    let found = null as Set<number> | null;
    for (const candidate of candidates) {
      const rows = await candidate.limit(NARROW_CAP + 1).getRawMany<{ id: number | string }>();
      if (rows.length > NARROW_CAP) continue;
      const ids = new Set(rows.map((row) => Number(row.id)));
      found = found ? new Set([...found].filter((id) => ids.has(id))) : ids;
      if (!found.size) break;
    }
    return found ? [...found] : null;
  }

  /**
   * Sorted by price across currencies: each currency's first `limit` products read in price order from
   * IDX_products_(category_)currency_price, merged by their worth in CFA francs (exact), the first
   * `limit` kept. Products of a currency without a rate come last.
   */
  private async byConvertedPrice(
    ids: SelectQueryBuilder<Product>,
    currencies: { id: number; code: string }[],
    direction: 'ASC' | 'DESC',
    limit: number,
    rates: Rates,
    counting: { countCap?: number },
  ): Promise<{ rows: Product[]; total: number; capped: boolean }> {
    const heads = await Promise.all(
      currencies.map(async (currency) => {
        const rows = await ids
          .clone()
          .andWhere('product.currency_id = :sort_currency', { sort_currency: currency.id })
          .select('product.id', 'id')
          .addSelect('product.price', 'price')
          .orderBy('product.price', direction)
          .addOrderBy('product.id', direction)
          .limit(limit)
          .getRawMany<{ id: number | string; price: number | string }>();
        return rows.map((row) => ({ id: Number(row.id), key: worthKey(columnPrice(row.price), currency.code, rates) }));
      }),
    );
    const sign = direction === 'ASC' ? 1 : -1;
    const merged = heads
      .flat()
      .sort((a, b) => {
        if (a.key === null || b.key === null) {
          if (a.key === b.key) return sign * (a.id - b.id);
          return a.key === null ? 1 : -1;
        }
        return sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id);
      })
      .slice(0, limit);
    let total = merged.length;
    let capped = false;
    if (merged.length === limit) {
      const cap = counting.countCap;
      if (cap !== undefined) ({ total, capped } = await cappedCount(ids, cap));
      else total = Number((await ids.clone().select('COUNT(*)', 'n').orderBy().getRawOne<{ n: number | string }>())?.n ?? 0);
    }
    if (!merged.length) return { rows: [], total, capped };
    const byId = new Map((await this.load(merged.map((m) => m.id))).map((row) => [row.id, row]));
    return { rows: merged.map((m) => byId.get(m.id)).filter((row): row is Product => row !== undefined), total, capped };
  }
}

const MONEY_TTL_MS = 5_000;
/** A buyer filter matching at most this many products is resolved to their ids first (see narrowed). */
const NARROW_CAP = 1000;

const unknownCurrency = (devise: string) =>
  `La devise « ${devise.slice(0, 10)} » n’est pas proposée : choisissez FCFA (XOF), EUR ou USD.`;

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

/** A price as a driver returns it raw (SQLite: a number, MariaDB: "69.70") as a decimal string. */
const columnPrice = (value: number | string) => (typeof value === 'number' ? value.toFixed(2) : value);
