import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { StaffArticlesService } from '../blog/staff-articles.service.js';
import type { DashboardSummaryAnswer, LatestBlogAnswer, LatestOrderAnswer } from '../contract/backoffice.js';
import { RequirePermission, SignedIn } from '../core/access/permissions.js';
import { StaffOrdersService } from '../staff-orders/staff-orders.service.js';
import { DashboardSummaryService } from './dashboard-summary.service.js';

/** The dashboard home (spec dashboard §2 "Dashboard home", §7 "Dashboard home"). */
@ApiTags('Tableau de bord : accueil')
@Controller()
export class DashboardSummaryController {
  constructor(
    private readonly summary: DashboardSummaryService,
    private readonly articles: StaffArticlesService,
    private readonly orders: StaffOrdersService,
  ) {}

  @Get('dashboard/summary')
  @SignedIn()
  @Header('Cache-Control', 'no-store')
  async getSummary(@Req() req: Request): Promise<DashboardSummaryAnswer> {
    const [summary, charts] = await Promise.all([this.summary.summary(req.principal!), this.summary.charts(req.principal!)]);
    return { success: true, message: 'Résumé du tableau de bord.', summary, charts };
  }

  @Get('latest-blog')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('blog', 'view')
  async latestBlog(): Promise<LatestBlogAnswer> {
    return { success: true, message: 'Derniers articles récupérés avec succès.', blogs: await this.articles.latest(5) };
  }

  @Get('latest-order')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('orders', 'view')
  async latestOrder(): Promise<LatestOrderAnswer> {
    return {
      success: true,
      message: 'Dernières commandes récupérées avec succès.',
      orderItems: await this.orders.latestItems(5),
    };
  }
}
