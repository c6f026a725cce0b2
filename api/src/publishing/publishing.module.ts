import { Global, Module } from '@nestjs/common';
import { SITE_STATUS } from '../health/site-status.js';
import { SiteBuilderService } from './site-builder.service.js';

@Global()
@Module({
  providers: [SiteBuilderService, { provide: SITE_STATUS, useExisting: SiteBuilderService }],
  exports: [SiteBuilderService, SITE_STATUS],
})
export class PublishingModule {}
