import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThan, type Repository } from 'typeorm';
import { User } from '../admins/entities/user.entity.js';
import { runTransaction } from '../common/transactions.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { invalidField } from '../core/errors/api-error.js';
import { MailService } from '../mail/mail.service.js';
import { INVALID_RESET_LINK, type ResetPasswordDto } from './dto/reset-password.dto.js';
import { PasswordResetToken } from './entities/password-reset-token.entity.js';
import { assertPasswordNotPersonal } from './password-rules.js';
import { hashPassword } from './password.js';
import { SessionService } from './session.service.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { THROTTLE_RULES, ThrottleService, TooManyAttempts, waitText } from './throttle.service.js';
import { isWellFormedToken, randomToken, sha256Hex } from './tokens.js';
import { runAsActor } from '../audit/audit-context.js';
import { updateAudited } from '../audit/audited-writes.js';
import { escapeHtml } from '../common/html.js';

/** A recovery link works once, for this long. */
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

/** The one answer of a recovery request, whether or not the address has an account. */
export const RECOVERY_ANSWER =
  "Si cette adresse correspond à un compte, un email contenant un lien de réinitialisation vient d'être envoyé. Le lien est valable 30 minutes.";

export const RESET_DONE = 'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.';

/**
 * Password recovery by e-mailed one-time link (never by e-mailing a password). The request answers the
 * same way for any address and in about the same time: the lookup and the e-mail happen after the
 * answer. The token is stored as its sha256; the old password keeps working until the link is used.
 */
@Injectable()
export class RecoveryService implements OnModuleDestroy {
  private readonly logger = new Logger('Recovery');
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(PasswordResetToken) private readonly tokens: Repository<PasswordResetToken>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly sessions: SessionService,
    private readonly throttle: ThrottleService,
    private readonly signInThrottle: SignInThrottle,
  ) {}

  /**
   * Limited per (address, client), per client and per address (the last one high, against mail
   * bombing), and the answer is the same whatever happens: a stranger can neither learn whether the
   * address exists nor tell that the limit was reached, and cannot block the owner's recovery from
   * the owner's own connection.
   */
  async request(email: string, ip: string | null | undefined): Promise<void> {
    const keys = {
      pair: `recovery:pair:${email}|${ip || 'unknown'}`,
      ip: `recovery:ip:${ip || 'unknown'}`,
      email: `recovery:email:${email}`,
    };
    const wait = await this.throttle.lockedFor(Object.values(keys));
    await this.throttle.hit(keys.pair, THROTTLE_RULES.recoveryPair);
    await this.throttle.hit(keys.ip, THROTTLE_RULES.recoveryIp);
    await this.throttle.hit(keys.email, THROTTLE_RULES.recoveryEmail);
    if (wait > 0) return;
    const work = this.sendLink(email)
      .catch((error: unknown) => this.logger.error(`Recovery e-mail failed: ${(error as Error).message}`))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Resolves once every recovery e-mail started so far has been handed to the mail service. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.idle();
  }

  private async sendLink(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email });
    if (!user) return;
    const now = new Date();
    const token = randomToken();
    // Only the newest link is valid: asking again voids the previous ones.
    await this.tokens.delete({ user_id: user.id, used_at: IsNull() });
    await this.tokens.delete({ expires_at: LessThan(new Date(now.getTime() - 24 * 60 * 60 * 1000)) });
    await this.tokens.insert({
      user_id: user.id,
      token_hash: sha256Hex(token),
      expires_at: new Date(now.getTime() + RESET_LINK_TTL_MS),
      used_at: null,
    });
    const link = `${this.config.siteUrl}/dashboard/account/reset?token=${token}`;
    const company = this.config.company.name;
    const greeting = `Bonjour ${user.firstname},`;
    const intro = `Vous avez demandé à réinitialiser le mot de passe de votre compte ${company}.`;
    const how = 'Pour choisir un nouveau mot de passe, ouvrez ce lien. Il est valable 30 minutes et ne fonctionne qu’une fois :';
    const notYou =
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet email : votre mot de passe actuel reste valable.";
    await this.mail.send({
      to: user.email,
      subject: 'Réinitialisation de votre mot de passe',
      kind: 'password-reset',
      text: `${greeting}\n\n${intro}\n${how}\n\n${link}\n\n${notYou}\n\n${company}\n`,
      html:
        `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}<br>${escapeHtml(how)}</p>` +
        `<p><a href="${escapeHtml(link)}">Choisir un nouveau mot de passe</a></p>` +
        `<p style="color:#555">${escapeHtml(notYou)}</p><p>${escapeHtml(company)}</p>`,
    });
  }

  /** Sets the new password, spends the link and ends every session of the account. */
  async reset(dto: ResetPasswordDto, ip: string | null | undefined): Promise<void> {
    const ipKey = `recovery:ip:${ip || 'unknown'}`;
    const wait = await this.throttle.lockedFor([ipKey]);
    if (wait > 0) throw new TooManyAttempts(`Trop de tentatives. Veuillez réessayer dans ${waitText(wait)}.`, wait);
    const refuse = async () => {
      await this.throttle.hit(ipKey, THROTTLE_RULES.recoveryIp);
      return invalidField('token', INVALID_RESET_LINK);
    };
    if (!isWellFormedToken(dto.token)) throw await refuse();
    const now = new Date();
    const row = await this.tokens.findOneBy({ token_hash: sha256Hex(dto.token) });
    if (!row || row.used_at || new Date(row.expires_at).getTime() <= now.getTime()) throw await refuse();
    const owner = await this.users.findOneBy({ id: row.user_id });
    if (owner) assertPasswordNotPersonal(dto.password, owner);
    const passwordHash = await hashPassword(dto.password);
    const userId = await runTransaction(this.dataSource, async (manager) => {
      // Spent in the same statement that checks it is unspent: two concurrent uses cannot both pass.
      const spent = await manager.update(PasswordResetToken, { id: row.id, used_at: IsNull() }, { used_at: now });
      if (!spent.affected) return null;
      // Recorded as done by the account's owner (the one holding the link), from this address.
      await runAsActor({ actor: 'staff', userId: row.user_id, userName: null, ip: ip ?? null }, () =>
        updateAudited({ manager, target: User }, row.user_id, { password_hash: passwordHash, password_changed_at: now }),
      );
      await manager.delete(PasswordResetToken, { user_id: row.user_id, used_at: IsNull() });
      return row.user_id;
    });
    if (userId === null) throw await refuse();
    await this.sessions.revokeUser(userId);
    const user = await this.users.findOneBy({ id: userId });
    if (user) await this.signInThrottle.forgiveAccount(user.email);
  }
}
