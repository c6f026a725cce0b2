import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional } from 'class-validator';
import { ListQueryDto } from '../../common/listing.js';
import { trimmed } from '../../common/forms.js';
import { ORDER_STATUSES, type OrderStatus } from '../entities/order.entity.js';

const STATUS_MESSAGE = 'Le statut doit être En attente (pending), En cours (inprogress), Expédié (shipped) ou Annulé (canceled).';

export class StaffOrderListQueryDto extends ListQueryDto {
  @IsOptional()
  @Transform(({ value }) => (value === '' || value === 'all' ? undefined : value))
  @IsIn(ORDER_STATUSES, { message: STATUS_MESSAGE })
  status?: OrderStatus;
}

/** PUT /api/order/{id}/status, JSON { status }. */
export class OrderStatusDto {
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le statut est requis.' })
  @IsIn(ORDER_STATUSES, { message: STATUS_MESSAGE })
  status: OrderStatus;
}
