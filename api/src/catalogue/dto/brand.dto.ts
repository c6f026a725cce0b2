import { DESCRIPTION_MAX, DESCRIPTION_REQUIRED, DESCRIPTION_TOO_LONG } from '../../shared/text-limits.js';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, MaxLength } from 'class-validator';
import { trimmed } from '../../common/forms.js';

/** Brand dialog (multipart): name, representative, description; the image is checked aside. */
export class BrandFormDto {
  @ApiProperty({ description: 'Nom de la marque (unique, sans égard à la casse).', example: 'Perkins' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le nom est requis.' })
  @MaxLength(255, { message: 'Le nom ne doit pas dépasser 255 caractères.' })
  name: string;

  @ApiProperty({ description: 'Représentant de la marque.', example: 'CFAO Togo' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le représentant est requis.' })
  @MaxLength(255, { message: 'Le représentant ne doit pas dépasser 255 caractères.' })
  representative: string;

  @ApiProperty({ description: 'Description de la marque.', example: 'Moteurs diesel industriels.' })
  @Transform(trimmed)
  @IsNotEmpty({ message: DESCRIPTION_REQUIRED })
  @MaxLength(DESCRIPTION_MAX, { message: DESCRIPTION_TOO_LONG })
  description: string;
}
