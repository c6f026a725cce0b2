import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsIn, IsInt, Matches, Min, ValidateIf } from 'class-validator';
import { boolInput, idInput } from '../common/forms.js';
import { BulkSelectionDto } from './bulk-operation.js';
import { PRICE_MODES, PRICE_ROUNDINGS, type PriceMode, type PriceRounding } from './price-change.js';

export const PRODUCT_BULK_ACTIONS = ['delete', 'category', 'brand', 'price', 'spotlight'] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];

const decimalText = ({ value }: { value: unknown }) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(',', '.') : value;

/** POST /api/product/bulk: the action, its value, and the rows (ids, or all the list's filter keeps). */
export class ProductBulkDto extends BulkSelectionDto {
  @ApiProperty({
    description:
      'delete (supprimer), category (changer de catégorie), brand (changer de marque), price (changer les prix), spotlight (populaire ou non).',
    enum: PRODUCT_BULK_ACTIONS,
    example: 'price',
  })
  @IsNotEmpty({ message: 'L’action est requise.' })
  @IsIn(PRODUCT_BULK_ACTIONS, { message: 'L’action doit être delete, category, brand, price ou spotlight.' })
  action: ProductBulkAction;

  @ApiPropertyOptional({ description: 'La nouvelle catégorie (action category).', example: 3 })
  @ValidateIf((dto: ProductBulkDto) => dto.action === 'category')
  @Transform(idInput)
  @IsNotEmpty({ message: 'Choisissez la catégorie.' })
  @IsInt({ message: 'La catégorie est invalide.' })
  @Min(1, { message: 'La catégorie est invalide.' })
  category_id?: number;

  @ApiPropertyOptional({ description: 'La nouvelle marque (action brand).', example: 2 })
  @ValidateIf((dto: ProductBulkDto) => dto.action === 'brand')
  @Transform(idInput)
  @IsNotEmpty({ message: 'Choisissez la marque.' })
  @IsInt({ message: 'La marque est invalide.' })
  @Min(1, { message: 'La marque est invalide.' })
  brand_id?: number;

  @ApiPropertyOptional({ description: 'Populaire (true) ou non (false) (action spotlight).', example: true })
  @ValidateIf((dto: ProductBulkDto) => dto.action === 'spotlight')
  @Transform(boolInput)
  @IsNotEmpty({ message: 'Indiquez populaire ou non.' })
  @IsBoolean({ message: '« Populaire » doit valoir true ou false.' })
  in_spotlight?: boolean;

  @ApiPropertyOptional({ description: 'percent (pourcentage) ou amount (montant) (action price).', enum: PRICE_MODES })
  @ValidateIf((dto: ProductBulkDto) => dto.action === 'price')
  @IsNotEmpty({ message: 'Choisissez un pourcentage ou un montant.' })
  @IsIn(PRICE_MODES, { message: 'Le mode doit être percent ou amount.' })
  price_mode?: PriceMode;

  @ApiPropertyOptional({
    description: 'Pourcentage (« 10 », « -5,5 ») ou montant signé dans la devise choisie (« -1250 »), deux décimales au plus.',
    example: '10',
  })
  @ValidateIf((dto: ProductBulkDto) => dto.action === 'price')
  @Transform(decimalText)
  @IsNotEmpty({ message: 'Indiquez la variation.' })
  @Matches(/^-?\d{1,10}(\.\d{1,2})?$/, { message: 'La variation doit être un nombre (deux décimales au plus).' })
  @Matches(/[1-9]/, { message: 'La variation ne peut pas être nulle.' })
  price_value?: string;

  @ApiPropertyOptional({
    description: 'Arrondi du nouveau prix : au centime (0.01), à l’unité (1), à 5, 10, 50, 100, 500 ou 1000 unités.',
    enum: PRICE_ROUNDINGS,
    example: '50',
  })
  @ValidateIf((dto: ProductBulkDto) => dto.action === 'price')
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsNotEmpty({ message: 'Choisissez l’arrondi.' })
  @IsIn(PRICE_ROUNDINGS, { message: 'L’arrondi doit être 0.01, 1, 5, 10, 50, 100, 500 ou 1000.' })
  price_rounding?: PriceRounding;

  @ApiPropertyOptional({
    description: 'La devise du montant (mode amount) : les produits dans une autre devise sont refusés.',
    example: 1,
  })
  @ValidateIf((dto: ProductBulkDto) => dto.action === 'price' && dto.price_mode === 'amount')
  @Transform(idInput)
  @IsNotEmpty({ message: 'Choisissez la devise du montant.' })
  @IsInt({ message: 'La devise est invalide.' })
  @Min(1, { message: 'La devise est invalide.' })
  currency_id?: number;
}
