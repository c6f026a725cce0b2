import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import { idInput } from '../../common/forms.js';
import { ClientTokenDto } from '../../quotes/dto/quote.dto.js';

/** POST /api/client/order/invoice-pdf: one invoice, or one credit note, of the link's order. */
export class ClientInvoicePdfDto extends ClientTokenDto {
  @ApiPropertyOptional({ description: 'La facture demandée.', example: 3 })
  @Transform(idInput)
  @IsOptional()
  @IsInt({ message: 'La facture est invalide.' })
  @Min(1, { message: 'La facture est invalide.' })
  invoice_id?: number;

  @ApiPropertyOptional({ description: 'L’avoir demandé (à la place d’une facture).', example: 2 })
  @Transform(idInput)
  @IsOptional()
  @IsInt({ message: 'L’avoir est invalide.' })
  @Min(1, { message: 'L’avoir est invalide.' })
  credit_note_id?: number;
}
