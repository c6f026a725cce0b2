import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StockEntry } from './entities/stock-entry.entity.js';
import { StockHistoryService } from './keeper/stock-history.service.js';
import { StockKeeperController } from './keeper/stock-keeper.controller.js';
import { StockKeeperService } from './keeper/stock-keeper.service.js';
import { StockEntriesController } from './stock-entries.controller.js';
import { StockEntriesService } from './stock-entries.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([StockEntry])],
  controllers: [StockEntriesController, StockKeeperController],
  providers: [StockEntriesService, StockHistoryService, StockKeeperService],
  exports: [StockEntriesService],
})
export class StockEntriesModule {}
