import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PermissionsGuard } from './core/access/permissions.guard.js';
import type { AppConfig } from './core/config/config.js';
import { ConfigModule } from './core/config/config.module.js';
import { DatabaseModule } from './core/database/database.module.js';
import { HttpExceptionFilter } from './core/errors/http-exception.filter.js';
import { HealthModule } from './health/health.module.js';
import { PublishingModule } from './publishing/publishing.module.js';
import { SeedModule } from './seed/seed.module.js';

/** Domain modules, one folder each; later modules add themselves here. */
const DOMAIN_MODULES = [HealthModule, PublishingModule, SeedModule];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: (req: IncomingMessage) => {
              const given = req.headers['x-request-id'];
              return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
            },
            redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
            autoLogging: { ignore: (req: IncomingMessage) => !req.url?.startsWith('/api') },
            customProps: () => ({ service: 'comptoir-api' }),
          },
        }),
        DatabaseModule,
        ...DOMAIN_MODULES,
      ],
      providers: [
        { provide: APP_GUARD, useClass: PermissionsGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
