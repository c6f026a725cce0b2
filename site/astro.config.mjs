// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import inlineFramework from './integrations/inline-framework.mjs';
import islandScripts from './integrations/island-scripts.mjs';
import linkRestoredPages from './integrations/link-restored-pages.mjs';
import serviceWorker from './integrations/service-worker.mjs';
import touchDirective from './integrations/touch-directive.mjs';

/**
 * The public site is pre-rendered at build time from the running API (COMPTOIR_API_URL) into the
 * release folder the API chose (COMPTOIR_OUT_DIR). Islands call `/api/...` on the same origin.
 */
const apiOrigin = process.env.COMPTOIR_API_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;
const site = (process.env.SITE_URL || 'http://localhost:3000').replace(/\/$/, '');

export default defineConfig({
  site,
  output: 'static',
  outDir: process.env.COMPTOIR_OUT_DIR ?? './dist',
  // Kept per DATA_DIR by the API: the incremental build cache of the pages (see lib/build-key.ts).
  cacheDir: process.env.COMPTOIR_CACHE_DIR ?? './node_modules/.astro',
  experimental: { incrementalBuild: true },
  trailingSlash: 'ignore',
  // The stylesheet (about 7 KB gzip) is inlined in every page: no render-blocking request on a slow
  // mobile connection, first paint with the HTML.
  // concurrency: pages restored from the incremental cache (hard links, see integrations/) and the few
  // re-rendered ones proceed four at a time instead of one by one.
  build: { format: 'file', inlineStylesheets: 'always', concurrency: 4 },
  compressHTML: true,
  integrations: [
    // Unchanged pages are hard-linked from the incremental cache, not copied (see the file).
    linkRestoredPages(),
    // React islands (the project's stack). React's runtime comes only with pages that have an island
    // (inside their HTML: inlineFramework below); static pages ship no framework JavaScript (npm run
    // bench:site checks it).
    react(),
    // `client:touch`: islands hydrated when the visitor reaches for them (see the file).
    touchDirective(),
    // The islands' scripts in a few files that each page names in its head (see the file).
    islandScripts(),
    // React, React DOM and Jotai inside the HTML of the pages with islands (see the file).
    inlineFramework(),
    // /sw.js: the offline shell of this release (see the file).
    serviceWorker(),
    sitemap({
      filter: (page) => !/\/(404|hors-ligne)\/?$/.test(page),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    // `npm run dev`: the islands' /api calls and the uploads go to the same API as the page data.
    server: {
      proxy: {
        '/api': apiOrigin,
        '/storage': apiOrigin,
      },
    },
  },
});
