import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ListQueryDto } from '../common/listing.js';
import { MAX_EXPIRY_DAYS, STOCK_FILTERS, type StockFilter } from './stock-conditions.js';

const toInt = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : value;
};
const blankless = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

/** GET /api/stock/products: the product list with the stock filters (page, per_page and search as every list). */
export class StockProductsQueryDto extends ListQueryDto {
  @IsOptional()
  @Transform(blankless)
  @IsIn(STOCK_FILTERS, { message: 'Le filtre de stock doit être « low », « out », « expiring » ou « expired ».' })
  stock?: StockFilter;

  /** Window of `expiring`, in days (30 when not given). */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le nombre de jours doit être un nombre entier.' })
  @Min(0, { message: 'Le nombre de jours doit être positif.' })
  @Max(MAX_EXPIRY_DAYS, { message: `Le nombre de jours ne doit pas dépasser ${MAX_EXPIRY_DAYS}.` })
  days?: number;

  @IsOptional()
  @Transform(blankless)
  @Matches(/^[1-9]\d{0,9}$/, { message: 'La catégorie est invalide.' })
  category?: string;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** GET /api/stock/valuation/history?from&to ('YYYY-MM-DD', at most 366 days; the last 90 by default). */
export class ValuationHistoryQueryDto {
  @IsOptional()
  @Transform(blankless)
  @Matches(isoDate, { message: 'La date de début doit être au format AAAA-MM-JJ.' })
  from?: string;

  @IsOptional()
  @Transform(blankless)
  @Matches(isoDate, { message: 'La date de fin doit être au format AAAA-MM-JJ.' })
  to?: string;
}
