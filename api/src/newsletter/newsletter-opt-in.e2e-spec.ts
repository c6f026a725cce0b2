// Newsletter double opt-in: one confirmation e-mail per new address (with the
// one-click List-Unsubscribe headers), confirmed by its link; a second sign-up sends nothing more;
// the unsubscribe link's POST (and a mail client's one-click POST) removes the address.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { NewsletterSubscriber } from './entities/newsletter-subscriber.entity.js';

describe(`newsletter double opt-in (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const email = 'lecteur@abonne.example';
  const subscriber = () => t.dataSource.getRepository(NewsletterSubscriber).findOneBy({ email });
  const mails = () => t.dataSource.getRepository(OutgoingMail).findBy({ to_address: email, kind: 'newsletter-confirm' });

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '20' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends one confirmation with its unsubscribe header; the link confirms; a second sign-up sends nothing', async () => {
    expect((await request(t.http).post('/api/newsletter').send({ email })).status).toBe(200);
    expect((await subscriber())?.confirmed_at).toBeNull();
    const [mail] = await mails();
    expect(mail?.subject).toMatch(/^Confirmez votre inscription à la newsletter/);
    expect(mail?.list_unsubscribe).toMatch(/\/api\/newsletter\/unsubscribe\?token=[\w-]{43}$/);
    expect(mail?.text).toContain(mail!.list_unsubscribe!);
    const link = /\/api\/newsletter\/confirm\?token=[\w-]{43}/.exec(mail!.text)![0];

    await request(t.http).post('/api/newsletter').send({ email });
    expect(await mails()).toHaveLength(1);

    const confirmed = await request(t.http).get(link);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/newsletter/confirmee');
    expect((await subscriber())?.confirmed_at).toBeInstanceOf(Date);
    expect((await request(t.http).get(link)).headers.location).toBe('/commande/lien-invalide');
  });

  it('the unsubscribe link shows a button; its one-click POST removes the address', async () => {
    const url = new URL((await mails())[0]!.list_unsubscribe!);
    const page = await request(t.http).get(url.pathname + url.search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Me désinscrire');
    expect(await subscriber()).not.toBeNull();
    const res = await request(t.http)
      .post(url.pathname + url.search)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(await subscriber()).toBeNull();
  });
});
