import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminsService } from '../staff-accounts/admins.service.js';
import { ADMIN_LIST } from '../staff-accounts/admin-list.js';
import { AUDIT_LIST } from '../audit/audit-list.js';
import { AuditService } from '../audit/audit.service.js';
import { ARTICLE_LIST } from '../blog/article-list.js';
import { StaffArticlesService } from '../blog/staff-articles.service.js';
import { BRAND_LIST, CATEGORY_LIST } from '../catalogue/brand-category-lists.js';
import { BrandsService } from '../catalogue/brands.service.js';
import { CategoriesService } from '../catalogue/categories.service.js';
import { PublicCatalogueService } from '../catalogue/public-catalogue.service.js';
import { PRODUCT_LIST } from '../catalogue/product-list.js';
import { ApiListExport, listRows, sendListExport } from '../common/list-export.js';
import { RequirePermission } from '../core/access/permissions.js';
import { CustomersService } from '../customers/customers.service.js';
import { CUSTOMER_LIST } from '../customers/customer-list.js';
import { ORDER_SUMMARY_LIST } from '../orders/order-list.js';
import { StaffOrdersService } from '../staff-orders/staff-orders.service.js';
import { StockEntriesService } from '../stock/stock-entries.service.js';
import { STOCK_ENTRY_LIST } from '../stock/stock-entry-list.js';
import {
  ADMIN_COLUMNS,
  ARTICLE_COLUMNS,
  AUDIT_COLUMNS,
  BRAND_COLUMNS,
  CATEGORY_COLUMNS,
  CUSTOMER_COLUMNS,
  ORDER_COLUMNS,
  PRODUCT_COLUMNS,
  STOCK_ENTRY_COLUMNS,
} from './export-columns.js';
import {
  AdminExportQueryDto,
  ArticleExportQueryDto,
  AuditExportQueryDto,
  CatalogueExportQueryDto,
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
    private readonly articles: StaffArticlesService,
    private readonly brands: BrandsService,
    private readonly categories: CategoriesService,
    private readonly admins: AdminsService,
    private readonly audit: AuditService,
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

  @Get('blog/export')
  @RequirePermission('blog', 'view')
  @ApiListExport(ARTICLE_LIST, 'Les articles', 'Recherche sur le titre (sans accents ni casse).')
  async articleList(@Query() query: ArticleExportQueryDto, @Res() res: Response): Promise<void> {
    const { format, ...list } = query;
    const rows = listRows((page, per_page) => this.articles.list({ ...list, page, per_page }));
    await sendListExport(res, { name: 'articles', format, sheet: 'Articles', columns: ARTICLE_COLUMNS, rows });
  }

  @Get('brands/export')
  @RequirePermission('shop', 'view')
  @ApiListExport(BRAND_LIST, 'Les marques', 'Recherche sur le nom (sans accents ni casse).')
  async brandList(@Query() query: CatalogueExportQueryDto, @Res() res: Response): Promise<void> {
    const { format, ...list } = query;
    const rows = listRows((page, per_page) => this.brands.list({ ...list, page, per_page }));
    await sendListExport(res, { name: 'marques', format, sheet: 'Marques', columns: BRAND_COLUMNS, rows });
  }

  @Get('category/export')
  @RequirePermission('shop', 'view')
  @ApiListExport(CATEGORY_LIST, 'Les catégories', 'Recherche sur la désignation (sans accents ni casse).')
  async categoryList(@Query() query: CatalogueExportQueryDto, @Res() res: Response): Promise<void> {
    const { format, ...list } = query;
    const rows = listRows((page, per_page) => this.categories.list({ ...list, page, per_page }));
    await sendListExport(res, { name: 'categories', format, sheet: 'Catégories', columns: CATEGORY_COLUMNS, rows });
  }

  @Get('admin/export')
  @RequirePermission('admin', 'view')
  @ApiListExport(ADMIN_LIST, 'Les administrateurs', 'Recherche sur le prénom, le nom et l’e-mail (sans accents ni casse).')
  async adminList(@Query() query: AdminExportQueryDto, @Res() res: Response): Promise<void> {
    const { format, ...list } = query;
    const rows = listRows(async (page, per_page) => (await this.admins.list({ ...list, page, per_page })).admins);
    await sendListExport(res, { name: 'administrateurs', format, sheet: 'Administrateurs', columns: ADMIN_COLUMNS, rows });
  }

  @Get('audit/export')
  @RequirePermission('admin', 'view')
  @ApiListExport(
    AUDIT_LIST,
    'Le journal d’activité',
    'Recherche sur l’élément, l’auteur et l’adresse IP (sans accents ni casse).',
  )
  async auditList(@Query() query: AuditExportQueryDto, @Res() res: Response): Promise<void> {
    const { format, ...list } = query;
    const rows = listRows((page, per_page) => this.audit.list({ ...list, page, per_page }));
    await sendListExport(res, { name: 'journal', format, sheet: 'Journal', columns: AUDIT_COLUMNS, rows });
  }
}
