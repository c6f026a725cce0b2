import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { IsNull, type DataSource, type Repository } from 'typeorm';
import { OrderMessage } from '../quotes/entities/order-message.entity.js';
import type { PendingOrdersCountAnswer } from '../contract/staff.js';
import { RequirePermission } from '../core/access/permissions.js';
import { Order } from '../orders/entities/order.entity.js';

/** The dashboard bell: how many orders wait for handling (polled every 30 s). */
@ApiTags('commandes')
@Controller('orders')
export class CountPendingController {
  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @RequirePermission('orders', 'view')
  @Get('count-pending')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Nombre de commandes en attente, et de messages ou réponses de clients non lus.' })
  async countPending(): Promise<PendingOrdersCountAnswer> {
    return {
      success: true,
      count: await this.orders.countBy({ status: 'pending' }),
      client_messages: await this.dataSource.getRepository(OrderMessage).countBy({ author: 'client', read_at: IsNull() }),
    };
  }
}
