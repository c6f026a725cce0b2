import { Module } from '@nestjs/common';
import { PublicCatalogueController } from './public-catalogue.controller.js';
import { PublicCatalogueService } from './public-catalogue.service.js';

/** Public reads of the catalogue: categories, products, live stock, the shop's filter. */
@Module({ controllers: [PublicCatalogueController], providers: [PublicCatalogueService], exports: [PublicCatalogueService] })
export class CataloguePublicModule {}
