import { Controller, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { ARTICLE_LIST } from '../blog/article-list.js';
import { StaffArticleListQueryDto } from '../blog/dto/staff-article.dto.js';
import { PRODUCT_LIST, ProductListQueryDto } from '../catalogue/product-list.js';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import { ApiList } from '../common/list-order.js';
import type { BulkAnswer } from '../contract/bulk.js';
import { RequirePermission } from '../core/access/permissions.js';
import { ORDER_SUMMARY_LIST, StaffOrderSummaryQueryDto } from '../orders/order-list.js';
import { ArticleBulk } from './article-bulk.js';
import { ArticleBulkDto } from './article-bulk.dto.js';
import { OrderBulk } from './order-bulk.js';
import { OrderBulkDto } from './order-bulk.dto.js';
import { ProductBulk } from './product-bulk.js';
import { ProductBulkDto } from './product-bulk.dto.js';

const OPERATION = new IdPipe('Action groupée introuvable.');
const SELECTION =
  'Les lignes : `ids` dans le corps, ou `all: true` et les paramètres de la liste dans l’URL (mêmes filtres, même recherche). Chaque ligne est vérifiée comme l’action unitaire (droits, règles) ; réponse : { changed, refused: [{ id, label, reason }] }.';
const UNDO =
  'Annule l’action groupée dans son délai (10 s ; le statut des commandes : tant que les e-mails attendent, STATUS_MAIL_DELAY_SECONDS), par la personne qui l’a faite. Une ligne modifiée depuis est laissée telle quelle (refusée). Une suppression ne s’annule pas (409).';

/** Bulk actions on the staff lists (bulk-operation.ts): products, articles, orders, and their undo. */
@ApiTags('Tableau de bord : actions groupées')
@Controller()
export class BulkController {
  constructor(
    private readonly products: ProductBulk,
    private readonly articles: ArticleBulk,
    private readonly orders: OrderBulk,
  ) {}

  @Post('product/bulk')
  @HttpCode(200)
  @RequirePermission('shop', 'edit')
  @ApiOperation({
    summary: `Action groupée sur des produits : supprimer (droit de suppression), catégorie, marque, prix (pourcentage ou montant, arrondi), populaire. ${SELECTION}`,
  })
  @ApiList(PRODUCT_LIST, 'Recherche sur le nom et la référence (avec all).')
  async product(
    @Req() req: Request,
    @Query() filter: ProductListQueryDto,
    @FormBody(ProductBulkDto) form: SubmittedForm<ProductBulkDto>,
  ): Promise<BulkAnswer> {
    return this.products.apply(req.principal!, form, filter);
  }

  @Post('product/bulk/:operation/undo')
  @HttpCode(200)
  @RequirePermission('shop', 'edit')
  @ApiOperation({ summary: `Annule une action groupée sur des produits. ${UNDO}` })
  async undoProduct(@Req() req: Request, @Param('operation', OPERATION) operation: number): Promise<BulkAnswer> {
    return this.products.undo(req.principal!, operation);
  }

  @Post('blog/bulk')
  @HttpCode(200)
  @RequirePermission('blog', 'edit')
  @ApiOperation({
    summary: `Action groupée sur des articles : publier, repasser en brouillon, corbeille, supprimer (droit de suppression). ${SELECTION}`,
  })
  @ApiList(ARTICLE_LIST, 'Recherche sur le titre (avec all).')
  async article(
    @Req() req: Request,
    @Query() filter: StaffArticleListQueryDto,
    @FormBody(ArticleBulkDto) form: SubmittedForm<ArticleBulkDto>,
  ): Promise<BulkAnswer> {
    return this.articles.apply(req.principal!, form, filter);
  }

  @Post('blog/bulk/:operation/undo')
  @HttpCode(200)
  @RequirePermission('blog', 'edit')
  @ApiOperation({ summary: `Annule une action groupée sur des articles. ${UNDO}` })
  async undoArticle(@Req() req: Request, @Param('operation', OPERATION) operation: number): Promise<BulkAnswer> {
    return this.articles.undo(req.principal!, operation);
  }

  @Post('order/bulk')
  @HttpCode(200)
  @RequirePermission('orders', 'edit')
  @ApiOperation({
    summary: `Changement de statut groupé : chaque commande comme un changement unitaire (stock, e-mails différés). ${SELECTION}`,
  })
  @ApiList(ORDER_SUMMARY_LIST, 'Recherche sur le numéro de commande et la société (avec all).')
  async order(
    @Req() req: Request,
    @Query() filter: StaffOrderSummaryQueryDto,
    @FormBody(OrderBulkDto) form: SubmittedForm<OrderBulkDto>,
  ): Promise<BulkAnswer> {
    return this.orders.apply(req.principal!, form, filter);
  }

  @Post('order/bulk/:operation/undo')
  @HttpCode(200)
  @RequirePermission('orders', 'edit')
  @ApiOperation({ summary: `Annule un changement de statut groupé. ${UNDO}` })
  async undoOrder(@Req() req: Request, @Param('operation', OPERATION) operation: number): Promise<BulkAnswer> {
    return this.orders.undo(req.principal!, operation);
  }
}
