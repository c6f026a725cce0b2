import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Dev (`npm run dev` at the root): /api and /storage are proxied to the API on PORT (default 3000, the
// port `npm start` uses) or to COMPTOIR_API_URL, so cookies stay on one origin.
const apiTarget = process.env.COMPTOIR_API_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;

// The staff e-mail domain and company name the server is configured with (COMPANY_EMAIL_DOMAIN,
// COMPANY_NAME), unless the build overrides them with VITE_COMPANY_EMAIL_DOMAIN / VITE_COMPANY_NAME.
const companyEmailDomain = process.env.VITE_COMPANY_EMAIL_DOMAIN || process.env.COMPANY_EMAIL_DOMAIN || 'comptoir.example';
const companyName = process.env.VITE_COMPANY_NAME || process.env.COMPANY_NAME || 'Comptoir Industriel du Togo';

export default defineConfig({
  base: '/dashboard/',
  define: {
    'import.meta.env.VITE_COMPANY_EMAIL_DOMAIN': JSON.stringify(companyEmailDomain),
    'import.meta.env.VITE_COMPANY_NAME': JSON.stringify(companyName),
  },
  plugins: [
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
