import { Module } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { ClientDeliveriesController } from './client-deliveries.controller.js';
import { DeliveriesController } from './deliveries.controller.js';
import { DeliveriesService } from './deliveries.service.js';

/** Delivery notes (bons de livraison) and returns of confirmed orders, staff side and the client's PDFs. */
@Module({
  imports: [PublicRateLimitModule],
  controllers: [DeliveriesController, ClientDeliveriesController],
  providers: [DeliveriesService],
  exports: [DeliveriesService],
})
export class DeliveriesModule {}
