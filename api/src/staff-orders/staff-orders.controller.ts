import { Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../common/id.pipe.js';
import type {
  DoneAnswer,
  OrderAnswer,
  OrderHistoryAnswer,
  OrderStatusAnswer,
  OrderListAnswer,
  OrderSummaryListAnswer,
} from '../contract/backoffice.js';
import { RequirePermission } from '../core/access/permissions.js';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import { OrderHoldDto, OrderStatusDto, StaffOrderListQueryDto } from './dto/staff-order.dto.js';
import { ORDER_LIST, ORDER_SUMMARY_LIST, StaffOrderSummaryQueryDto } from '../orders/order-list.js';
import { ApiList } from '../common/list-order.js';
import { DevisService } from '../quotes/devis.service.js';
import { StaffOrdersService } from './staff-orders.service.js';

const ID = new IdPipe('Commande introuvable.');

/** Orders, staff side (spec dashboard §2 "Orders", §4 order status, §7 "Orders"). */
@ApiTags('Tableau de bord : commandes')
@Controller('order')
export class StaffOrdersController {
  constructor(
    private readonly orders: StaffOrdersService,
    private readonly devis: DevisService,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @RequirePermission('orders', 'view')
  @ApiList(ORDER_LIST, 'Recherche sur le numéro de commande et la société (sans accents ni casse).')
  async list(@Query() query: StaffOrderListQueryDto): Promise<OrderListAnswer> {
    const { page, counts, pricesIncludeTax } = await this.orders.list(query);
    return {
      success: true,
      message: 'Commandes récupérées avec succès.',
      orderItems: page,
      status_counts: counts,
      prices_include_tax: pricesIncludeTax,
    };
  }

  @Get('list')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('orders', 'view')
  @ApiOperation({ summary: 'Les commandes, une ligne par commande (nombre de lignes, totaux par devise, statut, devis).' })
  @ApiList(ORDER_SUMMARY_LIST, 'Recherche sur le numéro de commande et la société (sans accents ni casse).')
  async listOrders(@Query() query: StaffOrderSummaryQueryDto): Promise<OrderSummaryListAnswer> {
    const { page, counts } = await this.orders.listOrders(query);
    return { success: true, message: 'Commandes récupérées avec succès.', orders: page, status_counts: counts };
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('orders', 'view')
  async get(@Param('id', ID) id: number): Promise<OrderAnswer> {
    return { success: true, message: 'Commande récupérée avec succès.', order: await this.orders.get(id) };
  }

  @Get(':id/history')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('orders', 'view')
  @ApiOperation({
    summary:
      'L’histoire de la commande, du plus ancien au plus récent : demande, devis envoyés, messages et réponses du client, statuts, livraisons et retours, factures, avoirs, paiements, e-mails envoyés au client.',
  })
  async history(@Param('id', ID) id: number): Promise<OrderHistoryAnswer> {
    return { success: true, message: 'Historique de la commande récupéré avec succès.', history: await this.orders.history(id) };
  }

  /** The quote ("devis") of the order, made from the stored order. */
  @Get(':id/devis.pdf')
  @RequirePermission('orders', 'view')
  async devisPdf(@Param('id', ID) id: number, @Res() res: Response): Promise<void> {
    const model = await this.devis.model(id);
    const pdf = await this.devis.render(model);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="devis-${model.number}.pdf"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Length', String(pdf.length));
    res.end(pdf);
  }

  @Put(':id/hold')
  @RequirePermission('orders', 'edit')
  async extendHold(@Param('id', ID) id: number, @FormBody(OrderHoldDto) form: SubmittedForm<OrderHoldDto>): Promise<OrderAnswer> {
    return { success: true, message: 'Réservation prolongée !', order: await this.orders.extendHold(id, form.valid()) };
  }

  @Put(':id/hold/release')
  @RequirePermission('orders', 'edit')
  @ApiOperation({ summary: 'Libère le stock réservé par une demande en attente, sans l’annuler.' })
  async releaseHold(@Param('id', ID) id: number): Promise<OrderAnswer> {
    return {
      success: true,
      message: 'Réservation libérée : le stock est remis en vente.',
      order: await this.orders.releaseHold(id),
    };
  }

  @Put(':id/hold/reserve')
  @RequirePermission('orders', 'edit')
  @ApiOperation({
    summary:
      'Réserve le stock d’une commande « En cours » qui n’a pas pu le réserver à l’acceptation : toutes ses quantités, ou rien (409 listant ce qui manque).',
  })
  async reserveStock(@Param('id', ID) id: number, @Req() req: Request): Promise<OrderAnswer> {
    return {
      success: true,
      message: 'Stock réservé : la commande peut être livrée.',
      order: await this.orders.reserveStock(id, req.principal?.userId ?? null),
    };
  }

  @Put(':id/status')
  @RequirePermission('orders', 'edit')
  async changeStatus(
    @Param('id', ID) id: number,
    @FormBody(OrderStatusDto) form: SubmittedForm<OrderStatusDto>,
  ): Promise<OrderStatusAnswer> {
    return {
      success: true,
      message: 'Statut de la commande mis à jour avec succès !',
      ...(await this.orders.changeStatus(id, form.valid())),
    };
  }

  @Post(':id/status/undo')
  @HttpCode(200)
  @RequirePermission('orders', 'edit')
  @ApiOperation({
    summary:
      'Annule le dernier changement de statut tant que ses e-mails attendent (STATUS_MAIL_DELAY_SECONDS) : statut, réservation et stock rétablis, e-mails abandonnés ; 409 ensuite.',
  })
  async undoStatus(@Param('id', ID) id: number): Promise<OrderAnswer> {
    return {
      success: true,
      message: 'Changement de statut annulé : aucun e-mail n’est parti.',
      order: await this.orders.undoStatus(id),
    };
  }

  @Delete(':id/delete')
  @RequirePermission('orders', 'delete')
  async delete(@Param('id', ID) id: number): Promise<DoneAnswer> {
    await this.orders.delete(id);
    return { success: true, message: 'Commande supprimée avec succès !' };
  }
}
