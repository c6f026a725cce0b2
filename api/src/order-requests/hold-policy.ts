import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ThrottleService } from '../auth/throttle.service.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { ConfirmedEmail } from '../contact/entities/confirmed-email.entity.js';

/** How a new request holds its stock (docs/order-model.md, "Holds the public cannot hoard"). */
export type HoldKind = 'firm' | 'provisional' | 'none';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Whether an anonymous request may hold stock, and for how long. A request from an address whose
 * owner confirmed it (an earlier confirmation link) holds firmly for ORDER_HOLD_DAYS. Any other holds
 * provisionally for PROVISIONAL_HOLD_HOURS, within what a business orders: a line above
 * ORDER_MAX_HOLD_UNITS, or more than ORDER_MAX_HELD_UNITS_PER_DAY units held by unconfirmed requests
 * from one client address or for one e-mail in 24 h, and the request holds nothing (staff quote it).
 * One request can then never empty the catalogue, and a flood of them holds a bounded amount for hours.
 */
@Injectable()
export class HoldPolicy {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly throttle: ThrottleService,
  ) {}

  async isConfirmed(email: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.getRepository(ConfirmedEmail).existsBy({ email: email.toLowerCase() });
  }

  private get perDay(): number {
    return Math.max(1, Math.round(this.config.quotes.maxHeldUnitsPerDay * this.config.rateLimitFactor));
  }

  private keys(ip: string, email: string): string[] {
    return [`hold:ip:${ip}`.slice(0, 191), `hold:email:${email.toLowerCase()}`.slice(0, 191)];
  }

  async decide(request: { email: string; ip: string; quantities: number[] }): Promise<HoldKind> {
    const { maxHoldUnits } = this.config.quotes;
    if (request.quantities.some((quantity) => quantity > maxHoldUnits)) return 'none';
    if (await this.isConfirmed(request.email)) return 'firm';
    const units = request.quantities.reduce((sum, quantity) => sum + quantity, 0);
    const rule = { max: Number.MAX_SAFE_INTEGER, windowMs: DAY_MS, lockMs: 0 };
    for (const key of this.keys(request.ip, request.email)) {
      if ((await this.throttle.count(key, rule)) + units > this.perDay) return 'none';
    }
    return 'provisional';
  }

  /** Counts the units a provisional request now holds against its address and e-mail. */
  async held(request: { email: string; ip: string; quantities: number[] }): Promise<void> {
    const units = request.quantities.reduce((sum, quantity) => sum + quantity, 0);
    for (const key of this.keys(request.ip, request.email)) await this.throttle.add(key, units, DAY_MS);
  }

  /** When a hold of this kind, made now, ends. */
  holdUntil(kind: HoldKind, now = Date.now()): Date | null {
    if (kind === 'firm') return new Date(now + this.config.quotes.holdDays * DAY_MS);
    if (kind === 'provisional') return new Date(now + this.config.quotes.provisionalHoldHours * 60 * 60_000);
    return null;
  }
}
