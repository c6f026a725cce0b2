import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PublicCatalogueService } from '../catalogue/public-catalogue.service.js';
import { PRODUCT_LIST } from '../catalogue/product-list.js';
import { ApiListExport, listRows, sendListExport } from '../common/list-export.js';
import { RequirePermission } from '../core/access/permissions.js';
import { CustomersService } from '../customers/customers.service.js';
import { CUSTOMER_LIST } from '../customers/customer-list.js';
import { ORDER_SUMMARY_LIST } from '../orders/order-list.js';
import { StaffOrdersService } from '../orders/staff-orders.service.js';
import { StockEntriesService } from '../stock/stock-entries.service.js';
import { STOCK_ENTRY_LIST } from '../stock/stock-entry-list.js';
import { CUSTOMER_COLUMNS, ORDER_COLUMNS, PRODUCT_COLUMNS, STOCK_ENTRY_COLUMNS } from './export-columns.js';
import {
  CustomerExportQueryDto,
  OrderExportQueryDto,
  ProductExportQueryDto,
  StockEntryExportQueryDto,
} from './export-queries.js';

/**
 * The staff lists as files (see common/list-export.ts): each route takes its list's parameters and
 * permission, and reads the rows with the list's own service method, page after page.
 */
@ApiTags('Tableau de bord : exports')
@Controller()
export class ListExportsController {
  constructor(
    private readonly catalogue: PublicCatalogueService,
    private readonly customers: CustomersService,
    private readonly orders: StaffOrdersService,
    private readonly stock: StockEntriesService,
  ) {}

  @Get('product/export')
  @RequirePermission('shop', 'view')
  @ApiListExport(PRODUCT_LIST, 'Les produits', 'Recherche sur le nom et la référence (sans accents ni casse).')
  async products(@Query() query: ProductExportQueryDto, @Res() res: Response): Promise<void> {
    const { format, ...list } = query;
    const rows = listRows((page, per_page) => this.catalogue.list({ ...list, page, per_page }));
    await sendListExport(res, { name: 'produits', format, sheet: 'Produits', columns: PRODUCT_COLUMNS, rows });
  }

  @Get('order/export')
  @RequirePermission('orders', 'view')
  @ApiListExport(
    ORDER_SUMMARY_LIST,
    'Les commandes (une ligne par commande)',
    'Recherche sur le numéro de commande et la société.',
  )
  async orderList(@Query() query: OrderExportQueryDto, @Res() res: Response): Promise<void> {
    const { format, ...list } = query;
    const rows = listRows(async (page, per_page) => (await this.orders.listOrders({ ...list, page, per_page })).page);
    await sendListExport(res, { name: 'commandes', format, sheet: 'Commandes', columns: ORDER_COLUMNS, rows });
  }

  @Get('customer/export')
  @RequirePermission('orders', 'view')
  @ApiListExport(CUSTOMER_LIST, 'Les clients', 'Recherche sur la société, son e-mail et le représentant.')
  async customerList(@Query() query: CustomerExportQueryDto, @Res() res: Response): Promise<void> {
    const { format, ...list } = query;
    const rows = listRows((page, per_page) => this.customers.list({ ...list, page, per_page }));
    await sendListExport(res, { name: 'clients', format, sheet: 'Clients', columns: CUSTOMER_COLUMNS, rows });
  }

  @Get('stock/export')
  @RequirePermission('stock', 'view')
  @ApiListExport(STOCK_ENTRY_LIST, 'Les entrées de stock', 'Recherche sur le nom (sans accents ni casse).')
  async stockEntries(@Query() query: StockEntryExportQueryDto, @Res() res: Response): Promise<void> {
    const { format, ...list } = query;
    const rows = listRows((page, per_page) => this.stock.list({ ...list, page, per_page }));
    await sendListExport(res, { name: 'entrees-stock', format, sheet: 'Entrées de stock', columns: STOCK_ENTRY_COLUMNS, rows });
  }
}
