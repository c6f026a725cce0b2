import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent, read as UTF-8. */
  raw: string;
  /** Headers and body with quoted-printable soft breaks and escapes undone. */
  decoded: string;
}

/** Undoes quoted-printable (soft line breaks and =XX escapes), enough to read links and French texts. */
export function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * A real SMTP server on loopback for mail tests: keeps what it receives; `failNext(n)` makes it refuse
 * the next n messages with a temporary error (451), as a struggling server would.
 */
export class SmtpCapture {
  readonly mails: ReceivedMail[] = [];
  url = '';
  private failures = 0;
  private server!: SMTPServer;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (this.failures > 0) {
          this.failures--;
          return callback(Object.assign(new Error('Service temporairement indisponible'), { responseCode: 451 }));
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const bytes = Buffer.concat(chunks);
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: bytes.toString('utf8'),
            decoded: decodeQuotedPrintable(bytes.toString('latin1')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  failNext(n: number): void {
    this.failures = n;
  }

  /** Waits for a mail to `to` (beyond the first `after` ones), up to `timeoutMs`. */
  async waitFor(to: string, after = 0, timeoutMs = 60_000): Promise<ReceivedMail> {
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

/** The capture as a plain object, for tests that only read what arrived. */
export async function startSmtp(): Promise<{
  url: string;
  received: ReceivedMail[];
  failNext(n: number): void;
  close(): Promise<void>;
}> {
  const capture = await new SmtpCapture().start();
  return { url: capture.url, received: capture.mails, failNext: (n) => capture.failNext(n), close: () => capture.stop() };
}
