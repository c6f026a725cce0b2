import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RateLimited } from '../contact/public-rate-limit.js';
import type { NewsletterAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { NewsletterDto } from './dto/newsletter.dto.js';
import { NEWSLETTER_SUBSCRIBED, NewsletterService } from './newsletter.service.js';

/** The newsletter box of the footer and of the blog banner. */
@ApiTags('Site public : newsletter')
@Controller('newsletter')
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Post()
  @Public()
  @RateLimited('newsletter')
  @HttpCode(200)
  async subscribe(@Body() dto: NewsletterDto): Promise<NewsletterAnswer> {
    await this.newsletter.subscribe(dto.email);
    return { success: true, message: NEWSLETTER_SUBSCRIBED };
  }
}
