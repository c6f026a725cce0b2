import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { LoginThrottle } from '../../src/auth/entities/login-throttle.entity.js';
import { ContactMessage } from '../../src/contact/entities/contact-message.entity.js';
import { NewsletterSubscriber } from '../../src/newsletter/entities/newsletter-subscriber.entity.js';
import { Order } from '../../src/orders/entities/order.entity.js';
import { listRoutes } from '../access/routes.js';
import { browser, signInAsAdmin, type StaffClient } from '../support/auth.js';
import { createTestApp, testDatabaseKind, type TestApp } from '../support/test-app.js';

const wideJson = (keys: number) => {
  const parts: string[] = [];
  for (let i = 0; i < keys; i++) parts.push(`"k${i}":${i}`);
  return `{${parts.join(',')}}`;
};
const deepJson = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Polls GET /api/health over real sockets while `work` runs; answers the slowest answer's time in ms. */
async function slowestHealthDuring(t: TestApp, work: () => Promise<void>): Promise<{ max: number; count: number }> {
  const server = t.http.listening
    ? t.http
    : await new Promise<http.Server>((r) => t.http.listen(0, '127.0.0.1', () => r(t.http)));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  let max = 0;
  let count = 0;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
            res.resume();
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`health ${res.statusCode}`))));
          })
          .on('error', reject);
      });
      max = Math.max(max, performance.now() - started);
      count++;
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await poll;
    agent.destroy();
  }
  return { max, count };
}

describe(`bounded work per request (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: StaffClient;
  const counts = async () => ({
    orders: await t.dataSource.getRepository(Order).count(),
    contacts: await t.dataSource.getRepository(ContactMessage).count(),
    subscribers: await t.dataSource.getRepository(NewsletterSubscriber).count(),
    throttles: await t.dataSource.getRepository(LoginThrottle).count(),
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The application's own routes anyone may send a body to (read from Nest's router, not a copied list). */
  const publicWriteRoutes = () => listRoutes(t.app).filter((route) => route.policy?.kind === 'public' && route.method !== 'GET');

  it('every public route that takes a body declares its limits on the route: the public body limit and its throttle', () => {
    const routes = publicWriteRoutes();
    expect(routes.filter((route) => !route.publicWrite).map((route) => route.key)).toEqual([]);
    expect(Object.fromEntries(routes.map((route) => [route.key, route.publicWrite!.throttle]))).toEqual({
      'POST /api/account/recovery': 'recovery',
      'POST /api/account/reset': 'recovery',
      'POST /api/client/order': 'client',
      'POST /api/client/order/accept': 'client-write',
      'POST /api/client/order/decline': 'client-write',
      'POST /api/client/order/message': 'client-write',
      'POST /api/client/order/pdf': 'client',
      'POST /api/client/order/delivery-pdf': 'client',
      'POST /api/client/order/invoice-pdf': 'client',
      'POST /api/client/orders': 'client',
      'POST /api/client/orders-link': 'my-orders',
      'POST /api/contact': 'contact',
      'POST /api/login': 'sign-in',
      'POST /api/login/enrol/passkey': 'sign-in',
      'POST /api/login/enrol/passkey/options': 'sign-in',
      'POST /api/login/enrol/totp': 'sign-in',
      'POST /api/login/enrol/totp/confirm': 'sign-in',
      'POST /api/login/passkey': 'sign-in',
      'POST /api/login/passkey/options': 'sign-in',
      'POST /api/login/second-factor': 'sign-in',
      'POST /api/login/second-factor/options': 'sign-in',
      'POST /api/newsletter': 'newsletter',
      'POST /api/newsletter/unsubscribe': 'newsletter',
      'POST /api/order/create': 'order',
      'POST /api/order/estimate': 'estimate',
    });
  });

  it('answers 100,000-key and 10,000-deep bodies to every public write route with a French 413, changing nothing, while /api/health keeps answering', async () => {
    const PUBLIC_WRITE_ROUTES = publicWriteRoutes().map((route) => route.path);
    const before = await counts();
    const visitor = browser(t);
    await visitor.fetchCsrfCookie();
    const bodies = {
      wide: wideJson(100_000),
      deep: deepJson(10_000),
      deepArray: deepArray(100_000),
    };
    const answers: Array<{ route: string; kind: string; status: number; message: string }> = [];
    const health = await slowestHealthDuring(t, async () => {
      for (const route of PUBLIC_WRITE_ROUTES) {
        for (const [kind, body] of Object.entries(bodies)) {
          const res = await visitor.post(route).set('Content-Type', 'application/json').send(body);
          answers.push({ route, kind, status: res.status, message: res.body.message });
        }
        const form = Array.from({ length: 100_000 }, (_, i) => `k${i}=${i}`).join('&');
        const res = await visitor.post(route).set('Content-Type', 'application/x-www-form-urlencoded').send(form);
        answers.push({ route, kind: 'urlencoded', status: res.status, message: res.body.message });
      }
    });
    // The figure for docs/performance.md (no timed assertion: the machine may be loaded).
    console.log(`GET /api/health during hostile bodies: slowest ${health.max.toFixed(1)} ms over ${health.count} answers`);
    for (const answer of answers) {
      expect(answer).toEqual({ ...answer, status: 413, message: expect.stringMatching(/trop/) });
    }
    expect(health.count).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it('refuses objects with too many keys or too deep within the byte limit, before validation (413, French)', async () => {
    const visitor = browser(t);
    await visitor.fetchCsrfCookie();
    const before = await counts();
    const wide = await visitor.post('/api/login').set('Content-Type', 'application/json').send(wideJson(300));
    expect(wide.status).toBe(413);
    expect(wide.body).toEqual({ success: false, message: 'Le contenu envoyé est trop complexe.' });
    const deep = await visitor.post('/api/newsletter').set('Content-Type', 'application/json').send(deepJson(25));
    expect(deep.status).toBe(413);
    // Staff routes have a larger byte limit, and the same shape rules.
    const staffWide = await admin.post('/api/role/create').set('Content-Type', 'application/json').send(wideJson(5_000));
    expect(staffWide.status).toBe(413);
    const staffDeep = await admin.post('/api/role/create').set('Content-Type', 'application/json').send(deepJson(10_000));
    expect(staffDeep.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('refuses lone surrogates in any text field with a French 422 naming the field (never a 500)', async () => {
    const visitor = browser(t);
    await visitor.fetchCsrfCookie();
    const before = await counts();
    // JSON.stringify keeps a lone surrogate as the escape \ud800, as an attacker would send it.
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/newsletter', { email: 'a\ud800@exemple.tg' }, 'email'],
      ['/api/contact', { fullname: 'Ama', email: 'x\udfff@exemple.tg', subject: 's', message: 'm' }, 'email'],
      ['/api/order/create', { customer: { email: '\ud83d@exemple.tg' } }, 'customer.email'],
      ['/api/login', { email: 'admin@comptoir.example', password: 'a\ud800b' }, 'password'],
    ];
    for (const [route, body, field] of cases) {
      const res = await visitor.post(route).set('Content-Type', 'application/json').send(JSON.stringify(body));
      expect({ route, status: res.status, errors: res.body.errors }).toEqual({
        route,
        status: 422,
        errors: { [field]: ['Ce champ contient des caractères invalides.'] },
      });
    }
    const staff = await admin.post('/api/role/create').send({ name: 'R\ud800', description: 'x' });
    expect(staff.status).toBe(422);
    expect(staff.body.errors).toEqual({ name: ['Ce champ contient des caractères invalides.'] });
    const search = await request(t.http).get('/api/products/filter?search=%ED%A0%80');
    expect(search.status).not.toBe(500);
    expect(await counts()).toEqual(before);
  });

  it('still accepts normal public forms', async () => {
    const res = await request(t.http).post('/api/newsletter').send({ email: 'lecteur@exemple.tg' });
    expect(res.status).toBeLessThan(300);
  });
});
