import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { RequirePermission } from '../core/access/permissions.js';
import { invalidField } from '../core/errors/api-error.js';
import { sendPdf } from '../quotes/staff-quotes.controller.js';
import { exportRows, writeExportCsv, writeExportXlsx } from './accounting-export.js';
import { CreditNoteDto, InvoiceDto } from './dto/invoice.dto.js';
import { InvoiceExportQueryDto } from './dto/invoice-query.dto.js';
import { INVOICE_LIST_DOC, InvoiceListQueryDto, listInvoices } from './invoice-list.js';
import { ApiList } from '../common/list-order.js';
import type { Paginated } from '../contract/staff.js';
import { today } from './invoice-amounts.js';
import type { CustomerAccountView, InvoiceSummaryView, InvoiceView, OrderInvoicesView } from '../contract/invoices.js';
import { customerAccount } from './customer-account.js';
import { InvoicesService } from './invoices.service.js';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

const ORDER = new IdPipe('Commande introuvable.');
const INVOICE = new IdPipe('Facture introuvable.');
const EXPORT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Invoices and credit notes, staff side (permission `invoices`): `view` lists, reads, prints and
 * exports; `create` issues an invoice; `delete` issues a credit note (the only way to undo an
 * invoice, which never changes once issued: there is no update route).
 */
@ApiTags('Tableau de bord : factures')
@Controller()
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get('invoices')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('invoices', 'view')
  @ApiOperation({
    summary:
      'Les factures, une page (25 par défaut), triées (les plus récentes d’abord par défaut) et filtrées par état, devise, client, commande et période.',
  })
  @ApiList(INVOICE_LIST_DOC, 'Recherche sur le numéro de facture ou de commande, la société et son e-mail.')
  async list(
    @Query() query: InvoiceListQueryDto,
  ): Promise<{ success: true; message: string; invoices: InvoiceSummaryView[]; page: Paginated<InvoiceSummaryView> }> {
    const page = await listInvoices(this.dataSource.manager, query);
    return { success: true, message: 'Factures récupérées avec succès.', invoices: page.data, page };
  }

  @Get('invoices/export')
  @RequirePermission('invoices', 'view')
  @ApiOperation({
    summary:
      'Export comptable de la période (CSV ou XLSX) : factures et avoirs par devise et taux (HT, TVA, TTC), puis les paiements.',
  })
  async export(@Query() query: InvoiceExportQueryDto, @Res() res: Response): Promise<void> {
    const now = new Date();
    const to = query.to ?? today(now);
    const from = query.from ?? `${to.slice(0, 7)}-01`;
    if (from > to) throw invalidField('from', 'La date de début doit précéder la date de fin.');
    const format = query.format ?? 'csv';
    const rows = await exportRows(
      this.dataSource.manager,
      new Date(`${from}T00:00:00Z`),
      new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000),
    );
    res.setHeader('Content-Type', EXPORT_TYPES[format]);
    res.setHeader('Content-Disposition', `attachment; filename="ventes-${from}-${to}.${format}"`);
    res.setHeader('Cache-Control', 'no-store');
    if (format === 'csv') await writeExportCsv(rows, res);
    else await writeExportXlsx(rows, res, now);
  }

  @Get('invoices/:id')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('invoices', 'view')
  @ApiOperation({ summary: 'Une facture : lignes, totaux HT / TVA / TTC par devise, avoirs, paiements, solde et état.' })
  async get(@Param('id', INVOICE) id: number): Promise<{ success: true; message: string; invoice: InvoiceView }> {
    return { success: true, message: 'Facture récupérée avec succès.', invoice: await this.invoices.get(id) };
  }

  @Get('customer/:id/account')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('invoices', 'view')
  @ApiOperation({
    summary: 'Le compte d’un client : ses factures (TTC, payé, solde, état), ses paiements et le solde dû par devise.',
  })
  async account(
    @Param('id', new IdPipe('Client introuvable.')) id: number,
  ): Promise<{ success: true; message: string; account: CustomerAccountView }> {
    return {
      success: true,
      message: 'Compte du client récupéré avec succès.',
      account: await customerAccount(this.dataSource.manager, id),
    };
  }

  @Get('order/:id/invoices')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('invoices', 'view')
  @ApiOperation({ summary: 'Les factures d’une commande et, par ligne, le commandé, le facturé et le reste à facturer.' })
  async forOrder(@Param('id', ORDER) id: number): Promise<{ success: true; message: string; invoices: OrderInvoicesView }> {
    return { success: true, message: 'Factures récupérées avec succès.', invoices: await this.invoices.forOrder(id) };
  }

  @Post('order/:id/invoices')
  @HttpCode(201)
  @RequirePermission('invoices', 'create')
  @ApiOperation({
    summary:
      'Émet une facture (FAC-AAAA-00001, sans trou) de tout ce qui reste à facturer ou des lignes et quantités données ; 409 si la commande n’est pas confirmée ou si une quantité dépasse le reste.',
  })
  async issue(
    @Param('id', ORDER) id: number,
    @Body() dto: InvoiceDto,
    @Req() req: Request,
  ): Promise<{ success: true; message: string; invoice: InvoiceView }> {
    const invoice = await this.invoices.issue(id, dto, req.principal!.userId);
    return { success: true, message: `Facture ${invoice.number} émise.`, invoice };
  }

  @Get('invoices/:id/pdf')
  @RequirePermission('invoices', 'view')
  @ApiOperation({
    summary: 'Le PDF de la facture (montant en lettres, mentions légales, coordonnées bancaires, échéance, solde).',
  })
  async pdf(@Param('id', INVOICE) id: number, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.invoices.pdf(id));
  }

  @Post('invoices/:id/credit-notes')
  @HttpCode(201)
  @RequirePermission('invoices', 'delete')
  @ApiOperation({
    summary:
      'Émet un avoir (AV-AAAA-00001) : total (annule la facture) ou partiel (lignes et quantités au plus le facturé non encore crédité), motif requis.',
  })
  async credit(
    @Param('id', INVOICE) id: number,
    @Body() dto: CreditNoteDto,
    @Req() req: Request,
  ): Promise<{ success: true; message: string; invoice: InvoiceView }> {
    const invoice = await this.invoices.credit(id, dto, req.principal!.userId);
    return { success: true, message: `Avoir ${invoice.credit_notes.at(-1)!.number} émis.`, invoice };
  }

  @Get('credit-notes/:id/pdf')
  @RequirePermission('invoices', 'view')
  @ApiOperation({ summary: 'Le PDF de l’avoir (lignes créditées, motif, facture corrigée).' })
  async creditNotePdf(@Param('id', new IdPipe('Avoir introuvable.')) id: number, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.invoices.creditNotePdf(id));
  }
}
