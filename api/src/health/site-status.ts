/** What the health report says of the public site; the publishing module provides it. */
export interface SiteStatusProvider {
  siteStatus(): { state: 'live' | 'building' | 'missing' | 'failed' | 'unknown'; release?: string; error?: string };
}
export const SITE_STATUS = Symbol('SITE_STATUS');
