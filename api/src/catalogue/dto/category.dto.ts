import { Transform } from 'class-transformer';
import { IsNotEmpty, MaxLength } from 'class-validator';
import { trimmed } from '../../common/forms.js';

/** Category dialog: designation and description (the parent selector of the screen sends nothing). */
export class CategoryFormDto {
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le nom est requis.' })
  @MaxLength(255, { message: 'Le nom ne doit pas dépasser 255 caractères.' })
  designation: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: 'La description est requise.' })
  @MaxLength(275, { message: 'La description ne doit pas dépasser 275 caractères.' })
  description: string;
}
