import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../access/id.pipe.js';
import type { StockLotsAnswer, StockMovementsAnswer } from '../../contract/stock-ledger.js';
import { RequirePermission } from '../../core/access/permissions.js';
import { LotsQueryDto, MovementsQueryDto } from './stock-keeper.dto.js';
import { MOVEMENTS_PAGE_SIZE, PRODUCT_NOT_FOUND, StockHistoryService } from './stock-history.service.js';

const PRODUCT_ID = new IdPipe(PRODUCT_NOT_FOUND);

/** The stock keeper's view of one product: its movements and lots, adjustments, inventory counts. */
@ApiTags('Tableau de bord : stock')
@Controller('stock')
export class StockKeeperController {
  constructor(private readonly history: StockHistoryService) {}

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
  @ApiOperation({ summary: 'Lots d’un produit (entrée, quantité restante, péremption), ceux qui expirent en premier d’abord.' })
  @ApiQuery({ name: 'all', required: false, enum: ['0', '1'], description: '1 : les lots épuisés aussi.' })
  async lots(@Param('id', PRODUCT_ID) id: number, @Query() query: LotsQueryDto): Promise<StockLotsAnswer> {
    const all = query.all === '1' || query.all === 'true';
    return { success: true, message: 'Lots récupérés avec succès.', lots: await this.history.lots(id, all) };
  }
}
