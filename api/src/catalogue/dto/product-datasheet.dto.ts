import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, MaxLength } from 'class-validator';
import { trimmed } from '../../common/forms.js';
import { DATASHEET_TITLE_MAX, DATASHEET_TITLE_TOO_LONG } from '../../shared/text-limits.js';

/** POST /api/product/{id}/datasheets (multipart): the PDF under `file`, its title, the product's version. */
export class ProductDatasheetDto {
  @ApiProperty({ description: 'Titre affiché sur la fiche produit.', example: 'Fiche technique GE-1020' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le titre est requis.' })
  @MaxLength(DATASHEET_TITLE_MAX, { message: DATASHEET_TITLE_TOO_LONG })
  title: string;

  @ApiProperty({ type: 'string', format: 'binary', description: 'Le fichier PDF (10 Mo au plus).' })
  file?: unknown;

  @ApiPropertyOptional({ description: 'La `version` du produit reçue avec la fiche ; absente = pas de contrôle.', example: 3 })
  version?: number;
}
