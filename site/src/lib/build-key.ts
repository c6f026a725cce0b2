/**
 * Cache keys for Astro's incremental builds (experimental.incrementalBuild): a page whose key and
 * code are unchanged since the last build is copied instead of rendered again. A key must change
 * whenever anything the page shows changes, including the company details every page's frame
 * shows (they come from the environment, which Astro does not track).
 */
import { createHash } from 'node:crypto';
import { company } from './company';

const siteVersion = JSON.stringify(company);

export function cacheKey(...parts: unknown[]): string {
  return createHash('sha256').update(siteVersion).update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}
