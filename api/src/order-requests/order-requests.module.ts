import { Module } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { OrderConfirmationController, OrderRequestsController } from './order-requests.controller.js';
import { HoldPolicy } from './hold-policy.js';
import { OrderRequestsService } from './order-requests.service.js';

/** POST /api/order/create: the visitors' order requests (the staff side lives in StaffOrdersModule). */
@Module({
  imports: [PublicRateLimitModule],
  controllers: [OrderRequestsController, OrderConfirmationController],
  providers: [OrderRequestsService, HoldPolicy],
  exports: [OrderRequestsService],
})
export class OrderRequestsModule {}
