import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ContactAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { CONTACT_SENT, ContactService } from './contact.service.js';
import { ContactDto } from './dto/contact.dto.js';
import { RateLimited } from './public-rate-limit.js';

/** The contact form of the public site (spec: Contact screen, section 7). */
@ApiTags('Site public : contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @Public()
  @RateLimited('contact')
  @HttpCode(200)
  async send(@Body() dto: ContactDto, @Req() req: Request): Promise<ContactAnswer> {
    await this.contact.receive(dto, req.ip ?? null);
    return { success: CONTACT_SENT, message: CONTACT_SENT };
  }
}
