import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { PermissionsGuard } from './core/access/permissions.guard.js';
import { SessionAuthGuard } from './auth/passport/session-auth.guard.js';
import type { AppConfig } from './core/config/config.js';
import { ConfigModule } from './core/config/config.module.js';
import { DatabaseModule } from './core/database/database.module.js';
import { WorkerPoolModule } from './core/workers/worker-pool.module.js';
import { HttpExceptionFilter } from './core/errors/http-exception.filter.js';
import { loggerParams } from './core/observability/logging.js';
import { HealthModule } from './health/health.module.js';
import { PublishingModule } from './publishing/publishing.module.js';
import { SeedModule } from './seed/seed.module.js';
import { StorageModule } from './media/storage/storage.module.js';
import { CountPendingModule } from './staff-orders/count-pending.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AccessModule } from './access/access.module.js';
import { AdminsModule } from './staff-accounts/admins.module.js';
import { ProfileModule } from './profile/profile.module.js';
import { StaffArticlesModule } from './blog/staff-articles.module.js';
import { StaffCatalogueModule } from './catalogue/staff-catalogue.module.js';
import { CustomersModule } from './customers/customers.module.js';
import { DashboardSummaryModule } from './dashboard-summary/dashboard-summary.module.js';
import { MediaLibraryModule } from './media/media-library.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { StaffOrdersModule } from './staff-orders/staff-orders.module.js';
import { QuotesModule } from './quotes/quotes.module.js';
import { ClientOrdersModule } from './client-orders/client-orders.module.js';
import { DeliveriesModule } from './deliveries/deliveries.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { SearchModule } from './search/search.module.js';
import { StockEntriesModule } from './stock/stock-entries.module.js';
import { StockInsightsModule } from './stock-insights/stock-insights.module.js';
import { MailModule } from './mail/mail.module.js';
import { BlogPublicModule } from './blog/blog-public.module.js';
import { CataloguePublicModule } from './catalogue/catalogue-public.module.js';
import { OrderRequestsModule } from './order-requests/order-requests.module.js';
import { ContactModule } from './contact/contact.module.js';
import { NewsletterModule } from './newsletter/newsletter.module.js';
import { RuntimeConfigModule } from './runtime-config/runtime-config.module.js';
import { ExchangeRatesModule } from './exchange-rates/exchange-rates.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { HousekeepingModule } from './housekeeping/housekeeping.module.js';
import { AuditModule } from './audit/audit.module.js';
import { SavedViewsModule } from './saved-views/saved-views.module.js';
import { ListExportsModule } from './list-exports/list-exports.module.js';
import { BulkModule } from './bulk/bulk.module.js';
import { ImportsModule } from './imports/imports.module.js';

/** Domain modules, one folder each; later modules add themselves here. */
const DOMAIN_MODULES = [
  HealthModule,
  // Before the lists' modules: GET /api/order/export must not be read as GET /api/order/:id.
  ListExportsModule,
  BulkModule,
  ImportsModule,
  RuntimeConfigModule,
  PublishingModule,
  SeedModule,
  StorageModule,
  CountPendingModule,
  AuthModule,
  AccessModule,
  AdminsModule,
  ProfileModule,
  // back-office management
  StaffArticlesModule,
  MediaLibraryModule,
  StaffCatalogueModule,
  StockEntriesModule,
  StockInsightsModule,
  OrdersModule,
  StaffOrdersModule,
  // quote versions, the client's page and the order's thread (quotes/)
  QuotesModule,
  ClientOrdersModule,
  // delivery notes and returns (deliveries/)
  DeliveriesModule,
  // invoices, credit notes and payments (invoices/, payments/)
  InvoicesModule,
  PaymentsModule,
  CustomersModule,
  DashboardSummaryModule,
  SearchModule,
  // public side: mail, blog and catalogue reads, order requests, contact, newsletter
  MailModule,
  BlogPublicModule,
  CataloguePublicModule,
  OrderRequestsModule,
  ContactModule,
  NewsletterModule,
  // quote requests in any currency
  ExchangeRatesModule,
  // operations: Prometheus metrics, scheduled purges
  MetricsModule,
  HousekeepingModule,
  // activity history (entity subscriber, journal)
  AuditModule,
  // each person's named views of the lists
  SavedViewsModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        // The one scheduler of the application: any module may declare @Cron jobs (housekeeping...).
        ScheduleModule.forRoot(),
        DatabaseModule,
        // The one pool of worker threads: SVG and article sanitising, PDF documents.
        WorkerPoolModule,
        ...DOMAIN_MODULES,
      ],
      providers: [
        // In this order: passport's session strategy finds the principal, then the route's policy applies.
        { provide: APP_GUARD, useClass: SessionAuthGuard },
        { provide: APP_GUARD, useClass: PermissionsGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
