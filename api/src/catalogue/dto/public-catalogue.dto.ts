import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import {
  CATALOGUE_AVAILABILITIES,
  CATALOGUE_SORTS,
  type CatalogueAvailability,
  type CatalogueSort,
} from '../catalogue-filters.js';

export const toInt = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : value;
};
export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Empty fields of a GET form ("prix_min=") mean no filter. */
export const trimmedOrNone = ({ value }: { value: unknown }) => {
  const text = trimmed({ value });
  return text === '' ? undefined : text;
};
/** `marque=3&marque=7` or `marque=3,7`: a list of texts (each checked to be an id). */
export const list = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  const items = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  const kept = items.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
  return kept.length ? kept : undefined;
};

/** Largest `limit` of GET /api/products/filter: bigger asks are capped, not refused. */
export const FILTER_MAX_LIMIT = 100;
export const FILTER_DEFAULT_LIMIT = 12;
/** At most this many brands ticked at once. */
export const FILTER_MAX_BRANDS = 50;

const SORT_MESSAGE = 'Le tri doit être « recent », « Populaire », « prix_asc », « prix_desc », « nom_asc » ou « nom_desc ».';
export const AMOUNT = /^\d{1,10}(?:[.,]\d{1,2})?$/;
export const CATEGORY = /^(all|[1-9]\d{0,9})$/;
export const BRAND_ID = /^[1-9]\d{0,9}$/;
export const CURRENCY_CODE = /^[A-Z]{3}$/;
export const SEARCH_MAX_LENGTH = 100;
/** `devise` as the filter reads it: trimmed, upper case. */
export const currencyCode = ({ value }: { value: unknown }) => {
  const text = trimmedOrNone({ value });
  return typeof text === 'string' ? text.toUpperCase() : text;
};
const AMOUNT_MESSAGE = (bound: string) => `Le prix ${bound} doit être un montant positif (par exemple 45000 ou 69,70).`;

/** GET /api/products/filter (spec section 7, with the buyer's filters and sorts). */
export class ProductFilterQueryDto {
  @ApiPropertyOptional({ description: 'Recherche sur le nom et la référence (sans accents ni casse).', maxLength: 100 })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'La recherche doit être un texte.' })
  @MaxLength(SEARCH_MAX_LENGTH, { message: `La recherche ne doit pas dépasser ${SEARCH_MAX_LENGTH} caractères.` })
  search?: string;

  @ApiPropertyOptional({ description: '« all » ou l’id d’une catégorie.', example: 'all' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'La catégorie est invalide.' })
  @Matches(CATEGORY, { message: 'La catégorie est invalide.' })
  category?: string;

  @ApiPropertyOptional({ description: 'Tri (ancien nom de `tri`, mêmes valeurs).', enum: CATALOGUE_SORTS })
  @IsOptional()
  @Transform(trimmedOrNone)
  @IsIn(CATALOGUE_SORTS, { message: SORT_MESSAGE })
  sort?: CatalogueSort;

  @ApiPropertyOptional({
    description:
      'Tri : recent (les plus récents), Populaire, prix_asc / prix_desc (prix converti dans la devise affichée), nom_asc / nom_desc. Prioritaire sur `sort`.',
    enum: CATALOGUE_SORTS,
  })
  @IsOptional()
  @Transform(trimmedOrNone)
  @IsIn(CATALOGUE_SORTS, { message: SORT_MESSAGE })
  tri?: CatalogueSort;

  @ApiPropertyOptional({
    description: 'Marques (ids), répétées (`marque=3&marque=7`) ou séparées par des virgules.',
    type: [String],
    maxItems: FILTER_MAX_BRANDS,
  })
  @IsOptional()
  @Transform(list)
  @IsArray({ message: 'Les marques sont invalides.' })
  @ArrayMaxSize(FILTER_MAX_BRANDS, { message: `Choisissez au plus ${FILTER_MAX_BRANDS} marques.` })
  @Matches(BRAND_ID, { each: true, message: 'La marque est invalide.' })
  marque?: string[];

  @ApiPropertyOptional({ description: 'Prix minimum, dans la devise affichée (`devise`).', example: '40000' })
  @IsOptional()
  @Transform(trimmedOrNone)
  @IsString({ message: AMOUNT_MESSAGE('minimum') })
  @Matches(AMOUNT, { message: AMOUNT_MESSAGE('minimum') })
  prix_min?: string;

  @ApiPropertyOptional({ description: 'Prix maximum, dans la devise affichée (`devise`).', example: '80000' })
  @IsOptional()
  @Transform(trimmedOrNone)
  @IsString({ message: AMOUNT_MESSAGE('maximum') })
  @Matches(AMOUNT, { message: AMOUNT_MESSAGE('maximum') })
  prix_max?: string;

  @ApiPropertyOptional({
    description: 'en_stock (disponible tout de suite) ou sur_commande (épuisé : sur devis).',
    enum: CATALOGUE_AVAILABILITIES,
  })
  @IsOptional()
  @Transform(trimmedOrNone)
  @IsIn(CATALOGUE_AVAILABILITIES, { message: 'La disponibilité doit être « en_stock » ou « sur_commande ».' })
  disponibilite?: CatalogueAvailability;

  @ApiPropertyOptional({
    description: 'Devise d’affichage (code ISO : XOF pour le franc CFA, EUR, USD) : chaque produit reçoit `display_price`.',
    example: 'XOF',
  })
  @IsOptional()
  @Transform(currencyCode)
  @IsString({ message: 'La devise est invalide.' })
  @Matches(CURRENCY_CODE, { message: 'La devise est invalide (code à trois lettres : XOF, EUR, USD).' })
  devise?: string;

  @ApiPropertyOptional({ description: `Nombre de produits (au plus ${FILTER_MAX_LIMIT}).`, example: FILTER_DEFAULT_LIMIT })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'La limite doit être un nombre entier.' })
  @Min(1, { message: 'La limite doit être au moins 1.' })
  limit?: number;
}
