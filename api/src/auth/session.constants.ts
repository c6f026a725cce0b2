/** Staff session cookie: an opaque random token, HttpOnly; the database keeps only its sha256. */
export const SESSION_COOKIE = 'comptoir_session';
/** Before sign-in: an HttpOnly random token the anti-forgery token of the sign-in form is bound to. */
export const PRESESSION_COOKIE = 'comptoir_presession';

/** A session unused for this long is over (sliding). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** A session is over this long after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often per session. */
export const SESSION_TOUCH_MS = 60 * 1000;
/** Lifetime of the pre-session cookie. */
export const PRESESSION_MS = 2 * 60 * 60 * 1000;
