import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../access/id.pipe.js';
import { ListQueryDto } from '../common/listing.js';
import type { CategoriesAnswer, ProductAnswer, ProductFilterAnswer, ProductListAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { ProductFilterQueryDto } from './dto/public-catalogue.dto.js';
import { PublicCatalogueService } from './public-catalogue.service.js';

/** Lists may be cached briefly by browsers and CDNs; a product's live stock never. */
const LIST_CACHE = 'public, max-age=30, stale-while-revalidate=120';
const NO_STORE = 'no-store';

/** The catalogue as the public site reads it (spec section 7); the dashboard's forms use the lists too. */
@ApiTags('Site public : catalogue')
@Controller()
export class PublicCatalogueController {
  constructor(private readonly catalogue: PublicCatalogueService) {}

  @Get('categories')
  @Public()
  @Header('Cache-Control', LIST_CACHE)
  async categories(): Promise<CategoriesAnswer> {
    const categories = await this.catalogue.categories();
    return { success: true, message: categories.length ? 'Catégories trouvées' : 'Aucune catégorie trouvée', categories };
  }

  @Get('product')
  @Public()
  @Header('Cache-Control', LIST_CACHE)
  async products(@Query() query: ListQueryDto): Promise<ProductListAnswer> {
    const products = await this.catalogue.list(query);
    return { success: true, message: products.total ? 'Produits trouvés' : 'Aucun produit trouvé', products };
  }

  @Get('product/:id')
  @Public()
  @Header('Cache-Control', NO_STORE)
  async product(@Param('id', new IdPipe('Produit introuvable.')) id: number): Promise<ProductAnswer> {
    return { success: true, message: 'Produit trouvé', product: await this.catalogue.one(id) };
  }

  @Get('products/filter')
  @Public()
  @Header('Cache-Control', LIST_CACHE)
  async filter(@Query() query: ProductFilterQueryDto): Promise<ProductFilterAnswer> {
    const { products, total } = await this.catalogue.filter(query);
    return { success: true, message: total ? 'Produits trouvés' : 'Aucun produit trouvé', products, totalProducts: total };
  }
}
