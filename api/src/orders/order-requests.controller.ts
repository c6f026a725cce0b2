import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RateLimited } from '../contact/public-rate-limit.js';
import type { OrderCreatedAnswer, OrderEstimateAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { OrderEstimateDto, OrderRequestDto } from './dto/order-request.dto.js';
import { ORDER_CREATED, OrderRequestsService } from './order-requests.service.js';

/** The public order request of the shop's order dialog (spec sections 2, 5 and 7). */
@ApiTags('Site public : commandes')
@Controller('order')
export class OrderRequestsController {
  constructor(private readonly orders: OrderRequestsService) {}

  /** The dialog's indicative conversion of the cart (read only: nothing is reserved or recorded). */
  @Post('estimate')
  @Public()
  @RateLimited('estimate')
  @HttpCode(200)
  async estimate(@Body() dto: OrderEstimateDto): Promise<OrderEstimateAnswer> {
    return { success: true, estimate: await this.orders.estimate(dto) };
  }

  @Post('create')
  @Public()
  @RateLimited('order')
  @HttpCode(201)
  async create(@Body() dto: OrderRequestDto): Promise<OrderCreatedAnswer> {
    const order = await this.orders.create(dto);
    return { success: true, message: ORDER_CREATED, order };
  }
}
