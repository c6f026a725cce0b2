import { Like } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { Role } from '../../src/access/entities/role.entity.js';
import { PERMISSION_CATEGORIES } from '../../src/core/access/permissions.js';
import { LoginThrottle } from '../../src/auth/entities/login-throttle.entity.js';
import { StaffSession } from '../../src/auth/entities/staff-session.entity.js';
import { browser, createStaffUser, signIn, signInAsAdmin, type StaffClient } from '../support/auth.js';
import { TEST_ADMIN, TEST_DOMAIN, createTestApp, type TestApp } from '../support/test-app.js';

const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? (header as string[]) : header ? [String(header)] : [];
};
const cookieLine = (res: { headers: Record<string, unknown> }, name: string) =>
  setCookies(res).find((line) => line.startsWith(`${name}=`));
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const ROLE_PAYLOAD = {
  name: 'Rôle CSRF',
  description: 'Créé par le test CSRF.',
  permissions: {
    blog: { view: true, create: false, edit: false, delete: false },
    shop: { view: false, create: false, edit: false, delete: false },
    stock: { view: false, create: false, edit: false, delete: false },
    orders: { view: false, create: false, edit: false, delete: false },
    admin: { view: false, create: false, edit: false, delete: false },
  },
};

describe('staff sessions: sign-in, CSRF, logout, expiry, throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const sessions = () => t.dataSource.getRepository(StaffSession);
  const clearThrottles = () => t.dataSource.getRepository(LoginThrottle).clear();

  describe('GET /api/sanctum/csrf-cookie', () => {
    it('sets a readable XSRF-TOKEN bound to an HttpOnly pre-session cookie, 204', async () => {
      const res = await request(t.http).get('/api/sanctum/csrf-cookie').expect(204);
      const xsrf = cookieLine(res, 'XSRF-TOKEN');
      const presession = cookieLine(res, 'comptoir_presession');
      expect(xsrf).toMatch(/^XSRF-TOKEN=[\w-]{43};/);
      expect(xsrf).not.toMatch(/HttpOnly/i);
      expect(xsrf).toMatch(/SameSite=Lax/i);
      expect(presession).toMatch(/HttpOnly/i);
      expect(presession).toMatch(/SameSite=Lax/i);
      expect(xsrf).not.toMatch(/Secure/);
      // The readable token is not the HttpOnly value.
      expect(xsrf!.split(';')[0]!.split('=')[1]).not.toBe(presession!.split(';')[0]!.split('=')[1]);
    });

    it('keeps the same token for a visitor who asks again', async () => {
      const visitor = browser(t);
      await visitor.fetchCsrfCookie();
      const first = visitor.xsrf;
      await visitor.fetchCsrfCookie();
      expect(visitor.xsrf).toBe(first);
    });
  });

  describe('POST /api/login', () => {
    it('refuses a sign-in without the anti-forgery token (419) and opens no session', async () => {
      const before = await sessions().count();
      const visitor = browser(t);
      await visitor.fetchCsrfCookie();
      visitor.sendXsrf = false;
      const res = await visitor.post('/api/login').send(TEST_ADMIN).expect(419);
      expect(res.body).toEqual({ success: false, message: 'Votre session a expiré, veuillez recharger la page.' });
      expect(cookieLine(res, 'comptoir_session')).toBeUndefined();
      const bare = await request(t.http).post('/api/login').send(TEST_ADMIN).expect(419);
      expect(cookieLine(bare, 'comptoir_session')).toBeUndefined();
      expect(await sessions().count()).toBe(before);
    });

    it('refuses a token that belongs to another visitor', async () => {
      const mine = browser(t);
      const theirs = browser(t);
      await mine.fetchCsrfCookie();
      await theirs.fetchCsrfCookie();
      mine.sendXsrf = false;
      await mine.post('/api/login').set('X-XSRF-TOKEN', theirs.xsrf!).send(TEST_ADMIN).expect(419);
      await mine.post('/api/login').set('X-XSRF-TOKEN', 'forged').send(TEST_ADMIN).expect(419);
    });

    it('answers the required-field messages in French', async () => {
      const visitor = browser(t);
      await visitor.fetchCsrfCookie();
      const res = await visitor.post('/api/login').send({}).expect(422);
      expect(res.body.success).toBe(false);
      expect(res.body.errors).toEqual({ email: ["L'email est requis."], password: ['Le mot de passe est requis.'] });
    });

    it('accepts only well-formed addresses of the company domain', async () => {
      const visitor = browser(t);
      await visitor.fetchCsrfCookie();
      const other = await visitor.post('/api/login').send({ email: 'someone@gmail.com', password: 'x' }).expect(422);
      expect(other.body.errors).toEqual({ email: [`Seuls les emails @${TEST_DOMAIN} sont autorisés.`] });
      const lookalike = await visitor
        .post('/api/login')
        .send({ email: `someone@evil${TEST_DOMAIN}`, password: 'x' })
        .expect(422);
      expect(lookalike.body.errors.email).toEqual([`Seuls les emails @${TEST_DOMAIN} sont autorisés.`]);
      const malformed = await visitor.post('/api/login').send({ email: 'not an address', password: 'x' }).expect(422);
      expect(malformed.body.errors).toEqual({ email: ["L'email n'est pas valide."] });
    });

    it('gives the same answer for an unknown address and a wrong password', async () => {
      const visitor = browser(t);
      await visitor.fetchCsrfCookie();
      const wrong = await visitor
        .post('/api/login')
        .send({ email: TEST_ADMIN.email, password: 'mauvais-mot-de-passe' })
        .expect(422);
      const unknown = await visitor
        .post('/api/login')
        .send({ email: `personne@${TEST_DOMAIN}`, password: 'mauvais-mot-de-passe' })
        .expect(422);
      expect(wrong.body).toEqual({
        success: false,
        message: 'Email ou mot de passe incorrect.',
        errors: { email: ['Email ou mot de passe incorrect.'] },
      });
      expect(unknown.body).toEqual(wrong.body);
      expect(cookieLine(wrong, 'comptoir_session')).toBeUndefined();
      await clearThrottles();
    });

    it('signs in: new HttpOnly session cookie, new anti-forgery token, the user with role.permission', async () => {
      const visitor = browser(t);
      await visitor.fetchCsrfCookie();
      const preToken = visitor.xsrf;
      const res = await visitor
        .post('/api/login')
        .send({ email: `  ${TEST_ADMIN.email.toUpperCase()} `, password: TEST_ADMIN.password })
        .expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'Connexion réussie.' });
      expect(res.body.user).toMatchObject({ email: TEST_ADMIN.email, role: { name: 'Super administrateur' } });
      expect(res.body.user.role.permission).toHaveLength(PERMISSION_CATEGORIES.length);
      expect(res.body.user.role.permission[0]).toEqual(
        expect.objectContaining({ category: 'blog', view: true, create: true, edit: true, delete: true }),
      );
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|password_hash/);

      const session = cookieLine(res, 'comptoir_session')!;
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).toMatch(/Path=\//);
      expect(session).not.toMatch(/Secure/);
      expect(visitor.xsrf).toBeDefined();
      expect(visitor.xsrf).not.toBe(preToken);
      expect(visitor.cookies.has('comptoir_presession')).toBe(false);

      // Stored as the sha256 of the cookie token, never the token itself.
      const token = visitor.sessionCookie!;
      expect(await sessions().findOneBy({ id: token })).toBeNull();
      const row = await sessions().findOneByOrFail({ id: sha256(token) });
      expect(row.csrf_token).toBe(visitor.xsrf);
      expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(11 * 3600 * 1000);
    });

    it('gives a new session id at every sign-in and ends the previous one', async () => {
      const user = await createStaffUser(t, { grid: { blog: ['view'] } });
      const client = browser(t);
      await client.signIn(user.email, user.password);
      const first = client.sessionCookie!;
      await client.signIn(user.email, user.password);
      const second = client.sessionCookie!;
      expect(second).not.toBe(first);
      expect(await sessions().findOneBy({ id: sha256(first) })).toBeNull();
      await request(t.http).get('/api/user').set('Cookie', `comptoir_session=${first}`).expect(401);
      await client.get('/api/user').expect(200);
    });
  });

  describe('GET /api/user', () => {
    it('answers 401 in French without a session', async () => {
      const res = await request(t.http).get('/api/user').expect(401);
      expect(res.body).toEqual({ success: false, message: 'Vous devez être connecté.' });
    });

    it('answers the current user with the role permissions and never a hash', async () => {
      const editor = await signIn(t, { blog: ['view', 'create', 'edit'] }, { firstname: 'Akossiwa', name: 'Mensah' });
      const res = await editor.get('/api/user').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({
        id: editor.user!.id,
        firstname: 'Akossiwa',
        name: 'Mensah',
        email: editor.user!.email,
        image: null,
      });
      expect(res.body.role_id).toBe(editor.user!.roleId);
      expect(res.body.role.permission).toEqual([
        expect.objectContaining({ category: 'blog', view: true, create: true, edit: true, delete: false }),
        expect.objectContaining({ category: 'shop', view: false, create: false, edit: false, delete: false }),
        expect.objectContaining({ category: 'stock', view: false }),
        expect.objectContaining({ category: 'orders', view: false }),
        expect.objectContaining({ category: 'admin', view: false }),
        // The order documents' areas, denied unless the role grants them.
        expect.objectContaining({ category: 'quotes', view: false }),
        expect.objectContaining({ category: 'deliveries', view: false }),
        expect.objectContaining({ category: 'invoices', view: false }),
        expect.objectContaining({ category: 'payments', view: false }),
      ]);
      expect(res.body).not.toHaveProperty('password');
      expect(res.body).not.toHaveProperty('password_hash');
    });
  });

  describe('anti-forgery on state-changing requests', () => {
    let admin: StaffClient;
    beforeAll(async () => {
      admin = await signInAsAdmin(t);
    });
    const roleCount = () => t.dataSource.getRepository(Role).count();

    it('answers 419 and changes nothing when the header is missing', async () => {
      const before = await roleCount();
      admin.sendXsrf = false;
      try {
        const res = await admin.post('/api/role/create').send(ROLE_PAYLOAD).expect(419);
        expect(res.body.message).toBe('Votre session a expiré, veuillez recharger la page.');
      } finally {
        admin.sendXsrf = true;
      }
      expect(await roleCount()).toBe(before);
    });

    it('answers 419 and changes nothing when the header is wrong', async () => {
      const before = await roleCount();
      admin.sendXsrf = false;
      try {
        await admin.post('/api/role/create').set('X-XSRF-TOKEN', 'not-the-token').send(ROLE_PAYLOAD).expect(419);
        const other = browser(t);
        await other.fetchCsrfCookie();
        await admin.post('/api/role/create').set('X-XSRF-TOKEN', other.xsrf!).send(ROLE_PAYLOAD).expect(419);
        await admin.delete('/api/role/1/delete').set('X-XSRF-TOKEN', 'nope').expect(419);
      } finally {
        admin.sendXsrf = true;
      }
      expect(await roleCount()).toBe(before);
    });

    it('lets the request through with the right (URL-encoded) token', async () => {
      const before = await roleCount();
      await admin.post('/api/role/create').send(ROLE_PAYLOAD).expect(201);
      expect(await roleCount()).toBe(before + 1);
    });

    it('does not need the token for reads', async () => {
      admin.sendXsrf = false;
      try {
        await admin.get('/api/role').expect(200);
      } finally {
        admin.sendXsrf = true;
      }
    });

    it('does not block public forms posted by a browser that holds a session cookie', async () => {
      admin.sendXsrf = false;
      try {
        const res = await admin
          .post('/api/account/recovery')
          .send({ email: `inconnu@${TEST_DOMAIN}` })
          .expect(200);
        expect(res.body.success).toBe(true);
      } finally {
        admin.sendXsrf = true;
      }
      await admin.get('/api/user').expect(200);
    });

    it('gives the token back to a signed-in browser that lost its XSRF-TOKEN cookie', async () => {
      const token = admin.xsrf;
      admin.cookies.delete('XSRF-TOKEN');
      await admin.get('/api/user').expect(200);
      expect(admin.xsrf).toBe(token);
      await admin.get('/api/sanctum/csrf-cookie').expect(204);
      expect(admin.xsrf).toBe(token);
    });
  });

  describe('POST /api/logout', () => {
    it('needs the anti-forgery token', async () => {
      const client = await signIn(t, {});
      client.sendXsrf = false;
      await client.post('/api/logout').expect(419);
      await client.get('/api/user').expect(200);
    });

    it('deletes the session and clears the cookies', async () => {
      const client = await signIn(t, { orders: ['view'] });
      const token = client.sessionCookie!;
      const res = await client.post('/api/logout').expect(200);
      expect(res.body).toEqual({ success: true, message: 'Vous êtes déconnecté.' });
      expect(cookieLine(res, 'comptoir_session')).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(client.sessionCookie).toBeUndefined();
      expect(await sessions().findOneBy({ id: sha256(token) })).toBeNull();
      await request(t.http).get('/api/user').set('Cookie', `comptoir_session=${token}`).expect(401);
    });

    it('answers 401 without a session', async () => {
      await request(t.http).post('/api/logout').expect(401);
    });
  });

  describe('expiry', () => {
    it('slides last_seen_at at most once a minute', async () => {
      const client = await signIn(t, {});
      const id = sha256(client.sessionCookie!);
      const old = new Date(Date.now() - 5 * 60 * 1000);
      await sessions().update({ id }, { last_seen_at: old });
      await client.get('/api/user').expect(200);
      const touched = await sessions().findOneByOrFail({ id });
      expect(new Date(touched.last_seen_at).getTime()).toBeGreaterThan(Date.now() - 10_000);
    });

    it('does not count background polls as activity (an open tab does not keep an idle session alive)', async () => {
      const client = await signIn(t, { orders: ['view'] });
      const id = sha256(client.sessionCookie!);
      const old = new Date(Date.now() - 5 * 60 * 1000);
      await sessions().update({ id }, { last_seen_at: old });
      await client.get('/api/orders/count-pending').set('X-Comptoir-Background', '1').expect(200);
      // Not slid to now (datetime precision differs between drivers: compare to a minute ago).
      expect(new Date((await sessions().findOneByOrFail({ id })).last_seen_at).getTime()).toBeLessThan(Date.now() - 60_000);
      await sessions().update({ id }, { last_seen_at: new Date(Date.now() - 2 * 3600 * 1000 - 60_000) });
      await client.get('/api/orders/count-pending').set('X-Comptoir-Background', '1').expect(401);
    });

    it('ends a session idle for more than 2 hours', async () => {
      const client = await signIn(t, {});
      const id = sha256(client.sessionCookie!);
      await sessions().update({ id }, { last_seen_at: new Date(Date.now() - 2 * 3600 * 1000 - 60_000) });
      const res = await client.get('/api/user').expect(401);
      expect(cookieLine(res, 'comptoir_session')).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(await sessions().findOneBy({ id })).toBeNull();
    });

    it('ends a session 12 hours after sign-in however active', async () => {
      const client = await signIn(t, {});
      const id = sha256(client.sessionCookie!);
      await sessions().update({ id }, { expires_at: new Date(Date.now() - 1000), last_seen_at: new Date() });
      await client.get('/api/user').expect(401);
      expect(await sessions().findOneBy({ id })).toBeNull();
    });

    it('refuses malformed and unknown cookies', async () => {
      await request(t.http).get('/api/user').set('Cookie', 'comptoir_session=abc').expect(401);
      await request(t.http)
        .get('/api/user')
        .set('Cookie', `comptoir_session=${'a'.repeat(43)}`)
        .expect(401);
    });
  });

  describe('throttling', () => {
    it('backs off an (account, address) pair after 5 failures (429 with Retry-After), even with the right password', async () => {
      await clearThrottles();
      const user = await createStaffUser(t, {});
      const visitor = browser(t);
      await visitor.fetchCsrfCookie();
      for (let i = 0; i < 5; i++) {
        await visitor.post('/api/login').send({ email: user.email, password: 'mauvais-mot-de-passe' }).expect(422);
      }
      const locked = await visitor.post('/api/login').send({ email: user.email, password: user.password }).expect(429);
      expect(locked.body.message).toMatch(/^Trop de tentatives de connexion\. Veuillez réessayer dans 1 minute\.$/);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(cookieLine(locked, 'comptoir_session')).toBeUndefined();
      // Stored in the database, so every API process sees it.
      const row = await t.dataSource.getRepository(LoginThrottle).findOneByOrFail({ key: Like(`login:pair:${user.email}|%`) });
      const pairKey = row.key;
      expect(row.failures).toBe(5);
      expect(row.locked_until).not.toBeNull();
      // Other accounts are not affected.
      await browser(t).signIn(TEST_ADMIN.email, TEST_ADMIN.password);
      // Once the lock is over, the right password works again.
      await t.dataSource
        .getRepository(LoginThrottle)
        .update(
          { key: pairKey },
          { locked_until: new Date(Date.now() - 1000), window_started_at: new Date(Date.now() - 16 * 60 * 1000) },
        );
      await visitor.post('/api/login').send({ email: user.email, password: user.password }).expect(200);
      await clearThrottles();
    });

    it('backs off an IP address after 30 failures whatever the accounts', async () => {
      await clearThrottles();
      const visitor = browser(t);
      await visitor.fetchCsrfCookie();
      for (let i = 0; i < 30; i++) {
        await visitor
          .post('/api/login')
          .send({ email: `essai${i}@${TEST_DOMAIN}`, password: 'mauvais-mot-de-passe' })
          .expect(422);
      }
      const res = await visitor.post('/api/login').send(TEST_ADMIN).expect(429);
      expect(res.body.message).toMatch(/Trop de tentatives de connexion/);
      await clearThrottles();
      await visitor.post('/api/login').send(TEST_ADMIN).expect(200);
    });
  });
});

describe('cookies under HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_URL: 'https://www.comptoir.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks every cookie Secure when the site is served over https', async () => {
    const csrf = await request(t.http).get('/api/sanctum/csrf-cookie').expect(204);
    for (const line of setCookies(csrf)) expect(line).toMatch(/; Secure/);
    const cookies = setCookies(csrf)
      .map((line) => line.split(';')[0])
      .join('; ');
    const xsrf = decodeURIComponent(cookieLine(csrf, 'XSRF-TOKEN')!.split(';')[0]!.split('=')[1]!);
    const login = await request(t.http)
      .post('/api/login')
      .set('Cookie', cookies)
      .set('X-XSRF-TOKEN', xsrf)
      .send(TEST_ADMIN)
      .expect(200);
    expect(cookieLine(login, 'comptoir_session')).toMatch(/; Secure/);
    expect(cookieLine(login, 'XSRF-TOKEN')).toMatch(/; Secure/);
  });
});
