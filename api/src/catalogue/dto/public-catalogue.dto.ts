import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : value;
};
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Largest `limit` of GET /api/products/filter: bigger asks are capped, not refused. */
export const FILTER_MAX_LIMIT = 100;
export const FILTER_DEFAULT_LIMIT = 12;

/** GET /api/products/filter (spec section 7). */
export class ProductFilterQueryDto {
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'La recherche doit être un texte.' })
  @MaxLength(100, { message: 'La recherche ne doit pas dépasser 100 caractères.' })
  search?: string;

  /** "all" or a category id. */
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'La catégorie est invalide.' })
  @Matches(/^(all|[1-9]\d{0,9})$/, { message: 'La catégorie est invalide.' })
  category?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsIn(['recent', 'Populaire'], { message: 'Le tri doit être « recent » ou « Populaire ».' })
  sort?: 'recent' | 'Populaire';

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'La limite doit être un nombre entier.' })
  @Min(1, { message: 'La limite doit être au moins 1.' })
  limit?: number;
}
