import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { MetricsRecorder } from '../common/metrics-recorder.js';
import { retryOnConflict } from '../common/transactions.js';
import { OutgoingMail } from './entities/outgoing-mail.entity.js';
import { OutboxTransport, SmtpTransport, type MailAttachment, type MailTransport } from './mail-transports.js';

export interface MailRequest {
  to: string;
  /** Replies to this address (a visitor's, a customer's) rather than to the no-reply sender. */
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** What the mail is for ("contact", "order-received", "password-reset", ...). */
  kind: string;
  /** What it is about ("order:12"), so a screen can list the mails of a record. */
  related?: string | null;
  /** Attachment references ("devis:12"), each made at delivery by the resolver of its prefix. */
  attachments?: string[];
  /** Newsletter and marketing mail: its unsubscribe address, sent as List-Unsubscribe with one-click POST. */
  listUnsubscribe?: string | null;
  /** Not sent before this time (an undo window): the row waits in the outbox until a worker's tick after it. */
  notBefore?: Date;
}

/** Makes the file behind an attachment reference (given what follows "prefix:"); null when its record is gone. */
export type AttachmentResolver = (key: string) => Promise<MailAttachment | null>;

/** Retry policy: 1 min, 2, 4, 8 ... capped at 6 h; given up (status failed) after this many attempts. */
export const MAIL_MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_CAP_MS = 6 * 60 * 60_000;
/** A claimed mail is not picked up again for this long (a crash mid-send leads to a later retry). */
const CLAIM_LEASE_MS = 5 * 60_000;
const WORKER_INTERVAL_MS = 30_000;
const BATCH = 20;

export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * The one way the application sends e-mail. `send` writes the mail to the `outgoing_mails` table
 * first (in the caller's transaction when given one), then tries to deliver it in the background:
 * by SMTP when SMTP_URL is set, otherwise as an .eml file in DATA_DIR/outbox. A failed attempt
 * stays queued with a growing delay and a periodic worker retries it, so no mail is lost when the
 * SMTP server is down. Claiming a mail is one conditional UPDATE, so two workers (or replicas)
 * never send the same mail twice at once.
 */
@Injectable()
export class MailService implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: MailTransport;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly delayed = new Set<NodeJS.Timeout>();
  private stopped = false;
  private sweeping: Promise<void> | null = null;
  private readonly resolvers = new Map<string, AttachmentResolver>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: MetricsRecorder,
  ) {
    this.transport = config.smtpUrl ? new SmtpTransport(config.smtpUrl) : new OutboxTransport(config.outboxDir);
  }

  get transportDescription(): string {
    return this.transport.description;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.processDue().catch(() => undefined), WORKER_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the worker and lets running deliveries finish while the database is still open. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
    await this.idle();
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }

  /**
   * Queues an e-mail and starts its delivery. Pass `manager` to write the row inside a running
   * transaction: delivery then starts only once that transaction has committed (`afterCommit`).
   */
  async send(request: MailRequest, manager?: EntityManager): Promise<OutgoingMail> {
    const repo = (manager ?? this.dataSource.manager).getRepository(OutgoingMail);
    const row = repo.create({
      to_address: request.to.trim(),
      // Never a reply into the no-reply sender: without an address of its own, a reply reaches the company.
      reply_to: (request.replyTo?.trim() || this.config.company.email).slice(0, 255),
      list_unsubscribe: request.listUnsubscribe?.slice(0, 512) || null,
      subject: singleLine(request.subject).slice(0, 255),
      text: request.text,
      html: request.html ?? null,
      kind: request.kind.slice(0, 40),
      related: request.related ?? null,
      attachments: request.attachments?.length ? JSON.stringify(request.attachments) : null,
      status: 'queued',
      attempts: 0,
      last_error: null,
      next_attempt_at: request.notBefore ?? new Date(),
      sent_at: null,
    });
    const saved = await repo.save(row);
    if (!manager && !request.notBefore) this.kick(saved.id);
    return saved;
  }

  /** Registers how to make the attachments whose reference starts with `prefix:` (e.g. "devis"). */
  registerAttachment(prefix: string, resolver: AttachmentResolver): void {
    this.resolvers.set(prefix, resolver);
  }

  private async resolveAttachments(json: string | null): Promise<MailAttachment[]> {
    const refs = json ? (JSON.parse(json) as string[]) : [];
    const files = await Promise.all(
      refs.map((ref) => {
        const cut = ref.indexOf(':');
        const resolver = this.resolvers.get(ref.slice(0, cut));
        // Not registered (yet): the attempt fails and the mail is retried later, never sent without it.
        if (!resolver) throw new Error(`No attachment resolver for "${ref}"`);
        return resolver(ref.slice(cut + 1));
      }),
    );
    // A record deleted since (an order removed by staff): the mail still goes, without that file.
    return files.filter((file): file is MailAttachment => file !== null);
  }

  /** Starts delivering mails queued inside a transaction that has now committed. */
  deliverSoon(ids: number[]): void {
    for (const id of ids) this.kick(id);
  }

  /**
   * Mails committed with a `notBefore` this far ahead: this process tries them once their time comes.
   * The rows are the truth: a restart, another replica or a mail dropped meanwhile (an undo) is fine,
   * as the worker's tick sends whatever is still queued and due, and a dropped row is simply not found.
   */
  deliverAfter(ids: number[], delayMs: number): void {
    if (!ids.length || this.stopped) return;
    if (delayMs <= 0) return this.deliverSoon(ids);
    const timer = setTimeout(() => {
      this.delayed.delete(timer);
      this.deliverSoon(ids);
    }, delayMs + 50);
    timer.unref();
    this.delayed.add(timer);
  }

  /** Waits until every delivery started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size || this.sweeping) {
      await Promise.allSettled([...this.inFlight, this.sweeping]);
    }
  }

  /** One pass of the worker: tries every queued mail whose time has come. */
  processDue(now = new Date()): Promise<void> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      try {
        const due = await this.dataSource
          .getRepository(OutgoingMail)
          .createQueryBuilder('m')
          .select('m.id', 'id')
          .where('m.status = :status', { status: 'queued' })
          .andWhere('(m.next_attempt_at IS NULL OR m.next_attempt_at <= :now)', { now })
          .orderBy('m.next_attempt_at', 'ASC')
          .addOrderBy('m.id', 'ASC')
          .limit(BATCH)
          .getRawMany<{ id: number }>();
        for (const { id } of due) {
          if (this.stopped) break;
          await this.attempt(Number(id), now);
        }
      } catch (error) {
        this.logger.error(`Mail worker pass failed: ${(error as Error).message}`);
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  private kick(id: number): void {
    if (this.stopped) return;
    const work = this.attempt(id)
      .catch((error: unknown) => this.logger.error(`Mail ${id}: ${(error as Error).message}`))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /**
   * Claims the mail (if still due), hands it to the transport, records the outcome. The claim and the
   * outcome are single writes outside a transaction: MariaDB may pick one of the mails of an order,
   * claimed side by side, as a deadlock victim; they run again instead of leaving the mail to the
   * worker's next pass (WORKER_INTERVAL_MS later) or sent but marked queued.
   */
  private async attempt(id: number, now = new Date()): Promise<void> {
    const repo = this.dataSource.getRepository(OutgoingMail);
    const claimed = await retryOnConflict(() =>
      repo
        .createQueryBuilder()
        .update(OutgoingMail)
        .set({ attempts: () => 'attempts + 1', next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS) })
        .where('id = :id', { id })
        .andWhere('status = :status', { status: 'queued' })
        .andWhere('(next_attempt_at IS NULL OR next_attempt_at <= :now)', { now })
        .execute(),
    );
    if (!claimed.affected) return;
    const mail = await repo.findOneByOrFail({ id });
    try {
      const attachments = await this.resolveAttachments(mail.attachments);
      await this.transport.deliver({
        attachments,
        id: mail.id,
        from: this.config.mailFrom,
        to: mail.to_address,
        replyTo: mail.reply_to,
        listUnsubscribe: mail.list_unsubscribe,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        kind: mail.kind,
        createdAt: new Date(mail.created_at),
      });
      await retryOnConflict(() =>
        repo.update({ id }, { status: 'sent', sent_at: new Date(), next_attempt_at: null, last_error: null }),
      );
    } catch (error) {
      const reason = describeError(error);
      const givingUp = mail.attempts >= MAIL_MAX_ATTEMPTS;
      this.metrics?.mailFailed(givingUp);
      await retryOnConflict(() =>
        repo.update(
          { id },
          givingUp
            ? { status: 'failed', next_attempt_at: null, last_error: reason }
            : { status: 'queued', next_attempt_at: new Date(now.getTime() + retryDelayMs(mail.attempts)), last_error: reason },
        ),
      );
      this.logger.warn(
        `Mail ${id} (${mail.kind}) not delivered by ${this.transport.description}, attempt ${mail.attempts}` +
          `${givingUp ? ', giving up' : ', will retry'}: ${reason}`,
      );
    }
  }
}

function singleLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

/** The transport's reason, without credentials that an SMTP URL could carry. */
function describeError(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; message?: string };
  const text = [e.code, e.responseCode, e.message]
    .filter(Boolean)
    .join(' ')
    .replace(/\/\/[^@\s]*@/g, '//***@');
  return text.slice(0, 1000) || 'Erreur inconnue';
}
