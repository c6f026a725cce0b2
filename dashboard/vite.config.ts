import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Dev: `npm run dev -w dashboard` proxies /api and /storage to an API started separately
// (COMPTOIR_API_URL, default http://localhost:3456), so cookies stay on one origin.
const apiTarget = process.env.COMPTOIR_API_URL ?? 'http://localhost:3456';

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
