import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CountPendingController } from './count-pending.controller.js';
import { Order } from '../orders/entities/order.entity.js';

/** GET /api/orders/count-pending, apart from StaffOrdersModule so the bell has no other dependency. */
@Module({
  imports: [TypeOrmModule.forFeature([Order])],
  controllers: [CountPendingController],
})
export class CountPendingModule {}
