import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderItem } from '../orders/entities/order-item.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { StaffOrdersController } from './staff-orders.controller.js';
import { StaffOrdersService } from './staff-orders.service.js';

/** The staff order page (GET /api/order…, status changes, deletion, the devis PDF, the order's history). */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem]), QuotesModule],
  controllers: [StaffOrdersController],
  providers: [StaffOrdersService],
  exports: [StaffOrdersService],
})
export class StaffOrdersModule {}
