import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StockEntry } from './entities/stock-entry.entity.js';
import { StockEntriesController } from './stock-entries.controller.js';
import { StockEntriesService } from './stock-entries.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([StockEntry])],
  controllers: [StockEntriesController],
  providers: [StockEntriesService],
})
export class StockEntriesModule {}
