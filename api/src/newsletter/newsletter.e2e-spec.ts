import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/support/test-app.js';
import { NewsletterSubscriber } from './entities/newsletter-subscriber.entity.js';

const SUCCESS =
  'Merci ! Pour confirmer votre inscription à la newsletter, ouvrez le lien que nous venons de vous envoyer par email.';

describe(`newsletter sign-up (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '10' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a new address once, lowercase, and answers the same for a known one', async () => {
    const first = await request(t.http).post('/api/newsletter').send({ email: ' Lecteur@Exemple.example ' }).expect(200);
    expect(first.body).toEqual({ success: true, message: SUCCESS });
    const again = await request(t.http).post('/api/newsletter').send({ email: 'lecteur@exemple.example' }).expect(200);
    expect(again.body).toEqual(first.body);
    const rows = await t.dataSource.getRepository(NewsletterSubscriber).find();
    expect(rows.map((r) => r.email)).toEqual(['lecteur@exemple.example']);
  });

  it('stores concurrent sign-ups of one address once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => request(t.http).post('/api/newsletter').send({ email: 'foule@exemple.example' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await t.dataSource.getRepository(NewsletterSubscriber).countBy({ email: 'foule@exemple.example' })).toBe(1);
  });

  it('answers 422 in French for a missing or invalid address', async () => {
    for (const [body, message] of [
      [{}, "L'adresse email est requise."],
      [{ email: '' }, "L'adresse email est requise."],
      [{ email: 'pas-une-adresse' }, "L'adresse email n'est pas valide."],
      [{ email: '<script>@x' }, "L'adresse email n'est pas valide."],
      [{ email: ['a@b.example'] }, "L'adresse email n'est pas valide."],
      // A bidi override would show another address on screen; a tab or a control character would
      // reach mail headers and the journal.
      [{ email: 'abc\u202Egpj.exe@b.example' }, "L'adresse email n'est pas valide."],
      [{ email: 'a\tb@b.example' }, "L'adresse email n'est pas valide."],
      [{ email: 'a\u0000b@b.example' }, "L'adresse email n'est pas valide."],
      [{ email: 'a\u200Bb@b.example' }, "L'adresse email n'est pas valide."],
      [{ email: `${'a'.repeat(250)}@b.example` }, "L'adresse email ne doit pas dépasser 255 caractères."],
    ] as const) {
      const res = await request(t.http).post('/api/newsletter').send(body).expect(422);
      expect(res.body.errors.email[0]).toBe(message);
    }
    expect(await t.dataSource.getRepository(NewsletterSubscriber).countBy({ email: 'abc\u202Egpj.exe@b.example' })).toBe(0);
  });

  it('limits sign-ups per address with a French 429', async () => {
    let status = 200;
    let last: request.Response | undefined;
    for (let i = 0; i < 120 && status !== 429; i++) {
      last = await request(t.http)
        .post('/api/newsletter')
        .send({ email: `n${i}@exemple.example` });
      status = last.status;
    }
    expect(status).toBe(429);
    expect(last!.body.message).toMatch(
      /^Trop de demandes d’inscription depuis votre connexion\. Veuillez réessayer dans \d+ minutes?\.$/,
    );
  });
});
