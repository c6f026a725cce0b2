import type { EntityManager } from 'typeorm';
import { groupBy } from '../common/group-by.js';
import { leanRowsIn } from '../common/lean-rows.js';
import type { ProductDatasheetFile, PublicProduct } from '../contract/public.js';
import { storageUrl } from '../media/storage/storage.js';
import { ProductDatasheet } from './entities/product-datasheet.entity.js';
import type { ProductSpec } from './product-specs.js';

export function toDatasheetFile(sheet: ProductDatasheet): ProductDatasheetFile {
  return { id: sheet.id, title: sheet.title, url: storageUrl(sheet.path)!, size: sheet.size };
}

/**
 * The datasheets of these products, in order, by product id: one plain statement whose text depends
 * only on how many products (lean-rows.ts), so SQLite reuses its prepared statement from page to page
 * where `find` with `In` wrote the ids into the text and had each page prepared anew.
 */
export async function datasheetsOf(manager: EntityManager, productIds: number[]): Promise<Map<number, ProductDatasheetFile[]>> {
  const rows = await leanRowsIn(manager, ProductDatasheet, 'product_id', productIds, ['position', 'id']);
  const byProduct = new Map<number, ProductDatasheetFile[]>();
  for (const [productId, sheets] of groupBy(rows, (row) => row.product_id)) byProduct.set(productId, sheets.map(toDatasheetFile));
  return byProduct;
}

/**
 * The answers of the product's own pages (detail, staff list, site build) with its specification table
 * and datasheets. The catalogue filter leaves them out: its cards never show them, and its answer is
 * the one a visitor on a slow network waits for.
 */
export async function withProductDetails(
  manager: EntityManager,
  rows: readonly { product: PublicProduct; specs: ProductSpec[] | null }[],
): Promise<PublicProduct[]> {
  const sheets = await datasheetsOf(
    manager,
    rows.map(({ product }) => product.id),
  );
  return rows.map(({ product, specs }) => ({ ...product, specs: specs ?? [], datasheets: sheets.get(product.id) ?? [] }));
}
