import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { PasswordResetToken } from '../../src/auth/entities/password-reset-token.entity.js';
import { LoginThrottle } from '../../src/auth/entities/login-throttle.entity.js';
import { RecoveryService } from '../../src/auth/recovery.service.js';
import { MailService } from '../../src/mail/mail.service.js';
import { browser, createStaffUser, signInAs, type TestStaffUser } from '../support/auth.js';
import { TEST_DOMAIN, createTestApp, type TestApp } from '../support/test-app.js';
import { SmtpCapture } from '../support/smtp.js';

const ANSWER =
  "Si cette adresse correspond à un compte, un email contenant un lien de réinitialisation vient d'être envoyé. Le lien est valable 30 minutes.";
const INVALID_LINK = 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez refaire une demande.';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('password recovery by e-mailed one-time link', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, SITE_URL: 'https://www.comptoir.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  beforeEach(async () => {
    await t.dataSource.getRepository(LoginThrottle).clear();
  });

  const settle = async () => {
    await t.app.get(RecoveryService).idle();
    await t.app.get(MailService).idle();
  };
  const visitor = () => browser(t);
  const ask = (email: string) => visitor().post('/api/account/recovery').send({ email });
  const linkIn = (text: string) => {
    const match = /https:\/\/www\.comptoir\.example\/dashboard\/account\/reset\?token=([\w-]{43})/.exec(text);
    if (!match) throw new Error(`No reset link in:\n${text}`);
    return match[1]!;
  };
  const requestLink = async (user: TestStaffUser) => {
    // A sign-in just before (new-device warning) may still be on its way: count after it arrived.
    await settle();
    const before = smtp.countTo(user.email);
    await ask(user.email).expect(200);
    await settle();
    const mail = await smtp.waitFor(user.email, before);
    return linkIn(mail.decoded);
  };
  const reset = (token: string, password: string, confirmation = password) =>
    visitor().post('/api/account/reset').send({ token, password, password_confirmation: confirmation });

  it('validates the address like the sign-in form', async () => {
    const empty = await ask('').expect(422);
    expect(empty.body.errors).toEqual({ email: ["L'email est requis."] });
    const foreign = await ask('quelqu.un@gmail.com').expect(422);
    expect(foreign.body.errors).toEqual({ email: [`Seuls les emails @${TEST_DOMAIN} sont autorisés.`] });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const address = `inconnu@${TEST_DOMAIN}`;
    const res = await ask(address).expect(200);
    expect(res.body).toEqual({ success: true, message: ANSWER });
    await settle();
    expect(smtp.countTo(address)).toBe(0);
    expect(await t.dataSource.getRepository(PasswordResetToken).count()).toBe(0);
  });

  it('e-mails a link for a known address; the old password works until the link is used', async () => {
    const user = await createStaffUser(t, { firstname: 'Kossi' });
    const res = await ask(user.email.toUpperCase()).expect(200);
    expect(res.body).toEqual({ success: true, message: ANSWER });
    await settle();
    const mail = await smtp.waitFor(user.email);
    expect(mail.decoded).toMatch(/Subject: R=C3=A9initialisation|Subject: Réinitialisation|Subject: =\?UTF-8\?/);
    expect(mail.decoded).toContain('Bonjour Kossi,');
    expect(mail.decoded).toContain('30 minutes');
    expect(mail.decoded).not.toMatch(/mot de passe est\s*:/);
    const token = linkIn(mail.decoded);

    // Only the token's hash is stored, valid for 30 minutes.
    const row = await t.dataSource.getRepository(PasswordResetToken).findOneByOrFail({ user_id: user.id });
    expect(row.token_hash).toBe(sha256(token));
    expect(row.token_hash).not.toContain(token);
    const ttl = new Date(row.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(28 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(30 * 60 * 1000 + 2000);

    await browser(t).signIn(user.email, user.password);
  });

  it('sets the new password once, ends every session and refuses the link afterwards', async () => {
    const user = await createStaffUser(t, {});
    const signedIn = await signInAs(t, user);
    const token = await requestLink(user);

    const short = await reset(token, 'court').expect(422);
    expect(short.body.errors).toEqual({ password: ['Le mot de passe doit contenir au moins 8 caractères.'] });
    const mismatch = await reset(token, 'Nouveau-mot-de-passe-1', 'Autre-chose-2').expect(422);
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['Les mots de passe ne correspondent pas.'] });
    // A refused attempt does not spend the link, nor change the password.
    await browser(t).signIn(user.email, user.password);

    const done = await reset(token, 'Nouveau-mot-de-passe-1').expect(200);
    expect(done.body).toEqual({
      success: true,
      message: 'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.',
    });

    await signedIn.get('/api/user').expect(401);
    const old = browser(t);
    await old.fetchCsrfCookie();
    await old.post('/api/login').send({ email: user.email, password: user.password }).expect(422);
    await browser(t).signIn(user.email, 'Nouveau-mot-de-passe-1');

    const again = await reset(token, 'Encore-un-autre-3').expect(422);
    expect(again.body.errors).toEqual({ token: [INVALID_LINK] });
    await browser(t).signIn(user.email, 'Nouveau-mot-de-passe-1');
  });

  it('refuses a link after 30 minutes', async () => {
    const user = await createStaffUser(t, {});
    const token = await requestLink(user);
    await t.dataSource
      .getRepository(PasswordResetToken)
      .update({ token_hash: sha256(token) }, { expires_at: new Date(Date.now() - 1000) });
    const res = await reset(token, 'Nouveau-mot-de-passe-1').expect(422);
    expect(res.body.errors).toEqual({ token: [INVALID_LINK] });
    await browser(t).signIn(user.email, user.password);
  });

  it('voids the previous link when a new one is asked for', async () => {
    const user = await createStaffUser(t, {});
    const first = await requestLink(user);
    const second = await requestLink(user);
    expect(second).not.toBe(first);
    await reset(first, 'Nouveau-mot-de-passe-1').expect(422);
    await reset(second, 'Nouveau-mot-de-passe-1').expect(200);
  });

  it('refuses made-up tokens', async () => {
    for (const token of ['', 'abc', 'A'.repeat(43)]) {
      const res = await reset(token, 'Nouveau-mot-de-passe-1').expect(422);
      expect(res.body.errors.token).toEqual([INVALID_LINK]);
    }
  });

  it('limits requests for one address from one client with the same answer (no 429, no further e-mail)', async () => {
    const user = await createStaffUser(t, {});
    const before = smtp.countTo(user.email);
    for (let i = 0; i < 3; i++) expect((await ask(user.email).expect(200)).body.message).toBe(ANSWER);
    await settle();
    await smtp.waitFor(user.email, before + 2);
    const res = await ask(user.email).expect(200);
    expect(res.body).toEqual({ success: true, message: ANSWER });
    await settle();
    expect(smtp.countTo(user.email)).toBe(before + 3);
  });
});
