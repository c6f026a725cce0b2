import { In, type EntityManager } from 'typeorm';
import type { ProductDatasheetFile, PublicProduct } from '../contract/public.js';
import { storageUrl } from '../media/storage/storage.js';
import { ProductDatasheet } from './entities/product-datasheet.entity.js';
import type { Product } from './entities/product.entity.js';

export function toDatasheetFile(sheet: ProductDatasheet): ProductDatasheetFile {
  return { id: sheet.id, title: sheet.title, url: storageUrl(sheet.path)!, size: sheet.size };
}

/** The datasheets of these products, in order, by product id (one query). */
export async function datasheetsOf(manager: EntityManager, productIds: number[]): Promise<Map<number, ProductDatasheetFile[]>> {
  const byProduct = new Map<number, ProductDatasheetFile[]>();
  if (!productIds.length) return byProduct;
  const rows = await manager
    .getRepository(ProductDatasheet)
    .find({ where: { product_id: In(productIds) }, order: { position: 'ASC', id: 'ASC' } });
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), toDatasheetFile(row)]);
  return byProduct;
}

/**
 * The answers of the product's own pages (detail, staff list, site build) with its specification table
 * and datasheets. The catalogue filter leaves them out: its cards never show them, and its answer is
 * the one a visitor on a slow network waits for.
 */
export async function withProductDetails(
  manager: EntityManager,
  rows: Product[],
  toAnswer: (row: Product) => PublicProduct,
): Promise<PublicProduct[]> {
  const sheets = await datasheetsOf(
    manager,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...toAnswer(row), specs: row.specs ?? [], datasheets: sheets.get(row.id) ?? [] }));
}
