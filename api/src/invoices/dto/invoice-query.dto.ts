import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { idInput, trimmed } from '../../common/forms.js';
import { INVOICE_STATES, type InvoiceState } from '../entities/invoice.entity.js';

const blank = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() : value;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** GET /api/invoices: filters, all optional, combined with AND. */
export class InvoiceListQueryDto {
  @ApiPropertyOptional({ enum: INVOICE_STATES, description: 'État (« overdue » : échéance passée avec un solde).' })
  @Transform(blank)
  @IsOptional()
  @IsIn(INVOICE_STATES, { message: 'État inconnu.' })
  state?: InvoiceState;

  @ApiPropertyOptional({ description: 'Client : une partie du nom de la société ou de son e-mail.' })
  @Transform(blank)
  @IsOptional()
  @IsString({ message: 'Le client doit être un texte.' })
  @MaxLength(100, { message: 'Le client ne doit pas dépasser 100 caractères.' })
  client?: string;

  @ApiPropertyOptional({ description: 'Fiche client (id).' })
  @Transform(idInput)
  @IsOptional()
  @IsInt({ message: 'Client invalide.' })
  @Min(1, { message: 'Client invalide.' })
  customer_id?: number;

  @ApiPropertyOptional({ description: 'Commande (id).' })
  @Transform(idInput)
  @IsOptional()
  @IsInt({ message: 'Commande invalide.' })
  @Min(1, { message: 'Commande invalide.' })
  order_id?: number;

  @ApiPropertyOptional({ description: 'Émises à partir de ce jour (AAAA-MM-JJ).' })
  @Transform(blank)
  @IsOptional()
  @Matches(DAY, { message: 'La date de début doit être une date (AAAA-MM-JJ).' })
  from?: string;

  @ApiPropertyOptional({ description: 'Émises jusqu’à ce jour inclus (AAAA-MM-JJ).' })
  @Transform(blank)
  @IsOptional()
  @Matches(DAY, { message: 'La date de fin doit être une date (AAAA-MM-JJ).' })
  to?: string;
}

/** GET /api/invoices/export: the period and the file format. */
export class InvoiceExportQueryDto {
  @ApiPropertyOptional({ description: 'Premier jour de la période (AAAA-MM-JJ) ; le 1er du mois quand absent.' })
  @Transform(blank)
  @IsOptional()
  @Matches(DAY, { message: 'La date de début doit être une date (AAAA-MM-JJ).' })
  from?: string;

  @ApiPropertyOptional({ description: 'Dernier jour de la période, inclus (AAAA-MM-JJ) ; aujourd’hui quand absent.' })
  @Transform(blank)
  @IsOptional()
  @Matches(DAY, { message: 'La date de fin doit être une date (AAAA-MM-JJ).' })
  to?: string;

  @ApiPropertyOptional({ enum: ['csv', 'xlsx'], description: 'Format du fichier (csv par défaut).' })
  @Transform(trimmed)
  @IsOptional()
  @IsIn(['csv', 'xlsx'], { message: 'Le format doit être csv ou xlsx.' })
  format?: 'csv' | 'xlsx';
}
