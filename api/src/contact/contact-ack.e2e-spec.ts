// The contact form's acknowledgement: sent to the sender only when the address was
// confirmed by its owner (the order-confirmation rule), never to an address merely typed in the form.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { OutgoingMail } from '../mail/entities/outgoing-mail.entity.js';
import { ConfirmedEmail } from './entities/confirmed-email.entity.js';

describe(`contact acknowledgement (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const send = (email: string) =>
    request(t.http)
      .post('/api/contact')
      .send({ name: 'Afi Dzifa', email, object: 'Délai de livraison', message: 'Bonjour, quel délai pour Kara ?' });
  const mailsTo = (to: string) => t.dataSource.getRepository(OutgoingMail).findBy({ to_address: to, kind: 'contact-ack' });

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '20' } });
    await t.dataSource.getRepository(ConfirmedEmail).save({ email: 'afi@client-connu.example', confirmed_at: new Date() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('acknowledges a confirmed address, in French, with the message', async () => {
    expect((await send('Afi@Client-Connu.example')).status).toBe(200);
    const [mail] = await mailsTo('afi@client-connu.example');
    expect(mail?.subject).toBe('Nous avons bien reçu votre message : Délai de livraison');
    expect(mail?.text).toContain('quel délai pour Kara');
  });

  it('sends nothing to an address nobody confirmed (the site cannot be used to mail strangers)', async () => {
    expect((await send('victime@inconnu.example')).status).toBe(200);
    expect(await mailsTo('victime@inconnu.example')).toEqual([]);
  });
});
