import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, MoreThan, type Repository } from 'typeorm';
import type { User } from '../admins/entities/user.entity.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { MailService } from '../mail/mail.service.js';
import { deviceLabel } from './device-label.js';
import { SignInToken } from './entities/sign-in-token.entity.js';
import type { SessionClient } from './session.service.js';
import { isWellFormedToken, randomToken, sha256Hex } from './tokens.js';
import { escapeHtml } from '../common/html.js';
import { formatLongDateTime } from '../shared/dates.js';

/** The device cookie: HttpOnly, sent only to the sign-in routes. */
export const DEVICE_COOKIE = 'comptoir_device';
export const DEVICE_COOKIE_PATH = '/api/login';
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** An e-mailed sign-in link works once, for this long. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

export const SIGN_IN_LINK_SENT =
  'Par sécurité, de nombreux essais de mot de passe ont visé ce compte : la connexion passe par un lien à usage unique, envoyé par email au titulaire du compte (valable 15 minutes). Ouvrez-le pour vous connecter.';

/** Device cookies and one-time sign-in links (see `sign-in-throttle.ts`); only sha256 of the tokens is stored. */
@Injectable()
export class SignInTokens {
  private readonly logger = new Logger('SignIn');

  constructor(
    @InjectRepository(SignInToken) private readonly tokens: Repository<SignInToken>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  /** The stored id of the request's device cookie when it belongs to the account of `email`, else null. */
  async deviceOf(token: unknown, email: string): Promise<string | null> {
    if (!isWellFormedToken(token)) return null;
    const row = await this.tokens.findOne({
      where: { token_hash: sha256Hex(token), kind: 'device', expires_at: MoreThan(new Date()) },
      relations: { user: true },
    });
    return row?.user && row.user.email === email ? row.token_hash : null;
  }

  /**
   * A new device token of `userId` for the browser's cookie (`SessionCookies.setDevice`), or null when
   * `deviceId` is already the account's.
   */
  async rememberDevice(userId: number, deviceId: string | null): Promise<string | null> {
    if (deviceId) return null;
    const token = randomToken();
    const now = new Date();
    await this.tokens.delete({ expires_at: LessThan(now) });
    await this.tokens.insert({
      user_id: userId,
      kind: 'device',
      token_hash: sha256Hex(token),
      expires_at: new Date(now.getTime() + DEVICE_TTL_MS),
      used_at: null,
    });
    return token;
  }

  /** Every device of the account is forgotten (password changed or reset). */
  async forgetDevices(userId: number): Promise<void> {
    await this.tokens.delete({ user_id: userId, kind: 'device' });
  }

  /**
   * Past the soft ceiling: the account gets a sign-in link unless one sent earlier is still unused and
   * valid (then the mailbox has it already). `null` (an address with no account) does the same
   * look-up, so both cost the same.
   */
  async offerLink(user: Pick<User, 'id' | 'email' | 'firstname'> | null): Promise<void> {
    const pending = await this.tokens.existsBy({
      user_id: user?.id ?? 0,
      kind: 'link',
      used_at: IsNull(),
      expires_at: MoreThan(new Date()),
    });
    if (user && !pending) await this.sendLink(user);
  }

  /** E-mails a one-time sign-in link to the account (the newest link voids the previous ones). */
  async sendLink(user: Pick<User, 'id' | 'email' | 'firstname'>): Promise<void> {
    const token = randomToken();
    const now = new Date();
    await this.tokens.delete({ user_id: user.id, kind: 'link', used_at: IsNull() });
    await this.tokens.insert({
      user_id: user.id,
      kind: 'link',
      token_hash: sha256Hex(token),
      expires_at: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
      used_at: null,
    });
    const link = `${this.config.siteUrl}/api/login/link?token=${token}`;
    const company = this.config.company.name;
    const lines = [
      `Bonjour ${user.firstname},`,
      `De nombreux essais de mot de passe ont visé votre compte ${company}. Par sécurité, la connexion passe par ce lien, valable 15 minutes et une seule fois :`,
      link,
      "Si vous n'êtes pas à l'origine de cette connexion, ne l'ouvrez pas et changez votre mot de passe.",
    ];
    await this.mail.send({
      to: user.email,
      subject: 'Votre lien de connexion',
      kind: 'sign-in-link',
      text: `${lines.join('\n\n')}\n\n${company}\n`,
      html:
        `<p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p>` +
        `<p><a href="${escapeHtml(link)}">Se connecter</a></p><p style="color:#555">${escapeHtml(lines[3]!)}</p>` +
        `<p>${escapeHtml(company)}</p>`,
    });
  }

  /**
   * Tells the account's owner about a sign-in from a browser that did not hold one of its device
   * cookies: a password or link used by someone else is then noticed at once, not at the next audit.
   * Queued (the mail table), so a slow or absent SMTP server never delays nor fails the sign-in.
   */
  async warnNewDevice(
    user: Pick<User, 'id' | 'email' | 'firstname'>,
    client: SessionClient,
    via: 'password' | 'link' | 'passkey',
    at = new Date(),
  ): Promise<void> {
    const company = this.config.company.name;
    const profile = `${this.config.siteUrl}/dashboard/administration/profile`;
    const facts: Array<[string, string]> = [
      ['Date', `${formatLongDateTime(at)} (heure de Lomé)`],
      ['Appareil', deviceLabel(client.userAgent)],
      ['Adresse', client.ip ?? 'inconnue'],
      ['Moyen', via === 'link' ? 'lien de connexion envoyé par email' : via === 'passkey' ? 'clé d’accès' : 'mot de passe'],
    ];
    const intro = `Une connexion à votre compte ${company} (${user.email}) vient d'avoir lieu depuis un appareil ou un navigateur que nous ne connaissions pas :`;
    const fine = "Si c'est vous, vous n'avez rien à faire.";
    const notMe =
      "Si ce n'est pas vous, changez tout de suite votre mot de passe depuis votre profil (carte « Identifiants ») : les autres sessions sont alors fermées. " +
      'Vous pouvez aussi fermer chaque session inconnue, ou cliquer sur « Déconnecter les autres », dans la carte « Sessions actives » de votre profil :';
    const lost = 'Si vous ne pouvez plus vous connecter, utilisez « Mot de passe oublié ? » sur la page de connexion.';
    const text = [
      `Bonjour ${user.firstname},`,
      intro,
      facts.map(([label, value]) => `- ${label} : ${value}`).join('\n'),
      fine,
      notMe,
      profile,
      lost,
    ].join('\n\n');
    try {
      await this.mail.send({
        to: user.email,
        subject: `Nouvelle connexion à votre compte ${company}`,
        kind: 'new-device',
        related: `user:${user.id}`,
        text: `${text}\n\n${company}\n`,
        html:
          `<p>${escapeHtml(`Bonjour ${user.firstname},`)}</p><p>${escapeHtml(intro)}</p>` +
          `<ul>${facts.map(([label, value]) => `<li>${escapeHtml(label)} : <strong>${escapeHtml(value)}</strong></li>`).join('')}</ul>` +
          `<p>${escapeHtml(fine)}</p><p>${escapeHtml(notMe)}</p>` +
          `<p><a href="${escapeHtml(profile)}">Ouvrir mon profil</a></p><p style="color:#555">${escapeHtml(lost)}</p>` +
          `<p>${escapeHtml(company)}</p>`,
      });
    } catch (error) {
      // The person is signed in already; a warning that could not be queued must not undo that.
      this.logger.error(`New-device warning for user ${user.id} not queued: ${(error as Error).message}`);
    }
  }

  /** Spends a sign-in link; answers its account's id, or null when the link is unknown, used or expired. */
  async spendLink(token: unknown): Promise<number | null> {
    if (!isWellFormedToken(token)) return null;
    const now = new Date();
    const row = await this.tokens.findOneBy({ token_hash: sha256Hex(token), kind: 'link' });
    if (!row || row.used_at || new Date(row.expires_at).getTime() <= now.getTime()) return null;
    // Spent in the statement that checks it is unspent: two concurrent uses cannot both pass.
    const spent = await this.tokens.update({ id: row.id, used_at: IsNull() }, { used_at: now });
    return spent.affected ? row.user_id : null;
  }
}
