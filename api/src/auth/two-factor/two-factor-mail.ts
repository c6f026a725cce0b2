import { Inject, Injectable, Logger } from '@nestjs/common';
import type { User } from '../../admins/entities/user.entity.js';
import type { SecondFactorMethod } from '../../contract/staff.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { MailService } from '../../mail/mail.service.js';
import { escapeHtml } from '../../common/html.js';

const METHOD_LABEL: Record<SecondFactorMethod, string> = {
  totp: 'une application d’authentification',
  passkey: 'une clé d’accès',
  recovery_code: 'de nouveaux codes de secours',
};

/**
 * Tells a person when the factors guarding their account change: someone holding their session (or
 * an administrator) could otherwise swap them silently. Queued like every mail; a failure to queue
 * never undoes the change.
 */
@Injectable()
export class TwoFactorMail {
  private readonly logger = new Logger('TwoFactor');

  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async resetDone(user: Pick<User, 'id' | 'email' | 'firstname'>, by: string | null): Promise<void> {
    const lines = [
      `Bonjour ${user.firstname},`,
      `${by ?? 'Un administrateur'} a réinitialisé la double authentification de votre compte ${this.config.company.name} : votre application d’authentification, vos clés d’accès et vos codes de secours ne servent plus.`,
      'À votre prochaine connexion, votre mot de passe suffira ; si votre rôle exige la double authentification, il vous sera demandé d’en configurer une nouvelle. Vous pouvez aussi le faire dans votre profil, partie « Sécurité » :',
      `${this.config.siteUrl}/dashboard/administration/profile`,
      "Si vous n'avez rien demandé, prévenez tout de suite un administrateur.",
    ];
    await this.send(user, 'Double authentification réinitialisée', 'two-factor-reset', lines);
  }

  async factorChanged(
    user: Pick<User, 'id' | 'email' | 'firstname'>,
    method: SecondFactorMethod,
    change: 'added' | 'removed',
  ): Promise<void> {
    const what = METHOD_LABEL[method];
    const lines = [
      `Bonjour ${user.firstname},`,
      change === 'added'
        ? `La double authentification de votre compte ${this.config.company.name} a changé : ${what} ${method === 'recovery_code' ? 'ont été créés' : 'a été ajoutée'}.`
        : `La double authentification de votre compte ${this.config.company.name} a changé : ${what} a été retirée.`,
      "Si c'est vous, vous n'avez rien à faire. Sinon, changez tout de suite votre mot de passe et prévenez un administrateur.",
      `${this.config.siteUrl}/dashboard/administration/profile`,
    ];
    await this.send(user, 'Votre double authentification a changé', 'two-factor-change', lines);
  }

  private async send(user: Pick<User, 'id' | 'email'>, subject: string, kind: string, lines: string[]): Promise<void> {
    const company = this.config.company.name;
    try {
      await this.mail.send({
        to: user.email,
        subject,
        kind,
        related: `user:${user.id}`,
        text: `${lines.join('\n\n')}\n\n${company}\n`,
        html: `${lines.map((line) => (line.startsWith('http') ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>` : `<p>${escapeHtml(line)}</p>`)).join('')}<p>${escapeHtml(company)}</p>`,
      });
    } catch (error) {
      this.logger.error(`Two-factor mail (${kind}) for user ${user.id} not queued: ${(error as Error).message}`);
    }
  }
}
