import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppModule } from './app.module.js';
import type { AppConfig } from './core/config/config.js';
import { createValidationPipe } from './core/errors/validation.pipe.js';
import { boundedBodies } from './core/web/body-limits.js';
import { listRoutes } from './core/web/routes.js';
import { allowImageOrigin, BASE_CSP_DIRECTIVES, headersByKind } from './core/web/security-headers.js';
import { mountFrontEnds } from './core/web/front-ends.js';
import { QuietBootLogger, requestIdMiddleware } from './core/observability/logging.js';
import { httpTiming } from './metrics/http-timing.js';
import { MetricsService } from './metrics/metrics.service.js';
import { serveStorage } from './media/storage/serve-storage.js';
import { STORAGE, type Storage } from './media/storage/storage.js';
import { PublicAnswerCache } from './publishing/public-answer-cache.js';
import { CatalogueFilterRoute } from './catalogue/catalogue-filter-route.js';
import { gzipJsonAnswers } from './core/web/json-answer-gzip.js';
import { SiteBuilderService } from './publishing/site-builder.service.js';

/** Builds the whole application, ready to `init()` (tests) or `listen()` (main). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    // Boot failures are reported by main.ts in one line; the pino logger takes over once the app exists.
    logger: false,
    bodyParser: false,
    abortOnError: false,
  });
  // Nest's route-mapping lines go to debug; everything else as pino writes it.
  app.useLogger(new QuietBootLogger(app.get(Logger)));
  if (config.trustProxy) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  app.use(httpTiming(app.get(MetricsService)));

  // Uploads may be redirected to a public bucket or CDN (STORAGE_PUBLIC_URL).
  if (config.storage.publicUrl) allowImageOrigin(new URL(config.storage.publicUrl).origin);
  app.use(
    headersByKind(
      helmet({
        // No inline script and no eval anywhere; the site's pages add the hashes of their own inline
        // scripts (core/web/security-headers.ts). HSTS is sent over HTTPS only, and like the rest of
        // these only with documents (headersByKind); nosniff and CORP go with every answer.
        contentSecurityPolicy: { useDefaults: false, directives: BASE_CSP_DIRECTIVES },
        strictTransportSecurity: false,
        crossOriginEmbedderPolicy: false,
        xContentTypeOptions: false,
        crossOriginResourcePolicy: false,
        // Headers only browsers of another age read, about 170 bytes on every page: the CSP's
        // frame-ancestors replaces X-Frame-Options (ASVS 5 §3.4.6), current browsers have no XSS
        // auditor to turn off, X-Download-Options was Internet Explorer's, cross-domain policy files
        // were Flash's, and turning DNS prefetching off only slows the next page.
        xFrameOptions: false,
        xXssProtection: false,
        xDownloadOptions: false,
        xPermittedCrossDomainPolicies: false,
        xDnsPrefetchControl: false,
      }),
    ),
  );
  // The shop's filter, whose answers vary with nearly every request, answered before Nest's pipeline
  // (and before the compression middleware: the answer cache sends it already compressed).
  app.use(app.get(CatalogueFilterRoute).middleware());
  // Behind a proxy that compresses the API's answers (COMPRESS_ANSWERS=false, nginx's `location /api/`),
  // they leave here as they are; the rest (a page not yet in the brotli store, the dashboard's shell) is
  // still compressed here, where nginx does not. Without one, the API's JSON answers are gzipped by a
  // kept stream (json-answer-gzip.ts) and the compression middleware takes what they leave.
  if (config.compressAnswers) app.use(gzipJsonAnswers());
  app.use(
    compression({
      filter: (req, res) => (config.compressAnswers || !req.path.startsWith('/api/')) && compression.filter(req, res),
    }),
  );
  // Cached public answers (catalogue, blog) leave here, before the rest of the pipeline.
  app.use(app.get(PublicAnswerCache).fastPath());
  app.use(cookieParser());
  // Byte, key and depth limits per route before any parsing cost.
  app.use(
    boundedBodies(
      new Set(
        listRoutes(app)
          .filter((route) => route.publicWrite)
          .map((route) => route.path),
      ),
    ),
  );

  const site = app.get(SiteBuilderService);
  const uploads = serveStorage(app.get<Storage>(STORAGE), config.storage.publicUrl);
  mountFrontEnds(app.getHttpAdapter().getInstance(), config, site.releases, uploads);

  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Comptoir API')
      .setDescription('API du site public et du tableau de bord de Comptoir.')
      .setVersion('1.0')
      .addCookieAuth('comptoir_session')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
  return app;
}

export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void;
