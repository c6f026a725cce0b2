import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { RateLimited } from '../contact/public-rate-limit.js';
import { Public } from '../core/access/permissions.js';
import { orderOfLink, validLink } from '../quotes/client-links.js';
import { sendPdf } from '../quotes/staff-quotes.controller.js';
import { DeliveriesService } from './deliveries.service.js';
import { ClientDeliveryPdfDto } from './dto/client-delivery.dto.js';

/** The client's page (no account): a delivery note's PDF, checked against the e-mailed link like the quote PDFs. */
@ApiTags('Site public : espace client')
@Controller('client')
export class ClientDeliveriesController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly deliveries: DeliveriesService,
  ) {}

  @Post('order/delivery-pdf')
  @Public()
  @RateLimited('client')
  @HttpCode(200)
  @ApiOperation({ summary: 'Le PDF d’un bon de livraison de la commande du lien.' })
  async pdf(@Body() dto: ClientDeliveryPdfDto, @Res() res: Response): Promise<void> {
    const link = await validLink(this.dataSource.manager, dto.token);
    const order = await orderOfLink(this.dataSource.manager, link, dto.order_id);
    sendPdf(res, await this.deliveries.pdf(dto.delivery_id, order.id), 'inline');
  }
}
