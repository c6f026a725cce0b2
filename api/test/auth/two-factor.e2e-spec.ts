import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { generate } from 'otplib';
import { AuditEntry } from '../../src/audit/entities/audit-entry.entity.js';
import { LoginThrottle } from '../../src/auth/entities/login-throttle.entity.js';
import { RecoveryCode } from '../../src/auth/two-factor/entities/recovery-code.entity.js';
import { TwoFactorCredential } from '../../src/auth/two-factor/entities/two-factor-credential.entity.js';
import { OutgoingMail } from '../../src/mail/entities/outgoing-mail.entity.js';
import { Role } from '../../src/access/entities/role.entity.js';
import { StaffClient, browser, createStaffUser, signInAs, signInAsAdmin, type TestStaffUser } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * A code of the application for the time step `offset` steps from now: the server accepts one step
 * either side and each step once, so the enrolment uses this step and each later sign-in the next one
 * (no waiting, whatever the clock).
 */
const codeFor = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

describe('two-factor sign-in of staff (TOTP, recovery codes, role requirement, reset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.dataSource.getRepository(LoginThrottle).clear();
  });

  /** Enrols a TOTP application from the profile; answers its secret and the recovery codes. */
  async function enrolTotp(client: StaffClient): Promise<{ secret: string; codes: string[] }> {
    const start = await client.post('/api/profile/two-factor/totp').expect(200);
    expect(start.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(start.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const secret = start.body.secret as string;
    const wrong = await client
      .post('/api/profile/two-factor/totp/confirm')
      .send({ code: '000000' === (await codeFor(secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    const confirm = await client
      .post('/api/profile/two-factor/totp/confirm')
      .send({ code: await codeFor(secret) })
      .expect(200);
    expect(confirm.body.recovery_codes).toHaveLength(10);
    return { secret, codes: confirm.body.recovery_codes as string[] };
  }

  /** Password step: no session yet, a pending sign-in cookie. */
  async function passwordStep(user: TestStaffUser, client = browser(t)) {
    await client.fetchCsrfCookie();
    const res = await client.post('/api/login').send({ email: user.email, password: user.password }).expect(200);
    return { client, res };
  }

  it('TOTP: enrolled from the profile with a computed code; the password alone then opens no session, the next code does', async () => {
    const user = await createStaffUser(t, { grid: { blog: ['view'] } });
    const first = await signInAs(t, user);
    const { secret } = await enrolTotp(first);
    const status = await first.get('/api/profile/two-factor').expect(200);
    expect(status.body).toMatchObject({ enabled: true, required: false, recovery_codes_left: 10, passkeys: [] });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    // Stored sealed, never in clear.
    const stored = await t.dataSource
      .getRepository(TwoFactorCredential)
      .findOneOrFail({ select: { secret: true }, where: { user_id: user.id } });
    expect(stored.secret).not.toContain(secret);

    const { client, res } = await passwordStep(user);
    expect(res.body).toMatchObject({
      second_factor_required: true,
      methods: ['totp', 'recovery_code'],
      enrolment_required: false,
    });
    expect(res.body.user).toBeUndefined();
    expect(client.sessionCookie).toBeUndefined();
    expect(client.cookies.get('comptoir_mfa')).toBeDefined();
    await client.get('/api/user').expect(401);

    const wrong = await client.post('/api/login/second-factor').send({ code: '12345' });
    expect(wrong.status).toBe(422);
    const ok = await client
      .post('/api/login/second-factor')
      .send({ code: await codeFor(secret, 1) })
      .expect(200);
    expect(ok.body.user.email).toBe(user.email);
    expect(client.sessionCookie).toBeDefined();
    expect(client.cookies.get('comptoir_mfa')).toBeUndefined();
    await client.get('/api/user').expect(200);

    // The same code again (a replay, or a second browser) is refused: each time step once.
    const { client: other } = await passwordStep(user);
    const replay = await other.post('/api/login/second-factor').send({ code: await codeFor(secret, 1) });
    expect(replay.status).toBe(422);
    expect(replay.body.errors.code).toEqual(['Code incorrect ou déjà utilisé.']);
  });

  it('the pending sign-in needs its cookie, works once, and a session is not opened without it', async () => {
    const user = await createStaffUser(t);
    const { secret } = await enrolTotp(await signInAs(t, user));
    const stranger = browser(t);
    await stranger.fetchCsrfCookie();
    const none = await stranger.post('/api/login/second-factor').send({ code: await codeFor(secret, 1) });
    expect(none.status).toBe(401);
    const { client } = await passwordStep(user);
    const noCsrf = client.sendXsrf;
    client.sendXsrf = false;
    expect((await client.post('/api/login/second-factor').send({ code: await codeFor(secret, 1) })).status).toBe(419);
    client.sendXsrf = noCsrf;
  });

  it('recovery codes sign in once each, and wrong second-factor codes are throttled like wrong passwords', async () => {
    const user = await createStaffUser(t);
    const { codes } = await enrolTotp(await signInAs(t, user));
    const { client } = await passwordStep(user);
    const used = await client.post('/api/login/second-factor').send({ recovery_code: codes[0]!.toLowerCase() }).expect(200);
    expect(used.body.recovery_codes_left).toBe(9);
    const { client: again } = await passwordStep(user);
    const reused = await again.post('/api/login/second-factor').send({ recovery_code: codes[0] });
    expect(reused.status).toBe(422);
    expect(reused.body.errors.recovery_code).toEqual(['Code de secours incorrect ou déjà utilisé.']);
    expect(await t.dataSource.getRepository(RecoveryCode).countBy({ user_id: user.id })).toBe(10);

    // Failures of the account and address: 5 (one already above), then 429 even with a right code.
    await t.dataSource.getRepository(LoginThrottle).clear();
    const { client: guesser } = await passwordStep(user);
    for (let i = 0; i < 5; i++) {
      expect((await guesser.post('/api/login/second-factor').send({ recovery_code: `AAAAA-AAAA${i}` })).status).toBe(422);
    }
    const locked = await guesser.post('/api/login/second-factor').send({ recovery_code: codes[1] });
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // A right password does not clear the counter (it would buy five fresh guesses each time).
    const relogin = await guesser.post('/api/login').send({ email: user.email, password: user.password });
    expect(relogin.status).toBe(429);
  });

  it('a role requiring two-factor sign-in forces enrolment at the next sign-in; the last factor cannot then be removed', async () => {
    const admin = await signInAsAdmin(t);
    const user = await createStaffUser(t, { grid: { blog: ['view'] } });
    const role = await t.dataSource.getRepository(Role).findOneByOrFail({ id: user.roleId });
    const grid = {
      blog: { view: true, create: false, edit: false, delete: false },
      shop: { view: false, create: false, edit: false, delete: false },
      stock: { view: false, create: false, edit: false, delete: false },
      orders: { view: false, create: false, edit: false, delete: false },
      admin: { view: false, create: false, edit: false, delete: false },
    };
    const updated = await admin
      .post(`/api/role/${role.id}/update`)
      .field('_method', 'PUT')
      .field('name', role.name)
      .field('description', role.description)
      .field('permissions', JSON.stringify(grid))
      .field('require_two_factor', '1')
      .expect(200);
    expect(updated.body.role.require_two_factor).toBe(true);

    const { client, res } = await passwordStep(user);
    expect(res.body).toMatchObject({ second_factor_required: true, methods: [], enrolment_required: true });
    await client.get('/api/user').expect(401);
    // Nothing but enrolment: the second step has no factor to check.
    expect((await client.post('/api/login/second-factor').send({ code: '123456' })).status).toBe(401);
    const { client: again } = await passwordStep(user);
    const start = await again.post('/api/login/enrol/totp').expect(200);
    const bad = await again.post('/api/login/enrol/totp/confirm').send({ code: 'abc' });
    expect(bad.status).toBe(422);
    const done = await again
      .post('/api/login/enrol/totp/confirm')
      .send({ code: await codeFor(start.body.secret) })
      .expect(200);
    expect(done.body.recovery_codes).toHaveLength(10);
    expect(done.body.user.email).toBe(user.email);
    await again.get('/api/user').expect(200);

    const status = await again.get('/api/profile/two-factor').expect(200);
    expect(status.body).toMatchObject({ enabled: true, required: true });
    const removal = await again.delete('/api/profile/two-factor/totp/delete').send({ current_password: user.password });
    expect(removal.status).toBe(422);
    expect(await t.dataSource.getRepository(TwoFactorCredential).countBy({ user_id: user.id })).toBe(1);
  });

  it('removing a factor or making new recovery codes asks for the current password: a session alone cannot weaken the sign-in', async () => {
    const user = await createStaffUser(t);
    const client = await signInAs(t, user);
    await enrolTotp(client);
    const missing = await client.post('/api/profile/two-factor/recovery-codes').send({}).expect(422);
    expect(missing.body.errors).toEqual({
      current_password: ['Saisissez votre mot de passe actuel pour modifier la double authentification.'],
    });
    const wrong = await client.delete('/api/profile/two-factor/totp/delete').send({ current_password: 'pas-le-bon' }).expect(422);
    expect(wrong.body.errors).toEqual({ current_password: ['Le mot de passe actuel est incorrect.'] });
    expect(await t.dataSource.getRepository(TwoFactorCredential).countBy({ user_id: user.id })).toBe(1);
    const codes = await client
      .post('/api/profile/two-factor/recovery-codes')
      .send({ current_password: user.password })
      .expect(200);
    expect(codes.body.recovery_codes).toHaveLength(10);
    await client.delete('/api/profile/two-factor/totp/delete').send({ current_password: user.password }).expect(200);
    expect(await t.dataSource.getRepository(TwoFactorCredential).countBy({ user_id: user.id })).toBe(0);
  });

  it('an administrator resets someone’s factors: audited, the person e-mailed, the password alone signs in again', async () => {
    const admin = await signInAsAdmin(t);
    const user = await createStaffUser(t);
    await enrolTotp(await signInAs(t, user));
    expect((await passwordStep(user)).res.body.second_factor_required).toBe(true);

    const reset = await admin.post(`/api/admin/${user.id}/two-factor/reset`).expect(200);
    expect(reset.body.message).toMatch(/réinitialisée/);
    expect(await t.dataSource.getRepository(TwoFactorCredential).countBy({ user_id: user.id })).toBe(0);
    expect(await t.dataSource.getRepository(RecoveryCode).countBy({ user_id: user.id })).toBe(0);
    const entry = await t.dataSource
      .getRepository(AuditEntry)
      .findOneByOrFail({ entity: 'user', entity_id: user.id, action: 'two_factor_reset' });
    expect(entry.user_id).not.toBe(user.id);
    expect(await t.dataSource.getRepository(OutgoingMail).countBy({ to_address: user.email, kind: 'two-factor-reset' })).toBe(1);

    const { res } = await passwordStep(user);
    expect(res.body.second_factor_required).toBeUndefined();
    expect(res.body.user.email).toBe(user.email);

    // Only administrators with the right may do it.
    const plain = await signInAs(t, await createStaffUser(t, { grid: { admin: ['view'] } }));
    expect((await plain.post(`/api/admin/${user.id}/two-factor/reset`)).status).toBe(403);
  });
});
