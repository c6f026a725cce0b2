import { defineMiddleware } from 'astro:middleware';
import { applyEdits, parseBuiltPage } from './lib/built-page';
import { clientClasses } from './lib/client-classes';
import { frameworkScriptEdits } from './lib/framework-script';
import { islandPreloadEdits } from './lib/island-preloads';
import { scriptPriorityEdits } from './lib/page-scripts';
import { pageStyleEdits } from './lib/page-styles';

/** Runs on every page as it is pre-rendered (and in `astro dev`): the page's final HTML, adjusted. */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const page = parseBuiltPage(html);
  const edits = [...scriptPriorityEdits(page), ...islandPreloadEdits(page), ...frameworkScriptEdits(page)];
  // `astro dev` serves the stylesheet its own way (and changes it as the code changes): built pages only.
  if (import.meta.env.PROD) edits.push(...pageStyleEdits(page, clientClasses(page.islands)));
  return new Response(applyEdits(html, edits), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
