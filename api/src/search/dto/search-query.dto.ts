import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { DASHBOARD_SEARCH_MAX, DASHBOARD_SEARCH_TOO_LONG } from '../../shared/text-limits.js';

const TOO_SHORT = 'La recherche doit contenir au moins 2 caractères.';

export class SearchQueryDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : (value ?? '')))
  @IsString({ message: TOO_SHORT })
  @MinLength(2, { message: TOO_SHORT })
  @MaxLength(DASHBOARD_SEARCH_MAX, { message: DASHBOARD_SEARCH_TOO_LONG })
  query: string;
}
