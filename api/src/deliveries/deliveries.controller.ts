import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import type { DeliveryRecordedAnswer, OrderDeliveriesAnswer } from '../contract/deliveries.js';
import { RequirePermission } from '../core/access/permissions.js';
import { sendPdf } from '../quotes/staff-quotes.controller.js';
import { DeliveriesService } from './deliveries.service.js';
import { DeliveryDto } from './dto/delivery.dto.js';

const ORDER = new IdPipe('Commande introuvable.');

/**
 * Delivery notes, staff side (permission `deliveries`): `view` lists them and prints their PDFs,
 * `create` records a delivery, `delete` records a return. A note is never deleted (docs/order-model.md):
 * a return is how a recorded delivery is undone, so it takes the right that undoes things.
 */
@ApiTags('Tableau de bord : livraisons')
@Controller()
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Get('order/:id/deliveries')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('deliveries', 'view')
  @ApiOperation({ summary: 'Les bons de livraison d’une commande et, par ligne, le commandé, le livré et le reste à livrer.' })
  async list(@Param('id', ORDER) id: number): Promise<OrderDeliveriesAnswer> {
    return { success: true, message: 'Livraisons récupérées avec succès.', deliveries: await this.deliveries.forOrder(id) };
  }

  @Post('order/:id/deliveries')
  @HttpCode(201)
  @RequirePermission('deliveries', 'create')
  @ApiOperation({
    summary:
      'Enregistre une livraison (bon BL-…) : stock réservé → livré, reste à livrer mis à jour, commande « Expédiée » quand tout est livré ; 409 si le reste ou le stock manque ou si une autre livraison a été enregistrée entre-temps.',
  })
  async record(@Param('id', ORDER) id: number, @Body() dto: DeliveryDto, @Req() req: Request): Promise<DeliveryRecordedAnswer> {
    const { delivery, deliveries } = await this.deliveries.record(id, 'delivery', dto, req.principal!.userId);
    return { success: true, message: `Livraison ${delivery.number} enregistrée.`, delivery, deliveries };
  }

  @Post('order/:id/returns')
  @HttpCode(201)
  @RequirePermission('deliveries', 'delete')
  @ApiOperation({
    summary:
      'Enregistre un retour (bon BL-… à lignes négatives) : les quantités reprises reviennent en réserve pour la commande, qui repasse « En cours ».',
  })
  async recordReturn(
    @Param('id', ORDER) id: number,
    @Body() dto: DeliveryDto,
    @Req() req: Request,
  ): Promise<DeliveryRecordedAnswer> {
    const { delivery, deliveries } = await this.deliveries.record(id, 'return', dto, req.principal!.userId);
    return { success: true, message: `Retour ${delivery.number} enregistré.`, delivery, deliveries };
  }

  @Get('delivery/:id/pdf')
  @RequirePermission('deliveries', 'view')
  @ApiOperation({ summary: 'Le PDF du bon de livraison (quantités livrées, reste à livrer, zone de signature, sans prix).' })
  async pdf(@Param('id', new IdPipe('Bon de livraison introuvable.')) id: number, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.deliveries.pdf(id));
  }
}
