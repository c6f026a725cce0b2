import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsIn } from 'class-validator';
import { trimmed } from '../common/forms.js';
import { ORDER_STATUSES, type OrderStatus } from '../orders/entities/order.entity.js';
import { ORDER_STATUS_MESSAGE } from '../shared/statuses.js';
import { BulkSelectionDto } from './bulk-operation.js';

/** POST /api/order/bulk: the new status and the orders (ids, or all the list's filter keeps). */
export class OrderBulkDto extends BulkSelectionDto {
  @ApiProperty({ description: 'L’action : status (changer le statut).', enum: ['status'], example: 'status' })
  @IsNotEmpty({ message: 'L’action est requise.' })
  @IsIn(['status'], { message: 'L’action doit être status.' })
  action: 'status';

  @ApiProperty({ description: 'Le nouveau statut des commandes.', enum: ORDER_STATUSES, example: 'inprogress' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le statut est requis.' })
  @IsIn(ORDER_STATUSES, { message: ORDER_STATUS_MESSAGE })
  status: OrderStatus;
}
