import { defineMiddleware } from 'astro:middleware';
import { lowerPageScriptsPriority } from './lib/page-scripts';

/** Runs on every page as it is pre-rendered (and in `astro dev`): the page's final HTML, adjusted. */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = lowerPageScriptsPriority(await response.text());
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
});
