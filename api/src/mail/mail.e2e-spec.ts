import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { UpdateQueryBuilder } from 'typeorm';
import { decodeQuotedPrintable, startSmtp } from '../../test/support/smtp.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { OutgoingMail } from './entities/outgoing-mail.entity.js';
import { MAIL_MAX_ATTEMPTS, MailService, retryDelayMs } from './mail.service.js';

describe('mail retry delays', () => {
  it('doubles from one minute and stops growing at six hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 60 * 60_000);
  });
});

describe(`mail without SMTP: the outbox folder (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let mail: MailService;
  beforeAll(async () => {
    t = await createTestApp();
    mail = t.app.get(MailService);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the mail, then writes it as a complete .eml file in DATA_DIR/outbox', async () => {
    const row = await mail.send({
      to: 'client@exemple.example',
      subject: 'Accusé de réception',
      text: 'Bonjour,\nvotre demande est bien reçue.',
      html: '<p>Bonjour,<br>votre demande est bien reçue.</p>',
      kind: 'test',
    });
    expect(row.id).toBeGreaterThan(0);
    await mail.idle();
    expect(mail.transportDescription).toBe(`outbox ${t.config.outboxDir}`);
    const files = fs.readdirSync(t.config.outboxDir);
    expect(files.filter((f) => f.endsWith('.tmp') || f.startsWith('.'))).toEqual([]);
    const file = files.find((f) => f.endsWith(`-${String(row.id).padStart(6, '0')}-test.eml`));
    expect(file).toBeDefined();
    const eml = fs.readFileSync(path.join(t.config.outboxDir, file!), 'utf8');
    expect(eml).toMatch(/^To: client@exemple\.example$/m);
    expect(eml).toMatch(/^From: .*no-reply@comptoir\.example/m);
    expect(eml).toMatch(/^Subject: /m);
    expect(eml).toContain('multipart/alternative');
    expect(decodeQuotedPrintable(eml)).toContain('votre demande est bien reçue');
    const stored = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ id: row.id });
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, last_error: null, next_attempt_at: null });
    expect(stored.sent_at).not.toBeNull();
  });

  it('sends a mail once even when the worker and the immediate attempt race', async () => {
    const before = fs.readdirSync(t.config.outboxDir).length;
    const row = await mail.send({ to: 'course@exemple.example', subject: 'Une seule fois', text: 'x', kind: 'race' });
    await Promise.all([mail.processDue(), mail.processDue(), mail.idle()]);
    await mail.idle();
    expect(fs.readdirSync(t.config.outboxDir).length).toBe(before + 1);
    const stored = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ id: row.id });
    expect(stored.attempts).toBe(1);
  });

  it('a claim or an outcome MariaDB refuses as a deadlock victim is written again: the mail goes now, marked sent once', async () => {
    // What InnoDB answers one of the mails of an order claimed side by side (errno 1213).
    const deadlock = Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), {
      code: 'ER_LOCK_DEADLOCK',
      errno: 1213,
    });
    const execute = UpdateQueryBuilder.prototype.execute;
    const refused = jest
      .spyOn(UpdateQueryBuilder.prototype, 'execute')
      .mockRejectedValueOnce(deadlock)
      .mockImplementationOnce(function (this: UpdateQueryBuilder<OutgoingMail>) {
        return execute.call(this);
      })
      .mockRejectedValueOnce(deadlock);
    try {
      const before = fs.readdirSync(t.config.outboxDir).length;
      const row = await mail.send({ to: 'verrou@exemple.example', subject: 'Malgré un verrou', text: 'x', kind: 'deadlock' });
      await mail.idle();
      // Refused twice: the claim, then (after the delivery) the outcome.
      expect(refused.mock.calls.length).toBeGreaterThanOrEqual(4);
      expect(fs.readdirSync(t.config.outboxDir).length).toBe(before + 1);
      const stored = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ id: row.id });
      expect(stored).toMatchObject({ status: 'sent', attempts: 1, last_error: null, next_attempt_at: null });
    } finally {
      refused.mockRestore();
    }
  });
});

describe(`mail over SMTP (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let mail: MailService;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Comptoir <ventes@comptoir.example>' } });
    mail = t.app.get(MailService);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers through the SMTP server with the configured sender', async () => {
    await mail.send({ to: 'dest@exemple.example', subject: 'Essai SMTP', text: 'Corps du message é à ç', kind: 'test' });
    await mail.idle();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'ventes@comptoir.example', to: ['dest@exemple.example'] });
    expect(decodeQuotedPrintable(smtp.received[0]!.raw)).toContain('Corps du message é à ç');
  });

  it('retries with growing delays and gives up after the last attempt, keeping the reason', async () => {
    smtp.failNext(1000);
    const row = await mail.send({ to: 'jamais@exemple.example', subject: 'Toujours refusé', text: 'x', kind: 'test' });
    await mail.idle();
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS + 2; attempt++) {
      const current = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ id: row.id });
      if (current.status !== 'queued') break;
      await mail.processDue(new Date(new Date(current.next_attempt_at!).getTime() + 1000));
    }
    const final = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ id: row.id });
    expect(final).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, next_attempt_at: null, sent_at: null });
    expect(final.last_error).toMatch(/451/);
    smtp.failNext(0);
  });

  it('keeps a mail queued while the SMTP server is down, and delivers it when it is back', async () => {
    const down = await startSmtp();
    await down.close();
    const other = await createTestApp({ env: { SMTP_URL: down.url } });
    try {
      const m = other.app.get(MailService);
      const row = await m.send({ to: 'patient@exemple.example', subject: 'Serveur coupé', text: 'x', kind: 'test' });
      await m.idle();
      const queued = await other.dataSource.getRepository(OutgoingMail).findOneByOrFail({ id: row.id });
      expect(queued.status).toBe('queued');
      expect(queued.last_error).toMatch(/ECONNREFUSED/);
    } finally {
      await other.close();
    }
  });
});
