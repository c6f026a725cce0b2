import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { idInput, intInput, trimmed } from '../../common/forms.js';

/** One line to invoice: the order's line (or the accepted quote's line) and how many units. */
export class InvoiceLineDto {
  @ApiProperty({ description: 'La ligne facturable (`line_id` de GET /api/order/{id}/invoices).', example: 12 })
  @Transform(idInput)
  @IsDefined({ message: 'La ligne est requise.' })
  @IsInt({ message: 'La ligne est invalide.' })
  @Min(1, { message: 'La ligne est invalide.' })
  line_id: number;

  @ApiProperty({ description: 'Quantité facturée ; 0 = ligne non facturée cette fois.', example: 2 })
  @Transform(intInput)
  @IsDefined({ message: 'La quantité est requise.' })
  @IsInt({ message: 'La quantité doit être un nombre entier.' })
  @Min(0, { message: 'La quantité ne peut pas être négative.' })
  @Max(1_000_000, { message: 'La quantité ne doit pas dépasser 1 000 000.' })
  quantity: number;
}

/** POST /api/order/{id}/invoices: the lines (all that remains when absent) and a note. */
export class InvoiceDto {
  @ApiPropertyOptional({ type: [InvoiceLineDto], description: 'Absent : tout ce qui reste à facturer.' })
  @IsOptional()
  @IsArray({ message: 'Les lignes doivent être une liste.' })
  @ArrayMaxSize(500, { message: 'Une facture ne peut pas dépasser 500 lignes.' })
  @ValidateNested({ each: true })
  @Type(() => InvoiceLineDto)
  lines?: InvoiceLineDto[];

  @ApiPropertyOptional({ description: 'Remarque imprimée sur la facture.', example: 'Acompte de 50 %.' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'La remarque doit être un texte.' })
  @MaxLength(2000, { message: 'La remarque ne doit pas dépasser 2000 caractères.' })
  note?: string | null;
}

/** One credited line: the invoice's line and how many units. */
export class CreditNoteLineDto {
  @ApiProperty({ description: 'La ligne de la facture.', example: 31 })
  @Transform(idInput)
  @IsDefined({ message: 'La ligne est requise.' })
  @IsInt({ message: 'La ligne est invalide.' })
  @Min(1, { message: 'La ligne est invalide.' })
  invoice_line_id: number;

  @ApiProperty({ description: 'Quantité créditée.', example: 1 })
  @Transform(intInput)
  @IsDefined({ message: 'La quantité est requise.' })
  @IsInt({ message: 'La quantité doit être un nombre entier.' })
  @Min(0, { message: 'La quantité ne peut pas être négative.' })
  @Max(1_000_000, { message: 'La quantité ne doit pas dépasser 1 000 000.' })
  quantity: number;
}

/** POST /api/invoices/{id}/credit-notes: full (cancels the invoice) or some lines, with a reason. */
export class CreditNoteDto {
  @ApiProperty({ description: 'Avoir total : annule la facture (tout ce qui n’a pas encore été crédité).', example: false })
  @IsDefined({ message: 'Précisez s’il s’agit d’un avoir total ou partiel.' })
  @IsBoolean({ message: 'Précisez s’il s’agit d’un avoir total ou partiel.' })
  full: boolean;

  @ApiProperty({ description: 'Motif imprimé sur l’avoir.', example: 'Article retourné endommagé.' })
  @Transform(trimmed)
  @IsDefined({ message: 'Le motif est requis.' })
  @IsString({ message: 'Le motif doit être un texte.' })
  @MinLength(3, { message: 'Le motif doit faire au moins 3 caractères.' })
  @MaxLength(2000, { message: 'Le motif ne doit pas dépasser 2000 caractères.' })
  reason: string;

  @ApiPropertyOptional({ type: [CreditNoteLineDto], description: 'Avoir partiel : les lignes et quantités créditées.' })
  @IsOptional()
  @IsArray({ message: 'Les lignes doivent être une liste.' })
  @ArrayMaxSize(500, { message: 'Un avoir ne peut pas dépasser 500 lignes.' })
  @ValidateNested({ each: true })
  @Type(() => CreditNoteLineDto)
  lines?: CreditNoteLineDto[];
}
