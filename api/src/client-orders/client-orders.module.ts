import { Module } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { ClientOrdersController } from './client-orders.controller.js';
import { ClientOrdersService } from './client-orders.service.js';

/**
 * The client's page without an account (a link by e-mail): an order's quote versions to accept or
 * decline, its thread, and its deliveries and invoices. Above quotes, deliveries and invoices, which
 * it reads.
 */
@Module({
  imports: [PublicRateLimitModule, QuotesModule],
  controllers: [ClientOrdersController],
  providers: [ClientOrdersService],
})
export class ClientOrdersModule {}
