import { ListQueryDto } from '../common/listing.js';
import { equals, IdFilter, OneOfFilter, type ListDefinition } from '../common/list-order.js';
import type { Product } from './entities/product.entity.js';

/**
 * GET /api/product's sorts and filters (the staff products list; the site reads its default order).
 * Other filters (stock level…) join `PRODUCT_LIST.filters` with their DTO property below.
 */
export const PRODUCT_LIST: ListDefinition<Product> = {
  sorts: {
    created_at: 'product.created_at',
    updated_at: 'product.updated_at',
    name: 'product.name',
    reference: 'product.reference',
    price: 'product.price',
    stock: 'product.stock',
    in_spotlight: 'product.in_spotlight',
    category: { expression: 'sort_category.designation', join: (qb) => void qb.innerJoin('product.category', 'sort_category') },
    brand: { expression: 'sort_brand.name', join: (qb) => void qb.innerJoin('product.brand', 'sort_brand') },
  },
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'product.id',
  filters: {
    category_id: { apply: equals('product.category_id'), doc: { description: 'Catégorie (id).', type: 'integer' } },
    brand_id: { apply: equals('product.brand_id'), doc: { description: 'Marque (id).', type: 'integer' } },
    currency_id: { apply: equals('product.currency_id'), doc: { description: 'Devise (id).', type: 'integer' } },
    spotlight: {
      apply: (qb, value, parameter) => void qb.andWhere(`product.in_spotlight = :${parameter}`, { [parameter]: value === 'yes' }),
      doc: { description: 'Populaire (yes) ou non (no).', enum: ['yes', 'no'] },
    },
  },
};

export class ProductListQueryDto extends ListQueryDto {
  @IdFilter('La catégorie est invalide.')
  category_id?: number;

  @IdFilter('La marque est invalide.')
  brand_id?: number;

  @IdFilter('La devise est invalide.')
  currency_id?: number;

  @OneOfFilter(['yes', 'no'], 'Le filtre « populaire » doit valoir yes ou no.')
  spotlight?: 'yes' | 'no';
}
