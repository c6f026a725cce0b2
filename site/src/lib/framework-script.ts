/**
 * React, React DOM and Jotai inside the HTML of each page that has an island, as one inline script
 * just before `</body>` (integrations/inline-framework.mjs says why): after the page's content, so it
 * never delays the first paint, and before any island's module has arrived from the network.
 */
import { frameworkScript } from '../../integrations/inline-framework.mjs';
import type { BuiltPage, Edit } from './built-page';

export function frameworkScriptEdits(
  page: BuiltPage,
  script: { code: string; hash: string } | undefined = frameworkScript(),
): Edit[] {
  if (!script || !page.islandModules.length || page.bodyEnd < 0) return [];
  // data-framework: the build's hash, for the copy to keep itself as the file (integrations/inline-framework.mjs).
  return [{ start: page.bodyEnd, end: page.bodyEnd, text: `<script data-framework="${script.hash}">${script.code}</script>` }];
}
