import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { RateLimited } from '../contact/public-rate-limit.js';
import { Public } from '../core/access/permissions.js';
import { invalidField } from '../core/errors/api-error.js';
import { orderOfLink, validLink } from '../quotes/client-links.js';
import { sendPdf } from '../quotes/staff-quotes.controller.js';
import { ClientInvoicePdfDto } from './dto/client-invoice.dto.js';
import { InvoicesService } from './invoices.service.js';

/** The client's page (no account): an invoice's or a credit note's PDF, checked against the e-mailed link. */
@ApiTags('Site public : espace client')
@Controller('client')
export class ClientInvoicesController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly invoices: InvoicesService,
  ) {}

  @Post('order/invoice-pdf')
  @Public()
  @RateLimited('client')
  @HttpCode(200)
  @ApiOperation({ summary: 'Le PDF d’une facture (ou d’un avoir) de la commande du lien.' })
  async pdf(@Body() dto: ClientInvoicePdfDto, @Res() res: Response): Promise<void> {
    if (!dto.invoice_id && !dto.credit_note_id) throw invalidField('invoice_id', 'La facture est requise.');
    const link = await validLink(this.dataSource.manager, dto.token);
    const order = await orderOfLink(this.dataSource.manager, link, dto.order_id);
    const file = dto.invoice_id
      ? await this.invoices.pdf(dto.invoice_id, order.id)
      : await this.invoices.creditNotePdf(dto.credit_note_id!, order.id);
    sendPdf(res, file, 'inline');
  }
}
