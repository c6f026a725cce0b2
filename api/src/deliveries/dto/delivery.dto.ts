import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { LineIdField, LineQuantityField } from '../../common/line-fields.js';
import { trimmed } from '../../common/forms.js';
import { VersionField } from '../../common/versioning.js';
import {
  DELIVERY_CARRIER_MAX,
  DELIVERY_CARRIER_TOO_LONG,
  DELIVERY_NOTE_MAX,
  DELIVERY_NOTE_TOO_LONG,
} from '../../shared/text-limits.js';

/** One line of a delivery (or a return): the order line and how many units (always positive here). */
export class DeliveryLineDto {
  @LineIdField('La ligne de commande', 'La ligne de commande livrée.', 12)
  order_item_id: number;

  @LineQuantityField('Quantité livrée (ou reprise pour un retour) ; 0 = ligne non livrée cette fois.', 3)
  quantity: number;
}

/** POST /api/order/{id}/deliveries and …/returns: the lines, when, by whom, and the version read. */
export class DeliveryDto {
  @VersionField()
  version?: number;

  @ApiProperty({ type: [DeliveryLineDto] })
  @IsArray({ message: 'Indiquez au moins une ligne à livrer.' })
  @ArrayMinSize(1, { message: 'Indiquez au moins une ligne à livrer.' })
  @ArrayMaxSize(500, { message: 'Un bon de livraison ne peut pas dépasser 500 lignes.' })
  @ValidateNested({ each: true })
  @Type(() => DeliveryLineDto)
  lines: DeliveryLineDto[];

  @ApiPropertyOptional({
    description: 'Date de livraison (AAAA-MM-JJ ou ISO 8601) ; maintenant quand absente.',
    example: '2026-11-26',
  })
  @Transform(trimmed)
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, {
    message: 'La date de livraison doit être une date (AAAA-MM-JJ).',
  })
  delivered_at?: string | null;

  @ApiPropertyOptional({ description: 'Transporteur ou livreur.', example: 'Transports Agbéko' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Le transporteur doit être un texte.' })
  @MaxLength(DELIVERY_CARRIER_MAX, { message: DELIVERY_CARRIER_TOO_LONG })
  carrier?: string | null;

  @ApiPropertyOptional({ description: 'Remarque imprimée sur le bon.', example: 'Livré au magasin de Bè.' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'La remarque doit être un texte.' })
  @MaxLength(DELIVERY_NOTE_MAX, { message: DELIVERY_NOTE_TOO_LONG })
  note?: string | null;
}
