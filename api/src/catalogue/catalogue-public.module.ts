import { Module } from '@nestjs/common';
import { CataloguePageController } from './catalogue-page.controller.js';
import { PublicCatalogueController } from './public-catalogue.controller.js';
import { PublicCatalogueService } from './public-catalogue.service.js';
import { CatalogueIndexService } from './catalogue-index.service.js';

/** Public reads of the catalogue: categories, products, live stock, the shop's filter. */
@Module({
  controllers: [PublicCatalogueController, CataloguePageController],
  providers: [PublicCatalogueService, CatalogueIndexService],
  exports: [PublicCatalogueService],
})
export class CataloguePublicModule {}
