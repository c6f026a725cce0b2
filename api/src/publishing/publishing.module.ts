import { Global, Module } from '@nestjs/common';
import { SITE_STATUS } from '../health/site-status.js';
import { DeployHook } from './deploy-hook.js';
import { PublicAnswerCache } from './public-answer-cache.js';
import { PublishWorker } from './publish-worker.js';
import { PublishingStatusService } from './publishing-status.service.js';
import { PublishingController } from './publishing.controller.js';
import { PublishingService } from './publishing.service.js';
import { SiteBuilderService } from './site-builder.service.js';

/** Global: every module that changes public content calls PublishingService.notifyChange. */
@Global()
@Module({
  controllers: [PublishingController],
  providers: [
    SiteBuilderService,
    PublishWorker,
    PublishingService,
    PublishingStatusService,
    DeployHook,
    PublicAnswerCache,
    { provide: SITE_STATUS, useExisting: SiteBuilderService },
  ],
  exports: [SiteBuilderService, PublishingService, PublishingStatusService, PublishWorker, SITE_STATUS, PublicAnswerCache],
})
export class PublishingModule {}
