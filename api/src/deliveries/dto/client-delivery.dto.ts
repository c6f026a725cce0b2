import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, Min } from 'class-validator';
import { idInput } from '../../common/forms.js';
import { ClientTokenDto } from '../../quotes/dto/quote.dto.js';

/** POST /api/client/order/delivery-pdf: one delivery note of the link's order. */
export class ClientDeliveryPdfDto extends ClientTokenDto {
  @ApiProperty({ description: 'Le bon de livraison demandé.', example: 3 })
  @Transform(idInput)
  @IsDefined({ message: 'Le bon de livraison est requis.' })
  @IsInt({ message: 'Le bon de livraison est invalide.' })
  @Min(1, { message: 'Le bon de livraison est invalide.' })
  delivery_id: number;
}
