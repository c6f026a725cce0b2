import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../common/unique-violation.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { MailService } from '../mail/mail.service.js';
import { NewsletterSubscriber } from './entities/newsletter-subscriber.entity.js';
import { escapeHtml } from '../common/html.js';

/** The same answer for a new and a known address: the form never tells who is subscribed. */
export const NEWSLETTER_SUBSCRIBED =
  'Merci ! Pour confirmer votre inscription à la newsletter, ouvrez le lien que nous venons de vous envoyer par email.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const TOKEN = /^[\w-]{43}$/;

/**
 * Newsletter with double opt-in: a new address gets one e-mail, the confirmation
 * link, and nothing else until its owner opens it; a second sign-up of the same address sends
 * nothing more (the site cannot be used to flood an inbox). Every newsletter mail, this one
 * included, carries the unsubscribe link and the one-click List-Unsubscribe headers (RFC 8058).
 */
@Injectable()
export class NewsletterService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  /** The unsubscribe address of a subscriber, for the links and the List-Unsubscribe header. */
  unsubscribeUrl(token: string): string {
    return `${this.config.siteUrl}/api/newsletter/unsubscribe?token=${token}`;
  }

  async subscribe(email: string): Promise<void> {
    const repo = this.dataSource.getRepository(NewsletterSubscriber);
    if (await repo.existsBy({ email })) return;
    const confirm = randomBytes(32).toString('base64url');
    const unsubscribe = randomBytes(32).toString('base64url');
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.getRepository(NewsletterSubscriber).insert({
          email,
          confirmed_at: null,
          confirm_token_hash: sha256(confirm),
          unsubscribe_token: unsubscribe,
        });
        const link = `${this.config.siteUrl}/api/newsletter/confirm?token=${confirm}`;
        const stop = this.unsubscribeUrl(unsubscribe);
        const company = this.config.company.name;
        await this.mail.send(
          {
            to: email,
            kind: 'newsletter-confirm',
            subject: `Confirmez votre inscription à la newsletter de ${company}`,
            text:
              `Bonjour,\n\nPour recevoir la newsletter de ${company}, confirmez votre adresse en ouvrant ce lien :\n${link}\n\n` +
              `Si vous n'avez rien demandé, ignorez ce message : vous ne recevrez rien d'autre.\n\n` +
              `Se désinscrire : ${stop}\n`,
            html:
              `<p>Bonjour,</p><p>Pour recevoir la newsletter de ${escapeHtml(company)}, confirmez votre adresse :</p>` +
              `<p><a href="${link}">Confirmer mon inscription</a></p>` +
              `<p>Si vous n'avez rien demandé, ignorez ce message : vous ne recevrez rien d'autre.</p>` +
              `<p style="color:#4a5868;font-size:12px"><a href="${stop}">Se désinscrire</a></p>`,
            listUnsubscribe: stop,
          },
          manager,
        );
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /** The confirmation link: true when it confirmed an address (a used or unknown link: false). */
  async confirm(token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || !TOKEN.test(token)) return false;
    const result = await this.dataSource
      .getRepository(NewsletterSubscriber)
      .update({ confirm_token_hash: sha256(token) }, { confirmed_at: new Date(), confirm_token_hash: null });
    return Boolean(result.affected);
  }

  /** Removes the address of this unsubscribe token; the same answer whether it was there or not. */
  async unsubscribe(token: unknown): Promise<void> {
    if (typeof token !== 'string' || !TOKEN.test(token)) return;
    await this.dataSource.getRepository(NewsletterSubscriber).delete({ unsubscribe_token: token });
  }
}
