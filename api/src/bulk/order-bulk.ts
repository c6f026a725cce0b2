import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { SubmittedForm } from '../common/forms.js';
import type { BulkAnswer } from '../contract/bulk.js';
import { can, type StaffPrincipal } from '../core/access/permissions.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { Order } from '../orders/entities/order.entity.js';
import type { StaffOrderSummaryQueryDto } from '../orders/order-list.js';
import { StaffOrdersService } from '../staff-orders/staff-orders.service.js';
import { ORDER_STATUS_LABELS } from '../shared/statuses.js';
import {
  bulkAnswer,
  chunks,
  eachRow,
  recordOperation,
  recordUndo,
  selectedIds,
  selectionErrors,
  undoableOperation,
} from './bulk-operation.js';
import type { OrderBulkDto } from './order-bulk.dto.js';

/**
 * Bulk status change of orders: each order goes through StaffOrdersService.changeStatus, as one
 * change does (stock moved through the ledger, delivered goods refused, a concurrent change answered
 * 409, the client's e-mails waiting STATUS_MAIL_DELAY_SECONDS in the outbox). « Annuler » is
 * StaffOrdersService.undoStatus on each, while those e-mails still wait: after that (or with a delay
 * of 0) the change is final, as a single one is.
 */
@Injectable()
export class OrderBulk {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: StaffOrdersService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async apply(
    principal: StaffPrincipal,
    submitted: SubmittedForm<OrderBulkDto>,
    filter: StaffOrderSummaryQueryDto,
  ): Promise<BulkAnswer> {
    const form = submitted.valid(selectionErrors(submitted.fields));
    const ids = await selectedIds(
      form,
      async (page, per_page) => (await this.orders.listOrders({ ...filter, page, per_page })).page,
    );
    const rows: Array<{ id: number; label: string; status: string }> = [];
    for (const part of chunks(ids)) {
      const found = await this.dataSource
        .getRepository(Order)
        .find({ select: { id: true, order_num: true, status: true }, where: { id: In(part) } });
      rows.push(...found.map((o) => ({ id: o.id, label: o.order_num, status: o.status })));
    }
    const allowed = can(principal, 'orders', 'edit');
    const outcome = await eachRow(ids, rows, async (row) => {
      if (!allowed) return 'Vous n’avez pas le droit de modifier des commandes.';
      if (row.status === form.status) return null;
      await this.orders.changeStatus(row.id, { status: form.status });
      return { before: { status: row.status }, after: { status: form.status } };
    });
    const delay = this.config.statusMailDelaySeconds;
    const operationId = outcome.done.length
      ? await recordOperation(
          this.audit,
          this.dataSource.manager,
          'order',
          `${outcome.done.length} commande(s) : ${ORDER_STATUS_LABELS[form.status]}`,
          { action: 'status', undoable: delay > 0 },
          outcome.done,
        )
      : null;
    return bulkAnswer(outcome, delay > 0 ? operationId : null, new Date(Date.now() + delay * 1000));
  }

  /** « Annuler »: each order's change taken back as « Annuler » on one order does, while its e-mails wait. */
  async undo(principal: StaffPrincipal, operationId: number): Promise<BulkAnswer> {
    const manager = this.dataSource.manager;
    const operation = await undoableOperation(
      manager,
      'order',
      operationId,
      principal.userId,
      this.config.statusMailDelaySeconds,
    );
    const outcome = await eachRow(
      operation.rows.map((row) => row.id),
      operation.rows,
      async (row) => {
        await this.orders.undoStatus(row.id);
        return { before: row.after, after: row.before };
      },
    );
    await recordUndo(
      this.audit,
      manager,
      'order',
      operationId,
      `Annulation : ${outcome.done.length} commande(s) rétablie(s)`,
      outcome.done,
    );
    return bulkAnswer(outcome, null, null, 'rétabli');
  }
}
