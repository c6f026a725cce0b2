import { Module } from '@nestjs/common';
import { AdminsModule } from '../staff-accounts/admins.module.js';
import { StaffArticlesModule } from '../blog/staff-articles.module.js';
import { CataloguePublicModule } from '../catalogue/catalogue-public.module.js';
import { StaffCatalogueModule } from '../catalogue/staff-catalogue.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { StaffOrdersModule } from '../staff-orders/staff-orders.module.js';
import { StockEntriesModule } from '../stock/stock-entries.module.js';
import { ListExportsController } from './list-exports.controller.js';

/** GET /api/<list>/export: registered before the lists' modules, so that `export` is not read as an `:id`. */
@Module({
  imports: [
    CataloguePublicModule,
    CustomersModule,
    StaffOrdersModule,
    StockEntriesModule,
    StaffArticlesModule,
    StaffCatalogueModule,
    AdminsModule,
  ],
  controllers: [ListExportsController],
})
export class ListExportsModule {}
