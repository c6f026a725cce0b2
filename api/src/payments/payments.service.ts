import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { diffOf } from '../audit/audit-diff.js';
import { AuditService } from '../audit/audit.service.js';
import { fromMinor, toColumn } from '../common/money.js';
import { runTransaction } from '../common/transactions.js';
import { conflict, invalidField, notFound } from '../core/errors/api-error.js';
import { Invoice } from '../invoices/entities/invoice.entity.js';
import { balances, storedState } from '../invoices/invoice-amounts.js';
import { lockedFolder, staffName } from '../invoices/invoice-folders.js';
import { invoiceView } from '../invoices/invoice-presenters.js';
import { storeTotals } from '../invoices/invoice-totals.js';
import type { InvoiceView } from '../contract/invoices.js';
import { Order } from '../orders/entities/order.entity.js';
import type { PaymentDto } from './dto/payment.dto.js';
import { PAYMENT_METHOD_LABELS, Payment } from './entities/payment.entity.js';

const PAYMENT_NOT_FOUND = 'Paiement introuvable.';

/**
 * Payments received against an invoice (docs/order-model.md, "The documents"): each in one of the
 * invoice's currencies, at most its balance there; the invoice's state follows (partly paid, paid) in
 * the same transaction. A payment can be deleted (a typing mistake), audited, except on an invoice
 * canceled by a credit note: that invoice is closed, its payments are part of its settlement.
 */
@Injectable()
export class PaymentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async record(invoiceId: number, dto: PaymentDto, userId: number): Promise<{ payment: Payment; invoice: InvoiceView }> {
    const paidAt = dto.paid_at ? new Date(`${dto.paid_at}T12:00:00Z`) : new Date();
    if (Number.isNaN(paidAt.getTime())) throw invalidField('paid_at', 'La date du paiement doit être une date (AAAA-MM-JJ).');
    return runTransaction(this.dataSource, async (manager) => {
      const folder = await lockedFolder(manager, invoiceId);
      if (folder.invoice.state === 'canceled_by_credit_note')
        throw conflict('Cette facture est annulée par un avoir : elle ne peut plus recevoir de paiement.');
      const all = balances(folder);
      let currency = dto.currency?.toUpperCase();
      if (!currency) {
        if (all.length > 1)
          throw invalidField(
            'currency',
            `Précisez la devise du paiement : la facture est en ${all.map((b) => b.currency).join(' et ')}.`,
          );
        currency = all[0]!.currency;
      }
      const due = all.find((b) => b.currency === currency);
      if (!due) throw invalidField('currency', `La facture n’a pas de montant en ${currency}.`);
      const amount = BigInt(dto.amount);
      if (due.balance <= 0n) throw conflict(`Il ne reste rien à payer en ${currency} sur cette facture.`);
      if (amount > due.balance)
        throw invalidField('amount', `Le montant dépasse le solde dû (${fromMinor(due.balance, currency)} ${currency}).`);
      const inserted = await manager.getRepository(Payment).insert({
        invoice_id: invoiceId,
        amount: toColumn(amount, currency),
        currency_code: currency,
        method: dto.method,
        reference: dto.reference || null,
        paid_at: paidAt,
        created_by: userId,
        created_by_name: await staffName(manager, userId),
      });
      const paymentId = Number(inserted.identifiers[0]!.id);
      const invoice = await this.settle(manager, invoiceId);
      await this.audit.record(manager, {
        entity: 'payment',
        entity_id: paymentId,
        label: `${fromMinor(amount, currency)} ${currency} · ${folder.invoice.number}`,
        action: 'create',
        changes: diffOf(null, {
          invoice: folder.invoice.number,
          amount: `${fromMinor(amount, currency)} ${currency}`,
          method: PAYMENT_METHOD_LABELS[dto.method],
          reference: dto.reference || null,
          paid_at: paidAt,
          invoice_state: invoice.state,
        }),
      });
      return { payment: await manager.getRepository(Payment).findOneByOrFail({ id: paymentId }), invoice };
    });
  }

  async remove(paymentId: number): Promise<InvoiceView> {
    return runTransaction(this.dataSource, async (manager) => {
      const found = await manager.getRepository(Payment).findOneBy({ id: paymentId });
      if (!found) throw notFound(PAYMENT_NOT_FOUND);
      const folder = await lockedFolder(manager, found.invoice_id);
      const payment = folder.payments.find((p) => p.id === paymentId);
      if (!payment) throw notFound(PAYMENT_NOT_FOUND);
      if (folder.invoice.state === 'canceled_by_credit_note')
        throw conflict('La facture est annulée par un avoir : ses paiements ne peuvent plus être supprimés.');
      await manager.getRepository(Payment).delete({ id: paymentId });
      const invoice = await this.settle(manager, folder.invoice.id);
      await this.audit.record(manager, {
        entity: 'payment',
        entity_id: paymentId,
        label: `${payment.amount} ${payment.currency_code} · ${folder.invoice.number}`,
        action: 'delete',
        changes: diffOf(
          {
            amount: `${payment.amount} ${payment.currency_code}`,
            method: PAYMENT_METHOD_LABELS[payment.method],
            reference: payment.reference,
          },
          null,
        ),
      });
      return invoice;
    });
  }

  /** The invoice's state and stored totals after its payments changed, written in the same transaction. */
  private async settle(manager: import('typeorm').EntityManager, invoiceId: number): Promise<InvoiceView> {
    const folder = await lockedFolder(manager, invoiceId);
    const state = storedState(folder, false);
    await storeTotals(manager, [folder]);
    if (state !== folder.invoice.state) await manager.getRepository(Invoice).update({ id: invoiceId }, { state });
    const order = await manager.getRepository(Order).findOneByOrFail({ id: folder.invoice.order_id });
    return invoiceView({ ...folder, invoice: { ...folder.invoice, state } }, order);
  }
}
