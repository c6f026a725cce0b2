/**
 * Astro renders each page script that imports other modules (the newsletter form's, which loads the
 * toasts on demand) as `<script type="module" src="/_astro/…">`, which Chromium fetches at high
 * priority. None of them is needed to paint: module scripts run after the page is parsed, and the
 * islands load their own code. On a slow mobile link a high-priority script competes with the HTML's
 * images in view (the hero image is the largest paint), so page scripts are fetched at low priority.
 * Small scripts without imports are inlined by Astro and are not affected.
 */
const EXTERNAL_MODULE_SCRIPT = /<script type="module" src="/g;

export function lowerPageScriptsPriority(html: string): string {
  return html.replace(EXTERNAL_MODULE_SCRIPT, '<script type="module" fetchpriority="low" src="');
}
