/**
 * Astro renders each page script that imports other modules (the newsletter form's, which loads the
 * toasts on demand) as `<script type="module" src="/_astro/…">`, which Chromium fetches at high
 * priority. None of them is needed to paint: module scripts run after the page is parsed, and the
 * islands load their own code. On a slow mobile link a high-priority script competes with the HTML's
 * images in view (the hero image is the largest paint), so page scripts are fetched at low priority.
 * Small scripts without imports are inlined by Astro and are not affected.
 */
import type { BuiltPage, Edit } from './built-page';

export function scriptPriorityEdits(page: BuiltPage): Edit[] {
  return page.moduleScripts.map((at) => ({ start: at, end: at, text: ' fetchpriority="low"' }));
}
