import fs from 'node:fs';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';

/** One e-mail as a transport delivers it. */
export interface MailEnvelope {
  id: number;
  from: string;
  to: string;
  replyTo?: string | null;
  /** List-Unsubscribe address (with List-Unsubscribe-Post: one click, RFC 8058). */
  listUnsubscribe?: string | null;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  createdAt: Date;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Where e-mails go: an SMTP server, or .eml files in the outbox folder when none is configured. */
export interface MailTransport {
  readonly description: string;
  deliver(mail: MailEnvelope): Promise<void>;
  close(): void;
}

function headers(mail: MailEnvelope) {
  return {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    date: mail.createdAt,
    messageId: `<comptoir-${mail.id}-${mail.createdAt.getTime()}@${mail.from.replace(/^.*@/, '').replace(/[>\s].*$/, '') || 'localhost'}>`,
    headers: {
      'X-Comptoir-Kind': mail.kind,
      ...(mail.listUnsubscribe
        ? { 'List-Unsubscribe': `<${mail.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {}),
    },
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
}

/** SMTP delivery with nodemailer (SMTP_URL = smtp://user:pass@host:port or smtps://...). */
export class SmtpTransport implements MailTransport {
  readonly description: string;
  private readonly transporter: Transporter;

  constructor(url: string) {
    const parsed = new URL(url);
    this.description = `SMTP ${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 25)}`;
    this.transporter = createTransport(url, {});
    // Short timeouts: a stuck server must not hold a worker for minutes; the mail is retried later.
    Object.assign(this.transporter.options, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  }

  async deliver(mail: MailEnvelope): Promise<void> {
    await this.transporter.sendMail(headers(mail));
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Development and demo delivery: each e-mail becomes an RFC 822 `.eml` file in DATA_DIR/outbox,
 * written atomically (temporary name, then rename) so a reader never sees half a message.
 */
export class OutboxTransport implements MailTransport {
  readonly description: string;
  private readonly composer: Transporter;

  constructor(private readonly dir: string) {
    this.description = `outbox ${dir}`;
    this.composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async deliver(mail: MailEnvelope): Promise<void> {
    const info = (await this.composer.sendMail(headers(mail))) as { message: Buffer };
    fs.mkdirSync(this.dir, { recursive: true });
    const stamp = mail.createdAt.toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${String(mail.id).padStart(6, '0')}-${mail.kind.replace(/[^a-z0-9-]/gi, '_')}.eml`;
    const tmp = path.join(this.dir, `.${name}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, info.message);
    fs.renameSync(tmp, path.join(this.dir, name));
  }

  close(): void {
    this.composer.close();
  }
}
