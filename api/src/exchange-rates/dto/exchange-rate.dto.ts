import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, NotEquals } from 'class-validator';
import { trimmed } from '../../common/forms.js';

/** POST /api/exchange-rate: { currency_code, rate, rate_date? } ("1 USD = 605,5 XOF" from that day). */
export class ExchangeRateDto {
  @ApiProperty({ description: 'Code ISO de la devise (ni XOF ni EUR).', example: 'USD' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsNotEmpty({ message: 'La devise est requise.' })
  @IsString({ message: 'La devise est requise.' })
  @Matches(/^[A-Z]{3}$/, { message: 'La devise doit être un code ISO de trois lettres (USD…).' })
  @NotEquals('XOF', { message: 'Le franc CFA est la devise de référence : son taux vaut toujours 1.' })
  @NotEquals('EUR', { message: 'La parité de l’euro est fixe (1 € = 655,957 FCFA) : elle ne se modifie pas.' })
  currency_code: string;

  @ApiProperty({ description: 'Francs CFA pour une unité de la devise, au plus six décimales.', example: '605.5' })
  @Transform(({ value }) =>
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/\s/g, '').replace(',', '.') : value,
  )
  @IsNotEmpty({ message: 'Le taux est requis.' })
  @IsString({ message: 'Le taux est requis.' })
  @Matches(/^(?=.*[1-9])\d{1,9}(\.\d{1,6})?$/, { message: 'Le taux doit être un nombre positif avec au plus six décimales.' })
  rate: string;

  @ApiPropertyOptional({ description: 'Jour d’effet (AAAA-MM-JJ) ; aujourd’hui par défaut.', example: '2026-11-26' })
  @IsOptional()
  @Transform(trimmed)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'La date doit être au format AAAA-MM-JJ.' })
  rate_date?: string;
}
