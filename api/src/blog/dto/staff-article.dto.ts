import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto } from '../../common/listing.js';
import { trimmed } from '../../common/forms.js';
import { DateFilter, IdFilter } from '../../common/list-order.js';
import { ARTICLE_STATUSES, type ArticleStatus } from '../entities/article.entity.js';

const STATUS_MESSAGE = 'Le statut doit être Brouillon, Publié ou Corbeille.';

export class StaffArticleListQueryDto extends ListQueryDto {
  @IsOptional()
  @Transform(({ value }) => (value === '' || value === 'all' || value === 'Tout' ? undefined : value))
  @IsIn(ARTICLE_STATUSES, { message: STATUS_MESSAGE })
  status?: ArticleStatus;

  @IdFilter('L’auteur est invalide.')
  user_id?: number;

  @DateFilter('La date de début doit être au format AAAA-MM-JJ.')
  from?: string;

  @DateFilter('La date de fin doit être au format AAAA-MM-JJ.')
  to?: string;
}

/** The editor's form (multipart): the image file and the Editor.js document are checked aside. */
export class ArticleFormDto {
  @ApiProperty({ description: 'Titre de l’article.', example: 'Bien choisir son groupe électrogène' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le titre est requis.' })
  @MaxLength(255, { message: 'Le titre ne doit pas dépasser 255 caractères.' })
  title: string;

  /** Editor.js JSON text; parsed and checked by the service. */
  @ApiPropertyOptional({ description: 'Document Editor.js (texte JSON).', example: '{"blocks":[]}' })
  @IsOptional()
  @IsString({ message: 'Le contenu de l’article est invalide (JSON attendu).' })
  content?: string;

  @ApiPropertyOptional({ description: 'Statut : Brouillon, Publié ou Corbeille.', example: 'Brouillon' })
  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsIn(ARTICLE_STATUSES, { message: STATUS_MESSAGE })
  status?: ArticleStatus;

  @ApiPropertyOptional({ description: 'Texte alternatif de l’image de couverture.', example: 'Un groupe électrogène' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'Le texte alternatif doit être un texte.' })
  @MaxLength(255, { message: 'Le texte alternatif ne doit pas dépasser 255 caractères.' })
  image_alt?: string;
}
