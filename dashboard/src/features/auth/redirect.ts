const BASE = '/dashboard';

/** The page to come back to after signing in, as a public path (`/dashboard/...`). */
export function currentPublicPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/**
 * Only a dashboard page is an acceptable target (no other origin, no sign-in loop): anything
 * else falls back to the dashboard home.
 */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string') return `${BASE}`;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return BASE;
  if (target !== BASE && !target.startsWith(`${BASE}/`) && !target.startsWith(`${BASE}?`)) return BASE;
  const path = target.split(/[?#]/)[0]!.replace(/\/+$/, '');
  if (path === `${BASE}/login` || path.startsWith(`${BASE}/account`)) return BASE;
  return target;
}

/** Whether the browser is on one of the pages open to signed-out visitors. */
export function onPublicPage(): boolean {
  const path = window.location.pathname.replace(/\/+$/, '');
  return path === `${BASE}/login` || path.startsWith(`${BASE}/account/`);
}
