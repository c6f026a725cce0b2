import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PRODUCT_FORM_STOCK } from '../catalogue/product-form-stock.js';
import { StockEntry } from './entities/stock-entry.entity.js';
import { StockHistoryService } from './keeper/stock-history.service.js';
import { StockKeeperController } from './keeper/stock-keeper.controller.js';
import { StockKeeperService } from './keeper/stock-keeper.service.js';
import { adjustmentFromForm, openingFromForm } from './ledger/product-form-moves.js';
import { StockEntriesController } from './stock-entries.controller.js';
import { StockEntriesService } from './stock-entries.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([StockEntry])],
  controllers: [StockEntriesController, StockKeeperController],
  providers: [StockEntriesService, StockHistoryService, StockKeeperService],
  exports: [StockEntriesService],
})
export class StockEntriesModule implements OnModuleInit {
  /** The catalogue's product form moves stock through the ledger (catalogue/product-form-stock.ts). */
  onModuleInit(): void {
    PRODUCT_FORM_STOCK.opening.register('stock', openingFromForm);
    PRODUCT_FORM_STOCK.adjusted.register('stock', adjustmentFromForm);
  }
}
