import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../common/id.pipe.js';
import { ApiList } from '../common/list-order.js';
import type { BrandCountsAnswer, CategoriesAnswer, ProductAnswer, ProductListAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { ProductFilterQueryDto } from './dto/public-catalogue.dto.js';
import { PublicAnswerCache, type SendOptions } from '../publishing/public-answer-cache.js';
import { FILTER_GZIP_LEVEL, PublicCatalogueService } from './public-catalogue.service.js';
import { PRODUCT_LIST, ProductListQueryDto } from './product-list.js';

/**
 * Lists may be cached briefly by browsers and CDNs (with an ETag, answered from the in-process cache that
 * publishing empties); a product's live stock never.
 */
export const LIST_CACHE = 'public, max-age=30, stale-while-revalidate=120';
/** The filter's answers vary with nearly every request: compressed once, quickly (see SendOptions). */
export const FILTER_SEND: SendOptions = { gzipLevel: FILTER_GZIP_LEVEL };
const NO_STORE = 'no-store';
/** Kept by browsers and CDNs but asked again (an ETag: 304 when unchanged): the counts follow every change. */
const REVALIDATE = 'public, no-cache';

/** The catalogue as the public site reads it (spec section 7); the dashboard's forms use the lists too. */
@ApiTags('Site public : catalogue')
@Controller()
export class PublicCatalogueController {
  constructor(
    private readonly catalogue: PublicCatalogueService,
    private readonly cache: PublicAnswerCache,
  ) {}

  @Get('categories')
  @Public()
  async categories(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.cache.send(req, res, LIST_CACHE, async (): Promise<CategoriesAnswer> => {
      const categories = await this.catalogue.categories();
      return { success: true, message: categories.length ? 'Catégories trouvées' : 'Aucune catégorie trouvée', categories };
    });
  }

  @Get('product')
  @Public()
  @ApiList(PRODUCT_LIST, 'Recherche sur le nom et la référence (sans accents ni casse).')
  async products(@Query() query: ProductListQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.cache.send(req, res, LIST_CACHE, async (): Promise<ProductListAnswer> => {
      const products = await this.catalogue.list(query);
      return { success: true, message: products.total ? 'Produits trouvés' : 'Aucun produit trouvé', products };
    });
  }

  @Get('product/:id')
  @Public()
  @Header('Cache-Control', NO_STORE)
  @ApiQuery({
    name: 'devise',
    required: false,
    description: 'Devise d’affichage (XOF, EUR, USD) : le produit reçoit aussi son prix converti (`display_price`).',
  })
  async product(
    @Param('id', new IdPipe('Produit introuvable.')) id: number,
    @Query('devise') devise?: string,
  ): Promise<ProductAnswer> {
    const display = typeof devise === 'string' && devise.trim() ? devise : undefined;
    return { success: true, message: 'Produit trouvé', product: await this.catalogue.one(id, display) };
  }

  @Get('products/brand-counts')
  @Public()
  @ApiOperation({
    summary: 'Nombre de produits de chaque marque',
    description:
      'Compté à chaque demande dans le catalogue en mémoire (le filtre de la boutique) : suit les produits ajoutés, supprimés ou changés de marque sans attendre la publication du site.',
  })
  async brandCounts(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.cache.send(req, res, REVALIDATE, async (): Promise<BrandCountsAnswer> => {
      const brands = await this.catalogue.brandCounts();
      return { success: true, message: brands.length ? 'Marques trouvées' : 'Aucune marque trouvée', brands };
    });
  }

  @Get('products/filter')
  @Public()
  async filter(@Query() query: ProductFilterQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    // Most requests are answered before Nest's pipeline by catalogue-filter-route.ts, with the same answer.
    await this.cache.send(req, res, LIST_CACHE, () => this.catalogue.filterAnswer(query), FILTER_SEND);
  }
}
