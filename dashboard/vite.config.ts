import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Dev (`npm run dev` at the root): /api and /storage are proxied to the API on PORT (default 3000, the
// port `npm start` uses) or to COMPTOIR_API_URL, so cookies stay on one origin.
const apiTarget = process.env.COMPTOIR_API_URL || `http://127.0.0.1:${process.env.PORT || 3000}`;

// Nothing deployment-specific is compiled in: the dashboard reads the company name, e-mail domain and
// upload limit from GET /api/config at start (src/lib/runtime-config.ts), so one build serves every domain.
export default defineConfig({
  base: '/dashboard/',
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
