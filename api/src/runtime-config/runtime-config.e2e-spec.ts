import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';
import { IMAGE_MAX_BYTES } from '../media/upload-policy.js';

describe('GET /api/config: the deployment facts the dashboard reads at start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        COMPANY_EMAIL_DOMAIN: 'ctt.example',
        ADMIN_EMAIL: 'admin@ctt.example',
        COMPANY_NAME: 'Comptoir Technique du Togo',
        DEFAULT_TAX_RATE_BP: '1000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the configured domain, company, site address, the upload limit the server enforces and the default TVA, to anyone', async () => {
    const res = await request(t.http).get('/api/config').expect(200);
    expect(res.body).toEqual({
      company_name: 'Comptoir Technique du Togo',
      company_email_domain: 'ctt.example',
      site_url: expect.stringMatching(/^https?:\/\//),
      upload_max_bytes: IMAGE_MAX_BYTES,
      default_tax_rate_bp: 1000,
    });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
