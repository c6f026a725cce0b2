import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppModule } from './app.module.js';
import type { AppConfig } from './core/config/config.js';
import { createValidationPipe } from './core/errors/validation.pipe.js';
import { mountFrontEnds } from './core/web/front-ends.js';
import { PublicAnswerCache } from './publishing/public-answer-cache.js';
import { SiteBuilderService } from './publishing/site-builder.service.js';

/** Builds the whole application, ready to `init()` (tests) or `listen()` (main). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    // Boot failures are reported by main.ts in one line; the pino logger takes over once the app exists.
    logger: false,
    bodyParser: false,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  if (config.trustProxy) app.set('trust proxy', 1);
  app.disable('x-powered-by');

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", "'unsafe-inline'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'frame-src': ["'self'", 'https:'],
          'object-src': ["'none'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());
  // Cached public answers (catalogue, blog) leave here, before the rest of the pipeline.
  app.use(app.get(PublicAnswerCache).fastPath());
  app.use(cookieParser());
  app.use(express.json({ limit: '2mb' }));
  app.use(express.urlencoded({ extended: true, limit: '2mb' }));

  const site = app.get(SiteBuilderService);
  mountFrontEnds(app.getHttpAdapter().getInstance(), config, site.releases);

  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

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
