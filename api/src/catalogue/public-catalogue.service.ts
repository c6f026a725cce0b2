import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { pageByIds, pageOf, pageRequest, scopeCount, searchScope, whereScope, type SearchScope } from '../common/listing.js';
import { applyListQuery } from '../common/list-order.js';
import type { Paginated } from '../contract/staff.js';
import type { PublicCategory, PublicProduct } from '../contract/public.js';
import { notFound } from '../core/errors/api-error.js';
import { imageVariants } from '../media/image-variants.js';
import { FILTER_DEFAULT_LIMIT, FILTER_MAX_LIMIT, type ProductFilterQueryDto } from './dto/public-catalogue.dto.js';
import { Category } from './entities/category.entity.js';
import { Product } from './entities/product.entity.js';
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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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
    return pageOf(rows.map(toPublicProduct), total, request, capped);
  }

  /** These products with their relations (any order; missing ids are left out), for the site build. */
  async byIds(ids: number[]): Promise<PublicProduct[]> {
    if (!ids.length) return [];
    return (await this.load(ids)).map(toPublicProduct);
  }

  async one(id: number): Promise<PublicProduct> {
    const product = await this.products().where('product.id = :id', { id }).getOne();
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return toPublicProduct(product);
  }

  /**
   * The shop's grid: category ("all" or an id), name search, sort "recent" (newest first) or
   * "Populaire" (products in the spotlight first, then newest), the first `limit` products.
   */
  async filter(query: ProductFilterQueryDto): Promise<{ products: PublicProduct[]; total: number; capped: boolean }> {
    const limit = Math.min(query.limit ?? FILTER_DEFAULT_LIMIT, FILTER_MAX_LIMIT);
    // Name and reference, accent- and case-insensitive ("electrogene" finds "Électrogène").
    const scope = await this.scope(query.search);
    const ids = this.base(scope);
    if (query.category && query.category !== 'all')
      ids.andWhere('product.category_id = :category', { category: Number(query.category) });
    // Served by IDX_products_(category_)created / (category_)spotlight_created.
    if (query.sort === 'Populaire') ids.orderBy('product.in_spotlight', 'DESC').addOrderBy('product.created_at', 'DESC');
    else ids.orderBy('product.created_at', 'DESC');
    ids.addOrderBy('product.id', 'DESC');
    const { rows, total, capped } = await pageByIds(ids, { skip: 0, take: limit }, (page) => this.load(page), scopeCount(scope));
    return { products: rows.map(toPublicProduct), total, capped };
  }
}
