import { Module } from '@nestjs/common';
import { StockAlertsService } from './stock-alerts.service.js';
import { StockDigest } from './stock-digest.js';
import { StockInsightsController } from './stock-insights.controller.js';
import { StockProductsService } from './stock-products.service.js';
import { StockValuationService } from './stock-valuation.service.js';

/** Stock filters, alerts (home page, bell, daily digest) and valuation. */
@Module({
  controllers: [StockInsightsController],
  providers: [StockAlertsService, StockDigest, StockProductsService, StockValuationService],
  exports: [StockAlertsService, StockDigest],
})
export class StockInsightsModule {}
