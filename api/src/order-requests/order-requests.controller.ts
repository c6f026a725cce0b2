import { Body, Controller, Get, Header, Headers, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiHeader, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ValidationFailed } from '../core/errors/api-error.js';
import { RateLimited } from '../contact/public-rate-limit.js';
import type { OrderCreatedAnswer, OrderEstimateAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { OrderEstimateDto, OrderRequestDto } from './dto/order-request.dto.js';
import { ORDER_CREATED, OrderRequestsService } from './order-requests.service.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** The public order request of the shop's order dialog (spec sections 2, 5 and 7). */
@ApiTags('Site public : commandes')
@Controller('order')
export class OrderRequestsController {
  constructor(private readonly orders: OrderRequestsService) {}

  /** The dialog's indicative conversion of the cart (read only: nothing is reserved or recorded). */
  @Post('estimate')
  @Public()
  @RateLimited('estimate')
  @HttpCode(200)
  async estimate(@Body() dto: OrderEstimateDto): Promise<OrderEstimateAnswer> {
    return { success: true, estimate: await this.orders.estimate(dto) };
  }

  @Post('create')
  @Public()
  @RateLimited('order')
  @HttpCode(201)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Clé choisie par le client (8 à 128 caractères : lettres, chiffres, - et _) : la même clé renvoyée dans les 24 h répond la commande déjà créée, sans en créer une autre.',
  })
  async create(
    @Body() dto: OrderRequestDto,
    @Req() req: Request,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<OrderCreatedAnswer> {
    const key = idempotencyKey?.trim() || null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key))
      throw new ValidationFailed({
        'Idempotency-Key': ['La clé d’idempotence est invalide (8 à 128 lettres, chiffres, - ou _).'],
      });
    const order = await this.orders.create(dto, { ip: req.ip ?? req.socket?.remoteAddress ?? 'unknown' }, key);
    return { success: true, message: ORDER_CREATED, order };
  }
}

/**
 * Outside /api/order/…: the staff routes' `GET /api/order/:id` would take `confirm` for an id.
 */
@ApiTags('Site public : commandes')
@Controller('order-confirmation')
export class OrderConfirmationController {
  constructor(private readonly orders: OrderRequestsService) {}

  /**
   * The link of the confirmation e-mail: confirms the address (its requests now hold firmly and get
   * every e-mail) and the request's provisional hold, then shows the site's page saying so.
   */
  @Get()
  @Public()
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @ApiOperation({ summary: 'Confirme une demande de commande depuis le lien reçu par email ; redirige vers le site.' })
  @ApiQuery({ name: 'token', required: true, description: 'Le jeton du lien de confirmation.' })
  async confirm(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const { outcome, order_num } = await this.orders.confirm(token);
    res.redirect(
      303,
      outcome === 'confirmed' ? `/commande/confirmee?commande=${encodeURIComponent(order_num!)}` : '/commande/lien-invalide',
    );
  }
}
