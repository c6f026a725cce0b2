import { Module } from '@nestjs/common';
import { PublicRateLimitModule } from '../contact/public-rate-limit.js';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterService } from './newsletter.service.js';

/** POST /api/newsletter: sign-ups of the public site. */
@Module({ imports: [PublicRateLimitModule], controllers: [NewsletterController], providers: [NewsletterService] })
export class NewsletterModule {}
