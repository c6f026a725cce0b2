// @ts-check
/**
 * Writes `/sw.js` into the release folder once the pages are built: src/sw/worker.ts bundled with
 * esbuild, with the release's shell (the scripts, stylesheets and fonts under `_astro/` but the client
 * area's, the favicon)
 * as PRECACHE and a revision (RELEASE) hashed from those files' names and the offline page. A
 * release whose shell changed therefore ships a different `sw.js`: browsers install it and the
 * worker deletes the previous release's caches on activate. A release that only changed data keeps
 * the same worker (pages are read from the network first anyway).
 *
 * Written as a new file (write + rename), never over a hard-linked one (see link-restored-pages.mjs).
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameworkScript } from './inline-framework.mjs';

const SHELL_FILE = /\.(js|css|woff2?)$/;
// The client area's islands (a signed-in client's orders) need the network anyway: not downloaded
// ahead on a small data plan; cached when used like any other script of the release.
const ONLINE_ONLY = /^(ClientOrder|ClientOrderView|MyOrders)\./;
const OFFLINE_FILE = 'hors-ligne.html';

/** @param {string} dir @param {string} base @returns {string[]} */
function shellFiles(dir, base = '_astro') {
  const folder = path.join(dir, base);
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${base}/${entry.name}`;
    if (entry.isDirectory()) return shellFiles(dir, rel);
    return SHELL_FILE.test(entry.name) && !ONLINE_ONLY.test(entry.name) ? [`/${rel}`] : [];
  });
}

/** @returns {import('astro').AstroIntegration} */
export default function serviceWorker() {
  return {
    name: 'comptoir:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        // React's file (about 60 KB brotli) neither: the island pages carry it inline and put that copy
        // in Cache Storage themselves (integrations/inline-framework.mjs), with no second download.
        const react = frameworkScript()?.url;
        const precache = [...shellFiles(outDir).filter((file) => file !== react), '/images/favicon.svg'].sort();
        const hash = createHash('sha256').update(precache.join('\n'));
        const offline = path.join(outDir, OFFLINE_FILE);
        if (fs.existsSync(offline)) hash.update(fs.readFileSync(offline));
        const release = hash.digest('hex').slice(0, 16);
        const result = await build({
          entryPoints: [fileURLToPath(new URL('../src/sw/worker.ts', import.meta.url))],
          bundle: true,
          format: 'iife',
          minify: true,
          target: 'es2020',
          write: false,
          define: { PRECACHE: JSON.stringify(precache), RELEASE: JSON.stringify(release) },
        });
        const target = path.join(outDir, 'sw.js');
        fs.writeFileSync(`${target}.tmp`, result.outputFiles[0].contents);
        fs.renameSync(`${target}.tmp`, target);
        logger.info(`sw.js: ${precache.length} files precached, release ${release}`);
      },
    },
  };
}
