import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { IsNull, LessThan, MoreThan, type Repository } from 'typeorm';
import { User } from '../../admins/entities/user.entity.js';
import type { SecondFactorMethod, TwoFactorStatus } from '../../contract/staff.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ValidationFailed, conflict, notFound } from '../../core/errors/api-error.js';
import { SignInToken } from '../entities/sign-in-token.entity.js';
import { isWellFormedToken, randomToken, safeEqual, sha256Hex } from '../tokens.js';
import { RecoveryCode } from './entities/recovery-code.entity.js';
import { TwoFactorCredential } from './entities/two-factor-credential.entity.js';
import { SecretBox } from './secret-box.js';

/** The pending sign-in between the password (or link) and the second factor: HttpOnly, sign-in routes only. */
export const MFA_COOKIE = 'comptoir_mfa';
export const MFA_COOKIE_PATH = '/api/login';
export const MFA_TTL_MS = 5 * 60 * 1000;
/** A WebAuthn challenge is good for this long, once. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
/** Unambiguous letters and digits (no 0/O, 1/I/L): codes are typed from paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** One step either side of now: a phone's clock a little off still works. */
const TOTP_TOLERANCE_S = 30;

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'Code incorrect ou déjà utilisé.',
  wrongRecoveryCode: 'Code de secours incorrect ou déjà utilisé.',
  wrongPasskey: "Cette clé d'accès n'a pas pu être vérifiée.",
  expired: 'La connexion a expiré : saisissez à nouveau votre email et votre mot de passe.',
  noTotpPending: "Commencez par afficher le QR code de l'application d'authentification.",
  totpExists: "Une application d'authentification est déjà enregistrée : retirez-la d'abord.",
  lastFactorRequired: 'Votre rôle exige la double authentification : gardez au moins une méthode.',
  passkeyNotFound: "Clé d'accès introuvable.",
};

export type Purpose = 'register' | 'second-factor' | 'passwordless';

/** What a right password (or link) leads to when the account needs a second factor. */
export interface SecondFactorNeeded {
  userId: number;
  methods: SecondFactorMethod[];
  /** The role requires a second factor and the account has none: enrol before any session opens. */
  enrolmentRequired: boolean;
}

/**
 * Second factors of staff accounts: TOTP applications (RFC 6238, otplib), single-use
 * recovery codes, passkeys (WebAuthn, @simplewebauthn/server), and the short pending state between
 * the password and the second factor (a `sign_in_tokens` row of kind `mfa`, its token in an HttpOnly
 * cookie).
 *
 * WebAuthn challenges carry their own proof (a keyed MAC over purpose, account and time), so no state
 * is kept while the browser talks to the authenticator; a verified challenge is then written as spent
 * (`sign_in_tokens` kind `webauthn`, unique hash), which makes it single-use.
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    @InjectRepository(TwoFactorCredential) private readonly credentials: Repository<TwoFactorCredential>,
    @InjectRepository(RecoveryCode) private readonly codes: Repository<RecoveryCode>,
    @InjectRepository(SignInToken) private readonly tokens: Repository<SignInToken>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = SecretBox.fromKey(config.twoFactorKey, config.dataDir);
    // Replicas on one database each keep their own key file: a secret sealed by one cannot be opened
    // by another. Said once at start, in the operator's log.
    if (!config.twoFactorKey && config.database.type !== 'sqlite')
      new Logger('TwoFactor').warn(
        'TWO_FACTOR_KEY is not set: this process seals two-factor secrets with its own DATA_DIR/two-factor.key; set one shared value when several replicas serve staff',
      );
    const site = new URL(config.siteUrl);
    this.rpId = site.hostname;
    this.origin = site.origin;
  }

  // ---- What an account has and needs ----

  async status(userId: number): Promise<TwoFactorStatus> {
    const rows = await this.credentials.find({ where: { user_id: userId }, order: { id: 'ASC' } });
    const totp = rows.find((row) => row.kind === 'totp' && row.confirmed_at);
    const left = await this.codes.countBy({ user_id: userId, used_at: IsNull() });
    return {
      enabled: rows.some((row) => row.confirmed_at),
      required: await this.roleRequires(userId),
      totp: totp ? { created_at: totp.created_at.toISOString(), last_used_at: totp.last_used_at?.toISOString() ?? null } : null,
      recovery_codes_left: left,
      passkeys: rows
        .filter((row) => row.kind === 'passkey')
        .map((row) => ({
          id: row.id,
          label: row.label,
          created_at: row.created_at.toISOString(),
          last_used_at: row.last_used_at?.toISOString() ?? null,
        })),
    };
  }

  /** Null: the password alone opens a session. */
  async requirementFor(userId: number): Promise<SecondFactorNeeded | null> {
    const methods = await this.methodsOf(userId);
    if (methods.length) return { userId, methods, enrolmentRequired: false };
    if (await this.roleRequires(userId)) return { userId, methods: [], enrolmentRequired: true };
    return null;
  }

  async methodsOf(userId: number): Promise<SecondFactorMethod[]> {
    const rows = await this.credentials.find({ select: { kind: true, confirmed_at: true }, where: { user_id: userId } });
    const methods: SecondFactorMethod[] = [];
    if (rows.some((row) => row.kind === 'totp' && row.confirmed_at)) methods.push('totp');
    if (rows.some((row) => row.kind === 'passkey')) methods.push('passkey');
    if (methods.length && (await this.codes.existsBy({ user_id: userId, used_at: IsNull() }))) methods.push('recovery_code');
    return methods;
  }

  private async roleRequires(userId: number): Promise<boolean> {
    const user = await this.users.findOne({ where: { id: userId }, relations: { role: true } });
    return Boolean(user?.role?.require_two_factor);
  }

  // ---- The pending sign-in ----

  /** A pending sign-in of `userId`: its token, for the browser's cookie (`SessionCookies.setMfa`). */
  async beginPending(userId: number): Promise<string> {
    const token = randomToken();
    const now = new Date();
    await this.tokens.delete({ expires_at: LessThan(now) });
    await this.tokens.insert({
      user_id: userId,
      kind: 'mfa',
      token_hash: sha256Hex(token),
      expires_at: new Date(now.getTime() + MFA_TTL_MS),
      used_at: null,
    });
    return token;
  }

  /** The account waiting for its second factor in this browser, or null (no cookie, expired, used). */
  async pendingOf(token: unknown): Promise<{ tokenId: number; user: User } | null> {
    if (!isWellFormedToken(token)) return null;
    const row = await this.tokens.findOne({
      where: { token_hash: sha256Hex(token), kind: 'mfa', used_at: IsNull(), expires_at: MoreThan(new Date()) },
      relations: { user: true },
    });
    return row?.user ? { tokenId: row.id, user: row.user } : null;
  }

  /** Spent in the statement that checks it is unspent: two concurrent completions cannot both open a session. */
  async spendPending(tokenId: number): Promise<boolean> {
    const spent = await this.tokens.update({ id: tokenId, used_at: IsNull() }, { used_at: new Date() });
    return Boolean(spent.affected);
  }

  // ---- TOTP ----

  /** A new secret (replacing an unfinished one), with its otpauth:// URI and the QR code as an SVG data URL. */
  async startTotp(user: Pick<User, 'id' | 'email'>): Promise<{ secret: string; otpauth_url: string; qr_code: string }> {
    if (await this.credentials.existsBy({ user_id: user.id, kind: 'totp', confirmed_at: MoreThan(new Date(0)) }))
      throw conflict(TWO_FACTOR_MESSAGES.totpExists);
    await this.credentials.delete({ user_id: user.id, kind: 'totp', confirmed_at: IsNull() });
    const secret = generateSecret();
    await this.credentials.insert({
      user_id: user.id,
      kind: 'totp',
      label: 'Application d’authentification',
      secret: this.box.seal(secret),
      credential_id: null,
      confirmed_at: null,
    });
    const uri = generateURI({ issuer: this.config.company.name, label: user.email, secret });
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return { secret, otpauth_url: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * The first code from the application proves it was set up: the factor starts guarding the account.
   * Answers the new recovery codes when the account had none left (else null: the old ones still work).
   */
  async confirmTotp(userId: number, code: unknown): Promise<string[] | null> {
    const row = await this.credentials.findOne({
      select: { id: true, secret: true, last_step: true },
      where: { user_id: userId, kind: 'totp', confirmed_at: IsNull() },
    });
    if (!row) throw new ValidationFailed({ code: [TWO_FACTOR_MESSAGES.noTotpPending] });
    const step = await this.checkTotp(row, code);
    if (step === null) throw new ValidationFailed({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
    await this.credentials.update({ id: row.id }, { confirmed_at: new Date(), last_step: step, last_used_at: new Date() });
    return this.recoveryCodesIfNone(userId);
  }

  /** A code of the account's confirmed application; each time step's code is accepted once. */
  async verifyTotp(userId: number, code: unknown): Promise<boolean> {
    const row = await this.credentials.findOne({
      select: { id: true, secret: true, last_step: true },
      where: { user_id: userId, kind: 'totp', confirmed_at: MoreThan(new Date(0)) },
    });
    if (!row) return false;
    const step = await this.checkTotp(row, code);
    if (step === null) return false;
    // Conditional on the step it read: of two concurrent uses of one code, one wins.
    const qb = this.credentials
      .createQueryBuilder()
      .update(TwoFactorCredential)
      .set({ last_step: step, last_used_at: new Date() })
      .where('id = :id', { id: row.id });
    if (row.last_step === null) qb.andWhere('last_step IS NULL');
    else qb.andWhere('last_step = :last', { last: row.last_step });
    return Boolean((await qb.execute()).affected);
  }

  private async checkTotp(row: Pick<TwoFactorCredential, 'secret' | 'last_step'>, code: unknown): Promise<number | null> {
    if (typeof code !== 'string') return null;
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const secret = this.box.open(row.secret);
    if (!secret) return null;
    try {
      const result = await verifyTotp({
        secret,
        token,
        epochTolerance: TOTP_TOLERANCE_S,
        ...(row.last_step !== null ? { afterTimeStep: row.last_step } : {}),
      });
      return result.valid ? (result as { timeStep: number }).timeStep : null;
    } catch {
      // otplib refuses an afterTimeStep ahead of the window (a clock moved back): not a valid code.
      return null;
    }
  }

  async removeTotp(userId: number): Promise<void> {
    await this.assertMayLose(userId, (row) => row.kind === 'totp');
    await this.credentials.delete({ user_id: userId, kind: 'totp' });
    await this.dropRecoveryCodesIfNoFactor(userId);
  }

  // ---- Recovery codes ----

  /** Ten new codes, the old ones void. Shown once: only their keyed hashes are kept. */
  async newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
      return `${chars.slice(0, 5)}-${chars.slice(5)}`;
    });
    await this.codes.delete({ user_id: userId });
    await this.codes.insert(
      codes.map((code) => ({ user_id: userId, code_hash: this.box.digest(normaliseRecoveryCode(code)), used_at: null })),
    );
    return codes;
  }

  private async recoveryCodesIfNone(userId: number): Promise<string[] | null> {
    if (await this.codes.existsBy({ user_id: userId, used_at: IsNull() })) return null;
    return this.newRecoveryCodes(userId);
  }

  /** Spends one recovery code of the account (marked used in the statement that checks it is unused). */
  async useRecoveryCode(userId: number, code: unknown): Promise<boolean> {
    if (typeof code !== 'string' || code.length > 64) return false;
    const normal = normaliseRecoveryCode(code);
    if (normal.length !== 10) return false;
    const spent = await this.codes.update(
      { user_id: userId, code_hash: this.box.digest(normal), used_at: IsNull() },
      { used_at: new Date() },
    );
    return Boolean(spent.affected);
  }

  private async dropRecoveryCodesIfNoFactor(userId: number): Promise<void> {
    if (!(await this.credentials.existsBy({ user_id: userId, confirmed_at: MoreThan(new Date(0)) })))
      await this.codes.delete({ user_id: userId });
  }

  // ---- Passkeys ----

  async registrationOptions(
    user: Pick<User, 'id' | 'email' | 'firstname' | 'name'>,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.credentials.find({
      select: { credential_id: true, transports: true },
      where: { user_id: user.id, kind: 'passkey' },
    });
    return generateRegistrationOptions({
      rpName: this.config.company.name,
      rpID: this.rpId,
      userName: user.email,
      userDisplayName: `${user.firstname} ${user.name}`,
      userID: new Uint8Array(Buffer.from(`comptoir-user-${user.id}`, 'utf8')),
      challenge: this.challenge('register', user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id!, transports: splitTransports(row.transports) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  }

  async registerPasskey(userId: number, response: unknown, label: string): Promise<void> {
    const invalid = new ValidationFailed({ credential: [TWO_FACTOR_MESSAGES.wrongPasskey] });
    if (!isCredentialJson(response)) throw invalid;
    let challenge = '';
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: (value) => this.challengeIsGood(value, 'register', userId) && Boolean((challenge = value)),
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw invalid;
    }
    if (!verification.verified || !(await this.spendChallenge(challenge, userId))) throw invalid;
    const { credential } = verification.registrationInfo;
    if (credential.id.length > 255) throw invalid;
    await this.credentials.insert({
      user_id: userId,
      kind: 'passkey',
      label: label.trim().slice(0, 100) || 'Clé d’accès',
      secret: Buffer.from(credential.publicKey).toString('base64url'),
      credential_id: credential.id,
      counter: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      confirmed_at: new Date(),
    });
  }

  /** Options to sign in with a passkey: of one account (second factor) or of any (discoverable, no password). */
  async authenticationOptions(
    purpose: 'second-factor' | 'passwordless',
    userId: number | null,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allow = userId
      ? await this.credentials.find({
          select: { credential_id: true, transports: true },
          where: { user_id: userId, kind: 'passkey' },
        })
      : [];
    return generateAuthenticationOptions({
      rpID: this.rpId,
      challenge: this.challenge(purpose, userId),
      allowCredentials: allow.map((row) => ({ id: row.credential_id!, transports: splitTransports(row.transports) })),
      userVerification: purpose === 'passwordless' ? 'required' : 'preferred',
    });
  }

  /**
   * Verifies an assertion; answers the account it proves, or null. Without a password the
   * authenticator must have verified its user (PIN, fingerprint): possession and that check are the
   * two factors.
   */
  async verifyPasskey(
    purpose: 'second-factor' | 'passwordless',
    userId: number | null,
    response: unknown,
  ): Promise<number | null> {
    if (!isCredentialJson(response)) return null;
    const row = await this.credentials.findOne({
      select: { id: true, user_id: true, secret: true, credential_id: true, counter: true, transports: true },
      where: { credential_id: response.id, kind: 'passkey' },
    });
    if (!row || (userId !== null && row.user_id !== userId)) return null;
    let challenge = '';
    try {
      const verification = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: (value) => this.challengeIsGood(value, purpose, userId) && Boolean((challenge = value)),
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        credential: {
          id: row.credential_id!,
          publicKey: new Uint8Array(Buffer.from(row.secret, 'base64url')),
          counter: row.counter,
          transports: splitTransports(row.transports) as never,
        },
        requireUserVerification: purpose === 'passwordless',
      });
      if (!verification.verified || !(await this.spendChallenge(challenge, row.user_id))) return null;
      await this.credentials.update(
        { id: row.id },
        { counter: verification.authenticationInfo.newCounter, last_used_at: new Date() },
      );
      return row.user_id;
    } catch {
      return null;
    }
  }

  async removePasskey(userId: number, id: number): Promise<void> {
    const row = await this.credentials.findOneBy({ id, user_id: userId, kind: 'passkey' });
    if (!row) throw notFound(TWO_FACTOR_MESSAGES.passkeyNotFound);
    await this.assertMayLose(userId, (other) => other.id === id);
    await this.credentials.delete({ id });
    await this.dropRecoveryCodesIfNoFactor(userId);
  }

  /** Recovery codes for a first passkey, as for a first application. */
  async recoveryCodesAfterPasskey(userId: number): Promise<string[] | null> {
    return this.recoveryCodesIfNone(userId);
  }

  /** Everything of the account's two-factor sign-in is forgotten (administrator's reset). */
  async reset(userId: number): Promise<{ had: SecondFactorMethod[] }> {
    const had = await this.methodsOf(userId);
    await this.credentials.delete({ user_id: userId });
    await this.codes.delete({ user_id: userId });
    await this.tokens.delete({ user_id: userId, kind: 'mfa' });
    return { had };
  }

  private async assertMayLose(userId: number, leaving: (row: TwoFactorCredential) => boolean): Promise<void> {
    if (!(await this.roleRequires(userId))) return;
    const rows = await this.credentials.find({ where: { user_id: userId } });
    if (!rows.some((row) => row.confirmed_at && !leaving(row)))
      throw new ValidationFailed({ two_factor: [TWO_FACTOR_MESSAGES.lastFactorRequired] });
  }

  // ---- WebAuthn challenges ----

  private challenge(purpose: Purpose, userId: number | null): Uint8Array<ArrayBuffer> {
    const issued = Date.now();
    const nonce = randomBytes(16).toString('base64url');
    const mac = this.box.digest(`webauthn|${purpose}|${userId ?? '-'}|${issued}|${nonce}`);
    return new Uint8Array(Buffer.from(`${issued}.${nonce}.${mac}`, 'utf8'));
  }

  private challengeIsGood(value: string, purpose: Purpose, userId: number | null): boolean {
    if (typeof value !== 'string' || value.length > 256) return false;
    const [issued, nonce, mac] = Buffer.from(value, 'base64url').toString('utf8').split('.');
    const at = Number(issued);
    if (!nonce || !mac || !Number.isSafeInteger(at) || Math.abs(Date.now() - at) > CHALLENGE_TTL_MS) return false;
    return safeEqual(mac, this.box.digest(`webauthn|${purpose}|${userId ?? '-'}|${at}|${nonce}`));
  }

  /** Written as spent (unique hash): a replayed challenge fails the insert. */
  private async spendChallenge(challenge: string, userId: number): Promise<boolean> {
    try {
      await this.tokens.insert({
        user_id: userId,
        kind: 'webauthn',
        token_hash: sha256Hex(`webauthn:${challenge}`),
        expires_at: new Date(Date.now() + 2 * CHALLENGE_TTL_MS),
        used_at: new Date(),
      });
      return true;
    } catch {
      return false;
    }
  }
}

export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]+/g, '');

const splitTransports = (value: string | null) => (value ? value.split(',').filter(Boolean) : undefined) as never;

function isCredentialJson(value: unknown): value is { id: string; response: object } {
  if (typeof value !== 'object' || value === null) return false;
  const { id, response } = value as { id?: unknown; response?: unknown };
  return typeof id === 'string' && id.length > 0 && id.length <= 1024 && typeof response === 'object' && response !== null;
}
