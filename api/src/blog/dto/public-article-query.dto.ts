import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ListQueryDto } from '../../common/listing.js';

const toInt = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : value;
};

/** GET /api/article: `page`, `per_page` (capped at 100), `search` on the title. */
export class PublicArticleQueryDto extends ListQueryDto {}

/** GET /api/article/others/{id}: how many other articles (1 to 12, 3 by default). */
export class OtherArticlesQueryDto {
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le nombre d’articles doit être un nombre entier.' })
  @Min(1, { message: 'Le nombre d’articles doit être au moins 1.' })
  @Max(12, { message: 'Le nombre d’articles ne doit pas dépasser 12.' })
  limit?: number;
}
