import { Injectable } from '@nestjs/common';
import { DataSource, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { Role } from '../access/entities/role.entity.js';
import { User } from '../admins/entities/user.entity.js';
import { Article } from '../blog/entities/article.entity.js';
import { Brand } from '../catalogue/entities/brand.entity.js';
import { Category } from '../catalogue/entities/category.entity.js';
import { Product } from '../catalogue/entities/product.entity.js';
import { searchScope, whereScope, whereSearch } from '../common/listing.js';
import type { SearchAnswer } from '../contract/backoffice.js';
import { can, type StaffPrincipal } from '../core/access/permissions.js';
import { Customer } from '../customers/entities/customer.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { StockEntry } from '../stock/entities/stock-entry.entity.js';

export const SEARCH_GROUP_LIMIT = 5;

type Groups = Omit<SearchAnswer, 'success' | 'message' | 'query'>;

/**
 * The sidebar's global search: up to 5 results per group, only in the categories the user may view
 * (blog → blogs; shop → brands, categories, products; stock → stocks; admin → users, roles;
 * orders → orders, customers). The other groups come back empty.
 */
@Injectable()
export class SearchService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Brands, categories and products come in the order of their search_text (the name, accents and
   * case folded: "Équipements" among the E). For the small tables (brands, categories) the search
   * index then gives both the filter and the order, and the scan stops at the fifth match.
   *
   * The group's first matches (accent- and case-insensitive on the entity's search_text). LIMIT, not
   * take: the joins added by the groups are many-to-one, so rows are entities and no DISTINCT is needed.
   */
  private query<E extends ObjectLiteral>(entity: new () => E, alias: string, term: string): SelectQueryBuilder<E> {
    return whereSearch(this.dataSource.getRepository(entity).createQueryBuilder(alias), alias, term).limit(SEARCH_GROUP_LIMIT);
  }

  /**
   * The group's first matches in a table that grows (products, orders, customers, articles, stock):
   * the search is resolved on the table first (searchScope, through its trigram index), so that a
   * rare term reads its few matches by primary key instead of walking an index over every row.
   */
  private async scoped<E extends ObjectLiteral>(
    entity: new () => E,
    alias: string,
    term: string,
    options?: { scan: boolean },
  ): Promise<SelectQueryBuilder<E>> {
    const repository = this.dataSource.getRepository(entity);
    const scope = await searchScope(repository.createQueryBuilder(alias), term, undefined, options);
    return whereScope(repository.createQueryBuilder(alias), alias, scope).limit(SEARCH_GROUP_LIMIT);
  }

  async search(principal: StaffPrincipal, term: string): Promise<Groups> {
    const blog = can(principal, 'blog', 'view');
    const shop = can(principal, 'shop', 'view');
    const stock = can(principal, 'stock', 'view');
    const admin = can(principal, 'admin', 'view');
    const orders = can(principal, 'orders', 'view');
    const none = async () => [];
    const [blogs, brands, categories, products, stocks, users, roles, orderRows, customers] = await Promise.all([
      blog ? this.blogs(term) : none(),
      shop ? this.brands(term) : none(),
      shop ? this.categories(term) : none(),
      shop ? this.products(term) : none(),
      stock ? this.stocks(term) : none(),
      admin ? this.users(term) : none(),
      admin ? this.roles(term) : none(),
      orders ? this.orders(term) : none(),
      orders ? this.customers(term) : none(),
    ]);
    return { blogs, brands, categories, products, stocks, users, roles, orders: orderRows, customers };
  }

  private async blogs(term: string): Promise<SearchAnswer['blogs']> {
    const rows = await (await this.scoped(Article, 'article', term)).orderBy('article.created_at', 'DESC').getMany();
    return rows.map((a) => ({
      id: a.id,
      title: a.title,
      slug: a.slug,
      status: a.status,
      image: a.image,
      created_at: a.created_at.toISOString(),
    }));
  }

  private async brands(term: string): Promise<SearchAnswer['brands']> {
    const rows = await this.query(Brand, 'brand', term).orderBy('brand.search_text', 'ASC').getMany();
    return rows.map((b) => ({ id: b.id, name: b.name, image: b.image }));
  }

  private async categories(term: string): Promise<SearchAnswer['categories']> {
    const rows = await this.query(Category, 'category', term).orderBy('category.search_text', 'ASC').getMany();
    return rows.map((c) => ({ id: c.id, designation: c.designation }));
  }

  private async products(term: string): Promise<SearchAnswer['products']> {
    // Ids first (images are one-to-many), then those products with their images and currency. In the
    // order of the search index: when the trigrams cannot narrow the term, walking that index finds
    // the first five matches with no scan beforehand.
    const ids = (
      await (
        await this.scoped(Product, 'product', term, { scan: false })
      )
        .select('product.id', 'id')
        .orderBy('product.search_text', 'ASC')
        .getRawMany<{ id: number }>()
    ).map((r) => Number(r.id));
    const loaded = ids.length
      ? await this.dataSource
          .getRepository(Product)
          .createQueryBuilder('product')
          .leftJoinAndSelect('product.images', 'image')
          .leftJoinAndSelect('product.currency', 'currency')
          .where('product.id IN (:...ids)', { ids })
          .getMany()
      : [];
    const byId = new Map(loaded.map((p) => [p.id, p]));
    const rows = ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
    return rows.map((p) => {
      const first = [...(p.images ?? [])].sort((a, b) => a.position - b.position || a.id - b.id)[0];
      return {
        id: p.id,
        name: p.name,
        reference: p.reference,
        price: p.price,
        stock: p.stock,
        image: first?.image_path ?? null,
        currency_symbol: p.currency?.symbol ?? null,
      };
    });
  }

  private async stocks(term: string): Promise<SearchAnswer['stocks']> {
    const rows = await (await this.scoped(StockEntry, 'entry', term)).orderBy('entry.created_at', 'DESC').getMany();
    return rows.map((s) => ({ id: s.id, name: s.name, quantity: s.quantity, image: s.image }));
  }

  private async users(term: string): Promise<SearchAnswer['users']> {
    // Explicit columns: the password hash is never selected (and is `select: false` on the entity too).
    const rows = await this.query(User, 'user', term)
      .select(['user.id', 'user.firstname', 'user.name', 'user.email', 'user.image', 'user.profession'])
      .leftJoin('user.role', 'role')
      .addSelect(['role.id', 'role.name'])
      .orderBy('user.name', 'ASC')
      .getMany();
    return rows.map((u) => ({
      id: u.id,
      firstname: u.firstname,
      name: u.name,
      email: u.email,
      image: u.image,
      profession: u.profession,
      role: u.role ? { id: u.role.id, name: u.role.name } : null,
    }));
  }

  private async roles(term: string): Promise<SearchAnswer['roles']> {
    const rows = await this.query(Role, 'role', term).orderBy('role.name', 'ASC').getMany();
    return rows.map((r) => ({ id: r.id, name: r.name, description: r.description }));
  }

  private async orders(term: string): Promise<SearchAnswer['orders']> {
    const rows = await (await this.scoped(Order, 'ord', term)).orderBy('ord.created_at', 'DESC').getMany();
    return rows.map((o) => ({
      id: o.id,
      order_num: o.order_num,
      company_name: o.company_name,
      status: o.status,
      total: o.total,
      currency: o.currency,
      created_at: o.created_at.toISOString(),
    }));
  }

  private async customers(term: string): Promise<SearchAnswer['customers']> {
    const rows = await (await this.scoped(Customer, 'customer', term)).orderBy('customer.company_name', 'ASC').getMany();
    return rows.map((c) => ({
      id: c.id,
      company_name: c.company_name,
      company_email: c.company_email,
      representative_name: c.representative_name,
    }));
  }
}
