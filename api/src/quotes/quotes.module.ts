import { Module } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { DevisService } from './devis.service.js';
import { QuoteVersionsService } from './quote-versions.service.js';
import { StaffQuotesController } from './staff-quotes.controller.js';

/** Quote versions, the devis PDF (version 1) and the order's thread, staff side (the client's page is client-orders/). */
@Module({
  imports: [PublicRateLimitModule],
  controllers: [StaffQuotesController],
  providers: [QuoteVersionsService, DevisService],
  exports: [QuoteVersionsService, DevisService],
})
export class QuotesModule {}
