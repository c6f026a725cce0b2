import { Module } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { StaffOrdersModule } from '../orders/staff-orders.module.js';
import { QuoteVersionsService } from './quote-versions.service.js';
import { StaffQuotesController } from './staff-quotes.controller.js';

/** Quote versions and the order's thread, staff side (the client's page is client-orders/). */
@Module({
  imports: [PublicRateLimitModule, StaffOrdersModule],
  controllers: [StaffQuotesController],
  providers: [QuoteVersionsService],
  exports: [QuoteVersionsService],
})
export class QuotesModule {}
