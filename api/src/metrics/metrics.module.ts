import { Global, Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';

/** Prometheus metrics: inject MetricsService anywhere to record; scraped at GET /api/metrics. */
@Global()
@Module({ imports: [HealthModule], controllers: [MetricsController], providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
