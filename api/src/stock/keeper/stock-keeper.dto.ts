import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Min } from 'class-validator';

const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value).trim()) ? Number(value) : value;

/** GET /api/stock/products/{id}/movements: page and per_page as every list. */
export class MovementsQueryDto {
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le numéro de page doit être un nombre entier.' })
  @Min(1, { message: 'Le numéro de page doit être au moins 1.' })
  page?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le nombre d’éléments par page doit être un nombre entier.' })
  @Min(1, { message: 'Le nombre d’éléments par page doit être au moins 1.' })
  per_page?: number;
}

/** GET /api/stock/products/{id}/lots: `all=1` lists the emptied lots too. */
export class LotsQueryDto {
  @IsOptional()
  @IsIn(['0', '1', 'true', 'false'], { message: 'Le paramètre « all » doit valoir 0 ou 1.' })
  all?: string;
}
