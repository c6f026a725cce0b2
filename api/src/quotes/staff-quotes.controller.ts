import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import type { StaffQuoteAnswer } from '../contract/quotes.js';
import { RequirePermission } from '../core/access/permissions.js';
import { OrderMessageDto, QuoteDraftDto, QuoteVersionCheckDto } from './dto/quote.dto.js';
import { QuoteVersionsService } from './quote-versions.service.js';

const ORDER = new IdPipe('Commande introuvable.');
const VERSION = new IdPipe('Version du devis introuvable.');

export function sendPdf(
  res: Response,
  file: { filename: string; pdf: Buffer },
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `${disposition}; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Content-Length', String(file.pdf.length));
  res.end(file.pdf);
}

/** An order's quote versions, the thread and the client links, staff side (permission `quotes`). */
@ApiTags('Tableau de bord : devis')
@Controller('order/:id')
export class StaffQuotesController {
  constructor(private readonly quotes: QuoteVersionsService) {}

  @Get('quote')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('quotes', 'view')
  @ApiOperation({
    summary: 'Versions du devis, fil de messages et liens client d’une commande (les messages du client sont marqués lus).',
  })
  async get(@Param('id', ORDER) id: number): Promise<StaffQuoteAnswer> {
    const quote = await this.quotes.get(id);
    await this.quotes.markRead(id);
    return { success: true, message: 'Devis récupéré avec succès.', quote };
  }

  @Post('quote/revise')
  @HttpCode(201)
  @RequirePermission('quotes', 'create')
  @ApiOperation({ summary: 'Crée la version suivante du devis (brouillon) à partir de la version actuelle.' })
  async revise(@Param('id', ORDER) id: number, @Req() req: Request): Promise<StaffQuoteAnswer> {
    return { success: true, message: 'Nouvelle version du devis créée.', quote: await this.quotes.revise(id, req.principal!) };
  }

  @Post('quote/versions/:versionId/update')
  @HttpCode(200)
  @RequirePermission('quotes', 'edit')
  @ApiOperation({
    summary: 'Enregistre le brouillon (lignes, remises, livraison, validité, conditions, message) ; 409 si modifié entre-temps.',
  })
  async update(
    @Param('id', ORDER) id: number,
    @Param('versionId', VERSION) versionId: number,
    @Body() dto: QuoteDraftDto,
    @Req() req: Request,
  ): Promise<StaffQuoteAnswer> {
    return {
      success: true,
      message: 'Brouillon du devis enregistré.',
      quote: await this.quotes.updateDraft(id, versionId, dto, req.principal!),
    };
  }

  @Post('quote/versions/:versionId/send')
  @HttpCode(200)
  @RequirePermission('quotes', 'edit')
  @ApiOperation({
    summary: '« Envoyer au client » : fige la version, enregistre son PDF et l’envoie par e-mail avec le lien client.',
  })
  async send(
    @Param('id', ORDER) id: number,
    @Param('versionId', VERSION) versionId: number,
    @Body() dto: QuoteVersionCheckDto,
    @Req() req: Request,
  ): Promise<StaffQuoteAnswer> {
    return {
      success: true,
      message: 'Devis envoyé au client.',
      quote: await this.quotes.send(id, versionId, dto, req.principal!),
    };
  }

  @Get('quote/versions/:versionId/pdf')
  @RequirePermission('quotes', 'view')
  @ApiOperation({ summary: 'Le PDF d’une version (aperçu pour un brouillon).' })
  async pdf(@Param('id', ORDER) id: number, @Param('versionId', VERSION) versionId: number, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.quotes.pdf(id, versionId));
  }

  @Get('purchase-order.pdf')
  @RequirePermission('quotes', 'view')
  @ApiOperation({ summary: 'Le bon de commande (devis accepté, avec le « Bon pour accord » du client).' })
  async purchaseOrder(@Param('id', ORDER) id: number, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.quotes.purchaseOrderPdf(id));
  }

  @Post('messages')
  @HttpCode(201)
  @RequirePermission('quotes', 'edit')
  @ApiOperation({ summary: 'Répond au client dans le fil de la commande (e-mail avec son lien).' })
  async reply(@Param('id', ORDER) id: number, @Body() dto: OrderMessageDto, @Req() req: Request): Promise<StaffQuoteAnswer> {
    return { success: true, message: 'Message envoyé au client.', quote: await this.quotes.reply(id, dto, req.principal!) };
  }

  @Post('client-links/revoke')
  @HttpCode(200)
  @RequirePermission('quotes', 'edit')
  @ApiOperation({ summary: 'Révoque tous les liens client de la commande.' })
  async revoke(@Param('id', ORDER) id: number): Promise<StaffQuoteAnswer> {
    return { success: true, message: 'Liens client révoqués.', quote: await this.quotes.revokeLinks(id) };
  }
}
