import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, LessThan, MoreThan } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { runExclusively } from '../core/lease/lease.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { MailService } from '../mail/mail.service.js';
import { Order } from '../orders/entities/order.entity.js';
import { CURRENCY_SYMBOLS, formatMoney } from '../common/money.js';
import { Invoice } from './entities/invoice.entity.js';
import { balances, today } from './invoice-amounts.js';
import { loadFolders } from './invoice-folders.js';
import { fromMinor } from '../common/money.js';
import { yieldToRequests } from '../common/background-slices.js';
import { formatLongDate } from '../shared/dates.js';

export const REMINDER_KIND = 'invoice-reminder';
const LEASE_TTL_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
/** Overdue invoices per slice: their mails included, a few ms on SQLite (docs/performance.md). */
const REMINDER_SLICE = 50;

/**
 * Reminders of overdue invoices (INVOICE_REMINDER_DAYS, off when unset): every hour one replica (a
 * lease) e-mails the client of each invoice whose due date has passed with a balance left, at most
 * once per interval, with Reply-To the company. Each reminder is recorded as its outgoing mail
 * (kind `invoice-reminder`, related `invoice:<id>`), which is also how the interval is kept.
 */
@Injectable()
export class InvoiceRemindersService {
  private readonly logger = new Logger('InvoiceReminders');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'invoice-reminders' })
  async scheduled(): Promise<void> {
    if (!this.config.quotes.invoiceReminderDays) return;
    try {
      await runExclusively(this.dataSource, 'invoice-reminders', LEASE_TTL_MS, () => this.remind());
    } catch (error) {
      this.logger.error(`Invoice reminders failed: ${(error as Error).message}`);
    }
  }

  /**
   * Sends the reminders due at `now`, in id order; answers how many were queued. The overdue invoices
   * are taken by slices of ids (keyset), requests let in between slices: at 100,000 invoices, one
   * reading of them all blocked a SQLite process for seconds and overflowed its bound parameters.
   */
  async remind(now = new Date(), days = this.config.quotes.invoiceReminderDays): Promise<number> {
    if (!days) return 0;
    let sent = 0;
    for (let after = 0; ;) {
      const overdue = await this.dataSource.manager.getRepository(Invoice).find({
        where: { id: MoreThan(after), state: In(['issued', 'partly_paid']), due_date: LessThan(today(now)) },
        order: { id: 'ASC' },
        take: REMINDER_SLICE,
      });
      if (!overdue.length) break;
      after = overdue.at(-1)!.id;
      sent += await this.remindSlice(overdue, now, days);
      await yieldToRequests();
    }
    if (sent) this.logger.log(`Invoice reminders: ${sent} sent`);
    return sent;
  }

  /** The reminders of these overdue invoices not reminded within `days`: answers how many were queued. */
  private async remindSlice(overdue: Invoice[], now: Date, days: number): Promise<number> {
    const manager = this.dataSource.manager;
    const recent = await manager.getRepository(OutgoingMail).find({
      select: { id: true, related: true },
      where: {
        kind: REMINDER_KIND,
        related: In(overdue.map((i) => `invoice:${i.id}`)),
        created_at: MoreThan(new Date(now.getTime() - days * DAY_MS)),
      },
    });
    const reminded = new Set(recent.map((m) => m.related));
    const due = overdue.filter((i) => !reminded.has(`invoice:${i.id}`));
    if (!due.length) return 0;
    const orders = new Map(
      (await manager.getRepository(Order).findBy({ id: In(due.map((i) => i.order_id)) })).map((o) => [o.id, o]),
    );
    let sent = 0;
    for (const folder of await loadFolders(manager, due)) {
      const order = orders.get(folder.invoice.order_id)!;
      const left = balances(folder).filter((b) => b.balance > 0n);
      if (!left.length) continue;
      const amounts = left
        .map((b) => formatMoney(fromMinor(b.balance, b.currency), b.currency, CURRENCY_SYMBOLS[b.currency] ?? b.currency))
        .join(' et ');
      const dueDate = formatLongDate(folder.invoice.due_date);
      await this.mail.send({
        to: order.company_email,
        replyTo: this.config.company.email,
        kind: REMINDER_KIND,
        related: `invoice:${folder.invoice.id}`,
        subject: `Rappel : facture ${folder.invoice.number} échue le ${dueDate}`,
        text: [
          `Bonjour ${order.representative_name},`,
          '',
          `Sauf erreur de notre part, la facture ${folder.invoice.number} (commande ${order.order_num}), échue le ${dueDate}, présente un solde de ${amounts}.`,
          ...(this.config.company.bankDetails.length
            ? ['', `Règlement par virement : ${this.config.company.bankDetails.join(' · ')}.`]
            : []),
          '',
          'Si votre paiement est déjà parti, merci de ne pas tenir compte de ce message. Pour toute question, répondez simplement à cet e-mail.',
          '',
          this.config.company.name,
        ].join('\n'),
      });
      sent++;
    }
    return sent;
  }
}
