import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Order, type OrderStatus } from '../../src/orders/entities/order.entity.js';
import { signIn } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/orders/count-pending', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const order = (i: number, status: OrderStatus) => ({
    order_num: `CMD-TEST-${i}`,
    status,
    company_name: `Société ${i}`,
    company_phone: '+228 90 00 00 00',
    company_email: `societe${i}@exemple.tg`,
    representative_name: 'Représentant',
    representative_phone: '+228 90 00 00 01',
    representative_email: `rep${i}@exemple.tg`,
    payment_by: 'Chèque',
    currency: 'Fcfa' as const,
    payment_term: '30 jours',
    delivery_method: 'Route',
    credit_level: 'Standard',
  });

  it('counts the orders waiting for handling, for staff who may see orders', async () => {
    const viewer = await signIn(t, { orders: ['view'] });
    expect((await viewer.get('/api/orders/count-pending').expect(200)).body).toEqual({
      success: true,
      count: 0,
      client_messages: 0,
    });
    const statuses: OrderStatus[] = ['pending', 'pending', 'inprogress', 'shipped', 'canceled', 'pending'];
    await t.dataSource.getRepository(Order).insert(statuses.map((status, i) => order(i, status)));
    const res = await viewer.get('/api/orders/count-pending').expect(200);
    expect(res.body).toEqual({ success: true, count: 3, client_messages: 0 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is refused without the orders view right, and to visitors', async () => {
    const other = await signIn(t, { blog: 'all', admin: ['view'] });
    await other.get('/api/orders/count-pending').expect(403);
    await request(t.http).get('/api/orders/count-pending').expect(401);
  });
});
