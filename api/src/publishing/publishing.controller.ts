import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission, SignedIn } from '../core/access/permissions.js';
import { PublishingStatusService } from './publishing-status.service.js';
import { PublishingService } from './publishing.service.js';

@ApiTags('publishing')
@Controller('publishing')
export class PublishingController {
  constructor(
    private readonly publishing: PublishingService,
    private readonly statuses: PublishingStatusService,
  ) {}

  /** Every staff member may see whether the public site is up to date. */
  @SignedIn()
  @Get('status')
  async status() {
    return { success: true, status: await this.statuses.status() };
  }

  /** A manual rebuild, e.g. after a failed build was fixed. */
  @RequirePermission('admin', 'edit')
  @Post('rebuild')
  @HttpCode(202)
  async rebuild() {
    await this.publishing.notifyChange('site.rebuild', 'Reconstruction manuelle du site');
    return { success: true, message: 'Reconstruction du site demandée.', status: await this.statuses.status() };
  }
}
