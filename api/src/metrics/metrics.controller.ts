import { Controller, Get, Headers, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Public } from '../core/access/permissions.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { ApiError, notFound } from '../core/errors/api-error.js';
import { MetricsService } from './metrics.service.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Prometheus text format. Not a staff route: it is opened by METRICS_TOKEN (a scraper has no
   * session), and does not exist at all (404) while that token is not configured.
   */
  @Public()
  @ApiOperation({
    summary:
      'Métriques Prometheus (format texte) pour l’exploitant : en-tête « Authorization: Bearer <METRICS_TOKEN> » ; 404 tant que le jeton n’est pas configuré.',
  })
  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response) {
    const token = this.config.metricsToken;
    if (!token) throw notFound();
    const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ApiError(HttpStatus.UNAUTHORIZED, 'Jeton de métriques invalide.');
    }
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await this.metrics.text());
  }
}
