import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  NotEquals,
  ValidateNested,
} from 'class-validator';
import { idInput, intInput, trimmed } from '../../common/forms.js';
import type { AdjustmentReason } from '../../contract/stock-ledger.js';
import { STOCK_COMMENT_MAX, STOCK_COMMENT_TOO_LONG } from '../../shared/text-limits.js';

const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value).trim()) ? Number(value) : value;

/** GET /api/stock/products/{id}/movements: page and per_page as every list. */
export class MovementsQueryDto {
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le numéro de page doit être un nombre entier.' })
  @Min(1, { message: 'Le numéro de page doit être au moins 1.' })
  page?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le nombre d’éléments par page doit être un nombre entier.' })
  @Min(1, { message: 'Le nombre d’éléments par page doit être au moins 1.' })
  per_page?: number;
}

/** GET /api/stock/products/{id}/lots: `all=1` lists the emptied lots too. */
export class LotsQueryDto {
  @IsOptional()
  @IsIn(['0', '1', 'true', 'false'], { message: 'Le paramètre « all » doit valoir 0 ou 1.' })
  all?: string;
}

export const ADJUSTMENT_REASONS = ['casse', 'perte', 'vol', 'erreur_de_saisie', 'inventaire', 'peremption', 'autre'] as const;

/** POST /api/stock/products/{id}/adjustments. */
export class AdjustmentDto {
  @ApiProperty({ description: 'Variation du stock disponible, non nulle (négative : sortie).', example: -2 })
  @Transform(intInput)
  @IsDefined({ message: 'La variation est requise.' })
  @IsInt({ message: 'La variation doit être un nombre entier.' })
  @NotEquals(0, { message: 'La variation ne peut pas être nulle.' })
  @Min(-1_000_000, { message: 'La variation ne doit pas dépasser 1 000 000 unités.' })
  @Max(1_000_000, { message: 'La variation ne doit pas dépasser 1 000 000 unités.' })
  delta: number;

  @ApiProperty({ enum: ADJUSTMENT_REASONS, description: 'Motif de l’ajustement.' })
  @IsDefined({ message: 'Le motif est requis.' })
  @IsIn(ADJUSTMENT_REASONS, {
    message: 'Le motif doit être casse, perte, vol, erreur de saisie, inventaire, péremption ou autre.',
  })
  reason: AdjustmentReason;

  @ApiProperty({ description: 'Commentaire (3 à 500 caractères).', example: 'Carton tombé lors du déchargement.' })
  @Transform(trimmed)
  @IsDefined({ message: 'Le commentaire est requis.' })
  @IsString({ message: 'Le commentaire doit être un texte.' })
  @MinLength(3, { message: 'Le commentaire doit contenir au moins 3 caractères.' })
  @MaxLength(STOCK_COMMENT_MAX, { message: STOCK_COMMENT_TOO_LONG })
  comment: string;

  @ApiPropertyOptional({ description: 'Le lot concerné ; absent, une sortie prend les lots qui expirent en premier.' })
  @Transform(idInput)
  @IsOptional()
  @IsInt({ message: 'Le lot est invalide.' })
  @Min(1, { message: 'Le lot est invalide.' })
  lot_id?: number;

  @ApiProperty({ description: 'La `version` du produit lue avec la fiche.', example: 3 })
  @Transform(intInput)
  @IsDefined({ message: 'La version est requise.' })
  @IsInt({ message: 'La version envoyée est invalide.' })
  @Min(0, { message: 'La version envoyée est invalide.' })
  version: number;
}

/** POST /api/stock/products/{id}/write-off-expired. */
export class WriteOffDto {
  @ApiPropertyOptional({ description: 'Commentaire des ajustements (500 caractères au plus).' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Le commentaire doit être un texte.' })
  @MaxLength(STOCK_COMMENT_MAX, { message: STOCK_COMMENT_TOO_LONG })
  comment?: string;
}

export class InventoryCountLineDto {
  @ApiProperty({ example: 12 })
  @Transform(idInput)
  @IsDefined({ message: 'Le produit est requis.' })
  @IsInt({ message: 'Le produit est invalide.' })
  @Min(1, { message: 'Le produit est invalide.' })
  product_id: number;

  @ApiProperty({ description: 'Quantité comptée en magasin (disponible + réservée).', example: 40 })
  @Transform(intInput)
  @IsDefined({ message: 'La quantité comptée est requise.' })
  @IsInt({ message: 'La quantité comptée doit être un nombre entier.' })
  @Min(0, { message: 'La quantité comptée ne peut pas être négative.' })
  @Max(1_000_000_000, { message: 'La quantité comptée est trop grande.' })
  counted: number;
}

/** POST /api/stock/inventory-counts/preview and …/apply. */
export class InventoryCountDto {
  @ApiProperty({ type: [InventoryCountLineDto] })
  @IsArray({ message: 'Indiquez au moins un produit compté.' })
  @ArrayMinSize(1, { message: 'Indiquez au moins un produit compté.' })
  @ArrayMaxSize(1000, { message: 'Un inventaire ne peut pas dépasser 1000 lignes.' })
  @ValidateNested({ each: true })
  @Type(() => InventoryCountLineDto)
  counts: InventoryCountLineDto[];

  @ApiPropertyOptional({ description: 'Commentaire des mouvements (500 caractères au plus).' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Le commentaire doit être un texte.' })
  @MaxLength(STOCK_COMMENT_MAX, { message: STOCK_COMMENT_TOO_LONG })
  comment?: string;
}
