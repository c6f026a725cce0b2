import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';

const TOO_SHORT = 'La recherche doit contenir au moins 2 caractères.';

export class SearchQueryDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : (value ?? '')))
  @IsString({ message: TOO_SHORT })
  @MinLength(2, { message: TOO_SHORT })
  @MaxLength(100, { message: 'La recherche ne doit pas dépasser 100 caractères.' })
  query: string;
}
