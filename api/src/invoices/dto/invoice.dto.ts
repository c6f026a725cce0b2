import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { LineIdField, LineQuantityField } from '../../common/line-fields.js';
import { trimmed } from '../../common/forms.js';
import {
  CREDIT_NOTE_REASON_MAX,
  CREDIT_NOTE_REASON_TOO_LONG,
  INVOICE_NOTE_MAX,
  INVOICE_NOTE_TOO_LONG,
} from '../../shared/text-limits.js';

/** One line to invoice: the order's line (or the accepted quote's line) and how many units. */
export class InvoiceLineDto {
  @LineIdField('La ligne', 'La ligne facturable (`line_id` de GET /api/order/{id}/invoices).', 12)
  line_id: number;

  @LineQuantityField('Quantité facturée ; 0 = ligne non facturée cette fois.', 2)
  quantity: number;
}

/** Where an invoice's quantities come from, besides the lines typed: the deliveries not yet invoiced. */
export const INVOICE_FROM = ['deliveries'] as const;

/** POST /api/order/{id}/invoices: the lines (all that remains when absent) and a note. */
export class InvoiceDto {
  @ApiPropertyOptional({ type: [InvoiceLineDto], description: 'Absent : tout ce qui reste à facturer.' })
  @IsOptional()
  @IsArray({ message: 'Les lignes doivent être une liste.' })
  @ArrayMaxSize(500, { message: 'Une facture ne peut pas dépasser 500 lignes.' })
  @ValidateNested({ each: true })
  @Type(() => InvoiceLineDto)
  lines?: InvoiceLineDto[];

  @ApiPropertyOptional({
    enum: INVOICE_FROM,
    description:
      '« deliveries » : les quantités livrées (retours déduits) et pas encore facturées, ligne par ligne (sans `lines`). Absent : `lines`, ou tout ce qui reste à facturer.',
    example: 'deliveries',
  })
  @IsOptional()
  @IsIn(INVOICE_FROM, { message: 'L’origine de la facture doit être « deliveries » (livraisons non facturées).' })
  from?: (typeof INVOICE_FROM)[number];

  @ApiPropertyOptional({ description: 'Remarque imprimée sur la facture.', example: 'Acompte de 50 %.' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'La remarque doit être un texte.' })
  @MaxLength(INVOICE_NOTE_MAX, { message: INVOICE_NOTE_TOO_LONG })
  note?: string | null;
}

/** One credited line: the invoice's line and how many units. */
export class CreditNoteLineDto {
  @LineIdField('La ligne', 'La ligne de la facture.', 31)
  invoice_line_id: number;

  @LineQuantityField('Quantité créditée.', 1)
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
  @MaxLength(CREDIT_NOTE_REASON_MAX, { message: CREDIT_NOTE_REASON_TOO_LONG })
  reason: string;

  @ApiPropertyOptional({ type: [CreditNoteLineDto], description: 'Avoir partiel : les lignes et quantités créditées.' })
  @IsOptional()
  @IsArray({ message: 'Les lignes doivent être une liste.' })
  @ArrayMaxSize(500, { message: 'Un avoir ne peut pas dépasser 500 lignes.' })
  @ValidateNested({ each: true })
  @Type(() => CreditNoteLineDto)
  lines?: CreditNoteLineDto[];
}
