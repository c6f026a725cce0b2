import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, type Repository } from 'typeorm';
import { ApiError } from '../core/errors/api-error.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { LoginThrottle } from './entities/login-throttle.entity.js';

/**
 * At most `max` hits per `windowMs`; reaching it locks the key for `lockMs`. With `maxLockMs`, the
 * lock grows instead: every further hit after a lock doubles it (lockMs, 2 × lockMs, ...) up to
 * `maxLockMs` (exponential back-off rather than one long lock).
 */
export interface ThrottleRule {
  max: number;
  windowMs: number;
  lockMs: number;
  maxLockMs?: number;
}

/** The lock a key gets at its `failures`-th hit (failures >= max). */
export function lockDurationMs(rule: ThrottleRule, failures: number): number {
  if (!rule.maxLockMs) return rule.lockMs;
  const doublings = Math.min(30, Math.max(0, failures - rule.max));
  return Math.min(rule.maxLockMs, rule.lockMs * 2 ** doublings);
}

const MINUTE = 60 * 1000;

export const THROTTLE_RULES = {
  /** Recovery requests for one address from one client (sign-in: see `sign-in-throttle.ts`). */
  recoveryPair: { max: 3, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Recovery requests for one address from anywhere: against mail bombing only. */
  recoveryEmail: { max: 10, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  /** Recovery and reset requests from one IP address. */
  recoveryIp: { max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} satisfies Record<string, ThrottleRule>;

/** 429 with the time to wait, in French and in `Retry-After` (set by the controller). */
export class TooManyAttempts extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(HttpStatus.TOO_MANY_REQUESTS, message);
  }
}

export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Counters of attempts per key ("login:email:x@y", "login:ip:1.2.3.4", ...), kept in the database so
 * that every API replica sees the same counts. Each change is one atomic statement, so concurrent
 * requests cannot lose a hit.
 */
@Injectable()
export class ThrottleService {
  constructor(@InjectRepository(LoginThrottle) private readonly throttles: Repository<LoginThrottle>) {}

  /** Seconds until the longest lock among `keys` ends, or 0 when none is locked. */
  async lockedFor(keys: string[], now = new Date()): Promise<number> {
    const rows = await this.throttles.findBy({ key: In(keys) });
    let longest = 0;
    for (const row of rows) {
      if (!row.locked_until) continue;
      const remaining = new Date(row.locked_until).getTime() - now.getTime();
      if (remaining > longest) longest = remaining;
    }
    return Math.ceil(longest / 1000);
  }

  /** Counts one attempt for `key`; answers true when this attempt reached the limit (the key is now locked). */
  async hit(key: string, rule: ThrottleRule, now = new Date()): Promise<boolean> {
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const column = (name: string) => this.throttles.manager.connection.driver.escape(name);
    // A window that has run out (and is not locked) starts again at this attempt.
    const restarted = await this.throttles
      .createQueryBuilder()
      .update(LoginThrottle)
      .set({ failures: 1, window_started_at: now, locked_until: null })
      .where(`${column('key')} = :key`, { key })
      .andWhere(`${column('window_started_at')} < :windowStart`, { windowStart })
      .andWhere(`(${column('locked_until')} IS NULL OR ${column('locked_until')} < :now)`, { now })
      .execute();
    if (!restarted.affected) {
      const counted = await this.throttles
        .createQueryBuilder()
        .update(LoginThrottle)
        .set({ failures: () => `${column('failures')} + 1` })
        .where(`${column('key')} = :key`, { key })
        .execute();
      if (!counted.affected) {
        try {
          await this.throttles.insert({ key, failures: 1, window_started_at: now, locked_until: null });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          return this.hit(key, rule, now);
        }
      }
    }
    let lockMs = rule.lockMs;
    if (rule.maxLockMs) {
      const row = await this.throttles.findOneBy({ key });
      lockMs = lockDurationMs(rule, row?.failures ?? rule.max);
    }
    const locked = await this.throttles
      .createQueryBuilder()
      .update(LoginThrottle)
      .set({ locked_until: new Date(now.getTime() + lockMs) })
      .where(`${column('key')} = :key`, { key })
      .andWhere(`${column('failures')} >= :max`, { max: rule.max })
      .andWhere(`(${column('locked_until')} IS NULL OR ${column('locked_until')} < :now)`, { now })
      .execute();
    return Boolean(locked.affected);
  }

  /**
   * Adds `amount` to `key`'s count (a new window of `windowMs` when the last one is over); never
   * locks. For quantities rather than attempts (units held by unconfirmed order requests).
   */
  async add(key: string, amount: number, windowMs: number, now = new Date()): Promise<void> {
    const column = (name: string) => this.throttles.manager.connection.driver.escape(name);
    const restarted = await this.throttles
      .createQueryBuilder()
      .update(LoginThrottle)
      .set({ failures: amount, window_started_at: now, locked_until: null })
      .where(`${column('key')} = :key`, { key })
      .andWhere(`${column('window_started_at')} < :windowStart`, { windowStart: new Date(now.getTime() - windowMs) })
      .execute();
    if (restarted.affected) return;
    const counted = await this.throttles
      .createQueryBuilder()
      .update(LoginThrottle)
      .set({ failures: () => `${column('failures')} + ${Math.trunc(amount)}` })
      .where(`${column('key')} = :key`, { key })
      .execute();
    if (counted.affected) return;
    try {
      await this.throttles.insert({ key, failures: amount, window_started_at: now, locked_until: null });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.add(key, amount, windowMs, now);
    }
  }

  /** Hits counted for `key` in its current window (0 when the window is over). */
  async count(key: string, rule: ThrottleRule, now = new Date()): Promise<number> {
    const row = await this.throttles.findOneBy({ key });
    if (!row) return 0;
    return new Date(row.window_started_at).getTime() < now.getTime() - rule.windowMs ? 0 : row.failures;
  }

  async clear(key: string): Promise<void> {
    await this.throttles.delete({ key });
  }

  /** Removes counters whose window and lock are both over. */
  async purge(now = new Date(), olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
    await this.throttles.delete({ window_started_at: LessThan(new Date(now.getTime() - olderThanMs)) });
  }
}
