import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';
import { MailService } from '../mail/mail.service.js';
import type { ContactDto } from './dto/contact.dto.js';
import { ContactMessage } from './entities/contact-message.entity.js';
import { ConfirmedEmail } from './entities/confirmed-email.entity.js';
import { escapeHtml } from '../common/html.js';

export const CONTACT_SENT = 'Votre message a bien été envoyé. Notre équipe vous répondra dans les plus brefs délais.';

/**
 * Messages of the contact form: stored first (so none is ever lost), then e-mailed to the company
 * through the mail outbox, which retries while the SMTP server is unreachable.
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  /**
   * The sender's acknowledgement, under the rule of order requests ("Holds the public
   * cannot hoard", docs/order-model.md): only to an address whose owner has confirmed it
   * (`confirmed_emails`: an order confirmation link opened). Anyone may type any address in the form;
   * an acknowledgement to an unconfirmed one would let the site be used to mail strangers, so such a
   * sender sees the confirmation on screen only.
   */
  private async acknowledge(dto: ContactDto): Promise<void> {
    const email = dto.email.toLowerCase();
    if (!(await this.dataSource.getRepository(ConfirmedEmail).existsBy({ email }))) return;
    const company = this.config.company.name;
    await this.mail.send({
      to: email,
      replyTo: this.config.company.email,
      kind: 'contact-ack',
      subject: `Nous avons bien reçu votre message : ${dto.object}`,
      text:
        `Bonjour ${dto.name},\n\nNous avons bien reçu votre message « ${dto.object} » et notre équipe vous répondra ` +
        `dans les plus brefs délais.\n\nVotre message :\n${dto.message}\n\n— ${company}\n`,
      html:
        `<p>Bonjour ${escapeHtml(dto.name)},</p><p>Nous avons bien reçu votre message « ${escapeHtml(dto.object)} » et ` +
        `notre équipe vous répondra dans les plus brefs délais.</p><p style="color:#4a5868">Votre message :</p>` +
        `<p style="white-space:pre-wrap">${escapeHtml(dto.message)}</p><p>— ${escapeHtml(company)}</p>`,
    });
  }

  async receive(dto: ContactDto, ip: string | null): Promise<ContactMessage> {
    const repo = this.dataSource.getRepository(ContactMessage);
    const saved = await repo.save(
      repo.create({ name: dto.name, email: dto.email, object: dto.object, message: dto.message, ip: ip?.slice(0, 45) ?? null }),
    );
    try {
      await this.mail.send({
        to: this.config.company.email,
        replyTo: dto.email,
        kind: 'contact',
        subject: `[Contact] ${dto.object}`,
        text:
          `Nouveau message reçu par le formulaire de contact du site.\n\n` +
          `Nom : ${dto.name}\nEmail : ${dto.email}\nObjet : ${dto.object}\n` +
          `Reçu le : ${new Date(saved.created_at).toISOString().replace('T', ' ').slice(0, 16)} (UTC)\n\n` +
          `${dto.message}\n\n— Répondez directement à ${dto.email}.\n`,
        html:
          `<p>Nouveau message reçu par le formulaire de contact du site.</p>` +
          `<table cellpadding="4"><tr><td style="color:#4a5868">Nom</td><td>${escapeHtml(dto.name)}</td></tr>` +
          `<tr><td style="color:#4a5868">Email</td><td><a href="mailto:${escapeHtml(dto.email)}">${escapeHtml(dto.email)}</a></td></tr>` +
          `<tr><td style="color:#4a5868">Objet</td><td>${escapeHtml(dto.object)}</td></tr></table>` +
          `<p style="white-space:pre-wrap">${escapeHtml(dto.message)}</p>`,
      });
      // Handed to the outbox: delivery (and its retries) is the mail service's job from here.
      await repo.update({ id: saved.id }, { mailed_at: new Date() });
      await this.acknowledge(dto);
    } catch (error) {
      // The message is stored: staff still see it even if the e-mail could not even be queued.
      this.logger.error(`Contact message ${saved.id} stored but not queued for e-mail: ${(error as Error).message}`);
    }
    return saved;
  }
}
