import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { AuditEntry } from '../../src/audit/entities/audit-entry.entity.js';
import { LoginThrottle } from '../../src/auth/entities/login-throttle.entity.js';
import { RecoveryService } from '../../src/auth/recovery.service.js';
import { ACCOUNT_SOFT_CEILING } from '../../src/auth/sign-in-throttle.js';
import { SIGN_IN_LINK_SENT } from '../../src/auth/sign-in-tokens.service.js';
import { MailService } from '../../src/mail/mail.service.js';
import { MetricsService } from '../../src/metrics/metrics.service.js';
import { StaffClient, createStaffUser, type TestStaffUser } from '../support/auth.js';
import { SmtpCapture } from '../support/smtp.js';
import { TEST_DOMAIN, createTestApp, testDatabaseKind, type TestApp } from '../support/test-app.js';

/**
 * A stranger must not be able to keep staff out: failures are counted per (account,
 * address), per address with back-off, per device cookie; the account itself never locks, it asks
 * for an e-mailed one-time link past a soft ceiling. Client addresses come from X-Forwarded-For
 * (TRUST_PROXY on, as behind the production proxy).
 */
describe(`sign-in throttling cannot be turned against staff (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    t = await createTestApp({
      env: { TRUST_PROXY: 'true', SMTP_URL: smtp.url, SITE_URL: 'https://www.comptoir.example' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  beforeEach(async () => {
    await t.dataSource.getRepository(LoginThrottle).clear();
  });

  /** A browser at client address `ip`. */
  const browserAt = (ip: string) => {
    const client = new StaffClient(t);
    const send = client.request.bind(client);
    client.request = (method, path) => send(method, path).set('X-Forwarded-For', ip);
    return client;
  };
  const attempt = async (client: StaffClient, email: string, password: string) => {
    if (!client.xsrf) await client.fetchCsrfCookie();
    return client.post('/api/login').send({ email, password });
  };
  const settle = async () => {
    await t.app.get(RecoveryService).idle();
    await t.app.get(MailService).idle();
  };

  it('lock-out scenario: failures from an attacker do not refuse the real user at another address', async () => {
    const victim: TestStaffUser = await createStaffUser(t, {});
    const attacker = browserAt('203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(attacker, victim.email, 'mauvais-mot-de-passe')).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // The attacker is slowed down even with the right password...
    expect((await attempt(attacker, victim.email, victim.password)).status).toBe(429);
    // ...but the real user, from home, signs in at once.
    const home = browserAt('198.51.100.7');
    const res = await attempt(home, victim.email, victim.password);
    expect(res.status).toBe(200);
    expect(home.sessionCookie).toBeDefined();
    expect((await home.get('/api/user')).body.email).toBe(victim.email);
  });

  it('NAT office: a guesser behind the office address does not keep colleagues out', async () => {
    const office = '192.0.2.10';
    const colleague = await createStaffUser(t, {});
    // The colleague signed in from this browser before: it holds the account's device cookie.
    const desk = browserAt(office);
    expect((await attempt(desk, colleague.email, colleague.password)).status).toBe(200);
    expect(desk.cookies.get('comptoir_device')).toBeDefined();
    await desk.logout();
    // Someone in the office guesses passwords of many accounts.
    const guesser = browserAt(office);
    for (let i = 0; i < 30; i++) {
      expect((await attempt(guesser, `essai${i}@${TEST_DOMAIN}`, 'mauvais-mot-de-passe')).status).toBe(422);
    }
    expect((await attempt(guesser, `essai-encore@${TEST_DOMAIN}`, 'mauvais-mot-de-passe')).status).toBe(429);
    // The address is backed off for unknown browsers, not for the colleague's own.
    await desk.fetchCsrfCookie();
    const back = await attempt(desk, colleague.email, colleague.password);
    expect(back.status).toBe(200);
    // A typo at the desk is counted for that browser only, and never locks the address further.
    await desk.logout();
    await desk.fetchCsrfCookie();
    expect((await attempt(desk, colleague.email, 'faute-de-frappe')).status).toBe(422);
    expect((await attempt(desk, colleague.email, colleague.password)).status).toBe(200);
  });

  it('past the soft ceiling, a right password from a new browser e-mails a one-time sign-in link instead of a lock-out', async () => {
    const user = await createStaffUser(t, {});
    // A distributed guess: a few failures from each of many addresses (no pair reaches its limit).
    for (let i = 0; i < ACCOUNT_SOFT_CEILING; i++) {
      const res = await attempt(browserAt(`203.0.113.${100 + Math.floor(i / 4)}`), user.email, `essai-${i}`);
      expect(res.status).toBe(422);
    }
    const before = smtp.countTo(user.email);
    const laptop = browserAt('198.51.100.20');
    const asked = await attempt(laptop, user.email, user.password);
    expect(asked.status).toBe(403);
    expect(asked.body).toMatchObject({ success: false, message: SIGN_IN_LINK_SENT });
    expect(laptop.sessionCookie).toBeUndefined();
    // No oracle: a wrong password, from anywhere, gets the same answer byte for byte, and so does an
    // address with no account once it is past the same ceiling.
    const guessed = await attempt(browserAt('203.0.113.200'), user.email, 'encore-faux');
    expect([guessed.status, guessed.text]).toEqual([asked.status, asked.text]);
    const nobody = `personne-${Date.now()}@${TEST_DOMAIN}`;
    for (let i = 0; i < ACCOUNT_SOFT_CEILING; i++)
      await attempt(browserAt(`203.0.113.${150 + Math.floor(i / 4)}`), nobody, `x-${i}`);
    const unknown = await attempt(browserAt('203.0.113.201'), nobody, 'encore-faux');
    expect([unknown.status, unknown.text]).toEqual([asked.status, asked.text]);

    await settle();
    const mail = await smtp.waitFor(user.email, before);
    // One link for both attempts: guesses past the ceiling cannot flood the owner's mailbox.
    expect(smtp.countTo(user.email)).toBe(before + 1);
    const token = /https:\/\/www\.comptoir\.example\/api\/login\/link\?token=([\w-]{43})/.exec(mail.decoded)?.[1];
    expect(token).toBeDefined();
    const opened = await laptop.get(`/api/login/link?token=${token}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/dashboard/');
    expect(laptop.sessionCookie).toBeDefined();
    expect((await laptop.get('/api/user')).body.email).toBe(user.email);
    // One use only.
    const again = await request(t.http).get(`/api/login/link?token=${token}`);
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/dashboard/login?link=invalid');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refused attempts leave a trace: a few journal entries per account and address, each one counted in the metrics', async () => {
    const user = await createStaffUser(t, {});
    const throttled = async () =>
      Number(/^comptoir_sign_in_throttled_total\{[^}]*\} (\d+)$/m.exec(await t.app.get(MetricsService).text())?.[1]);
    const before = await throttled();
    const flood = browserAt('203.0.113.66');
    for (let i = 0; i < 5; i++) expect((await attempt(flood, user.email, `essai-${i}`)).status).toBe(422);
    const statuses = new Set<number>();
    for (let i = 0; i < 105; i++) statuses.add((await attempt(flood, user.email, `essai-${i}`)).status);
    expect([...statuses]).toEqual([429]);

    const entries = await t.dataSource
      .getRepository(AuditEntry)
      .find({ where: { action: 'login_throttled', label: user.email }, order: { id: 'ASC' } });
    expect(entries.map((e) => [e.ip, JSON.parse(e.changes!).tentatives_refusees_dans_l_heure.after])).toEqual([
      ['203.0.113.66', 1],
      ['203.0.113.66', 10],
      ['203.0.113.66', 100],
    ]);
    expect((await throttled()) - before).toBe(105);
  });

  it('a browser the account signed in from before is not asked for the link', async () => {
    const user = await createStaffUser(t, {});
    const own = browserAt('198.51.100.30');
    expect((await attempt(own, user.email, user.password)).status).toBe(200);
    await own.logout();
    for (let i = 0; i < ACCOUNT_SOFT_CEILING + 5; i++) {
      await attempt(browserAt(`203.0.113.${50 + Math.floor(i / 4)}`), user.email, `essai-${i}`);
    }
    await own.fetchCsrfCookie();
    expect((await attempt(own, user.email, user.password)).status).toBe(200);
  });

  it('recovery: the same answer whatever happens, and the owner still gets the link from another address', async () => {
    const user = await createStaffUser(t, {});
    const ask = (ip: string) => browserAt(ip).post('/api/account/recovery').send({ email: user.email });
    const answers = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await ask('203.0.113.77');
      expect(res.status).toBe(200);
      answers.add(res.body.message);
    }
    expect(answers.size).toBe(1);
    await settle();
    const sent = smtp.countTo(user.email);
    const own = await ask('198.51.100.40');
    expect(own.status).toBe(200);
    expect(answers.has(own.body.message)).toBe(true);
    await settle();
    await smtp.waitFor(user.email, sent);
  });
});
