import { Body, Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RateLimited } from '../contact/public-rate-limit.js';
import type { NewsletterAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { NewsletterDto } from './dto/newsletter.dto.js';
import { NEWSLETTER_SUBSCRIBED, NewsletterService } from './newsletter.service.js';

const escapeAttr = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The newsletter box of the footer and of the blog banner; the links of its e-mails. */
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

  /** The confirmation link of the double opt-in e-mail; then the site's page saying so. */
  @Get('confirm')
  @Public()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @ApiOperation({ summary: 'Confirme une inscription à la newsletter (lien reçu par email) ; redirige vers le site.' })
  @ApiQuery({ name: 'token', required: true, description: 'Le jeton du lien de confirmation.' })
  async confirm(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const confirmed = await this.newsletter.confirm(token);
    res.redirect(303, confirmed ? '/newsletter/confirmee' : '/commande/lien-invalide');
  }

  /**
   * The unsubscribe link of every newsletter mail: a page with one button (a link opened by a mail
   * scanner unsubscribes nobody); the button, like the one-click List-Unsubscribe-Post of mail
   * clients, is the POST below.
   */
  @Get('unsubscribe')
  @Public()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @ApiOperation({ summary: 'Page de désinscription de la newsletter (un bouton, qui envoie le POST).' })
  @ApiQuery({ name: 'token', required: true, description: 'Le jeton de désinscription du lien reçu.' })
  unsubscribePage(@Query('token') token: unknown, @Res() res: Response): void {
    const value = typeof token === 'string' ? token.slice(0, 64) : '';
    res
      .type('html')
      .send(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<meta name="robots" content="noindex"><title>Se désinscrire de la newsletter</title></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">` +
          `<h1>Se désinscrire de la newsletter</h1><p>Vous ne recevrez plus la newsletter à cette adresse.</p>` +
          `<form method="post" action="/api/newsletter/unsubscribe?token=${escapeAttr(encodeURIComponent(value))}">` +
          `<button type="submit" style="font-size:1rem;padding:.6rem 1rem">Me désinscrire</button></form></body></html>`,
      );
  }

  /** One-click unsubscribe (RFC 8058 `List-Unsubscribe=One-Click`, or the page's button). */
  @Post('unsubscribe')
  @Public()
  @RateLimited('newsletter')
  @HttpCode(200)
  @ApiOperation({ summary: 'Désinscrit l’adresse de ce jeton (même réponse si elle ne l’était pas).' })
  @ApiQuery({ name: 'token', required: true, description: 'Le jeton de désinscription du lien reçu.' })
  async unsubscribe(@Query('token') token: unknown): Promise<{ success: true; message: string }> {
    await this.newsletter.unsubscribe(token);
    return { success: true, message: 'Vous êtes désinscrit de la newsletter.' };
  }
}
