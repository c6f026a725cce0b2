import { defineMiddleware } from 'astro:middleware';
import { clientClasses } from './lib/client-classes';
import { lowerPageScriptsPriority } from './lib/page-scripts';
import { prunePageStyles } from './lib/page-styles';

/** Runs on every page as it is pre-rendered (and in `astro dev`): the page's final HTML, adjusted. */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  let html = lowerPageScriptsPriority(await response.text());
  // `astro dev` serves the stylesheet its own way (and changes it as the code changes): built pages only.
  if (import.meta.env.PROD) html = prunePageStyles(html, clientClasses(html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
});
