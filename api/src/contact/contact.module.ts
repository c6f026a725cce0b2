import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { PublicRateLimitModule } from './public-rate-limit.js';

/** POST /api/contact: stored, then e-mailed to the company. */
@Module({ imports: [PublicRateLimitModule], controllers: [ContactController], providers: [ContactService] })
export class ContactModule {}
