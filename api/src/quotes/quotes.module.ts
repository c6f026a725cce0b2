import { Module } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { StaffOrdersModule } from '../orders/staff-orders.module.js';
import { ClientOrdersController } from './client-orders.controller.js';
import { ClientOrdersService } from './client-orders.service.js';
import { QuoteVersionsService } from './quote-versions.service.js';
import { StaffQuotesController } from './staff-quotes.controller.js';

/** Quote versions, the client's page without an account and the order's thread. */
@Module({
  imports: [PublicRateLimitModule, StaffOrdersModule],
  controllers: [StaffQuotesController, ClientOrdersController],
  providers: [QuoteVersionsService, ClientOrdersService],
  exports: [QuoteVersionsService],
})
export class QuotesModule {}
