// @ts-check
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

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
  build: { format: 'file', inlineStylesheets: 'auto' },
  compressHTML: true,
  integrations: [
    // Islands are written against React's API and rendered by Preact's compatibility layer: the same
    // components for about 10 KB of runtime instead of react-dom's 64 KB, paid by every visitor.
    preact({ compat: true }),
    sitemap({
      filter: (page) => !/\/404\/?$/.test(page),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    // Bundled at prerender so that their `react` imports resolve to preact/compat like the islands'.
    environments: {
      prerender: {
        resolve: { noExternal: ['react', 'react-dom', 'react-dom/test-utils', 'react/jsx-runtime', 'jotai', 'sonner'] },
      },
    },
    // `npm run dev`: the islands' /api calls and the uploads go to the same API as the page data.
    server: {
      proxy: {
        '/api': apiOrigin,
        '/storage': apiOrigin,
      },
    },
  },
});
