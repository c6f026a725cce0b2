import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { AuditEntry } from '../../src/audit/entities/audit-entry.entity.js';
import { LoginThrottle } from '../../src/auth/entities/login-throttle.entity.js';
import { StaffSession } from '../../src/auth/entities/staff-session.entity.js';
import { SignInTokens } from '../../src/auth/sign-in-tokens.service.js';
import { OutgoingMail } from '../../src/mail/entities/outgoing-mail.entity.js';
import { MailService } from '../../src/mail/mail.service.js';
import { StaffClient, createStaffUser, type TestStaffUser } from '../support/auth.js';
import { SmtpCapture } from '../support/smtp.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/test-app.js';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface SessionRow {
  id: string;
  device: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/**
 * "Sessions actives" of the profile: a person sees and ends their own sessions and
 * never anyone else's; a sign-in from a browser without the account's device cookie e-mails a warning.
 * Client addresses come from X-Forwarded-For (TRUST_PROXY on, as behind the production proxy).
 */
describe(`own sessions and the new-device warning (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    t = await createTestApp({
      env: { TRUST_PROXY: 'true', SMTP_URL: smtp.url, SITE_URL: 'https://www.comptoir.example', COMPANY_NAME: 'Comptoir Test' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  beforeEach(async () => {
    await t.dataSource.getRepository(LoginThrottle).clear();
  });

  /** A browser with its own User-Agent at client address `ip`. */
  const browserOf = (userAgent: string, ip: string, user?: TestStaffUser) => {
    const client = new StaffClient(t, user);
    const send = client.request.bind(client);
    client.request = (method, path) => send(method, path).set('User-Agent', userAgent).set('X-Forwarded-For', ip);
    return client;
  };
  const signedIn = async (user: TestStaffUser, userAgent: string, ip: string) =>
    browserOf(userAgent, ip, user).signIn(user.email, user.password);
  const list = async (client: StaffClient): Promise<SessionRow[]> =>
    (await client.get('/api/profile/sessions').expect(200)).body.sessions as SessionRow[];
  const warningsTo = (email: string) =>
    t.dataSource.getRepository(OutgoingMail).countBy({ to_address: email, kind: 'new-device' });
  const sessionCount = (userId: number) => t.dataSource.getRepository(StaffSession).countBy({ user_id: userId });

  it('needs a session', async () => {
    await request(t.http).get('/api/profile/sessions').expect(401);
    await request(t.http).delete('/api/profile/sessions/others').expect(401);
    await request(t.http)
      .delete(`/api/profile/sessions/${'a'.repeat(32)}/delete`)
      .expect(401);
  });

  it("lists the person's own sessions: device, address, sign-in, last activity, « Cette session » first", async () => {
    const user = await createStaffUser(t, {});
    const laptop = await signedIn(user, WINDOWS_CHROME, '198.51.100.10');
    const phone = await signedIn(user, ANDROID_CHROME, '198.51.100.20');
    // Someone else's session never shows.
    const other = await createStaffUser(t, {});
    await signedIn(other, MAC_SAFARI, '198.51.100.30');

    const seen = await list(laptop);
    expect(seen.map((s) => [s.device, s.ip, s.current])).toEqual([
      ['Chrome sur Windows', '198.51.100.10', true],
      ['Chrome sur Android', '198.51.100.20', false],
    ]);
    for (const s of seen) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Number.isNaN(Date.parse(s.created_at))).toBe(false);
      expect(Number.isNaN(Date.parse(s.last_seen_at))).toBe(false);
    }
    expect(seen[1]!.user_agent).toBe(ANDROID_CHROME);
    // The id is not the session's key, nor the cookie.
    const keys = [laptop.sessionCookie!, phone.sessionCookie!].flatMap((c) => [c, sha256(c)]);
    for (const s of seen) expect(keys.some((key) => key.includes(s.id))).toBe(false);
    // Each browser sees itself as the current one.
    expect((await list(phone)).map((s) => [s.device, s.current])).toEqual([
      ['Chrome sur Android', true],
      ['Chrome sur Windows', false],
    ]);
  });

  it('shows the address a session was last used from, written at most once a minute', async () => {
    const user = await createStaffUser(t, {});
    const laptop = await signedIn(user, WINDOWS_CHROME, '198.51.100.11');
    const moved = browserOf(WINDOWS_CHROME, '203.0.113.44', user);
    for (const [name, value] of laptop.cookies) moved.cookies.set(name, value);
    // Within the minute: nothing is written.
    await moved.get('/api/user').expect(200);
    expect((await list(laptop))[0]!.ip).toBe('198.51.100.11');
    // Past it: the next request writes the time and the address.
    const past = new Date(Date.now() - 5 * 60_000);
    await t.dataSource.getRepository(StaffSession).update({ user_id: user.id }, { last_seen_at: past });
    await moved.get('/api/user').expect(200);
    const [row] = await list(laptop);
    expect(row!.ip).toBe('203.0.113.44');
    expect(Date.parse(row!.last_seen_at)).toBeGreaterThan(past.getTime() + 60_000);
  });

  it('« Déconnecter » ends that session: its cookie gets 401, the others keep working; audited', async () => {
    const user = await createStaffUser(t, {});
    const laptop = await signedIn(user, WINDOWS_CHROME, '198.51.100.12');
    const phone = await signedIn(user, ANDROID_CHROME, '198.51.100.22');
    const target = (await list(laptop)).find((s) => !s.current)!;

    const res = await laptop.delete(`/api/profile/sessions/${target.id}/delete`).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Session déconnectée.' });
    const refused = await phone.get('/api/user').expect(401);
    expect(refused.body.message).toBe('Vous devez être connecté.');
    await laptop.get('/api/user').expect(200);
    expect((await list(laptop)).map((s) => s.device)).toEqual(['Chrome sur Windows']);
    // Gone: a second try is a 404.
    await laptop.delete(`/api/profile/sessions/${target.id}/delete`).expect(404);

    const entry = await t.dataSource
      .getRepository(AuditEntry)
      .findOneByOrFail({ action: 'session_revoked', entity: 'user', entity_id: user.id });
    expect(entry.user_id).toBe(user.id);
    expect(entry.ip).toBe('198.51.100.12');
    expect(JSON.parse(entry.changes!)).toEqual({ session: { before: 'Chrome sur Android · 198.51.100.22', after: null } });
  });

  it('ending the current session from the list signs the browser out', async () => {
    const user = await createStaffUser(t, {});
    const laptop = await signedIn(user, WINDOWS_CHROME, '198.51.100.13');
    const own = (await list(laptop)).find((s) => s.current)!;
    await laptop.delete(`/api/profile/sessions/${own.id}/delete`).expect(200);
    expect(laptop.sessionCookie).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('« Déconnecter les autres » ends every other session and keeps the current one', async () => {
    const user = await createStaffUser(t, {});
    const laptop = await signedIn(user, WINDOWS_CHROME, '198.51.100.14');
    const phone = await signedIn(user, ANDROID_CHROME, '198.51.100.24');
    const mac = await signedIn(user, MAC_SAFARI, '198.51.100.34');
    const bystander = await signedIn(await createStaffUser(t, {}), MAC_SAFARI, '198.51.100.44');

    const res = await laptop.delete('/api/profile/sessions/others').expect(200);
    expect(res.body).toEqual({ success: true, message: '2 autres sessions ont été déconnectées.', closed: 2 });
    await phone.get('/api/user').expect(401);
    await mac.get('/api/user').expect(401);
    await laptop.get('/api/user').expect(200);
    await bystander.get('/api/user').expect(200);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);

    const again = await laptop.delete('/api/profile/sessions/others').expect(200);
    expect(again.body).toEqual({ success: true, message: 'Aucune autre session ouverte.', closed: 0 });
    const entries = await t.dataSource
      .getRepository(AuditEntry)
      .findBy({ action: 'session_revoked', entity: 'user', entity_id: user.id });
    expect(entries.map((e) => JSON.parse(e.changes!))).toEqual([{ autres_sessions: { before: 2, after: 0 } }]);
  });

  it("cannot end another person's session: 404 as for an id that does not exist, and it keeps working", async () => {
    const victim = await createStaffUser(t, {});
    const victimLaptop = await signedIn(victim, WINDOWS_CHROME, '198.51.100.15');
    const victimId = (await list(victimLaptop))[0]!.id;
    const intruder = await signedIn(await createStaffUser(t, {}), MAC_SAFARI, '198.51.100.25');

    const foreign = await intruder.delete(`/api/profile/sessions/${victimId}/delete`).expect(404);
    const unknown = await intruder.delete(`/api/profile/sessions/${'0'.repeat(32)}/delete`).expect(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body).toEqual({ success: false, message: 'Session introuvable.' });
    // Nor by the key or the cookie's hash, nor a malformed id.
    const row = await t.dataSource.getRepository(StaffSession).findOneByOrFail({ user_id: victim.id });
    for (const id of [row.id, sha256(victimLaptop.sessionCookie!), 'others-x', '1']) {
      await intruder.delete(`/api/profile/sessions/${encodeURIComponent(id)}/delete`).expect(404);
    }
    await victimLaptop.get('/api/user').expect(200);
    expect((await list(victimLaptop)).map((s) => s.id)).toEqual([victimId]);
  });

  it('refuses both changes without the anti-forgery token (419) and ends nothing', async () => {
    const user = await createStaffUser(t, {});
    const laptop = await signedIn(user, WINDOWS_CHROME, '198.51.100.16');
    await signedIn(user, ANDROID_CHROME, '198.51.100.26');
    const target = (await list(laptop)).find((s) => !s.current)!;
    laptop.sendXsrf = false;
    try {
      await laptop.delete(`/api/profile/sessions/${target.id}/delete`).expect(419);
      await laptop.delete('/api/profile/sessions/others').expect(419);
    } finally {
      laptop.sendXsrf = true;
    }
    expect(await sessionCount(user.id)).toBe(2);
  });

  describe('new-device e-mail', () => {
    it('warns once of a sign-in from a new browser, never for a browser the account signed in from before', async () => {
      const user = await createStaffUser(t, { firstname: 'Akossiwa' });
      const laptop = await signedIn(user, WINDOWS_CHROME, '198.51.100.17');
      expect(await warningsTo(user.email)).toBe(1);
      await t.app.get(MailService).idle();
      const mail = await smtp.waitFor(user.email);
      expect(mail.decoded).toMatch(/Subject: .*Nouvelle connexion|Subject: =\?UTF-8\?/);
      const stored = await t.dataSource
        .getRepository(OutgoingMail)
        .findOneByOrFail({ to_address: user.email, kind: 'new-device' });
      expect(stored.subject).toBe('Nouvelle connexion à votre compte Comptoir Test');
      expect(stored.related).toBe(`user:${user.id}`);
      expect(stored.text).toContain('Bonjour Akossiwa,');
      expect(stored.text).toContain('- Appareil : Chrome sur Windows');
      expect(stored.text).toContain('- Adresse : 198.51.100.17');
      expect(stored.text).toMatch(/- Date : \d{1,2} \S+ \d{4} à \d{2}:\d{2} \(heure de Lomé\)/);
      expect(stored.text).toContain('- Moyen : mot de passe');
      expect(stored.text).toContain('« Déconnecter les autres »');
      expect(stored.text).toContain('https://www.comptoir.example/dashboard/administration/profile');
      expect(stored.html).toContain('<strong>Chrome sur Windows</strong>');
      expect(mail.decoded).toContain('198.51.100.17');

      // The same browser again (it holds the account's device cookie): no warning.
      await laptop.logout();
      await laptop.signIn(user.email, user.password);
      expect(await warningsTo(user.email)).toBe(1);
      // Another browser: a second one.
      await signedIn(user, ANDROID_CHROME, '198.51.100.27');
      expect(await warningsTo(user.email)).toBe(2);
      await t.app.get(MailService).idle();
      await smtp.waitFor(user.email, 1);
      expect(smtp.countTo(user.email)).toBe(2);
    });

    it('escapes what the browser sends in the HTML part', async () => {
      const user = await createStaffUser(t, {});
      await signedIn(user, '<img src=x onerror=alert(1)>', '198.51.100.18');
      const stored = await t.dataSource
        .getRepository(OutgoingMail)
        .findOneByOrFail({ to_address: user.email, kind: 'new-device' });
      expect(stored.html).not.toContain('<img');
      expect(stored.text).toContain('- Appareil : Appareil inconnu');
    });

    it('warns of a sign-in through an e-mailed link from a new browser, not from a known one', async () => {
      const user = await createStaffUser(t, {});
      const linkOf = async () => {
        const before = await t.dataSource.getRepository(OutgoingMail).countBy({ to_address: user.email, kind: 'sign-in-link' });
        await t.app.get(SignInTokens).sendLink({ id: user.id, email: user.email, firstname: 'Yawa' });
        const rows = await t.dataSource
          .getRepository(OutgoingMail)
          .find({ where: { to_address: user.email, kind: 'sign-in-link' }, order: { id: 'ASC' } });
        expect(rows).toHaveLength(before + 1);
        return /\/api\/login\/link\?token=([\w-]{43})/.exec(rows.at(-1)!.text)![1]!;
      };
      const tablet = browserOf(MAC_SAFARI, '198.51.100.19', user);
      await tablet.get(`/api/login/link?token=${await linkOf()}`).expect(303);
      expect(await warningsTo(user.email)).toBe(1);
      const stored = await t.dataSource
        .getRepository(OutgoingMail)
        .findOneByOrFail({ to_address: user.email, kind: 'new-device' });
      expect(stored.text).toContain('- Moyen : lien de connexion envoyé par email');
      // The same browser, now holding the device cookie.
      await tablet.logout();
      await tablet.get(`/api/login/link?token=${await linkOf()}`).expect(303);
      await tablet.get('/api/user').expect(200);
      expect(await warningsTo(user.email)).toBe(1);
      await t.app.get(MailService).idle();
    });
  });
});
