import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BrandsController } from './brands.controller.js';
import { BrandsService } from './brands.service.js';
import { CategoriesController } from './categories.controller.js';
import { CategoriesService } from './categories.service.js';
import { Brand } from './entities/brand.entity.js';
import { Category } from './entities/category.entity.js';
import { Currency } from '../exchange-rates/entities/currency.entity.js';
import { ProductImage } from './entities/product-image.entity.js';
import { ProductDatasheet } from './entities/product-datasheet.entity.js';
import { ProductDatasheetsController } from './product-datasheets.controller.js';
import { ProductDatasheetsService } from './product-datasheets.service.js';
import { Product } from './entities/product.entity.js';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';

/** The staff side of the catalogue: brands, categories, currencies, products (writes). */
@Module({
  imports: [TypeOrmModule.forFeature([Brand, Category, Currency, Product, ProductImage, ProductDatasheet])],
  controllers: [BrandsController, CategoriesController, ProductsController, ProductDatasheetsController],
  providers: [BrandsService, CategoriesService, ProductsService, ProductDatasheetsService],
  exports: [BrandsService, CategoriesService, ProductsService],
})
export class StaffCatalogueModule {}
