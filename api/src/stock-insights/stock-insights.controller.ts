import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Response } from 'express';
import type {
  StockAlertsAnswer,
  StockProductsAnswer,
  StockValuationAnswer,
  StockValuationHistoryAnswer,
} from '../contract/stock-insights.js';
import { RequirePermission } from '../core/access/permissions.js';
import { ValidationFailed } from '../core/errors/api-error.js';
import { MAX_EXPIRY_DAYS, STOCK_FILTERS, dayAfter } from './stock-conditions.js';
import { StockAlertsService } from './stock-alerts.service.js';
import { StockProductsQueryDto, ValuationHistoryQueryDto } from './stock-products.dto.js';
import { StockProductsService } from './stock-products.service.js';
import {
  EXPORT_FORMATS,
  EXPORT_TYPES,
  writeValuationCsv,
  writeValuationXlsx,
  type ExportFormat,
} from './stock-valuation-export.js';
import { HISTORY_MAX_DAYS, StockValuationService } from './stock-valuation.service.js';

export class ValuationExportQueryDto {
  @IsIn(EXPORT_FORMATS, { message: 'Le format doit être « csv » ou « xlsx ».' })
  format: ExportFormat;
}

/** Stock filters, alerts and valuation, for the staff who may view stock. */
@ApiTags('Tableau de bord : stock')
@Controller('stock')
export class StockInsightsController {
  constructor(
    private readonly products: StockProductsService,
    private readonly alerts: StockAlertsService,
    private readonly valuation: StockValuationService,
  ) {}

  @Get('products')
  @RequirePermission('stock', 'view')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Produits filtrés par état du stock (stock bas, rupture, lots qui expirent, lots périmés), le stock le plus bas d’abord.',
  })
  @ApiQuery({
    name: 'stock',
    required: false,
    enum: STOCK_FILTERS,
    description:
      'low : au seuil ou sous le seuil (celui du produit, sinon LOW_STOCK_THRESHOLD) ; out : épuisé ; expiring : un lot expire dans les `days` jours ; expired : un lot périmé a encore des unités.',
  })
  @ApiQuery({
    name: 'days',
    required: false,
    type: Number,
    description: `Fenêtre de « expiring », en jours (0 à ${MAX_EXPIRY_DAYS}, 30 par défaut).`,
  })
  @ApiQuery({ name: 'category', required: false, type: Number, description: 'Identifiant de catégorie.' })
  @ApiQuery({ name: 'search', required: false, type: String, description: 'Nom ou référence, sans accents ni casse.' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'per_page', required: false, type: Number, description: '8 par défaut, 100 au plus.' })
  async list(@Query() query: StockProductsQueryDto): Promise<StockProductsAnswer> {
    return { success: true, message: 'Produits récupérés avec succès.', products: await this.products.list(query) };
  }

  @Get('alerts')
  @RequirePermission('stock', 'view')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Nombre de produits en stock bas, en rupture, avec un lot qui expire sous 30 jours, avec un lot périmé.',
  })
  async counts(): Promise<StockAlertsAnswer> {
    return { success: true, message: 'Alertes de stock récupérées avec succès.', alerts: await this.alerts.counts() };
  }

  @Get('valuation')
  @RequirePermission('stock', 'view')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Valeur du stock par devise, au coût (lots des entrées) et au prix de vente, par catégorie et au total.',
  })
  async value(): Promise<StockValuationAnswer> {
    return {
      success: true,
      message: 'Valorisation du stock.',
      at: new Date().toISOString(),
      currencies: await this.valuation.valuation(),
    };
  }

  @Get('valuation/history')
  @RequirePermission('stock', 'view')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Valeur du stock à la fin de chaque jour, rejouée depuis le journal des mouvements.' })
  @ApiQuery({ name: 'from', required: false, type: String, description: 'AAAA-MM-JJ ; par défaut 89 jours avant `to`.' })
  @ApiQuery({
    name: 'to',
    required: false,
    type: String,
    description: `AAAA-MM-JJ ; par défaut aujourd’hui. ${HISTORY_MAX_DAYS} jours au plus.`,
  })
  async history(@Query() query: ValuationHistoryQueryDto): Promise<StockValuationHistoryAnswer> {
    const window = StockValuationService.defaultWindow();
    const to = query.to ?? window.to;
    const from = query.from ?? dayAfter(new Date(`${to}T00:00:00Z`), -89);
    const valid = (day: string) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
    if (!valid(from)) throw new ValidationFailed({ from: ['La date de début est invalide.'] });
    if (!valid(to)) throw new ValidationFailed({ to: ['La date de fin est invalide.'] });
    if (from > to) throw new ValidationFailed({ from: ['La date de début doit précéder la date de fin.'] });
    if (from < dayAfter(new Date(`${to}T00:00:00Z`), -(HISTORY_MAX_DAYS - 1)))
      throw new ValidationFailed({ from: [`La période ne doit pas dépasser ${HISTORY_MAX_DAYS} jours.`] });
    return {
      success: true,
      message: 'Historique de la valeur du stock.',
      from,
      to,
      currencies: await this.valuation.history(from, to),
    };
  }

  @Get('valuation/export')
  @RequirePermission('stock', 'view')
  @ApiOperation({ summary: 'Valorisation du stock en fichier CSV (séparateur « ; ») ou Excel.' })
  @ApiQuery({ name: 'format', required: true, enum: EXPORT_FORMATS })
  async export(@Query() query: ValuationExportQueryDto, @Res() res: Response): Promise<void> {
    const at = new Date();
    const currencies = await this.valuation.valuation();
    res.setHeader('Content-Type', EXPORT_TYPES[query.format]);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="valorisation-stock-${at.toISOString().slice(0, 10)}.${query.format}"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    if (query.format === 'csv') await writeValuationCsv(currencies, res);
    else await writeValuationXlsx(currencies, res, at);
  }
}
