import { applyListOrder } from '../common/list-order.js';
import { CATEGORY_LIST } from './brand-category-lists.js';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import type { SubmittedForm } from '../common/forms.js';
import { countByParent, paginate, pageRequest, whereSearch, type ListQueryDto } from '../common/listing.js';
import { isForeignKeyViolation, runTransaction } from '../common/transactions.js';
import { explainUnappliedUpdate, withCurrentRecord } from '../common/versioning.js';
import type { StaffCategory, StaffCurrency } from '../contract/backoffice.js';
import type { Paginated } from '../contract/staff.js';
import { conflict, notFound } from '../core/errors/api-error.js';
import { PublishingService } from '../publishing/publishing.service.js';
import type { CategoryFormDto } from './dto/category.dto.js';
import { Category } from './entities/category.entity.js';
import { Currency } from '../exchange-rates/entities/currency.entity.js';
import { Product } from './entities/product.entity.js';
import { removeAudited, updateAudited } from '../audit/audited-writes.js';

export const CATEGORIES_PAGE_SIZE = 8;
const NOT_FOUND = 'Catégorie introuvable.';

export function toStaffCategory(category: Category, productsCount: number): StaffCategory {
  return {
    id: category.id,
    designation: category.designation,
    description: category.description,
    products_count: productsCount,
    created_at: category.created_at.toISOString(),
    updated_at: category.updated_at.toISOString(),
    version: category.version,
  };
}

@Injectable()
export class CategoriesService {
  constructor(
    @InjectRepository(Category) private readonly categories: Repository<Category>,
    @InjectRepository(Currency) private readonly currencies: Repository<Currency>,
    private readonly dataSource: DataSource,
    private readonly publishing: PublishingService,
  ) {}

  async list(query: ListQueryDto): Promise<Paginated<StaffCategory>> {
    const request = pageRequest(query, CATEGORIES_PAGE_SIZE);
    const qb = applyListOrder(this.categories.createQueryBuilder('category'), query, CATEGORY_LIST);
    whereSearch(qb, 'category', query.search);
    const page = await paginate(qb, request);
    const counts = await this.productCounts(page.data.map((c) => c.id));
    return { ...page, data: page.data.map((c) => toStaffCategory(c, counts.get(c.id) ?? 0)) };
  }

  private productCounts(ids: number[]): Promise<Map<number, number>> {
    return countByParent(this.dataSource.getRepository(Product).createQueryBuilder('product'), 'product.category_id', ids);
  }

  async get(id: number): Promise<StaffCategory> {
    const category = await this.categories.findOneBy({ id });
    if (!category) throw notFound(NOT_FOUND);
    const counts = await this.productCounts([id]);
    return toStaffCategory(category, counts.get(id) ?? 0);
  }

  async create(submitted: SubmittedForm<CategoryFormDto>): Promise<StaffCategory> {
    const form = submitted.valid();
    const result = await this.categories.insert(form);
    await this.publishing.notifyChange('category.created', `Catégorie « ${form.designation} » ajoutée`);
    return this.get(Number(result.identifiers[0]!.id));
  }

  async update(id: number, submitted: SubmittedForm<CategoryFormDto>, userId: number): Promise<StaffCategory> {
    if (!(await this.categories.existsBy({ id }))) throw notFound(NOT_FOUND);
    const form = submitted.valid();
    const result = await updateAudited(this.categories, id, { ...form, updated_by: userId }, submitted.version());
    if (!result.affected)
      await explainUnappliedUpdate(this.categories, id, NOT_FOUND, 'cette catégorie').catch(
        withCurrentRecord(() => this.get(id)),
      );
    await this.publishing.notifyChange('category.updated', `Catégorie « ${form.designation} » mise à jour`);
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    const category = await runTransaction(this.dataSource, async (manager) => {
      const found = await manager.getRepository(Category).findOneBy({ id });
      if (!found) throw notFound(NOT_FOUND);
      const used = await manager.getRepository(Product).countBy({ category_id: id });
      if (used > 0) throw inUse(used);
      await removeAudited(manager.getRepository(Category), id);
      return found;
    }).catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw inUse();
      throw error;
    });
    await this.publishing.notifyChange('category.deleted', `Catégorie « ${category.designation} » supprimée`);
  }

  async listCurrencies(): Promise<StaffCurrency[]> {
    const rows = await this.currencies.find({ order: { id: 'ASC' } });
    return rows.map((c) => ({ id: c.id, name: c.name, symbol: c.symbol, code: c.code }));
  }
}

function inUse(count?: number) {
  return conflict(
    count
      ? `Impossible de supprimer cette catégorie : ${count} produit${count > 1 ? 's l’utilisent' : ' l’utilise'} encore.`
      : 'Impossible de supprimer cette catégorie : des produits l’utilisent encore.',
  );
}
