import { Module } from '@nestjs/common';
import { CustomerImport } from './customer-import.js';
import { ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';
import { ProductImport } from './product-import.js';
import { StockImport } from './stock-import.js';

/** POST /api/import/<products|customers|stock>/preview, …/apply, GET …/template. */
@Module({
  controllers: [ImportsController],
  providers: [ImportsService, ProductImport, CustomerImport, StockImport],
})
export class ImportsModule {}
