import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RateLimited } from '../contact/public-rate-limit.js';
import type { OrderCreatedAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { OrderRequestDto } from './dto/order-request.dto.js';
import { ORDER_CREATED, OrderRequestsService } from './order-requests.service.js';

/** The public order request of the shop's order dialog (spec sections 2, 5 and 7). */
@ApiTags('Site public : commandes')
@Controller('order')
export class OrderRequestsController {
  constructor(private readonly orders: OrderRequestsService) {}

  @Post('create')
  @Public()
  @RateLimited('order')
  @HttpCode(201)
  async create(@Body() dto: OrderRequestDto): Promise<OrderCreatedAnswer> {
    const order = await this.orders.create(dto);
    return { success: true, message: ORDER_CREATED, order };
  }
}
