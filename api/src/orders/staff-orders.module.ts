import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderItem } from './entities/order-item.entity.js';
import { Order } from './entities/order.entity.js';
import { StaffOrdersController } from './staff-orders.controller.js';
import { StaffOrdersService } from './staff-orders.service.js';

/** The staff side of orders (GET /api/order…, status changes, deletion). */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem])],
  controllers: [StaffOrdersController],
  providers: [StaffOrdersService],
  exports: [StaffOrdersService],
})
export class StaffOrdersModule {}
