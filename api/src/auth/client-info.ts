import type { Request } from 'express';
import type { SessionClient } from './session.service.js';

/** The client's address (behind a proxy only when TRUST_PROXY is on) and browser, for sessions and throttles. */
export function clientOf(req: Request): SessionClient & { ip: string } {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? req.socket?.remoteAddress ?? 'unknown', userAgent: typeof ua === 'string' ? ua : null };
}
