import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { decodeQuotedPrintable, startSmtp } from '../../test/support/smtp.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { MailService } from '../mail/mail.service.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { ContactMessage } from './entities/contact-message.entity.js';

const MESSAGE = {
  name: 'Kossi Agbeko',
  email: 'Kossi.Agbeko@client.example',
  object: 'Devis pour un groupe électrogène',
  message: 'Bonjour, nous cherchons un groupe de 60 kVA insonorisé pour notre usine de Lomé. Merci.',
};

describe(`contact form (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mail: MailService;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_FACTOR: '20' } });
    mail = t.app.get(MailService);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('stores the message, answers with a French success text and e-mails the company over SMTP', async () => {
    const res = await request(t.http).post('/api/contact').set('Accept', 'application/json').send(MESSAGE).expect(200);
    expect(res.body).toEqual({
      success: 'Votre message a bien été envoyé. Notre équipe vous répondra dans les plus brefs délais.',
      message: 'Votre message a bien été envoyé. Notre équipe vous répondra dans les plus brefs délais.',
    });
    const stored = await t.dataSource.getRepository(ContactMessage).findOneByOrFail({ object: MESSAGE.object });
    expect(stored).toMatchObject({ name: MESSAGE.name, email: 'kossi.agbeko@client.example', message: MESSAGE.message });
    expect(stored.mailed_at).not.toBeNull();
    await mail.idle();
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received!.to).toEqual([t.config.company.email]);
    const body = decodeQuotedPrintable(received!.raw);
    expect(body).toContain('usine de Lomé');
    expect(body).toContain('kossi.agbeko@client.example');
    // "Répondre" in the company's mail client writes to the visitor, not to the no-reply sender.
    expect(received!.raw).toMatch(/^Reply-To: kossi\.agbeko@client\.example\r?$/im);
    const row = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ kind: 'contact' });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it('keeps the message and retries the e-mail when the SMTP server refuses it', async () => {
    smtp.failNext(1);
    await request(t.http)
      .post('/api/contact')
      .send({ ...MESSAGE, object: 'Serveur en panne' })
      .expect(200);
    await mail.idle();
    expect(smtp.received).toHaveLength(0);
    expect(await t.dataSource.getRepository(ContactMessage).countBy({ object: 'Serveur en panne' })).toBe(1);
    const queued = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ subject: '[Contact] Serveur en panne' });
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued.last_error).toMatch(/451/);
    expect(new Date(queued.next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Not due yet: the worker leaves it alone; once due, it is delivered.
    await mail.processDue();
    expect(smtp.received).toHaveLength(0);
    await mail.processDue(new Date(Date.now() + 2 * 60_000));
    expect(smtp.received).toHaveLength(1);
    const sent = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ id: queued.id });
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('answers 422 with the French message of each field, and stores nothing', async () => {
    const before = await t.dataSource.getRepository(ContactMessage).count();
    const res = await request(t.http)
      .post('/api/contact')
      .send({ name: '', email: 'pas-un-email', object: '  ', message: 'court' })
      .expect(422);
    expect(res.body.errors).toEqual({
      name: ['Le nom est requis.'],
      email: ["L'adresse email n'est pas valide."],
      object: ["L'objet est requis."],
      message: ['Le message doit contenir au moins 10 caractères.'],
    });
    const tooLong = await request(t.http)
      .post('/api/contact')
      .send({ ...MESSAGE, name: 'n'.repeat(256), message: 'm'.repeat(5001) })
      .expect(422);
    expect(tooLong.body.errors).toEqual({
      name: ['Le nom ne doit pas dépasser 255 caractères.'],
      message: ['Le message ne doit pas dépasser 5000 caractères.'],
    });
    const wrongTypes = await request(t.http)
      .post('/api/contact')
      .send({ name: ['a'], email: { a: 1 }, object: 3, message: true })
      .expect(422);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(['email', 'message', 'name', 'object']);
    expect(await t.dataSource.getRepository(ContactMessage).count()).toBe(before);
  });

  it('keeps hostile text as text and escapes it in the e-mail', async () => {
    const xss = '<script>alert("x")</script>';
    await request(t.http)
      .post('/api/contact')
      .send({ ...MESSAGE, name: xss, object: 'XSS', message: `${xss} et un long message.` })
      .expect(200);
    await mail.idle();
    const row = await t.dataSource.getRepository(OutgoingMail).findOneByOrFail({ subject: '[Contact] XSS' });
    expect(row.html).toContain('&lt;script&gt;');
    expect(row.html).not.toContain('<script>');
    expect((await t.dataSource.getRepository(ContactMessage).findOneByOrFail({ object: 'XSS' })).name).toBe(xss);
  });

  it('puts a subject with line breaks on one line (no header injection)', async () => {
    await request(t.http)
      .post('/api/contact')
      .send({ ...MESSAGE, object: 'Bonjour\r\nBcc: victime@ailleurs.example' })
      .expect(200);
    await mail.idle();
    const last = smtp.received.at(-1)!;
    expect(last.to).toEqual([t.config.company.email]);
    const headers = last.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).toMatch(/^Subject: \[Contact\] Bonjour Bcc: victime@ailleurs\.example$/m);
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(await t.dataSource.getRepository(ContactMessage).countBy({ object: 'Bonjour Bcc: victime@ailleurs.example' })).toBe(1);
  });
});

describe(`contact rate limit (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '0.4' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the third message in 15 minutes from one address with a French 429', async () => {
    await request(t.http).post('/api/contact').send(MESSAGE).expect(200);
    await request(t.http).post('/api/contact').send(MESSAGE).expect(200);
    const res = await request(t.http).post('/api/contact').send(MESSAGE).expect(429);
    expect(res.body.message).toBe('Trop de messages envoyés depuis votre connexion. Veuillez réessayer dans 15 minutes.');
    expect(await t.dataSource.getRepository(ContactMessage).count()).toBe(2);
  });
});
