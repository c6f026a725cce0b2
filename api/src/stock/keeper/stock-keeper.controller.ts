import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../common/id.pipe.js';
import type {
  InventoryCountAnswer,
  StockAdjustmentAnswer,
  StockLotsAnswer,
  StockMovementsAnswer,
  WriteOffExpiredAnswer,
} from '../../contract/stock-ledger.js';
import { RequirePermission } from '../../core/access/permissions.js';
import { AdjustmentDto, InventoryCountDto, LotsQueryDto, MovementsQueryDto, WriteOffDto } from './stock-keeper.dto.js';
import { StockKeeperService } from './stock-keeper.service.js';
import { MOVEMENTS_PAGE_SIZE, PRODUCT_NOT_FOUND, StockHistoryService } from './stock-history.service.js';

const PRODUCT_ID = new IdPipe(PRODUCT_NOT_FOUND);

/** The stock keeper's view of one product: its movements and lots, adjustments, inventory counts. */
@ApiTags('Tableau de bord : stock')
@Controller('stock')
export class StockKeeperController {
  constructor(
    private readonly history: StockHistoryService,
    private readonly keeper: StockKeeperService,
  ) {}

  @Get('products/:id/movements')
  @RequirePermission('stock', 'view')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Mouvements de stock d’un produit, les plus récents d’abord, avec leur document et leur auteur.' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'per_page', required: false, type: Number, description: `${MOVEMENTS_PAGE_SIZE} par défaut, 100 au plus.` })
  async movements(@Param('id', PRODUCT_ID) id: number, @Query() query: MovementsQueryDto): Promise<StockMovementsAnswer> {
    return { success: true, message: 'Mouvements récupérés avec succès.', movements: await this.history.movements(id, query) };
  }

  @Get('products/:id/lots')
  @RequirePermission('stock', 'view')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Lots d’un produit (entrée, quantité restante, péremption), ceux qui expirent en premier d’abord, et ses quantités disponible, réservée et en main.',
  })
  @ApiQuery({ name: 'all', required: false, enum: ['0', '1'], description: '1 : les lots épuisés aussi.' })
  async lots(@Param('id', PRODUCT_ID) id: number, @Query() query: LotsQueryDto): Promise<StockLotsAnswer> {
    const all = query.all === '1' || query.all === 'true';
    const [lots, levels] = [await this.history.lots(id, all), await this.history.levels(id)];
    return { success: true, message: 'Lots récupérés avec succès.', lots, levels };
  }

  @Post('products/:id/adjustments')
  @HttpCode(201)
  @RequirePermission('stock', 'edit')
  @ApiOperation({
    summary:
      'Ajuste le stock disponible d’un produit (motif et commentaire requis) ; une sortie prend le lot indiqué ou les lots qui expirent en premier. 409 si le stock deviendrait négatif ou si la fiche a changé.',
  })
  async adjust(@Param('id', PRODUCT_ID) id: number, @Body() dto: AdjustmentDto): Promise<StockAdjustmentAnswer> {
    return { success: true, message: 'Stock ajusté avec succès.', ...(await this.keeper.adjust(id, dto)) };
  }

  @Post('products/:id/write-off-expired')
  @HttpCode(200)
  @RequirePermission('stock', 'edit')
  @ApiOperation({
    summary:
      'Retire du stock les unités des lots périmés (un ajustement « péremption » par lot), dans la limite du stock disponible.',
  })
  async writeOff(@Param('id', PRODUCT_ID) id: number, @Body() dto: WriteOffDto): Promise<WriteOffExpiredAnswer> {
    const written = await this.keeper.writeOffExpired(id, dto.comment);
    return {
      success: true,
      message: written ? `${written} unité(s) périmée(s) retirée(s) du stock.` : 'Aucune unité périmée à retirer.',
      written_off: written,
    };
  }

  @Post('inventory-counts/preview')
  @HttpCode(200)
  @RequirePermission('stock', 'edit')
  @ApiOperation({ summary: 'Écarts d’un inventaire (compté − en magasin) par produit, sans rien enregistrer.' })
  async preview(@Body() dto: InventoryCountDto): Promise<InventoryCountAnswer> {
    return { success: true, message: 'Écarts calculés.', lines: await this.keeper.preview(dto) };
  }

  @Post('inventory-counts/apply')
  @HttpCode(200)
  @RequirePermission('stock', 'edit')
  @ApiOperation({
    summary:
      'Applique un inventaire en une transaction : chaque écart devient un mouvement « inventaire ». 409 si une quantité comptée est inférieure à ce que réservent les commandes.',
  })
  async apply(@Body() dto: InventoryCountDto): Promise<InventoryCountAnswer> {
    const result = await this.keeper.apply(dto);
    return { success: true, message: `Inventaire appliqué : ${result.applied} écart(s) enregistré(s).`, ...result };
  }
}
