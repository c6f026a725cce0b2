import type { EntityManager } from 'typeorm';
import { groupBy } from '../common/group-by.js';
import { leanRowsIn } from '../common/lean-rows.js';
import { ProductImage } from './entities/product-image.entity.js';

/**
 * The images of these products by product, in gallery order: one plain statement through
 * IDX_product_images_product_position (lean-rows.ts), for the pages that show many products at once
 * (the shop's cards, the staff product list, the order lines).
 */
export async function productImagesOf(
  manager: EntityManager,
  productIds: readonly number[],
): Promise<Map<number, ProductImage[]>> {
  const images = await leanRowsIn(manager, ProductImage, 'product_id', productIds, ['product_id', 'position', 'id']);
  return groupBy(images, (image) => image.product_id);
}
