import { Injectable, Optional } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { MetricsRecorder } from '../common/metrics-recorder.js';
import { ThrottleService, TooManyAttempts, waitText, type ThrottleRule } from './throttle.service.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Failed sign-ins are counted so that guessing is slow, without giving a stranger a way to keep staff
 * out (OWASP ASVS 5 §6.3 / the "device cookie" approach):
 *
 * - per (account, client address): 5 failures, then exponential back-off (1, 2, 4 ... 15 minutes).
 *   The account's own user at another address is not affected.
 * - per client address, whatever the account: 30 failures, then back-off. A browser holding a device
 *   cookie of the account (it signed in there before) is counted on its own instead, so colleagues
 *   behind one office NAT keep signing in while someone there guesses.
 * - per device cookie: as per (account, address).
 * - per account, from anywhere: never a lock. Past a soft ceiling, a right password from a browser
 *   without the account's device cookie does not open a session but e-mails a one-time sign-in link
 *   (a step only the mailbox's owner can take; no CAPTCHA).
 *
 * Counters live in the database (`login_throttles`), so every API replica shares them.
 */
export const SIGN_IN_RULES = {
  pair: { max: 5, windowMs: 24 * HOUR, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
  address: { max: 30, windowMs: HOUR, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
  device: { max: 5, windowMs: 24 * HOUR, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
  /** Attempts refused by a lock, per account and address: counted for the journal, never locks. */
  refused: { max: Number.MAX_SAFE_INTEGER, windowMs: HOUR, lockMs: 0 },
  /** Counted only (never locks): reaching `ceiling` asks for the e-mailed link. */
  account: { max: Number.MAX_SAFE_INTEGER, windowMs: 24 * HOUR, lockMs: 0 },
} satisfies Record<string, ThrottleRule>;

/** Failures of one account, from anywhere, after which a sign-in needs the e-mailed link or a device cookie. */
export const ACCOUNT_SOFT_CEILING = 20;

/** Who is signing in: the account, the client address, and the id of the device cookie when it is the account's. */
export interface SignInAttempt {
  email: string;
  ip: string | null | undefined;
  /** The stored id (sha256) of a valid device cookie of this account, if the browser sent one. */
  deviceId?: string | null;
}

export const signInKeys = ({ email, ip, deviceId }: SignInAttempt) => ({
  pair: `login:pair:${email}|${ip || 'unknown'}`,
  address: `login:ip:${ip || 'unknown'}`,
  device: deviceId ? `login:device:${deviceId}` : null,
  account: `login:account:${email}`,
  refused: `login:refused:${email}|${ip || 'unknown'}`,
});

/** The refusals that make a journal entry: the 1st, 10th, 100th… of an account and address in the hour. */
export const isJournalled = (refusals: number) => refusals >= 1 && Number.isInteger(Math.log10(refusals));

@Injectable()
export class SignInThrottle {
  constructor(
    private readonly throttle: ThrottleService,
    private readonly audit: AuditService,
    @Optional() private readonly metrics?: MetricsRecorder,
  ) {}

  /**
   * The French 429 when this attempt is backed off. Each refusal is counted in the metrics and, so
   * that a flood leaves a trace without flooding the journal, journalled at the 1st, 10th, 100th…
   * refusal of the account and address in the hour.
   */
  async refuseIfLocked(attempt: SignInAttempt): Promise<void> {
    const wait = await this.waitFor(attempt);
    if (wait <= 0) return;
    const refusals = await this.refused(attempt);
    this.metrics?.signInThrottled();
    if (isJournalled(refusals))
      await this.audit.record(
        null,
        {
          entity: 'user',
          entity_id: null,
          label: attempt.email,
          action: 'login_throttled',
          changes: { tentatives_refusees_dans_l_heure: { before: null, after: refusals } },
        },
        { actor: 'public', userId: null, userName: null, ip: attempt.ip ?? null },
      );
    throw new TooManyAttempts(`Trop de tentatives de connexion. Veuillez réessayer dans ${waitText(wait)}.`, wait);
  }

  /** Seconds this attempt must wait (0: go ahead). */
  async waitFor(attempt: SignInAttempt): Promise<number> {
    const keys = signInKeys(attempt);
    return this.throttle.lockedFor(keys.device ? [keys.device] : [keys.pair, keys.address]);
  }

  /**
   * Counts an attempt the lock refused; answers how many this account and address had in the hour, so
   * that a flood of thousands leaves a few journal entries, not thousands.
   */
  async refused(attempt: SignInAttempt): Promise<number> {
    const key = signInKeys(attempt).refused;
    await this.throttle.hit(key, SIGN_IN_RULES.refused);
    return this.throttle.count(key, SIGN_IN_RULES.refused);
  }

  async failed(attempt: SignInAttempt): Promise<void> {
    const keys = signInKeys(attempt);
    if (keys.device) {
      await this.throttle.hit(keys.device, SIGN_IN_RULES.device);
    } else {
      await this.throttle.hit(keys.pair, SIGN_IN_RULES.pair);
      await this.throttle.hit(keys.address, SIGN_IN_RULES.address);
    }
    await this.throttle.hit(keys.account, SIGN_IN_RULES.account);
  }

  /** True when the account is past its soft ceiling and this browser is not one of its devices. */
  async needsEmailedLink(attempt: SignInAttempt): Promise<boolean> {
    if (attempt.deviceId) return false;
    return (await this.throttle.count(signInKeys(attempt).account, SIGN_IN_RULES.account)) >= ACCOUNT_SOFT_CEILING;
  }

  /** A right password from this place: its own counters start again (the address's and the account's stay). */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    const keys = signInKeys(attempt);
    await this.throttle.clear(keys.pair);
    if (keys.device) await this.throttle.clear(keys.device);
  }

  /** After a password reset or a sign-in through the e-mailed link: the account is its owner's again. */
  async forgiveAccount(email: string): Promise<void> {
    await this.throttle.clear(signInKeys({ email, ip: null }).account);
  }
}
