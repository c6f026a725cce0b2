import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsNotEmpty, Max, Min } from 'class-validator';
import { intInput, trimmed } from '../../common/forms.js';
import { ORDER_STATUS_MESSAGE } from '../../shared/statuses.js';
import { ORDER_STATUSES, type OrderStatus } from '../../orders/entities/order.entity.js';

/** GET /api/order's query: see order-list.ts. */
export { StaffOrderListQueryDto } from '../../orders/order-list.js';

/** PUT /api/order/{id}/status, JSON { status }. */
export class OrderStatusDto {
  @ApiProperty({ description: 'Le nouveau statut de la commande.', enum: ORDER_STATUSES, example: 'inprogress' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le statut est requis.' })
  @IsIn(ORDER_STATUSES, { message: ORDER_STATUS_MESSAGE })
  status: OrderStatus;
}

/** PUT /api/order/{id}/hold { days }: extends the reservation of a pending order. */
export class OrderHoldDto {
  @ApiProperty({ description: 'Jours de réservation en plus (1 à 90).', example: 7 })
  @Transform(intInput)
  @IsDefined({ message: 'Le nombre de jours est requis.' })
  @IsInt({ message: 'Le nombre de jours doit être un nombre entier.' })
  @Min(1, { message: 'Le nombre de jours doit être compris entre 1 et 90.' })
  @Max(90, { message: 'Le nombre de jours doit être compris entre 1 et 90.' })
  days: number;
}
