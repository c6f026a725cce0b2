import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Interval } from '@nestjs/schedule';
import { DataSource, LessThanOrEqual, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { diffOf } from '../audit/audit-diff.js';
import { runTransaction } from '../common/transactions.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { MailService } from '../mail/mail.service.js';
import { Order } from './entities/order.entity.js';
import { OrderItem } from './entities/order-item.entity.js';
import { clientNoticeMails } from './order-request-mails.js';
import { forOrder, moveOrderStock, orderLines } from '../stock/ledger/stock-ledger.js';

const CHECK_EVERY_MS = 5 * 60_000;
const BATCH = 50;

/**
 * Reservations that expire: a pending order request holds its stock until `hold_until`
 * (ORDER_HOLD_DAYS after it was made, extended by staff); then this job cancels it, gives the stock
 * back and tells the client. Correctness does not depend on timing or on how many replicas run the
 * job: each order is cancelled by one conditional UPDATE (`status = 'pending' AND stock_reserved`),
 * in the same transaction as the stock give-back, so exactly one of the job, another replica's job
 * or a staff status change wins, and only the winner moves stock or sends mail.
 */
@Injectable()
export class OrderHoldsService {
  private readonly logger = new Logger('OrderHolds');
  private running: Promise<number> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  @Interval('order-holds', CHECK_EVERY_MS)
  scheduled(): void {
    void this.expireDue().catch((error: unknown) => this.logger.error(`Hold check failed: ${(error as Error).message}`));
  }

  /** Cancels every pending order whose hold has ended by `now`; returns how many this call cancelled. */
  expireDue(now = new Date()): Promise<number> {
    // One pass at a time in this process (a slow pass must not stack up behind the interval).
    this.running ??= this.sweep(now).finally(() => (this.running = null));
    return this.running;
  }

  private async sweep(now: Date): Promise<number> {
    let cancelled = 0;
    for (;;) {
      const due = await this.dataSource.getRepository(Order).find({
        select: { id: true },
        where: { status: 'pending', stock_reserved: true, hold_until: LessThanOrEqual(now) },
        order: { hold_until: 'ASC', id: 'ASC' },
        take: BATCH,
      });
      let progress = 0;
      for (const { id } of due) {
        if (await this.expire(id, now)) progress++;
      }
      cancelled += progress;
      if (due.length < BATCH || progress === 0) return cancelled;
    }
  }

  /** After the conditional update that ended a hold: its journal entry (by nobody) and the stock given back. */
  private async endedHold(
    manager: EntityManager,
    id: number,
    action: 'update' | 'status',
    changes: ReturnType<typeof diffOf>,
    who: string,
  ): Promise<Order> {
    const order = await manager.getRepository(Order).findOneByOrFail({ id });
    await this.audit.record(
      manager,
      { entity: 'order', entity_id: id, label: order.order_num, action, changes },
      { actor: 'system', userId: null, userName: who, ip: null },
    );
    const items = await manager.getRepository(OrderItem).findBy({ order_id: id });
    // The system ends the hold: no staff member moved the stock.
    await moveOrderStock(manager, 'release', orderLines(items), forOrder(id, null));
    return order;
  }

  /**
   * A provisional hold (unconfirmed address) that ran out gives its stock back but leaves the request
   * pending, for staff to quote, and tells nobody: the address never confirmed it wants mail.
   */
  private releaseProvisional(id: number, now: Date): Promise<boolean> {
    return runTransaction(this.dataSource, async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(Order)
        .set({ stock_reserved: false, hold_until: null, hold_state: null })
        .where(
          'id = :id AND status = :status AND stock_reserved = :reserved AND hold_state = :provisional AND hold_until <= :now',
          {
            id,
            status: 'pending',
            reserved: true,
            provisional: 'provisional',
            now,
          },
        )
        .execute();
      if (!result.affected) return false;
      await this.endedHold(
        manager,
        id,
        'update',
        diffOf({ stock_reserved: true, hold_state: 'provisional' }, { stock_reserved: false, hold_state: null }),
        'Expiration de la réservation provisoire',
      );
      return true;
    });
  }

  /** Cancels one order if it is still pending, reserved and past its hold. True when this call did it. */
  async expire(id: number, now = new Date()): Promise<boolean> {
    if (await this.releaseProvisional(id, now)) {
      this.logger.log(`Order ${id}: provisional reservation expired, stock given back (the request stays pending)`);
      return true;
    }
    const mailIds: number[] = [];
    const done = await runTransaction(this.dataSource, async (manager) => {
      mailIds.length = 0;
      const result = await manager
        .createQueryBuilder()
        .update(Order)
        .set({ status: 'canceled', stock_reserved: false, hold_until: null, hold_state: null, cancel_reason: 'expired' })
        .where('id = :id AND status = :status AND stock_reserved = :reserved AND hold_until <= :now', {
          id,
          status: 'pending',
          reserved: true,
          now,
        })
        .execute();
      if (!result.affected) return false; // A staff change, an extension or another replica came first.
      // The history says who cancelled it: nobody, the reservation ran out.
      const order = await this.endedHold(
        manager,
        id,
        'status',
        diffOf({ status: 'pending', cancel_reason: null }, { status: 'canceled', cancel_reason: 'expired' }),
        'Expiration de la réservation',
      );
      for (const mail of clientNoticeMails(order, 'expired', this.config.company)) {
        mailIds.push((await this.mail.send(mail, manager)).id);
      }
      return true;
    });
    if (done) {
      this.mail.deliverSoon(mailIds);
      this.logger.log(`Order ${id}: reservation expired, cancelled and stock given back`);
    }
    return done;
  }
}
