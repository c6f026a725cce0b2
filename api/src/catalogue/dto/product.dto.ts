import {
  DESCRIPTION_MAX,
  DESCRIPTION_REQUIRED,
  DESCRIPTION_TOO_LONG,
  TAX_EXEMPTION_MAX,
  TAX_EXEMPTION_TOO_LONG,
} from '../../shared/text-limits.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';
import { MONEY_PATTERN, idInput, intInput, moneyInput, trimmed } from '../../common/forms.js';
import { parseSpecs, type ProductSpec } from '../product-specs.js';

const QUANTITY_FORMAT = 'La quantité doit être un nombre entier positif ou nul.';

/** Fields common to the product dialog in create and edit mode; images are checked aside. */
class ProductFieldsDto {
  @ApiProperty({ description: 'Nom du produit.', example: 'Groupe électrogène 20 kVA' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le nom est requis.' })
  @MaxLength(255, { message: 'Le nom ne doit pas dépasser 255 caractères.' })
  name: string;

  @ApiProperty({ description: 'Référence du produit.', example: 'GE-1020' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'La référence est requise.' })
  @MaxLength(100, { message: 'La référence ne doit pas dépasser 100 caractères.' })
  reference: string;

  @ApiProperty({ description: 'Quantité en stock.', example: 12 })
  @Transform(intInput)
  @IsNotEmpty({ message: 'La quantité est requise.' })
  @IsInt({ message: QUANTITY_FORMAT })
  @Min(0, { message: QUANTITY_FORMAT })
  @Max(1_000_000_000, { message: 'La quantité est trop grande.' })
  stock: number;

  @ApiProperty({ description: 'Prix unitaire (deux décimales au plus).', example: '1250000' })
  @Transform(moneyInput)
  @IsNotEmpty({ message: 'Le prix est requis.' })
  @Matches(MONEY_PATTERN, { message: 'Le prix doit être un nombre positif avec au plus deux décimales.' })
  price: string;

  @ApiProperty({ description: 'Description du produit.', example: 'Groupe diesel insonorisé.' })
  @Transform(trimmed)
  @IsNotEmpty({ message: DESCRIPTION_REQUIRED })
  @MaxLength(DESCRIPTION_MAX, { message: DESCRIPTION_TOO_LONG })
  description: string;

  /** Optional: stock at or below this shows as low on the dashboard home. Empty: the global default. */
  @ApiPropertyOptional({ description: 'Seuil de stock bas ; vide : le seuil général.', example: 5 })
  @Transform(({ value }) => (value === '' || value === 'null' ? null : intInput({ value })))
  @IsOptional()
  @IsInt({ message: 'Le seuil de stock bas doit être un nombre entier positif ou nul.' })
  @Min(0, { message: 'Le seuil de stock bas doit être un nombre entier positif ou nul.' })
  @Max(1_000_000_000, { message: 'Le seuil de stock bas est trop grand.' })
  low_stock_threshold?: number | null;

  /** TVA in basis points (1800 = 18 %); unset: DEFAULT_TAX_RATE_BP on creation, the current rate on edit. */
  @ApiPropertyOptional({ description: 'TVA en points de base (1800 = 18 %).', example: 1800 })
  @Transform(({ value }) => (value === '' || value === undefined ? undefined : intInput({ value })))
  @IsOptional()
  @IsInt({ message: 'Le taux de TVA doit être un nombre entier de points de base (1800 pour 18 %).' })
  @Min(0, { message: 'Le taux de TVA ne peut pas être négatif.' })
  @Max(10_000, { message: 'Le taux de TVA ne peut pas dépasser 100 %.' })
  tax_rate_bp?: number;

  /** The exemption's mention, required for a rate of 0 (printed on documents). */
  @ApiPropertyOptional({ description: 'Mention d’exonération, requise pour un taux de 0.', example: 'Exonéré, article 4 du CGI' })
  @Transform(({ value }) => {
    const text = trimmed({ value });
    return text === '' ? null : text;
  })
  @ValidateIf((dto: ProductFieldsDto) => dto.tax_rate_bp === 0)
  @IsNotEmpty({ message: 'Indiquez la mention d’exonération (par exemple « Exonéré, article 4 du CGI »).' })
  @MaxLength(TAX_EXEMPTION_MAX, { message: TAX_EXEMPTION_TOO_LONG })
  tax_exemption?: string | null;

  /** The specification table as a JSON array of { name, value } (multipart text); absent: left as it is. */
  @ApiPropertyOptional({
    description: 'Caractéristiques : tableau JSON de lignes { name, value }, dans l’ordre ; absent : inchangées.',
    example: '[{"name":"Puissance","value":"20 kVA"}]',
  })
  @Transform(({ value }) => (value === undefined ? undefined : parseSpecs(value)))
  @IsOptional()
  @ValidateBy({
    name: 'specs',
    validator: {
      validate: (value: unknown) => Boolean(value && typeof value === 'object' && 'specs' in value),
      defaultMessage: (args) =>
        (args?.value as { error?: string } | undefined)?.error ?? 'Les caractéristiques envoyées sont invalides.',
    },
  })
  specs?: { specs: ProductSpec[] } | { error: string };
}

export class ProductCreateDto extends ProductFieldsDto {
  @ApiProperty({ description: 'Marque.', example: 3 })
  @Transform(idInput)
  @IsNotEmpty({ message: 'La marque est requise.' })
  @IsInt({ message: 'La marque sélectionnée n’existe pas.' })
  brand_id: number;

  @ApiProperty({ description: 'Catégorie.', example: 2 })
  @Transform(idInput)
  @IsNotEmpty({ message: 'La catégorie est requise.' })
  @IsInt({ message: 'La catégorie sélectionnée n’existe pas.' })
  category_id: number;

  @ApiProperty({ description: 'Devise.', example: 1 })
  @Transform(idInput)
  @IsNotEmpty({ message: 'La devise est requise.' })
  @IsInt({ message: 'La devise sélectionnée n’existe pas.' })
  currency_id: number;
}

/** Edit mode: brand, category and currency default to the product's current ones when not sent. */
export class ProductUpdateDto extends ProductFieldsDto {
  @ApiPropertyOptional({ description: 'Marque.', example: 3 })
  @Transform(({ value }) => (value === '' ? undefined : idInput({ value })))
  @IsOptional()
  @IsInt({ message: 'La marque sélectionnée n’existe pas.' })
  brand_id?: number;

  @ApiPropertyOptional({ description: 'Catégorie.', example: 2 })
  @Transform(({ value }) => (value === '' ? undefined : idInput({ value })))
  @IsOptional()
  @IsInt({ message: 'La catégorie sélectionnée n’existe pas.' })
  category_id?: number;

  @ApiPropertyOptional({ description: 'Devise.', example: 1 })
  @Transform(({ value }) => (value === '' ? undefined : idInput({ value })))
  @IsOptional()
  @IsInt({ message: 'La devise sélectionnée n’existe pas.' })
  currency_id?: number;
}
