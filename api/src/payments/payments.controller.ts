import { Body, Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { RequirePermission } from '../core/access/permissions.js';
import { paymentView } from '../invoices/invoice-presenters.js';
import type { InvoiceView, PaymentView } from '../contract/invoices.js';
import { PaymentDto } from './dto/payment.dto.js';
import { PaymentsService } from './payments.service.js';

/** Payments against invoices (permission `payments`): `create` records one, `delete` removes one (audited). */
@ApiTags('Tableau de bord : paiements')
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('invoices/:id/payments')
  @HttpCode(201)
  @RequirePermission('payments', 'create')
  @ApiOperation({
    summary:
      'Enregistre un paiement (espèces, virement, chèque, T-Money, Flooz, carte) en unités mineures, au plus le solde dû ; la facture passe « Partiellement payée » ou « Payée ».',
  })
  async record(
    @Param('id', new IdPipe('Facture introuvable.')) id: number,
    @Body() dto: PaymentDto,
    @Req() req: Request,
  ): Promise<{ success: true; message: string; payment: PaymentView; invoice: InvoiceView }> {
    const { payment, invoice } = await this.payments.record(id, dto, req.principal!.userId);
    return { success: true, message: 'Paiement enregistré.', payment: paymentView(payment), invoice };
  }

  @Delete('payments/:id')
  @RequirePermission('payments', 'delete')
  @ApiOperation({ summary: 'Supprime un paiement saisi par erreur (journalisé) ; 409 si la facture est annulée par un avoir.' })
  async remove(
    @Param('id', new IdPipe('Paiement introuvable.')) id: number,
  ): Promise<{ success: true; message: string; invoice: InvoiceView }> {
    return { success: true, message: 'Paiement supprimé.', invoice: await this.payments.remove(id) };
  }
}
