import { Module } from '@nestjs/common';
import { StaffArticlesModule } from '../blog/staff-articles.module.js';
import { StaffOrdersModule } from '../staff-orders/staff-orders.module.js';
import { DashboardSummaryController } from './dashboard-summary.controller.js';
import { DashboardSummaryService } from './dashboard-summary.service.js';

@Module({
  imports: [StaffArticlesModule, StaffOrdersModule],
  controllers: [DashboardSummaryController],
  providers: [DashboardSummaryService],
})
export class DashboardSummaryModule {}
