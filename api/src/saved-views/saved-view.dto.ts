import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsNotEmpty,
  IsObject,
  IsString,
  MaxLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { trimmed } from '../common/forms.js';
import { SAVED_VIEW_NAME_MAX, SAVED_VIEW_NAME_TOO_LONG } from '../shared/text-limits.js';

/** The lists whose views can be saved (the dashboard's list screens). */
export const SAVED_VIEW_LISTS = [
  'products',
  'orders',
  'clients',
  'articles',
  'brands',
  'categories',
  'stock_entries',
  'admins',
  'audit',
  'media',
  'invoices',
] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

const LIST_MESSAGE = 'La liste est inconnue.';
export const SAVED_VIEW_QUERY_KEYS = 20;

/** A URL search: at most 20 parameters, names of letters and _, texts or numbers of 200 characters at most. */
@ValidatorConstraint({ name: 'listSearch' })
class ListSearchShape implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
    const entries = Object.entries(value as Record<string, unknown>);
    return (
      entries.length <= SAVED_VIEW_QUERY_KEYS &&
      entries.every(
        ([key, v]) =>
          /^[a-z][a-z0-9_]{0,39}$/.test(key) &&
          ((typeof v === 'string' && v.length <= 200) || (typeof v === 'number' && Number.isFinite(v))),
      )
    );
  }
}

export class SavedViewListQueryDto {
  @ApiProperty({ enum: SAVED_VIEW_LISTS, description: 'La liste dont on veut les vues.' })
  @IsIn(SAVED_VIEW_LISTS, { message: LIST_MESSAGE })
  list: SavedViewList;
}

export class SavedViewDto {
  @ApiProperty({ enum: SAVED_VIEW_LISTS })
  @IsIn(SAVED_VIEW_LISTS, { message: LIST_MESSAGE })
  list: SavedViewList;

  @ApiProperty({ example: 'Commandes en attente en euros', maxLength: 80 })
  @Transform(trimmed)
  @IsString({ message: 'Le nom doit être un texte.' })
  @IsNotEmpty({ message: 'Le nom de la vue est requis.' })
  @MaxLength(SAVED_VIEW_NAME_MAX, { message: SAVED_VIEW_NAME_TOO_LONG })
  name: string;

  @ApiProperty({ example: { sort: 'total', direction: 'desc', status: 'pending' }, description: 'Les paramètres de la liste.' })
  @IsObject({ message: 'Les paramètres de la vue sont invalides.' })
  @Validate(ListSearchShape, {
    message: 'Les paramètres de la vue sont invalides (20 au plus, textes de 200 caractères au plus).',
  })
  query: Record<string, string | number>;
}
