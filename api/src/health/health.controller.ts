import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../core/access/permissions.js';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  async check(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.report();
    res.setHeader('Cache-Control', 'no-store');
    if (report.status !== 'ok') res.status(503);
    return report;
  }

  /** Liveness: the process answers (restart it if not). Touches nothing else. */
  @Public()
  @Get('live')
  live(@Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  /** Readiness: the database answers and every migration has run (send traffic only then); 503 otherwise. */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.readiness();
    res.setHeader('Cache-Control', 'no-store');
    if (report.status !== 'ok') res.status(503);
    return report;
  }
}
