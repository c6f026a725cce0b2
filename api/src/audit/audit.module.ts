import { Global, Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { AuditContextMiddleware } from './audit-context.js';
import { AuditController } from './audit.controller.js';
import { AuditService } from './audit.service.js';
import { AuditSubscriber } from './audit.subscriber.js';

/**
 * The activity history: a request-scoped actor (middleware), an entity subscriber recording creates,
 * updates and deletes of the audited tables, explicit entries for sign-in, status and permission
 * changes, the journal and per-record history routes, and the retention purge. Global so that any
 * service may record an explicit entry without importing it.
 */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditService, AuditSubscriber],
  exports: [AuditService],
})
export class AuditModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(AuditContextMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
