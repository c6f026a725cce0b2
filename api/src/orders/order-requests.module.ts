import { Module } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { OrderRequestsController } from './order-requests.controller.js';
import { OrderRequestsService } from './order-requests.service.js';

/** POST /api/order/create: the visitors' order requests (the staff side lives in StaffOrdersModule). */
@Module({
  imports: [PublicRateLimitModule],
  controllers: [OrderRequestsController],
  providers: [OrderRequestsService],
  exports: [OrderRequestsService],
})
export class OrderRequestsModule {}
