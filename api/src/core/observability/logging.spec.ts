import { describe, expect, it } from '@jest/globals';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadConfig } from '../config/config.js';
import { loggerParams } from './logging.js';

const options = () => loggerParams(loadConfig({ LOG_FORMAT: 'json' })).pinoHttp as Record<string, any>;
const req = (url: string, extra: Record<string, unknown> = {}) =>
  ({ url, originalUrl: url, method: 'GET', headers: {}, ...extra }) as unknown as IncomingMessage;
const res = (statusCode: number) => ({ statusCode }) as ServerResponse;

describe('request log lines', () => {
  it('name the signed-in user and the client IP', () => {
    expect(options().customProps(req('/api/user', { ip: '203.0.113.9', principal: { userId: 7 } }))).toMatchObject({
      ip: '203.0.113.9',
      userId: 7,
    });
    expect(options().customProps(req('/api/user', { ip: '::1' }))).not.toHaveProperty('userId');
  });

  it('keep health probes and metric scrapes out of info unless they fail', () => {
    const level = options().customLogLevel;
    for (const path of ['/api/health', '/api/health/live', '/api/health/ready', '/api/metrics']) {
      expect(level(req(path), res(200))).toBe('debug');
    }
    expect(level(req('/api/health/ready'), res(503))).toBe('error');
    expect(level(req('/api/healthy-products'), res(200))).toBe('info');
  });

  it('keep a short list of headers, never cookies or the whole set', () => {
    const line = options().serializers.req({
      id: 'r1',
      method: 'POST',
      url: '/api/login?x=1',
      headers: { cookie: 'comptoir_session=secret', 'user-agent': 'ua', 'x-xsrf-token': 't', accept: '*/*' },
      raw: { originalUrl: '/api/login?x=1' },
    });
    expect(line).toEqual({ id: 'r1', method: 'POST', path: '/api/login', headers: { 'user-agent': 'ua' } });
  });
});
