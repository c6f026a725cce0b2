import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Dev: `npm run dev -w dashboard` proxies /api and /storage to an API started separately
// (COMPTOIR_API_URL, default http://localhost:3456), so cookies stay on one origin.
const apiTarget = process.env.COMPTOIR_API_URL ?? 'http://localhost:3456';

// The staff e-mail domain and company name the server is configured with (COMPANY_EMAIL_DOMAIN,
// COMPANY_NAME), unless the build overrides them with VITE_COMPANY_EMAIL_DOMAIN / VITE_COMPANY_NAME.
const companyEmailDomain = process.env.VITE_COMPANY_EMAIL_DOMAIN || process.env.COMPANY_EMAIL_DOMAIN || 'comptoir.example';
const companyName = process.env.VITE_COMPANY_NAME || process.env.COMPANY_NAME || 'Comptoir Industriel du Togo';

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
  define: {
    'import.meta.env.VITE_COMPANY_EMAIL_DOMAIN': JSON.stringify(companyEmailDomain),
    'import.meta.env.VITE_COMPANY_NAME': JSON.stringify(companyName),
  },
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
