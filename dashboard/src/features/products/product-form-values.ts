import type { PublicProduct } from '@comptoir/api/contract';
import { formatTaxRate } from '@comptoir/api/document-totals';
import { runtimeConfig } from '../../lib/runtime-config';
import type { ProductFields } from './api';

/** The product form's fields, as the server names them (server errors are put back on these). */
export const PRODUCT_FIELDS: ReadonlyArray<keyof ProductFields> = [
  'name',
  'reference',
  'stock',
  'price',
  'brand_id',
  'category_id',
  'currency_id',
  'description',
  'low_stock_threshold',
  'tax_rate_bp',
  'tax_exemption',
];

/** The TVA rates offered (basis points): Togo's normal rate, the reduced one, and exemption. */
export const TAX_RATES = [1800, 1000, 0];
export const EXEMPTION_REQUIRED = 'Indiquez le motif d’exonération (par exemple « Exonéré, article 4 du CGI »).';

/** « 18 % », « 0 % (Exonéré) ». */
export const taxRateLabel = (bp: number) => (bp === 0 ? `${formatTaxRate(0)} (Exonéré)` : formatTaxRate(bp));

/** The product's own low-stock threshold when the product at hand carries it, else ''. */
export function thresholdOf(product: (PublicProduct & { low_stock_threshold?: number | null }) | null): string {
  const value = product?.low_stock_threshold;
  return value === null || value === undefined ? '' : String(value);
}

/** The form's starting values: the product's, or a new product's. */
export const valuesOf = (product: PublicProduct | null): ProductFields => ({
  // A new product starts at the deployment's default rate (DEFAULT_TAX_RATE_BP).
  tax_rate_bp: String(product?.tax_rate_bp ?? runtimeConfig().default_tax_rate_bp),
  tax_exemption: product?.tax_exemption ?? '',
  name: product?.name ?? '',
  reference: product?.reference ?? '',
  stock: product ? String(product.stock) : '',
  price: product?.price ?? '',
  brand_id: product ? String(product.brand_id ?? product.brand?.id ?? '') : '',
  category_id: product ? String(product.category_id ?? product.category?.id ?? '') : '',
  currency_id: product ? String(product.currency_id ?? product.currency?.id ?? '') : '',
  description: product?.description ?? '',
  low_stock_threshold: thresholdOf(product),
});
