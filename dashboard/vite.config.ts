import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Dev (`npm run dev` at the root): /api and /storage are proxied to the API on PORT (default 3000, the
// port `npm start` uses) or to COMPTOIR_API_URL, so cookies stay on one origin.
const apiTarget = process.env.COMPTOIR_API_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;

// Nothing deployment-specific is compiled in: the dashboard reads the company name, e-mail domain and
// upload limit from GET /api/config at start (src/lib/runtime-config.ts), so one build serves every domain.

/**
 * @editorjs/image bundles old polyfills that reach for `new Function(...)`: a global-object lookup
 * run on every load (the CSP, without 'unsafe-eval', blocks it and reports a violation) and a
 * setImmediate accepting code strings. Both are rewritten at build time to code that needs no eval,
 * so the dashboard's CSP can stay `script-src 'self'`.
 */
const noEvalInEditorPlugins: Plugin = {
  name: 'comptoir:no-eval-in-editor-plugins',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]@editorjs[\\/]/.test(id) || !code.includes('new Function')) return null;
    return code
      .replace(/new Function\(\s*["']return this["']\s*\)\(\)/g, 'globalThis')
      .replace(
        /new Function\(\s*["']["']\s*\+\s*(\w+)\s*\)/g,
        '(() => { throw new TypeError("setImmediate: function expected"); })()',
      );
  },
};

export default defineConfig({
  base: '/dashboard/',
  plugins: [
    noEvalInEditorPlugins,
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
  ],
  server: {
    port: 5173,
    strictPort: false,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/storage': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
});
