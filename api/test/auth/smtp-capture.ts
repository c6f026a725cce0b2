import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  /** Headers and body with quoted-printable soft breaks and escapes undone. */
  decoded: string;
}

/** Undoes quoted-printable (soft line breaks and =XX escapes), enough to read links and texts. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP server on a loopback port that keeps what it receives, for recovery e-mail tests. */
export class SmtpCapture {
  readonly mails: CapturedMail[] = [];
  private server!: SMTPServer;
  url = '';

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('latin1');
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            decoded: decodeQuotedPrintable(raw),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Waits for a mail to `to` (beyond the first `after` ones), up to `timeoutMs`. */
  async waitFor(to: string, after = 0, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.filter((m) => m.to.includes(to))[after];
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No e-mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  countTo(to: string): number {
    return this.mails.filter((m) => m.to.includes(to)).length;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
