import { DESCRIPTION_MAX, DESCRIPTION_REQUIRED, DESCRIPTION_TOO_LONG } from '../../shared/text-limits.js';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, MaxLength } from 'class-validator';
import { trimmed } from '../../common/forms.js';

/** Category dialog: designation and description (the parent selector of the screen sends nothing). */
export class CategoryFormDto {
  @ApiProperty({ description: 'Nom de la catégorie.', example: 'Groupes électrogènes' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le nom est requis.' })
  @MaxLength(255, { message: 'Le nom ne doit pas dépasser 255 caractères.' })
  designation: string;

  @ApiProperty({ description: 'Description de la catégorie.', example: 'Groupes diesel et essence de 2 à 500 kVA.' })
  @Transform(trimmed)
  @IsNotEmpty({ message: DESCRIPTION_REQUIRED })
  @MaxLength(DESCRIPTION_MAX, { message: DESCRIPTION_TOO_LONG })
  description: string;
}
