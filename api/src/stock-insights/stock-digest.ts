import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { Lease, processOwner } from '../core/lease/lease.js';
import { MailService } from '../mail/mail.service.js';
import { formatLongDate } from '../shared/dates.js';
import { formatCount } from '../shared/money.js';
import { isoDay } from './stock-conditions.js';
import { StockAlertsService, type AlertLot, type AlertProduct, type StockAlerts } from './stock-alerts.service.js';
import { escapeHtml } from '../common/html.js';
import { yieldToRequests } from '../common/background-slices.js';

/** The day's claim: taken by one replica and left to expire, so the digest goes once a day whatever the replicas. */
const DAILY_CLAIM_MS = 20 * 60 * 60_000;
export const DIGEST_LEASE = 'stock-digest';
/** Staff read, and mails queued, per slice between two turns of the event loop (docs/performance.md). */
const RECIPIENTS_SLICE = 2000;
const DIGEST_SLICE = 100;

/** A calendar day ("2026-11-30") in words; Lomé keeps UTC all year, so the day is the same. */
const frenchDate = (day: string) => formatLongDate(day);
const units = (n: number) => `${formatCount(n)} unité${n > 1 ? 's' : ''}`;

interface Part {
  title: string;
  count: number;
  lines: string[];
  link: string;
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The daily stock digest: one e-mail in French (HTML and text) to each staff member
 * whose role may view stock, listing the low and out-of-stock products, the lots expiring within 30
 * days and the expired lots still counted, each part linked to the dashboard's filtered list. Not sent
 * when there is nothing to say. Every hour the scheduler checks whether it is STOCK_DIGEST_HOUR; the
 * day's lease (job_leases) lets one replica only send it.
 */
@Injectable()
export class StockDigest {
  private readonly logger = new Logger('StockDigest');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly alerts: StockAlertsService,
    private readonly mail: MailService,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'stock-digest' })
  async scheduled(): Promise<void> {
    try {
      await this.runDaily();
    } catch (error) {
      this.logger.error(`Stock digest failed: ${(error as Error).message}`);
    }
  }

  /** At STOCK_DIGEST_HOUR, once a day among all replicas: sends the digest; answers how many were queued (undefined: not this process's turn). */
  async runDaily(now = new Date()): Promise<number | undefined> {
    if (this.config.stockDigestHour === null || now.getUTCHours() !== this.config.stockDigestHour) return undefined;
    const claimed = await new Lease(this.dataSource, DIGEST_LEASE, processOwner()).acquire(DAILY_CLAIM_MS, now);
    if (!claimed) return undefined;
    return this.send(now);
  }

  /** Queues the digest for every recipient; 0 when there is nothing to report or nobody to tell. */
  async send(now = new Date()): Promise<number> {
    const alerts = await this.alerts.alerts(now);
    const mail = this.compose(alerts, now);
    if (!mail) return 0;
    const recipients = await this.recipients();
    for (const [i, to] of recipients.entries()) {
      // A mail is one insert: by slices, so that a staff of thousands does not hold the requests.
      if (i && i % DIGEST_SLICE === 0) await yieldToRequests();
      await this.mail.send({
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        kind: 'stock-digest',
        related: `stock-digest:${isoDay(now)}`,
      });
    }
    this.logger.log(`Stock digest queued for ${recipients.length} recipient(s)`);
    return recipients.length;
  }

  /** Staff whose role grants stock view, in id order, read by slices of ids (keyset). */
  async recipients(): Promise<string[]> {
    const out: string[] = [];
    for (let after = 0; ;) {
      const rows = await this.dataSource
        .createQueryBuilder()
        .select('u.id', 'id')
        .addSelect('u.email', 'email')
        .from('users', 'u')
        .innerJoin('role_permissions', 'rp', 'rp.role_id = u.role_id')
        .where('rp.category = :category AND rp.can_view = :yes', { category: 'stock', yes: true })
        .andWhere('u.id > :after', { after })
        .orderBy('u.id', 'ASC')
        .limit(RECIPIENTS_SLICE)
        .getRawMany<{ id: number | string; email: string }>();
      if (!rows.length) return out;
      out.push(...rows.map((r) => r.email));
      after = Number(rows.at(-1)!.id);
      await yieldToRequests();
    }
  }

  /** The mail, or null when every part is empty. */
  compose(alerts: StockAlerts, now: Date): DigestMail | null {
    const list = (filter: string) => `${this.config.siteUrl}/dashboard/produits?stock=${filter}`;
    const product = (p: AlertProduct, withThreshold: boolean) =>
      `${p.name} (${p.reference}) : ${units(p.stock)} disponible${p.stock > 1 ? 's' : ''}${withThreshold ? `, seuil ${formatCount(p.threshold)}` : ''}`;
    const lot = (l: AlertLot, past: boolean) =>
      `${l.name} (${l.reference}) : ${units(l.quantity_left)}, ${past ? 'périmé depuis le' : 'expire le'} ${frenchDate(l.expires_at)}`;
    const lowOnly = alerts.counts.low - alerts.counts.out;
    const parts: Part[] = [
      { title: 'Stock bas', count: lowOnly, lines: alerts.low.map((p) => product(p, true)), link: list('low') },
      {
        title: 'En rupture de stock',
        count: alerts.counts.out,
        lines: alerts.out.map((p) => product(p, false)),
        link: list('out'),
      },
      {
        title: `Lots qui expirent d’ici ${alerts.counts.expiring_days} jours`,
        count: alerts.expiringLots,
        lines: alerts.expiring.map((l) => lot(l, false)),
        link: list('expiring'),
      },
      {
        title: 'Lots périmés encore en stock',
        count: alerts.expiredLots,
        lines: alerts.expired.map((l) => lot(l, true)),
        link: list('expired'),
      },
    ].filter((part) => part.count > 0);
    if (!parts.length) return null;
    const company = this.config.company.name;
    const intro = `Voici l’état du stock au ${frenchDate(isoDay(now))}.`;
    const more = (part: Part) =>
      part.count > part.lines.length ? `… et ${formatCount(part.count - part.lines.length)} de plus.` : null;
    const text = [
      'Bonjour,',
      intro,
      ...parts.map((part) =>
        [
          `${part.title} (${formatCount(part.count)})`,
          ...part.lines.map((line) => `- ${line}`),
          more(part),
          `Voir la liste : ${part.link}`,
        ]
          .filter(Boolean)
          .join('\n'),
      ),
      company,
    ].join('\n\n');
    const html = [
      '<p>Bonjour,</p>',
      `<p>${escapeHtml(intro)}</p>`,
      ...parts.map(
        (part) =>
          `<h2>${escapeHtml(part.title)} (${formatCount(part.count)})</h2><ul>${part.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
          `${more(part) ? `<p>${escapeHtml(more(part)!)}</p>` : ''}<p><a href="${escapeHtml(part.link)}">Voir la liste</a></p>`,
      ),
      `<p>${escapeHtml(company)}</p>`,
    ].join('');
    const summary = parts.map((part) => `${formatCount(part.count)} ${part.title.toLowerCase()}`).join(', ');
    return { subject: `Alertes de stock : ${summary}`, text: `${text}\n`, html };
  }
}
