import { Module } from '@nestjs/common';
import { StaffArticlesModule } from '../blog/staff-articles.module.js';
import { CataloguePublicModule } from '../catalogue/catalogue-public.module.js';
import { StaffCatalogueModule } from '../catalogue/staff-catalogue.module.js';
import { StaffOrdersModule } from '../staff-orders/staff-orders.module.js';
import { ArticleBulk } from './article-bulk.js';
import { BulkController } from './bulk.controller.js';
import { OrderBulk } from './order-bulk.js';
import { ProductBulk } from './product-bulk.js';

/** POST /api/{product|blog|order}/bulk and their undo (bulk-operation.ts). */
@Module({
  imports: [CataloguePublicModule, StaffCatalogueModule, StaffArticlesModule, StaffOrdersModule],
  controllers: [BulkController],
  providers: [ProductBulk, ArticleBulk, OrderBulk],
})
export class BulkModule {}
