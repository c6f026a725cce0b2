import { Body, Controller, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientOf } from '../common/client-info.js';
import { RateLimited } from '../contact/public-rate-limit.js';
import type { ClientOrderAnswer, ClientOrdersAnswer } from '../contract/quotes.js';
import { Public } from '../core/access/permissions.js';
import { MY_ORDERS_ANSWER, ClientOrdersService } from './client-orders.service.js';
import {
  ClientAcceptDto,
  ClientDeclineDto,
  ClientMessageDto,
  ClientPdfDto,
  ClientTokenDto,
  MyOrdersLinkDto,
} from '../quotes/dto/quote.dto.js';
import { sendPdf } from '../quotes/staff-quotes.controller.js';

/**
 * The client's page without an account (site: /suivi-commande and /mes-commandes). The token of the
 * e-mailed link travels in POST bodies only, so it never lands in a URL, a log line or a Referer.
 */
@ApiTags('Site public : espace client')
@Controller('client')
export class ClientOrdersController {
  constructor(private readonly clients: ClientOrdersService) {}

  @Post('order')
  @Public()
  @RateLimited('client')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'La commande du lien : devis actuel (lignes, totaux, montant en lettres), versions précédentes, messages.',
  })
  async view(@Body() dto: ClientTokenDto): Promise<ClientOrderAnswer> {
    return { success: true, order: await this.clients.view(dto) };
  }

  @Post('orders')
  @Public()
  @RateLimited('client')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: '« Mes commandes » : les commandes de l’adresse du lien.' })
  async list(@Body() dto: ClientTokenDto): Promise<ClientOrdersAnswer> {
    return this.clients.list(dto);
  }

  @Post('order/pdf')
  @Public()
  @RateLimited('client')
  @HttpCode(200)
  @ApiOperation({ summary: 'Le PDF d’une version envoyée (le bon de commande pour la version acceptée).' })
  async pdf(@Body() dto: ClientPdfDto, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.clients.pdf(dto), 'inline');
  }

  @Post('order/message')
  @Public()
  @RateLimited('client-write')
  @HttpCode(201)
  @ApiOperation({ summary: 'Le client écrit à l’équipe (fil de la commande).' })
  async message(@Body() dto: ClientMessageDto, @Req() req: Request): Promise<ClientOrderAnswer> {
    return { success: true, order: await this.clients.message(dto, clientOf(req)) };
  }

  @Post('order/accept')
  @Public()
  @RateLimited('client-write')
  @HttpCode(200)
  @ApiOperation({
    summary: '« Accepter » : nom tapé et « Bon pour accord » coché ; la commande est confirmée (bon de commande).',
  })
  async accept(@Body() dto: ClientAcceptDto, @Req() req: Request): Promise<ClientOrderAnswer> {
    return { success: true, order: await this.clients.accept(dto, clientOf(req)) };
  }

  @Post('order/decline')
  @Public()
  @RateLimited('client-write')
  @HttpCode(200)
  @ApiOperation({ summary: '« Refuser » avec une raison ; la demande est annulée et son stock rendu.' })
  async decline(@Body() dto: ClientDeclineDto, @Req() req: Request): Promise<ClientOrderAnswer> {
    return { success: true, order: await this.clients.decline(dto, clientOf(req)) };
  }

  @Post('orders-link')
  @Public()
  @RateLimited('my-orders')
  @HttpCode(200)
  @ApiOperation({
    summary: '« Mes commandes » : envoie un lien vers les commandes de l’adresse (même réponse qu’elle soit connue ou non).',
  })
  async ordersLink(@Body() dto: MyOrdersLinkDto): Promise<{ success: true; message: string }> {
    await this.clients.requestListLink(dto.email);
    return { success: true, message: MY_ORDERS_ANSWER };
  }
}
