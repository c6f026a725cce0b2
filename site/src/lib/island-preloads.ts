/**
 * Every module the page's islands and scripts will run, named in its head as `<link rel="modulepreload">`: the browser
 * asks for all of them as soon as the head arrives, instead of discovering them level by level (the
 * island's script, then its imports, then theirs: one round trip each, 2 s apiece on « Slow 3G »).
 * Counted: the islands, with their renderer, the page scripts, and every module they import statically
 * (from the client build's graph: integrations/island-scripts.mjs); code loaded on demand is left to
 * load when needed. Islands hydrated on sight count too: on a large screen they are on it at once (the
 * contact form), and on a phone their own modules are a few kilobytes beside React's, which such a page
 * asks for ahead anyway.
 *
 * Low priority, as the page scripts (page-scripts.ts): none of them is needed to paint, and the images
 * in view go first on a slow link.
 */
import { clientChunkImports } from '../../integrations/island-scripts.mjs';
import type { BuiltPage, Edit } from './built-page';

/**
 * Run wherever the page is seen: at load, when idle, on sight, when reached for (a tap must find its code
 * there), or rendered on the client only (`client:media` is not: many screens never run it).
 */
const HYDRATED = new Set(['load', 'idle', 'visible', 'touch', 'only']);

/** The modules to preload for the page's islands, in the order they are needed (none without a graph: `astro dev`). */
export function islandPreloads(page: BuiltPage, graph: ReadonlyMap<string, readonly string[]> = clientChunkImports()): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (!graph.has(file) || files.has(file)) return;
    files.add(file);
    for (const imported of graph.get(file) ?? []) visit(imported);
  };
  for (const island of page.islandModules)
    if (HYDRATED.has(island.client)) {
      visit(island.renderer);
      visit(island.component);
    }
  // A page script too, though its tag names it: the tag comes at the end of the body, after the
  // images, and on a page without islands the script was asked for last, its answer waiting for one of
  // HTTP/1.1's six connections behind them (8.8 s on the home page on « Slow 3G » instead of 4.1 s).
  for (const script of page.moduleScriptUrls) visit(script);
  return [...files];
}

export function islandPreloadEdits(page: BuiltPage, graph?: ReadonlyMap<string, readonly string[]>): Edit[] {
  const files = islandPreloads(page, graph);
  if (!files.length || page.headStart < 0) return [];
  const text = files.map((file) => `<link rel="modulepreload" href="${file}" fetchpriority="low">`).join('');
  return [{ start: page.headStart, end: page.headStart, text }];
}
