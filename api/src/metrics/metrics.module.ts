import { Global, Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsRecorder } from '../common/metrics-recorder.js';
import { MetricsService } from './metrics.service.js';

/**
 * Prometheus metrics: inject MetricsRecorder (declared in common, below the domains that record) or
 * MetricsService anywhere to record; scraped at GET /api/metrics.
 */
@Global()
@Module({
  imports: [HealthModule],
  controllers: [MetricsController],
  providers: [MetricsService, { provide: MetricsRecorder, useExisting: MetricsService }],
  exports: [MetricsService, MetricsRecorder],
})
export class MetricsModule {}
