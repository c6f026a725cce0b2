import { Module, type OnModuleInit } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { ClientDeliveriesController } from './client-deliveries.controller.js';
import { DeliveriesController } from './deliveries.controller.js';
import { DeliveriesService } from './deliveries.service.js';
import { Delivery } from './entities/delivery.entity.js';
import { DOCUMENT_LABELS, labelsOf } from '../stock/keeper/document-labels.js';

/** Delivery notes (bons de livraison) and returns of confirmed orders, staff side and the client's PDFs. */
@Module({
  imports: [PublicRateLimitModule],
  controllers: [DeliveriesController, ClientDeliveriesController],
  providers: [DeliveriesService],
  exports: [DeliveriesService],
})
export class DeliveriesModule implements OnModuleInit {
  /** The stock history names a delivery's movements by its number. */
  onModuleInit(): void {
    DOCUMENT_LABELS.register('delivery', (db, ids) => labelsOf(db, Delivery, ids, (delivery) => delivery.number));
  }
}
