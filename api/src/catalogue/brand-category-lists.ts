import type { ListDefinition } from '../common/list-order.js';
import type { Brand } from './entities/brand.entity.js';
import type { Category } from './entities/category.entity.js';

/** GET /api/brands' sorts (its filter is the search). */
export const BRAND_LIST: ListDefinition<Brand> = {
  sorts: {
    created_at: 'brand.created_at',
    updated_at: 'brand.updated_at',
    name: 'brand.name',
    representative: 'brand.representative',
  },
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'brand.id',
};

/** GET /api/categories/list's sorts. */
export const CATEGORY_LIST: ListDefinition<Category> = {
  sorts: {
    created_at: 'category.created_at',
    updated_at: 'category.updated_at',
    designation: 'category.designation',
  },
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'category.id',
};
