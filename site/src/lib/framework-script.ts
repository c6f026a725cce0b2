/**
 * React, React DOM and Jotai inside the HTML of each page that has an island, just before `</body>`
 * (integrations/inline-framework.mjs says why and how, inlineCopy): after the page's content, so they
 * never delay the first paint, and before any island's module has arrived from the network.
 */
import { frameworkScript, inlineCopy } from '../../integrations/inline-framework.mjs';
import type { BuiltPage, Edit } from './built-page';

/**
 * Islands whose page works as served until they hydrate: the contact form (hydrated as it comes into
 * view; its fields take typing, a submit waits for it) and the blog's list (when the visitor reaches for
 * its search or pager; its cards and page links are links). A page with only
 * these takes React as the file, named in its head at low priority (asked for at once, never a round
 * trip later) and run when its island hydrates (the islands' loader adds its script then): these
 * pages need not be interactive within Slow 3G's budget, and the file is cached for the next pages.
 * Pages with cart buttons (catalogue, product) carry the copy.
 */
const FILE_FRAMEWORK_ISLANDS = new Set(['ContactForm', 'BlogList']);

export function frameworkScriptEdits(
  page: BuiltPage,
  script: { code: string; hash: string; url?: string } | undefined = frameworkScript(),
): Edit[] {
  if (!script || !page.islandModules.length || page.bodyEnd < 0) return [];
  if (page.islands.length && page.islands.every((name) => FILE_FRAMEWORK_ISLANDS.has(name))) {
    if (!script.url || page.headStart < 0) return [];
    const text = `<link rel="preload" as="script" href="${script.url}" fetchpriority="low">`;
    return [{ start: page.headStart, end: page.headStart, text }];
  }
  return [{ start: page.bodyEnd, end: page.bodyEnd, text: inlineCopy(script) }];
}
