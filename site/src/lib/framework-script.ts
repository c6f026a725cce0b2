/**
 * React, React DOM and Jotai inside the HTML of each page that has an island, as one inline script
 * just before `</body>` (integrations/inline-framework.mjs says why): after the page's content, so it
 * never delays the first paint, and before any island's module has arrived from the network.
 */
import { frameworkScript } from '../../integrations/inline-framework.mjs';
import type { BuiltPage, Edit } from './built-page';

export function frameworkScriptEdits(page: BuiltPage, script: { code: string } | undefined = frameworkScript()): Edit[] {
  if (!script || !page.islandModules.length || page.bodyEnd < 0) return [];
  return [{ start: page.bodyEnd, end: page.bodyEnd, text: `<script>${script.code}</script>` }];
}
