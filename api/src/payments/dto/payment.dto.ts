import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { intInput, trimmed } from '../../common/forms.js';
import { PAYMENT_METHOD_MESSAGE } from '../../shared/statuses.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../entities/payment.entity.js';
import { PAYMENT_REFERENCE_MAX, PAYMENT_REFERENCE_TOO_LONG } from '../../shared/text-limits.js';

/** POST /api/invoices/{id}/payments: an amount received, how, its reference and date. */
export class PaymentDto {
  @ApiProperty({
    description: 'Montant en unités mineures de la devise (FCFA : francs ; EUR, USD : centimes), au plus le solde dû.',
    example: 50000,
  })
  @Transform(intInput)
  @IsDefined({ message: 'Le montant est requis.' })
  @IsInt({ message: 'Le montant doit être un nombre entier (unités mineures).' })
  @Min(1, { message: 'Le montant doit être positif.' })
  @Max(9_999_999_999, { message: 'Le montant est trop grand.' })
  amount: number;

  @ApiPropertyOptional({ description: 'Devise (code ISO) ; requise quand la facture en a plusieurs.', example: 'XOF' })
  @Transform(trimmed)
  @IsOptional()
  @Matches(/^[A-Za-z]{3}$/, { message: 'La devise doit être un code à 3 lettres (XOF, EUR, USD).' })
  currency?: string | null;

  @ApiProperty({ enum: PAYMENT_METHODS, description: 'Moyen de paiement.', example: 'virement' })
  @IsDefined({ message: 'Le moyen de paiement est requis.' })
  @IsIn(PAYMENT_METHODS, { message: PAYMENT_METHOD_MESSAGE })
  method: PaymentMethod;

  @ApiPropertyOptional({
    description: 'Référence : n° de chèque, de virement, de transaction mobile money.',
    example: 'VIR-88213',
  })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'La référence doit être un texte.' })
  @MaxLength(PAYMENT_REFERENCE_MAX, { message: PAYMENT_REFERENCE_TOO_LONG })
  reference?: string | null;

  @ApiPropertyOptional({ description: 'Date du paiement (AAAA-MM-JJ) ; aujourd’hui quand absente.', example: '2026-11-26' })
  @Transform(trimmed)
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La date du paiement doit être une date (AAAA-MM-JJ).' })
  paid_at?: string | null;
}
