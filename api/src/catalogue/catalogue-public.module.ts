import { Module } from '@nestjs/common';
import { CataloguePageController } from './catalogue-page.controller.js';
import { PublicCatalogueController } from './public-catalogue.controller.js';
import { PublicCatalogueService } from './public-catalogue.service.js';
import { CatalogueIndexService } from './catalogue-index.service.js';
import { CatalogueFilterRoute } from './catalogue-filter-route.js';
import { SITE_CATALOGUE } from '../publishing/site-sources.js';

/**
 * Public reads of the catalogue: categories, products, live stock, the shop's filter; the site build
 * reads them too (SITE_CATALOGUE).
 */
@Module({
  controllers: [PublicCatalogueController, CataloguePageController],
  providers: [
    PublicCatalogueService,
    CatalogueIndexService,
    CatalogueFilterRoute,
    { provide: SITE_CATALOGUE, useExisting: PublicCatalogueService },
  ],
  exports: [PublicCatalogueService],
})
export class CataloguePublicModule {}
