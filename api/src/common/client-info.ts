import type { Request } from 'express';

/** The client's address (behind a proxy only when TRUST_PROXY is on) and browser, for sessions, throttles and the audit trail. */
export function clientOf(req: Request): { ip: string; userAgent: string | null } {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? req.socket?.remoteAddress ?? 'unknown', userAgent: typeof ua === 'string' ? ua : null };
}
