import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderItem } from './entities/order-item.entity.js';
import { Order } from './entities/order.entity.js';
import { StaffOrdersController } from './staff-orders.controller.js';
import { StaffOrdersService } from './staff-orders.service.js';
import { DevisService } from './devis.service.js';
import { OrderHoldsService } from './order-holds.service.js';

/** The staff side of orders (GET /api/order…, status changes, deletion, the devis PDF, reservations that expire). */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem])],
  controllers: [StaffOrdersController],
  providers: [StaffOrdersService, DevisService, OrderHoldsService],
  exports: [StaffOrdersService, DevisService, OrderHoldsService],
})
export class StaffOrdersModule {}
