import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe (43 characters): session tokens, anti-forgery tokens, reset tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** A well-formed token as `randomToken` makes them; anything else is not even looked up. */
export const isWellFormedToken = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

/** Constant-time equality of two strings of any length (both hashed first). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

/** The anti-forgery token of a visitor without a session: derived one-way from the pre-session cookie. */
export const presessionCsrfToken = (presession: string): string =>
  createHash('sha256').update(`comptoir-xsrf:${presession}`, 'utf8').digest('base64url');
